import Foundation
import Geometry
import ImageIO
import TestSupport
import XCTest

/// `render preview`: the APNG's structure and frames, and the page as headless Chromium shows it.
final class PreviewCLITests: XCTestCase {
    var dir = ""
    var scene: String { dir + "/square.json" }

    override func setUpWithError() throws {
        dir = try DiffCLI.scratch("preview")
        try DiffCLI.movingSquare().write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try DiffCLI.run(["preview", scene, "--out", dir + "/pv", "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try DiffCLI.run(["frames", scene, "--out", dir + "/frames", "-q"]).status, 0)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// CRC-32 bit by bit (no table), as the PNG specification's sample code defines it.
    func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c >> 1) ^ (c & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~c
    }

    func testAnimatedPNGHasOneFramePerRenderedFrame() throws {
        let bytes = try readFileBytes(at: dir + "/pv/preview.png")
        func be32(_ p: Int) -> UInt32 { UInt32(bytes[p]) << 24 | UInt32(bytes[p + 1]) << 16 | UInt32(bytes[p + 2]) << 8 | UInt32(bytes[p + 3]) }
        var p = 8, types: [String] = [], sequence: [UInt32] = []
        var frameCount: UInt32 = 0
        while p < bytes.count {
            let length = Int(be32(p)), type = String(decoding: bytes[p + 4..<p + 8], as: UTF8.self)
            XCTAssertEqual(crc(bytes[p + 4..<p + 8 + length]), be32(p + 8 + length), "\(type) CRC")
            if type == "acTL" { frameCount = be32(p + 8) }
            if type == "fcTL" || type == "fdAT" { sequence.append(be32(p + 8)) }
            if type == "fcTL" {
                XCTAssertEqual([be32(p + 12), be32(p + 16)], [80, 40], "frame size")
                XCTAssertEqual([bytes[p + 8 + 20], bytes[p + 8 + 21], bytes[p + 8 + 22], bytes[p + 8 + 23]], [0, 1, 0, 10], "1/10 s")
            }
            types.append(type)
            p += 12 + length
        }
        XCTAssertEqual(frameCount, 10)
        XCTAssertEqual(types.filter { $0 == "fcTL" }.count, 10)
        XCTAssertEqual(sequence, (0..<UInt32(sequence.count)).map { $0 }, "sequence numbers 0, 1, 2, … across fcTL and fdAT")
        XCTAssertEqual(Array(types.prefix(3)), ["IHDR", "acTL", "fcTL"])
        XCTAssertEqual(types.last, "IEND")
        // A plain PNG reader sees the first frame.
        XCTAssertEqual(try PNGDecoder().decode(bytes), try PNGDecoder().decode(contentsOf: dir + "/frames/frame_00000.png"))
        // Pillow, when installed, decodes every frame: each must equal the frame `render` writes.
        let frames = try PillowAnimation.frames(of: dir + "/pv/preview.png", scratch: dir + "/raw")
        XCTAssertEqual(frames.count, 10)
        for (k, raw) in frames.enumerated() {
            XCTAssertEqual(raw, try PNGDecoder().decode(contentsOf: dir + String(format: "/frames/frame_%05d.png", k)).pixels, "frame \(k)")
        }
    }

    func browse(_ args: [String]) throws -> String {
        try ChromiumSteps(folder: dir).browse(args)
    }

    /// The other render's manifest.json gives its fps: one that does not read as a manifest is named, not ignored.
    func testABrokenManifestToCompareWithIsNamed() throws {
        try Data(#"{"fps": 10}"#.utf8).write(to: URL(fileURLWithPath: dir + "/frames/manifest.json"))
        let r = try DiffCLI.run(["preview", scene, "--out", dir + "/cmp", "-q", "--no-apng", "--compare", dir + "/frames"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "\(scene): \(dir)/frames/manifest.json: \"scene\" is missing\n")
    }

    func testPageStepsFramesAndShowsThemInChromium() throws {
        _ = try ChromiumSteps(folder: dir)
        let page = "file://" + dir + "/pv/preview.html"
        // Start at frame 2 and press "next" 3 times; then from the last frame, "previous" twice.
        let forward = try browse(["--dump-dom", page + "#frame=2&step=3"])
        XCTAssertTrue(forward.contains("data-frame=\"5\""), forward.prefix(300).description)
        XCTAssertTrue(forward.contains("frame 5 / 9 · 0.500 s"))
        let back = try browse(["--dump-dom", page + "#frame=9&step=-2"])
        XCTAssertTrue(back.contains("frame 7 / 9 · 0.700 s"))
        // Frame 2 lists what fired at 0.2 s under the track, by name and time on the microsecond grid: the timeline
        // event (no id: named by its place in the scene) and its soft haptic.
        XCTAssertTrue(try browse(["--dump-dom", page + "#frame=2"])
            .contains("<div id=\"now\">timeline[0] @ 0.200000 s · haptic soft @ 0.200000 s</div>"))

        // Screenshots: the frame sits at the page's top-left, one CSS pixel per frame pixel. The 20 pt square is at
        // x 10…30 in frame 1 (offset −20) and at x 50…70 from frame 7 on (offset +20); y 10…30.
        for (hash, red, white) in [("#frame=0&step=1", 20, 60), ("#frame=9", 60, 20)] {
            let shot = dir + "/shot.png"
            try? FileManager.default.removeItem(atPath: shot)
            _ = try browse(["--window-size=400,300", "--screenshot=" + shot, page + hash])
            let image = try PNGDecoder().decode(contentsOf: shot)
            XCTAssertTrue(image[red, 20] == (255, 0, 0, 255), "\(hash): red at x \(red), got \(image[red, 20])")
            XCTAssertTrue(image[white, 20] == (255, 255, 255, 255), "\(hash): white at x \(white), got \(image[white, 20])")
        }
    }
}
