import Foundation
import Geometry
import ImageIO
import TestSupport
import XCTest

/// The animated PNG writer: its chunks against the APNG specification (read with the test's own chunk parser and
/// CRC), and its frames decoded by Pillow, a decoder independent of ours.
final class APNGTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "apng-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// Three frames: a small one's noise with every alpha, an opaque one (still written RGBA), and noise large enough
    /// that its image data needs two chunks.
    func frames(width: Int = 700, height: Int = 500) -> [RGBAImage] {
        [TestImages.noise(width, height, seed: 11), TestImages.noise(width, height, seed: 12, opaque: true),
         TestImages.noise(width, height, seed: 13)]
    }

    func testChunksFollowTheSpecification() throws {
        var encoder = APNGEncoder(frameCount: 3, delayNumerator: 1, delayDenominator: 30, plays: 2)
        var bytes: [UInt8] = []
        for frame in frames() { bytes += try encoder.append(frame) }
        bytes += try encoder.finish()
        let chunks = HandBuiltPNG.chunks(bytes)
        for c in chunks { XCTAssertEqual(c.crc, HandBuiltPNG.crc32(Array(c.type.utf8) + c.data), c.type) }
        // 700×500 RGBA noise compresses to more than 1 MiB: two IDAT (two fdAT) chunks a frame.
        XCTAssertEqual(chunks.map(\.type), ["IHDR", "acTL", "fcTL", "IDAT", "IDAT", "fcTL", "fdAT", "fdAT", "fcTL", "fdAT", "fdAT", "IEND"])
        XCTAssertEqual(chunks[0].data, HandBuiltPNG.be32(700) + HandBuiltPNG.be32(500) + [8, 6, 0, 0, 0], "8-bit RGBA")
        XCTAssertEqual(chunks[1].data, HandBuiltPNG.be32(3) + HandBuiltPNG.be32(2), "3 frames, 2 plays")
        XCTAssertEqual(chunks[2].data, HandBuiltPNG.be32(0) + HandBuiltPNG.be32(700) + HandBuiltPNG.be32(500)
                       + HandBuiltPNG.be32(0) + HandBuiltPNG.be32(0) + [0, 1, 0, 30, 0, 0])
        // Sequence numbers run over fcTL and fdAT chunks together, from 0.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { HandBuiltPNG.be32($0.data[0..<4]) }
        XCTAssertEqual(sequence, Array(0..<7))
        // A frame's fdAT data is its IDAT data after the sequence number: the first frame written again as the third.
        var again = APNGEncoder(frameCount: 1, delayNumerator: 1, delayDenominator: 30)
        let alone = HandBuiltPNG.chunks(try again.append(frames()[2]) + (try again.finish()))
        XCTAssertEqual(chunks[9...10].map { Array($0.data.dropFirst(4)) }, alone.filter { $0.type == "IDAT" }.map(\.data))
    }

    func testPillowReadsEveryFrame() throws {
        let path = folder + "/a.png"
        let images = frames(width: 37, height: 23)
        let file = try APNGFile(path: path, frameCount: images.count, delayNumerator: 1, delayDenominator: 12)
        for image in images { try file.append(image) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "no file until it is finished")
        try file.finish()
        let decoded = try PillowAnimation.frames(of: path, scratch: folder + "/raw")
        XCTAssertEqual(decoded.count, images.count)
        for (k, image) in images.enumerated() where k < decoded.count {
            // Pillow has no colour for a fully transparent pixel of a later frame: compare those by alpha only.
            let expected = stride(from: 0, to: image.pixels.count, by: 4).flatMap { i -> [UInt8] in
                image.pixels[i + 3] == 0 ? [0, 0, 0, 0] : Array(image.pixels[i..<i + 4])
            }
            let got = stride(from: 0, to: decoded[k].count, by: 4).flatMap { i -> [UInt8] in
                decoded[k][i + 3] == 0 ? [0, 0, 0, 0] : Array(decoded[k][i..<i + 4])
            }
            XCTAssertEqual(got, expected, "frame \(k)")
        }
    }

    func testAnimationsThatBreakTheirAnnouncementAreRefused() throws {
        var encoder = APNGEncoder(frameCount: 2, delayNumerator: 1, delayDenominator: 10)
        _ = try encoder.append(TestImages.noise(4, 4, seed: 1))
        XCTAssertThrowsError(try encoder.finish()) { XCTAssertEqual($0 as? APNGError, .fewerFramesThanAnnounced(1, 2)) }
        XCTAssertThrowsError(try encoder.append(TestImages.noise(5, 4, seed: 1))) { XCTAssertEqual($0 as? APNGError, .sizeChanged) }
        _ = try encoder.append(TestImages.noise(4, 4, seed: 2))
        XCTAssertThrowsError(try encoder.append(TestImages.noise(4, 4, seed: 3))) {
            XCTAssertEqual($0 as? APNGError, .moreFramesThanAnnounced(2))
        }
        XCTAssertEqual(try encoder.finish().count, 12, "IEND")
        XCTAssertThrowsError(try APNGEncoder(frameCount: 0, delayNumerator: 1, delayDenominator: 1).finish()) {
            XCTAssertEqual("\($0)", "an animation needs at least one frame")
        }
    }
}
