import XCTest
@testable import Geometry

final class ContinuousCornerTests: XCTestCase {
    let rect = Rect(x: 10, y: 20, width: 200, height: 100)

    /// Every point of the path (on-curve and control points).
    func points(_ p: Path) -> [Point] {
        p.elements.flatMap { e -> [Point] in
            switch e {
            case .move(let a), .line(let a): return [a]
            case .cubic(let a, let b, let c): return [a, b, c]
            case .close: return []
            }
        }
    }

    func assertClose(_ a: Point, _ b: Point, _ tol: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: tol, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: tol, file: file, line: line)
    }

    func testTopRightCornerUsesThePublishedPoints() {
        let r = 10.0
        let p = Path.roundedRect(rect, cornerRadius: r, continuous: true)
        // Hand-written from the spec and the published UIBezierPath reconstruction: top-right corner
        // (210, 20), along = −x, into = +y. The middle curve runs from (0.63149379, 0.07491139) to
        // (0.07491139, 0.63149379); short straight joins link it to the outer curves.
        func tr(_ a: Double, _ b: Double) -> Point { Point(210 - a * r, 20 + b * r) }
        XCTAssertEqual(p.elements[0], .move(Point(10 + 1.528665 * r, 20)))
        guard case .line(let start) = p.elements[1],
              case .cubic(let c1, let c2, let e1) = p.elements[2],
              case .cubic(_, _, let j1) = p.elements[3],
              case .cubic(let d1, let d2, let e2) = p.elements[4],
              case .cubic(_, _, let j2) = p.elements[5],
              case .cubic(let f1, let f2, let e3) = p.elements[6] else { return XCTFail("unexpected elements") }
        assertClose(start, tr(1.528665, 0))
        assertClose(c1, tr(1.08849323, 0)); assertClose(c2, tr(0.86840689, 0)); assertClose(e1, tr(0.66993427, 0.065496))
        assertClose(j1, tr(0.63149379, 0.07491139))
        assertClose(d1, tr(0.37282392, 0.16905899)); assertClose(d2, tr(0.16905899, 0.37282392))
        assertClose(e2, tr(0.07491139, 0.63149379))
        assertClose(j2, tr(0.065496, 0.66993427))
        assertClose(f1, tr(0, 0.86840689)); assertClose(f2, tr(0, 1.08849323)); assertClose(e3, tr(0, 1.528665))
    }

    /// The corner's outline stays between the square corner and the chord: every on-curve point of the
    /// middle piece lies outside the inscribed circle of radius r, as a squircle's does, never cut in.
    func testMiddleCurveBulgesLikeACircleNotAChamfer() {
        let r = 10.0
        let p = Path.roundedRect(rect, cornerRadius: r, continuous: true)
        guard case .cubic(let a, let b, let e) = p.elements[4], case .cubic(_, _, let s) = p.elements[3] else { return XCTFail() }
        // The point at u = 0.5 of the middle cubic, in corner units.
        let m = (s + a * 3 + b * 3 + e) * (1.0 / 8)
        let along = (210 - m.x) / r, into = (m.y - 20) / r
        // On the diagonal; a circle of radius r centred at (r, r) reaches 1 − 1/√2 ≈ 0.293 there.
        XCTAssertEqual(along, into, accuracy: 1e-9)
        XCTAssertLessThan(along, 0.32)
        XCTAssertGreaterThan(along, 0.25)
    }

    func testFourfoldSymmetry() {
        for r in [10.0, 40.0, 49.0, 60.0] {
            let pts = points(Path.roundedRect(rect, cornerRadius: r, continuous: true))
            // Mirror across the vertical and the horizontal centre lines: the point set maps to itself.
            for mirror in [{ (q: Point) in Point(2 * self.rect.midX - q.x, q.y) },
                           { (q: Point) in Point(q.x, 2 * self.rect.midY - q.y) }] {
                for q in pts {
                    let m = mirror(q)
                    let nearest = pts.map { hypot($0.x - m.x, $0.y - m.y) }.min() ?? .infinity
                    XCTAssertLessThan(nearest, 1e-9, "r \(r): mirror of \(q) missing")
                }
            }
        }
    }

    func testBoundsEqualTheRect() {
        for r in [1.0, 10.0, 32.7, 45.0, 50.0, 80.0] {
            XCTAssertEqual(Path.roundedRect(rect, cornerRadius: r, continuous: true).controlBounds, rect, "r \(r)")
        }
    }

    func testBlendHasNoJumpAtTheThreshold() {
        let r0 = 50 / 1.528665   // half the shorter side / extent
        let below = points(Path.roundedRect(rect, cornerRadius: r0 - 1e-7, continuous: true))
        let above = points(Path.roundedRect(rect, cornerRadius: r0 + 1e-7, continuous: true))
        XCTAssertEqual(below.count, above.count)
        let jump = zip(below, above).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? 0
        XCTAssertLessThan(jump, 1e-5)
        // The blend moves points gradually: half-way is between its ends.
        let mid = points(Path.roundedRect(rect, cornerRadius: (r0 + 50) / 2, continuous: true))
        let end = points(Path.roundedRect(rect, cornerRadius: 50, continuous: true))
        for i in 0..<mid.count {
            assertClose(mid[i], Point((below[i].x + end[i].x) / 2, (below[i].y + end[i].y) / 2), 1e-5)
        }
    }

    func testLargeRadiusIsACapsule() {
        let p = Path.roundedRect(rect, cornerRadius: 500, continuous: true)
        XCTAssertEqual(points(p), points(Path.roundedRect(rect, cornerRadius: 50, continuous: true)))
        // Every on-curve point of the right corners lies on the circle of radius 50 around (160, 70).
        for e in p.elements {
            if case .cubic(_, _, let q) = e, q.x > 160 {
                XCTAssertEqual(hypot(q.x - 160, q.y - 70), 50, accuracy: 1e-9)
            }
        }
        // And the arc's midpoint (the cubic at t = ½) stays within 0.03 % of the circle.
        for e in p.elements.indices.dropFirst() {
            guard case .cubic(let a, let b, let q) = p.elements[e] else { continue }
            let s: Point
            switch p.elements[e - 1] { case .cubic(_, _, let x), .line(let x), .move(let x): s = x; case .close: continue }
            guard s.x > 160, q.x > 160 else { continue }
            let m = (s + a * 3 + b * 3 + q) * 0.125
            XCTAssertEqual(hypot(m.x - 160, m.y - 70), 50, accuracy: 0.015)
        }
    }
}
