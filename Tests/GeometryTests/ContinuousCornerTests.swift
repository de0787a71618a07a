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
        for (r, style) in [10.0, 40.0, 49.0, 60.0].flatMap({ r in [(r, CornerStyle.continuous), (r, .layerContinuous)] }) {
            let pts = points(Path.roundedRect(rect, cornerRadius: r, style: style))
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
        for r in [1.0, 10.0, 32.7, 40.0, 45.0, 50.0, 80.0] {
            XCTAssertEqual(Path.roundedRect(rect, cornerRadius: r, continuous: true).controlBounds, rect, "r \(r)")
            XCTAssertEqual(Path.roundedRect(rect, cornerRadius: r, style: .layerContinuous).controlBounds, rect, "r \(r)")
        }
    }

    /// Points of the outline: each cubic sampled at 16 steps (and the lines' ends).
    func outline(_ p: Path) -> [Point] {
        var out: [Point] = [], last = Point(0, 0)
        for e in p.elements {
            switch e {
            case .move(let a), .line(let a): out.append(a); last = a
            case .cubic(let a, let b, let c):
                for i in 1...16 {
                    let t = Double(i) / 16, u = 1 - t
                    out.append(last * (u * u * u) + a * (3 * u * u * t) + b * (3 * u * t * t) + c * (t * t * t))
                }
                last = c
            case .close: break
            }
        }
        return out
    }

    /// At each stage of the blends (SwiftUI's: where 1.528665 r passes half the shorter side L, the device's corner at
    /// r = 0.8 L, the capsule; CALayer's: r = 0.1 L and 0.4 L, where 1.563714 r passes L, the capsule) the outline moves
    /// by no more than the radius does, and from r = L / 10 to the capsule no step of 0.001 L moves a point by more
    /// than 0.004 L.
    func testOutlineMovesContinuouslyWithTheRadius() {
        let half = 50.0
        for style in [CornerStyle.continuous, .layerContinuous] {
            let stages = style == .continuous ? [half / 1.528665, 0.8 * half, half] : [0.1 * half, 0.4 * half, half / 1.563714, half]
            for r in stages {
                let below = points(Path.roundedRect(rect, cornerRadius: r - 1e-7, style: style))
                let above = points(Path.roundedRect(rect, cornerRadius: r + 1e-7, style: style))
                XCTAssertEqual(below.count, above.count)
                let jump = zip(below, above).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? 0
                XCTAssertLessThan(jump, 1e-5, "\(style) at r \(r)")
            }
            var previous = points(Path.roundedRect(rect, cornerRadius: half / 10, style: style)), worst = 0.0
            for i in 101...1000 {
                let now = points(Path.roundedRect(rect, cornerRadius: half * Double(i) / 1000, style: style))
                worst = max(worst, zip(previous, now).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? 0)
                previous = now
            }
            XCTAssertLessThan(worst, 0.004 * half, "\(style): largest move for a step of 0.001 L")
        }
    }

    /// The sharpest turn back along the outline, as the sine of the angle between successive chords (0 when it only
    /// ever turns one way).
    func worstTurnBack(_ p: Path) -> Double {
        let pts = outline(p)
        var worst = 0.0
        for k in pts.indices {
            let a = pts[k], b = pts[(k + 1) % pts.count], c = pts[(k + 2) % pts.count]
            let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            worst = min(worst, turn / max(1e-12, hypot(b.x - a.x, b.y - a.y) * hypot(c.x - b.x, c.y - b.y)))
        }
        return worst
    }

    /// At every radius the outline turns one way only, but for what the curves' joints allow: SwiftUI's published
    /// control points turn back by 3.3° where the first curve meets the short straight join, and no blend between its
    /// stages turns back by more than that; CALayer's blends, between curves whose joints lie elsewhere, may add up to
    /// 2° to that at a joint (5.1° at most, near r = 0.17 L), never dent the outline (a circle cut at the published
    /// curve's joints instead of its own gave 2.3° on its own).
    func testOutlineIsConvexAtEveryRadius() {
        let published = worstTurnBack(Path.roundedRect(rect, cornerRadius: 10, style: .continuous))
        XCTAssertEqual(asin(-published) * 180 / .pi, 3.3, accuracy: 0.05, "the published points' own step back")
        for i in 1...200 {
            let r = 0.25 * Double(i)   // up to 50, half the shorter side
            XCTAssertGreaterThanOrEqual(worstTurnBack(Path.roundedRect(rect, cornerRadius: r, style: .continuous)),
                                        published - 1e-9, "continuous r \(r)")
            XCTAssertGreaterThanOrEqual(worstTurnBack(Path.roundedRect(rect, cornerRadius: r, style: .layerContinuous)),
                                        -sin(asin(-published) + 2 * .pi / 180), "layerContinuous r \(r)")
        }
    }

    /// CALayer's continuous corner is SwiftUI's published curve while r is at most a tenth of half the shorter side
    /// (its 200 pt device picture), and its own curve from four tenths on (its 50 pt picture): there it reaches
    /// 1.563714 r along the edges, and is not SwiftUI's curve scaled to that reach.
    func testLayerContinuousFollowsTheRatioOfRadiusToSide() {
        for r in [1.0, 3.0, 5.0] {
            XCTAssertEqual(Path.roundedRect(rect, cornerRadius: r, style: .layerContinuous),
                           Path.roundedRect(rect, cornerRadius: r, style: .continuous), "r \(r)")
        }
        let r = 20.0   // 0.4 of 50
        let layer = Path.roundedRect(rect, cornerRadius: r, style: .layerContinuous)
        XCTAssertEqual(layer.elements[0], .move(Point(10 + 1.563714 * r, 20)))
        let swiftUI = Path.roundedRect(rect, cornerRadius: r * 1.563714 / 1.528665, style: .continuous)
        XCTAssertEqual(swiftUI.elements[0], layer.elements[0])
        let apart = zip(points(layer), points(swiftUI)).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? 0
        XCTAssertGreaterThan(apart, 1, "the same reach, another curve")
    }

    func testLargeRadiusIsACapsule() {
        for style in [CornerStyle.continuous, .layerContinuous] {
            let p = Path.roundedRect(rect, cornerRadius: 500, style: style)
            XCTAssertEqual(points(p), points(Path.roundedRect(rect, cornerRadius: 50, style: style)))
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
}
