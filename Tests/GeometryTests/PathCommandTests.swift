import XCTest
@testable import Geometry

/// `Path(commands:origin:)` against points worked out by hand.
final class PathCommandTests: XCTestCase {
    func testLinesAreOffsetByTheOriginAndALineWithNoCurrentPointStartsTheSubpath() {
        let p = Path(commands: [.line(x: 10, y: 0), .line(x: 10, y: 20), .close], origin: Point(100, 200))
        XCTAssertEqual(p.elements, [.move(Point(110, 200)), .line(Point(110, 220)), .close])
    }

    func testAQuadraticCurveBecomesTheCubicWithTheSameCurve() {
        // From (0, 0) to (30, 0) with control (15, 30): cubic controls at 2/3 of the way to the control, (10, 20) and (20, 20).
        let p = Path(commands: [.move(x: 0, y: 0), .quadCurve(x: 30, y: 0, cx: 15, cy: 30)], origin: .zero)
        guard case .cubic(let c1, let c2, let end)? = p.elements.last else { return XCTFail("\(p.elements)") }
        XCTAssertEqual(c1.x, 10, accuracy: 1e-12); XCTAssertEqual(c1.y, 20, accuracy: 1e-12)
        XCTAssertEqual(c2.x, 20, accuracy: 1e-12); XCTAssertEqual(c2.y, 20, accuracy: 1e-12)
        XCTAssertEqual(end, Point(30, 0))
        // Its midpoint is the quadratic's: (0 + 2·15 + 30)/4, (0 + 2·30 + 0)/4 = (15, 15).
        let mid = Point(0.125 * 0 + 0.375 * c1.x + 0.375 * c2.x + 0.125 * 30, 0.375 * c1.y + 0.375 * c2.y)
        XCTAssertEqual(mid.x, 15, accuracy: 1e-12); XCTAssertEqual(mid.y, 15, accuracy: 1e-12)
    }

    /// SwiftUI's `clockwise: false` grows the angle, which is clockwise on screen (y down); `true` goes the other way.
    func testArcDirectionAndEndPoints() {
        func points(_ p: Path) -> [Point] {
            p.elements.compactMap { e -> Point? in
                switch e { case .move(let q), .line(let q): return q; case .cubic(_, _, let q): return q; case .close: return nil }
            }
        }
        // 0° → 90° not clockwise: from the trailing point (10, 0) down to (0, 10), one cubic piece.
        let down = points(Path(commands: [.arc(cx: 0, cy: 0, radius: 10, startAngle: 0, endAngle: 90, clockwise: false)], origin: .zero))
        XCTAssertEqual(down.count, 2)
        XCTAssertEqual(down[0].x, 10, accuracy: 1e-12); XCTAssertEqual(down[0].y, 0, accuracy: 1e-12)
        XCTAssertEqual(down[1].x, 0, accuracy: 1e-12); XCTAssertEqual(down[1].y, 10, accuracy: 1e-12)
        // The same angles clockwise: the long way round, 270°, through the top (0, −10): three pieces.
        let up = points(Path(commands: [.arc(cx: 0, cy: 0, radius: 10, startAngle: 0, endAngle: 90, clockwise: true)], origin: .zero))
        XCTAssertEqual(up.count, 4)
        XCTAssertEqual(up[1].x, 0, accuracy: 1e-12); XCTAssertEqual(up[1].y, -10, accuracy: 1e-12)
        XCTAssertEqual(up[3].x, 0, accuracy: 1e-12); XCTAssertEqual(up[3].y, 10, accuracy: 1e-12)
        // A whole turn: four pieces back to the start; the curve stays on the circle (radius error of the
        // 4/3·tan(θ/4) handles for 90° is 2.7e-4 of the radius).
        let whole = Path(commands: [.arc(cx: 0, cy: 0, radius: 10, startAngle: 0, endAngle: 360, clockwise: false)], origin: .zero)
        XCTAssertEqual(points(whole).count, 5)
        var current = Point.zero
        for e in whole.elements {
            switch e {
            case .move(let q), .line(let q): current = q
            case .cubic(let a, let b, let c):
                for t in stride(from: 0.0, through: 1, by: 0.125) {
                    let u = 1 - t
                    let x = u * u * u * current.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * c.x
                    let y = u * u * u * current.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * c.y
                    XCTAssertEqual((x * x + y * y).squareRoot(), 10, accuracy: 10 * 3e-4)
                }
                current = c
            case .close: break
            }
        }
        // An arc after a point joins it with a line.
        let joined = Path(commands: [.move(x: 0, y: 0), .arc(cx: 0, cy: 0, radius: 5, startAngle: 180, endAngle: 270, clockwise: false)], origin: .zero)
        XCTAssertEqual(joined.elements.count, 3)
        guard case .line(let l) = joined.elements[1] else { return XCTFail("\(joined.elements)") }
        XCTAssertEqual(l.x, -5, accuracy: 1e-12); XCTAssertEqual(l.y, 0, accuracy: 1e-12)
    }

    func testArcSweeps() {
        XCTAssertEqual(Path.arcSweep(from: 0, to: 90, clockwise: false), 90)
        XCTAssertEqual(Path.arcSweep(from: 0, to: 90, clockwise: true), -270)
        XCTAssertEqual(Path.arcSweep(from: 90, to: 0, clockwise: false), 270)
        XCTAssertEqual(Path.arcSweep(from: -90, to: 270, clockwise: false), 360)
        XCTAssertEqual(Path.arcSweep(from: 0, to: 720, clockwise: false), 360)
        XCTAssertEqual(Path.arcSweep(from: 0, to: 0, clockwise: false), 0)
        // Angles far beyond a turn stay within one turn (an exact remainder), and never trap.
        XCTAssertEqual(Path.arcSweep(from: 7.00228189e24, to: 0, clockwise: false), Path.arcSweep(from: 7.00228189e24.truncatingRemainder(dividingBy: 360), to: 0, clockwise: false))
        XCTAssertLessThanOrEqual(abs(Path.arcSweep(from: 5.5e50, to: 0, clockwise: true)), 360)
        XCTAssertEqual(Path(commands: [.arc(cx: 0, cy: 0, radius: 1, startAngle: .nan, endAngle: 1e308, clockwise: false)], origin: .zero).elements, [])
    }
}
