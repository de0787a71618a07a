import DisplayList
import Geometry
import XCTest
@testable import Raster

final class TextTests: XCTestCase {
    let m = PangoTextMeasurer()

    func testMeasurementScalesLinearly() {
        for design in TextStyle.Design.allCases {
            let a = m.measure("Unlock 0123", style: TextStyle(size: 10, design: design))
            let b = m.measure("Unlock 0123", style: TextStyle(size: 30, design: design))
            XCTAssertGreaterThan(a.width, 10, "\(design)")
            XCTAssertEqual(b.width / a.width, 3, accuracy: 0.003, "\(design)")
            XCTAssertEqual(b.height / a.height, 3, accuracy: 0.003, "\(design)")
        }
    }

    func testTabularDigitsHaveEqualAdvances() {
        let tab = TextStyle(size: 20, monospacedDigit: true), prop = TextStyle(size: 20)
        XCTAssertEqual(m.measure("1111", style: tab).width, m.measure("0000", style: tab).width, accuracy: 1e-6)
        XCTAssertLessThan(m.measure("1111", style: prop).width, m.measure("0000", style: prop).width - 1)
    }

    /// Kerning follows every glyph, the last one included, as Core Text's does (SwiftUI's `kerning(_:)`:
    /// it "affects the trailing edge of the text view as well"): n glyphs measure n × kerning wider, and
    /// negative kerning narrows the box by as much. The glyphs themselves stand n − 1 gaps apart.
    func testKerningFollowsEveryGlyphTheLastOneIncluded() {
        let plain = m.measure("123456", style: TextStyle(size: 13, weight: 700)).width
        let spaced = m.measure("123456", style: TextStyle(size: 13, weight: 700, kerning: 20)).width
        XCTAssertEqual(spaced - plain, 6 * 20, accuracy: 0.01)
        let tight = m.measure("123456", style: TextStyle(size: 13, weight: 700, kerning: -1)).width
        XCTAssertEqual(tight - plain, 6 * -1, accuracy: 0.01)
        XCTAssertEqual(m.measure("", style: TextStyle(size: 13, kerning: 20)).width, 0, "no glyph, no kerning")
        // Drawn: the first glyph starts at the box's leading edge and the last one ends a kerning before
        // its trailing edge (one line, 1 px per point).
        let style = TextStyle(size: 13, weight: 700, kerning: 20)
        let box = m.measure("11", style: style)
        let cmd = TextCommand(text: "11", style: style, origin: Point(10, 5), paint: .color(.black),
                              paintBounds: .zero, transform: .identity)
        let img = Support.render([.text(cmd)], width: 80, height: 30, scale: 1)
        var lastInk = 0
        for y in 0..<img.height { for x in 0..<img.width where img[x, y].a > 0 { lastInk = max(lastInk, x) } }
        XCTAssertLessThan(Double(lastInk), 10 + box.width - 20 + 1, "the trailing kerning is blank")
        XCTAssertGreaterThan(Double(lastInk), 10 + box.width - 20 - 8, "the second glyph ends near the kerning")
    }

    func testWeightsChangeTheFont() {
        let thin = m.measure("Weight", style: TextStyle(size: 20, weight: 100)).width
        let black = m.measure("Weight", style: TextStyle(size: 20, weight: 900)).width
        XCTAssertLessThan(thin, black)
    }

    func testTextIsDrawnInsideItsBoxAtEveryScale() throws {
        let style = TextStyle(size: 20, weight: 600)
        let size = m.measure("Hg", style: style)
        for scale in [1.0, 3.0] {
            let cmd = TextCommand(text: "Hg", style: style, origin: Point(10, 10), paint: .color(.black),
                                  paintBounds: .zero, transform: .identity)
            let img = Support.render([.text(cmd)], width: Int(80 * scale), height: Int(60 * scale), scale: scale)
            var ink = 0.0, x0 = Int.max, y0 = Int.max, x1 = 0, y1 = 0
            for y in 0..<img.height { for x in 0..<img.width where img[x, y].a > 0 {
                ink += Double(img[x, y].a) / 255; x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            } }
            XCTAssertGreaterThan(ink, 40 * scale * scale)
            XCTAssertGreaterThanOrEqual(Double(x0), 9 * scale); XCTAssertGreaterThanOrEqual(Double(y0), 10 * scale)
            XCTAssertLessThanOrEqual(Double(x1), (10 + size.width + 1) * scale)
            XCTAssertLessThanOrEqual(Double(y1), (10 + size.height) * scale)
        }
    }
}
