import XCTest
@testable import Geometry

/// `Path.trimmed(from:to:)` against lengths worked out by hand: a square's perimeter, a circle's quarters.
final class PathTrimTests: XCTestCase {
    let square = Path.rect(Rect(x: 0, y: 0, width: 100, height: 100))

    func testSquareTrimFollowsTheOutlineFromTheTopLeftClockwise() {
        // Perimeter 400 from (0, 0): 0.125 → 50 along the top edge, 0.375 → 150, 50 down the right edge.
        XCTAssertEqual(square.trimmed(from: 0.125, to: 0.375).elements,
                       [.move(Point(50, 0)), .line(Point(100, 0)), .line(Point(100, 50))])
        // The closing edge counts: 0.875…1 is the left edge from (0, 50) up to (0, 0).
        XCTAssertEqual(square.trimmed(from: 0.875, to: 1).elements, [.move(Point(0, 50)), .line(Point(0, 0))])
    }

    func testWholeRangeIsThePathItselfAndAnEmptyRangeIsNothing() {
        XCTAssertEqual(square.trimmed(from: 0, to: 1), square)
        XCTAssertEqual(square.trimmed(from: -1, to: 2), square, "fractions are clamped to 0…1")
        XCTAssertTrue(square.trimmed(from: 0.6, to: 0.4).isEmpty, "from > to draws nothing")
        XCTAssertTrue(square.trimmed(from: 0.5, to: 0.5).isEmpty)
    }

    func testCircleQuarterEndsAtTheBottom() {
        // Circle of radius 50 about (50, 50), starting at the trailing point (100, 50), clockwise on screen (y down):
        // a quarter of its length ends at the bottom (50, 100), half at the leading point (0, 50).
        let circle = Path.ellipse(in: Rect(x: 0, y: 0, width: 100, height: 100))
        func end(_ p: Path) -> Point? {
            if case .cubic(_, _, let e)? = p.elements.last { return e }
            if case .line(let e)? = p.elements.last { return e }
            return nil
        }
        let quarter = circle.trimmed(from: 0, to: 0.25)
        XCTAssertEqual(quarter.elements.first, .move(Point(100, 50)))
        let q = end(quarter)!
        XCTAssertEqual(q.x, 50, accuracy: 1e-9); XCTAssertEqual(q.y, 100, accuracy: 1e-9)
        let h = end(circle.trimmed(from: 0, to: 0.5))!
        XCTAssertEqual(h.x, 0, accuracy: 1e-9); XCTAssertEqual(h.y, 50, accuracy: 1e-9)
        // An eighth: 45° below the trailing point, (50 + 50 cos 45°, 50 + 50 sin 45°), within the cubic's own
        // deviation from a circle (2.7·10⁻⁴ of the radius) and the 64-chord measure.
        let e = end(circle.trimmed(from: 0, to: 0.125))!
        XCTAssertEqual(e.x, 50 + 50 * cos(Double.pi / 4), accuracy: 0.02)
        XCTAssertEqual(e.y, 50 + 50 * sin(Double.pi / 4), accuracy: 0.02)
    }

    func testTrimmedCubicPiecesLieOnTheOriginalCurve() {
        // A piece split out of a cubic is the same curve: its points are the original's at the mapped parameters.
        let c = Segment.cubic(Point(0, 0), Point(30, 90), Point(70, -40), Point(100, 20))
        let (start, element) = c.slice(0.2, 0.7)
        guard case .cubic(let c1, let c2, let e) = element else { return XCTFail("expected a cubic") }
        let piece = Segment.cubic(start, c1, c2, e)
        for k in 0...10 {
            let u = Double(k) / 10
            let a = piece.point(at: u), b = c.point(at: 0.2 + 0.5 * u)
            XCTAssertEqual(a.x, b.x, accuracy: 1e-9); XCTAssertEqual(a.y, b.y, accuracy: 1e-9)
        }
    }
}
