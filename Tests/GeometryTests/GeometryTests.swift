import XCTest
@testable import Geometry

final class GeometryTests: XCTestCase {
    func testTransformConcatenationAppliesSelfFirst() {
        let t = AffineTransform.translation(10, 0).concatenating(.scale(2, 3))
        XCTAssertEqual(t.apply(Point(1, 1)), Point(22, 3))
        let inv = t.inverted!
        let p = inv.apply(t.apply(Point(5, -7)))
        XCTAssertEqual(p.x, 5, accuracy: 1e-12); XCTAssertEqual(p.y, -7, accuracy: 1e-12)
    }

    func testRotationIsClockwiseOnScreen() {
        // y grows downwards: rotating the +x axis by 90° points it to +y (down the screen).
        let p = AffineTransform.rotation(degrees: 90).apply(Point(1, 0))
        XCTAssertEqual(p.x, 0, accuracy: 1e-12); XCTAssertEqual(p.y, 1, accuracy: 1e-12)
    }

    func testHexColours() {
        XCTAssertEqual(Color(hexString: "#FF8000"), Color(r: 1, g: 128.0 / 255, b: 0))
        XCTAssertEqual(Color(hexString: "#F00"), Color(r: 1, g: 0, b: 0))
        XCTAssertEqual(Color(hexString: "#00000080")?.a ?? 0, 128.0 / 255, accuracy: 1e-12)
        XCTAssertNil(Color(hexString: "#12345"))
        XCTAssertNil(Color(hexString: "#GG0000"))
        XCTAssertNil(Color(hexString: "FF0000"))
        XCTAssertEqual(Color(hexString: "#8A7CFFB3")?.description, "#8A7CFFB3")
    }

    func testColourMixIsComponentWiseAndClamped() {
        let m = Color.black.mixed(with: .white, by: 0.25)
        XCTAssertEqual(m.r, 0.25, accuracy: 1e-12)
        XCTAssertEqual(Color.black.mixed(with: .white, by: 1.2).r, 1) // overshoot is clamped
    }

    func testRectUnionIntersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        XCTAssertEqual(a.union(b), Rect(x: 0, y: 0, width: 15, height: 15))
        XCTAssertEqual(a.intersection(b), Rect(x: 5, y: 5, width: 5, height: 5))
        XCTAssertTrue(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
    }

    func testEllipseControlPointsUseKappa() {
        let p = Path.ellipse(in: Rect(x: 0, y: 0, width: 2, height: 2))
        guard case .cubic(let c1, _, let end) = p.elements[1] else { return XCTFail("expected a cubic") }
        XCTAssertEqual(end, Point(1, 2))
        XCTAssertEqual(c1.y, 1 + 0.5522847498307936, accuracy: 1e-12)
    }

    func testFormatting() {
        XCTAssertEqual(fmt(1.0), "1"); XCTAssertEqual(fmt(-0.00001), "0"); XCTAssertEqual(fmt(2.5), "2.5")
    }

    /// SwiftUI's AngularGradient rules (developer.apple.com/documentation/swiftui/angulargradient), by hand.
    func testAngularSweepLocations() {
        let whole = AngularSweep(startAngle: 0, endAngle: 360)
        XCTAssertEqual(whole.location(at: 90), 0.25, accuracy: 1e-12)
        XCTAssertEqual(whole.location(at: 0), 0, accuracy: 1e-12)
        // Equal angles (SwiftUI's defaults) are one whole turn from there.
        XCTAssertEqual(AngularSweep(startAngle: 0, endAngle: 0).location(at: 90), 0.25, accuracy: 1e-12)
        // `angle: 300°` is 300°…660°: 300° is the start, 120° two thirds round.
        let turned = AngularSweep(startAngle: 300, endAngle: 660)
        XCTAssertEqual(turned.location(at: 300), 0, accuracy: 1e-12)
        XCTAssertEqual(turned.location(at: 120), 180.0 / 360, accuracy: 1e-12)
        XCTAssertEqual(turned.location(at: 299), 359.0 / 360, accuracy: 1e-12)
        // More than a turn: only the last complete turn is drawn, with the locations it has in the whole span.
        // 0°…720°: the last turn (360°…720°) shows locations ½…1, so 90° is 0.625.
        XCTAssertEqual(AngularSweep(startAngle: 0, endAngle: 720).location(at: 90), 0.625, accuracy: 1e-12)
        // 0°…540°: the last turn is 180°…540°, locations ⅓…1; 270° is 90° into it: (180 + 90)/540 = 0.5.
        XCTAssertEqual(AngularSweep(startAngle: 0, endAngle: 540).location(at: 270), 0.5, accuracy: 1e-12)
        // A quarter: 0…90° spreads the stops; the gap 90°…360° shows location 1 up to 225°, then location 0.
        let quarter = AngularSweep(startAngle: 0, endAngle: 90)
        XCTAssertEqual(quarter.location(at: 45), 0.5, accuracy: 1e-12)
        XCTAssertEqual(quarter.location(at: 200), 1)
        XCTAssertEqual(quarter.location(at: 250), 0)
        XCTAssertEqual(quarter.location(at: -10), 0)     // 350°
        // Anticlockwise (end before start) mirrors it: 90°…0° puts the start at 90°.
        let back = AngularSweep(startAngle: 90, endAngle: 0)
        XCTAssertEqual(back.location(at: 90), 0, accuracy: 1e-12)
        XCTAssertEqual(back.location(at: 30), 2.0 / 3, accuracy: 1e-12)
    }
}
