import Geometry
import ImageIO
import XCTest

final class PNGDecoderTests: XCTestCase {
    func pixels(_ png: [UInt8]) throws -> [UInt8] { try PNGDecoder().decode(png).pixels }

    func testGreyscale8Bit() throws {
        let png = HandBuiltPNG.png(width: 3, height: 1, bitDepth: 8, colourType: 0, rows: [[0, 128, 255]])
        XCTAssertEqual(try pixels(png), [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255])
    }

    func testGreyscale1BitExpandsToBlackAndWhite() throws {
        // 10 pixels in 2 bytes, most significant bit first: 1011001110 then 6 padding bits.
        let png = HandBuiltPNG.png(width: 10, height: 1, bitDepth: 1, colourType: 0, rows: [[0b1011_0011, 0b1000_0000]])
        let bits = [1, 0, 1, 1, 0, 0, 1, 1, 1, 0]
        XCTAssertEqual(try pixels(png), bits.flatMap { $0 == 1 ? [255, 255, 255, 255] : [0, 0, 0, 255] })
    }

    func testGreyWithAlpha() throws {
        let png = HandBuiltPNG.png(width: 2, height: 1, bitDepth: 8, colourType: 4, rows: [[200, 255, 90, 0]])
        let out = try pixels(png)
        XCTAssertEqual(Array(out[0..<4]), [200, 200, 200, 255])
        XCTAssertEqual(out[7], 0, "alpha 0 stays 0")
    }

    func testPaletteWithTransparency() throws {
        // 2-bit indices 0,1,2,3 → colours from PLTE; tRNS gives alpha to the first two entries only.
        let plte = HandBuiltPNG.chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30])
        let trns = HandBuiltPNG.chunk("tRNS", [0, 255])
        let png = HandBuiltPNG.png(width: 4, height: 1, bitDepth: 2, colourType: 3, rows: [[0b0001_1011]],
                                   extraChunks: [plte, trns])
        let out = try pixels(png)
        XCTAssertEqual(out[3], 0)                               // index 0: fully transparent
        XCTAssertEqual(Array(out[4..<16]), [0, 255, 0, 255, 0, 0, 255, 255, 10, 20, 30, 255])
    }

    func testSixteenBitRGBIsScaledToEightBits() throws {
        // 0xABAB = 0xAB · 257 is exactly 0xAB in 8 bits, whichever rounding libpng uses.
        let row: [UInt8] = [0xAB, 0xAB, 0, 0, 0xFF, 0xFF, 0x12, 0x12, 0x80, 0x80, 0xFE, 0xFE]
        let png = HandBuiltPNG.png(width: 2, height: 1, bitDepth: 16, colourType: 2, rows: [row])
        XCTAssertEqual(try pixels(png), [0xAB, 0, 0xFF, 255, 0x12, 0x80, 0xFE, 255])
    }

    func testNotAPNG() {
        for bytes: [UInt8] in [[], [1, 2, 3], Array("GIF89a and more bytes".utf8)] {
            XCTAssertThrowsError(try PNGDecoder().decode(bytes)) { XCTAssertEqual($0 as? PNGError, .notPNG) }
        }
    }

    func testEveryTruncationIsAnErrorNotACrash() throws {
        let png = try PNGEncoder().encode(TestImages.noise(13, 11, seed: 4))
        // Without IEND libpng may still deliver all rows, so cut only up to the end of the last IDAT.
        for length in 8..<(png.count - 12) {
            XCTAssertThrowsError(try PNGDecoder().decode(Array(png[0..<length])), "length \(length)") { error in
                guard case .decodingFailed(let message) = error as? PNGError else {
                    return XCTFail("unexpected \(error)")
                }
                XCTAssertFalse(message.isEmpty)
            }
        }
    }

    func testCorruptedDataFailsItsChecksum() throws {
        var png = try PNGEncoder().encode(TestImages.noise(16, 16, seed: 8))
        png[60] ^= 0x40  // inside the first IDAT's data
        XCTAssertThrowsError(try PNGDecoder().decode(png)) { error in
            guard case .decodingFailed = error as? PNGError else { return XCTFail("unexpected \(error)") }
        }
    }

    func testHeaderWithZeroWidthIsRejected() {
        let png = HandBuiltPNG.png(width: 0, height: 1, bitDepth: 8, colourType: 6, rows: [[]])
        XCTAssertThrowsError(try PNGDecoder().decode(png))
    }

    func testHugeDeclaredSizeIsRefusedBeforeAllocating() {
        // 100 000 × 100 000 passes libpng's own header limits but would need 40 GB.
        let png = HandBuiltPNG.png(width: 100_000, height: 100_000, bitDepth: 8, colourType: 6, rows: [])
        XCTAssertThrowsError(try PNGDecoder().decode(png)) {
            XCTAssertEqual($0 as? PNGError, .imageTooLarge(width: 100_000, height: 100_000))
        }
    }

    func testMissingFileNamesThePathAndReason() {
        let path = "/nonexistent-folder-for-test/frame.png"
        XCTAssertThrowsError(try PNGDecoder().decode(contentsOf: path)) { error in
            let e = error as? FileIOError
            XCTAssertEqual(e?.code, ENOENT)
            XCTAssertEqual(e?.path, path)
            XCTAssertTrue(e?.description.contains("No such file") ?? false, "\(error)")
        }
    }
}
