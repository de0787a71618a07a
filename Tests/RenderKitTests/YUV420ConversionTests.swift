import Geometry
import Raster
import TestSupport
import Frames
@testable import RenderKit
import XCTest

/// The mp4 encoder's RGBA → yuv420p conversion, checked against BT.709 limited range computed here in floating point,
/// and against the values the standard gives for white, black and the primaries.
final class YUV420ConversionTests: XCTestCase {
    /// BT.709, limited range, from its definition: Y′ = Kr·R + Kg·G + Kb·B on 0…1, then Y = 16 + 219·Y′,
    /// Cb = 128 + 224·(B − Y′)/1.8556, Cr = 128 + 224·(R − Y′)/1.5748.
    private func reference(_ r: Double, _ g: Double, _ b: Double) -> (y: Double, cb: Double, cr: Double) {
        let (r, g, b) = (r / 255, g / 255, b / 255)
        let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
        return (16 + 219 * luma, 128 + 224 * (b - luma) / 1.8556, 128 + 224 * (r - luma) / 1.5748)
    }

    /// Planes of a converted image: Y rows of `pw` bytes, then Cb and Cr rows of `pw / 2`.
    private func planes(_ image: RGBAImage) -> (y: [[UInt8]], cb: [[UInt8]], cr: [[UInt8]]) {
        var bytes: [UInt8] = []
        YUV420Conversion.convert(image, into: &bytes)
        let (pw, ph) = YUV420Conversion.paddedSize(width: image.width, height: image.height)
        XCTAssertEqual(bytes.count, pw * ph + 2 * (pw / 2) * (ph / 2))
        func rows(_ start: Int, _ w: Int, _ h: Int) -> [[UInt8]] {
            (0..<h).map { Array(bytes[(start + $0 * w)..<(start + ($0 + 1) * w)]) }
        }
        let cw = pw / 2, ch = ph / 2
        return (rows(0, pw, ph), rows(pw * ph, cw, ch), rows(pw * ph + cw * ch, cw, ch))
    }

