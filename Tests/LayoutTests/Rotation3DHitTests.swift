import Geometry
import SceneModel
import XCTest
@testable import Layout

/// Hit testing a view turned by `rotation3D`: a touch hits it where it is drawn (the projected quad) and misses
/// it elsewhere, even inside its unturned frame. The quad is worked out here from the formula of scene-format §3,
/// not from the code that draws it.
final class Rotation3DHitTests: XCTestCase {
    /// A 100×80 rect at (100, 60) in a 300×200 canvas, turned `angle`° about y around its leading edge's middle,
    /// perspective 1 (the eye 100 pt away), taking a tap.
    func regions(angle: Double) -> [HitRegion] {
        // Placed by layout (padding), not by offset: rotation3D works in the view's laid-out frame.
        var m = ResolvedModifiers(frame: FrameSpec(width: 100, height: 80))
        m.rotation3D = Rotation3D(angle: angle, axis: (0, 1, 0), anchor: UnitPoint(0, 0.5), perspective: 1)
        m.gestures = GestureBinding(view: "body.children[0]", loopValues: [])
        let root = ResolvedModifiers(frame: FrameSpec(width: 300, height: 200, alignment: .topLeading))
        let card = view("card", .shape(.rect, ShapeStyle()), [], m)
        let place = view("place", .zstack(alignment: .topLeading), [card],
                         ResolvedModifiers(padding: EdgeInsets(top: 60, leading: 100, bottom: 0, trailing: 0)))
        return lay(view("body", .zstack(alignment: .topLeading), [place], root), 300, 200).hitRegions()
    }

    /// Where a point (x, y) of the card (from its top-left) is drawn: [x − ax, y − ay, 0, 1] · R · P, plus the
    /// anchor, with R the turn about y (positive angles move the side right of the anchor away from the eye,
    /// z < 0) and P putting W = 1 − z/d, d = max(w, h)/perspective = 100.
    func drawn(_ x: Double, _ y: Double, angle: Double) -> Point {
        let a = angle * .pi / 180, d = 100.0
        let ax = 0.0, ay = 40.0
        let px = (x - ax) * cos(a), pz = -(x - ax) * sin(a), py = y - ay
        let w = 1 - pz / d
        return Point(100 + ax + px / w, 60 + ay + py / w)
    }

    /// Inside the convex quad a→b→c→d (either winding), by at least `margin` from every edge; nil when closer.
    func inside(_ p: Point, _ quad: [Point], margin: Double) -> Bool? {
        var signs: [Double] = []
        for k in 0..<4 {
            let a = quad[k], b = quad[(k + 1) % 4]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            if abs(cross) / length < margin { return nil }
            signs.append(cross)
        }
        return signs.allSatisfy { $0 > 0 } || signs.allSatisfy { $0 < 0 }
    }

    func testTapsHitTheProjectedQuadAndMissTheRestOfTheFrame() throws {
        for angle in [35.0, 60, -50] {
            let r = try XCTUnwrap(regions(angle: angle).first { $0.identity == "card" })
            XCTAssertEqual(r.projections.count, 1)
            let quad = [drawn(0, 0, angle: angle), drawn(100, 0, angle: angle), drawn(100, 80, angle: angle), drawn(0, 80, angle: angle)]
            var hits = 0, misses = 0
            for sx in stride(from: 90.0, through: 210, by: 2.5) {
                for sy in stride(from: 50.0, through: 150, by: 2.5) {
                    let p = Point(sx, sy)
                    guard let expected = inside(p, quad, margin: 0.01) else { continue }
                    XCTAssertEqual(r.contains(p), expected, "angle \(angle): \(p), quad \(quad)")
                    if expected { hits += 1 } else { misses += 1 }
                }
            }
            XCTAssertGreaterThan(hits, 50, "angle \(angle)")
            XCTAssertGreaterThan(misses, 50, "angle \(angle)")
        }
        // At 60° the far edge is drawn at x = 100 + 50/1.866 ≈ 126.8: a tap at x = 190, inside the unturned
        // frame (100…200), misses; one at x = 120 on the middle line hits.
        let r60 = try XCTUnwrap(regions(angle: 60).first)
        XCTAssertFalse(r60.contains(Point(190, 100)))
        XCTAssertTrue(r60.contains(Point(120, 100)))
    }

    func testEdgeOnViewTakesNoTaps() {
        XCTAssertTrue(regions(angle: 90).filter { $0.identity == "card" }.isEmpty)
    }

    func testUnturnedViewHitsItsFrame() throws {
        let r = try XCTUnwrap(regions(angle: 0).first { $0.identity == "card" })
        XCTAssertTrue(r.projections.isEmpty)
        XCTAssertTrue(r.contains(Point(101, 61)))
        XCTAssertTrue(r.contains(Point(199, 139)))
        XCTAssertFalse(r.contains(Point(201, 100)))
    }
}
