import Geometry
import TestSupport
import ImageIO
import XCTest

/// Encode with our writer, decode with libpng: the pixels must come back bit for bit.
final class PNGRoundTripTests: XCTestCase {
    let sizes: [(Int, Int)] = [(1, 1), (1, 7), (7, 1), (2, 2), (3, 5), (17, 9), (64, 64), (333, 47)]

    func roundTrip(_ image: RGBAImage, _ encoder: PNGEncoder, file: StaticString = #filePath, line: UInt = #line) throws {
        let png = try encoder.encode(image)
        let back = try PNGDecoder().decode(png)
        XCTAssertEqual(back.width, image.width, file: file, line: line)
        XCTAssertEqual(back.height, image.height, file: file, line: line)
        XCTAssertTrue(back.pixels == image.pixels, "pixels differ for \(image.width)×\(image.height) \(encoder)",
                      file: file, line: line)
    }

    func testRandomImagesEveryFilterAndLevel() throws {
        var seed: UInt64 = 1
        for (w, h) in sizes {
            for strategy in [PNGFilterStrategy.adaptive] + PNGRowFilter.allCases.map(PNGFilterStrategy.fixed) {
                for level in PNGCompression.allCases {
                    seed += 1
                    try roundTrip(TestImages.noise(w, h, seed: seed), PNGEncoder(compression: level, filter: strategy))
                }
            }
        }
    }

    func testGradientsOpaqueAndTransparentImages() throws {
        for (w, h) in sizes {
            for strategy in [PNGFilterStrategy.adaptive] + PNGRowFilter.allCases.map(PNGFilterStrategy.fixed) {
                let encoder = PNGEncoder(filter: strategy)
                try roundTrip(TestImages.gradient(w, h), encoder)
                try roundTrip(TestImages.noise(w, h, seed: UInt64(w * 31 + h), opaque: true), encoder)
                try roundTrip(RGBAImage(width: w, height: h), encoder)  // all zero, fully transparent
                try roundTrip(TestImages.transparentWithColour(w, h, seed: UInt64(w + h)), encoder)
            }
        }
    }

    func testPaethTieBreaksAndExtremeBytes() throws {
        // Rows built from 0/255 and equal neighbours make a + b − c land exactly between candidates,
        // which is where a wrong tie order or an 8-bit overflow in the predictor would show.
        var rng = SeededGenerator(seed: 99)
        let palette: [UInt8] = [0, 1, 127, 128, 254, 255]
        var px = [UInt8](repeating: 0, count: 41 * 23 * 4)
        for i in px.indices { px[i] = palette[rng.int(0..<palette.count)] }
        let image = RGBAImage(width: 41, height: 23, pixels: px)
        for f in PNGRowFilter.allCases { try roundTrip(image, PNGEncoder(filter: .fixed(f))) }
        try roundTrip(image, PNGEncoder())
    }

    func testRealisticFrameRoundTripsAtEveryLevel() throws {
        let frame = TestImages.realisticFrame(width: 390, height: 844)
        for level in PNGCompression.allCases { try roundTrip(frame, PNGEncoder(compression: level)) }
    }

    func testOutputIsDeterministic() throws {
        let image = TestImages.realisticFrame(width: 200, height: 300)
        let a = try PNGEncoder().encode(image), b = try PNGEncoder().encode(image)
        XCTAssertEqual(a, b)
    }

    func testEmptyImageIsAnError() {
        XCTAssertThrowsError(try PNGEncoder().encode(RGBAImage(width: 0, height: 5))) { error in
            XCTAssertEqual(error as? PNGError, .emptyImage(width: 0, height: 5))
        }
    }
}