    private func solid(_ c: (UInt8, UInt8, UInt8), width: Int = 2, height: Int = 2) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: Array((0..<(width * height)).map { _ in [c.0, c.1, c.2, 255] }.joined()))
    }

    func testWhiteBlackAndPrimariesHaveTheStandardsValues() {
        // (R, G, B) → (Y, Cb, Cr), 8-bit BT.709 limited range, rounded from the definition by hand.
        let cases: [((UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8))] = [
            ((255, 255, 255), (235, 128, 128)),
            ((0, 0, 0), (16, 128, 128)),
            ((255, 0, 0), (63, 102, 240)),
            ((0, 255, 0), (173, 42, 26)),
            ((0, 0, 255), (32, 240, 118)),
        ]
        for (rgb, yuv) in cases {
            let p = planes(solid(rgb))
            XCTAssertEqual(Set(p.y.joined()), [yuv.0], "Y of \(rgb)")
            XCTAssertEqual(p.cb, [[yuv.1]], "Cb of \(rgb)")
            XCTAssertEqual(p.cr, [[yuv.2]], "Cr of \(rgb)")
        }
    }

    func testLumaPerPixelAndChromaOfTheBlocksMeanColour() {
        // Two 2×2 blocks side by side, every pixel different; alpha is ignored (ffmpeg drops it for yuv420p).
        let colours: [[(Double, Double, Double)]] = [
            [(200, 30, 90), (12, 250, 140), (0, 0, 0), (77, 77, 77)],
            [(255, 128, 0), (40, 60, 220), (250, 250, 5), (130, 10, 180)],
        ]
        var pixels: [UInt8] = []
        for row in colours {
            for c in row { pixels += [UInt8(c.0), UInt8(c.1), UInt8(c.2), 100] }
        }
        let p = planes(RGBAImage(width: 4, height: 2, pixels: pixels))
        for (y, row) in colours.enumerated() {
            for (x, c) in row.enumerated() {
                XCTAssertEqual(Double(p.y[y][x]), reference(c.0, c.1, c.2).y, accuracy: 0.5 + 1e-9, "Y at \(x),\(y)")
            }
        }
        for block in 0..<2 {
            let four = [colours[0][2 * block], colours[0][2 * block + 1], colours[1][2 * block], colours[1][2 * block + 1]]
            let mean = (four.map(\.0).reduce(0, +) / 4, four.map(\.1).reduce(0, +) / 4, four.map(\.2).reduce(0, +) / 4)
            let expected = reference(mean.0, mean.1, mean.2)
            XCTAssertEqual(Double(p.cb[0][block]), expected.cb, accuracy: 0.5 + 1e-9, "Cb of block \(block)")
            XCTAssertEqual(Double(p.cr[0][block]), expected.cr, accuracy: 0.5 + 1e-9, "Cr of block \(block)")
        }
    }

    func testOddSizesArePaddedByRepeatingTheEdge() {
        // 3×3: the fourth column repeats the third and the fourth row the third, in luma and in the chroma that follows.
        let colour: (Int, Int) -> (UInt8, UInt8, UInt8) = { x, y in (UInt8(40 * x + 20), UInt8(60 * y + 10), UInt8(90 + 30 * x - 20 * y)) }
        var pixels: [UInt8] = []
        for y in 0..<3 { for x in 0..<3 { let c = colour(x, y); pixels += [c.0, c.1, c.2, 255] } }
        let p = planes(RGBAImage(width: 3, height: 3, pixels: pixels))
        XCTAssertEqual(p.y.count, 4)
        XCTAssertEqual(p.y[0].count, 4)
        for y in 0..<4 {
            for x in 0..<4 {
                let c = colour(min(x, 2), min(y, 2))
                XCTAssertEqual(Double(p.y[y][x]), reference(Double(c.0), Double(c.1), Double(c.2)).y, accuracy: 0.5 + 1e-9, "Y at \(x),\(y)")
            }
        }
        // The bottom-right block holds four copies of pixel (2, 2): its chroma is that pixel's.
        let corner = colour(2, 2)
        let expected = reference(Double(corner.0), Double(corner.1), Double(corner.2))
        XCTAssertEqual(Double(p.cb[1][1]), expected.cb, accuracy: 0.5 + 1e-9)
        XCTAssertEqual(Double(p.cr[1][1]), expected.cr, accuracy: 0.5 + 1e-9)
        // The top-right block: pixels (2, 0) and (2, 1), each twice.
        let a = colour(2, 0), b = colour(2, 1)
        let right = reference((Double(a.0) + Double(b.0)) / 2, (Double(a.1) + Double(b.1)) / 2, (Double(a.2) + Double(b.2)) / 2)
        XCTAssertEqual(Double(p.cb[0][1]), right.cb, accuracy: 0.5 + 1e-9)
        XCTAssertEqual(Double(p.cr[0][1]), right.cr, accuracy: 0.5 + 1e-9)
    }

    /// Updating a conversion where the image changed gives the bytes of converting the new image whole: rectangles at
    /// odd and even offsets, touching the right and bottom edges of odd and even sizes (where padding repeats the edge),
    /// one pixel wide, and none.
    func testUpdatingOnlyTheChangedRectanglesEqualsAWholeConversion() {
        var generator = SeededGenerator(seed: 20)
        func noise(_ w: Int, _ h: Int) -> RGBAImage {
            RGBAImage(width: w, height: h, pixels: (0..<(4 * w * h)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        for (w, h) in [(9, 7), (10, 8), (1, 1), (2, 5)] {
            let rectSets: [[PixelRect]] = [
                [], [PixelRect(x: 0, y: 0, width: w, height: h)],
                [PixelRect(x: 1, y: 1, width: 1, height: 1)],
                [PixelRect(x: w - 1, y: h - 1, width: 1, height: 1)],
                [PixelRect(x: w / 2, y: 0, width: w - w / 2, height: 3), PixelRect(x: 0, y: h / 2 + 1, width: 3, height: h)],
            ]
            for rects in rectSets {
                let before = noise(w, h)
                var after = before
                // The new image differs from the old one inside the rectangles only.
                for r in rects {
                    for y in max(0, r.y)..<min(h, r.maxY) {
                        for x in max(0, r.x)..<min(w, r.maxX) {
                            for c in 0..<3 { after.pixels[4 * (y * w + x) + c] = UInt8.random(in: 0...255, using: &generator) }
                        }
                    }
                }
                var updated: [UInt8] = []
                YUV420Conversion.convert(before, into: &updated)
                YUV420Conversion.convert(after, into: &updated, changed: rects)
                var whole: [UInt8] = []
                YUV420Conversion.convert(after, into: &whole)
                XCTAssertEqual(updated, whole, "\(w)×\(h), \(rects)")
            }
        }
    }
}
