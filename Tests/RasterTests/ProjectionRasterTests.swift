import DisplayList
import Geometry
import XCTest
@testable import Raster

/// A layer's `projection` (rotation3D) on hand-built display lists: the finished layer, effects
/// included, goes through the map; W ≤ 0 and singular maps draw nothing; edges are anti-aliased.
final class ProjectionRasterTests: XCTestCase {
    let rect = Path.rect(Rect(x: 40, y: 30, width: 60, height: 40))

    func projected(_ h: Homography?, _ inner: [DisplayCommand]) -> [DisplayCommand] {
        [.beginLayer(Layer(projection: h))] + inner + [.endLayer]
    }

    /// The rect with a blurred, offset shadow under it (a layer of its own).
    var shadowed: [DisplayCommand] {
        [.beginLayer(Layer(shadows: [Shadow(color: Color(r: 0, g: 0, b: 0, a: 0.5), radius: 3, offset: Point(6, 4))])),
         Support.fill(rect, .color(Color(r: 1, g: 0, b: 0, a: 1))), .endLayer]
    }

    func testATranslationWrittenProjectivelyMovesThePictureShadowIncluded() throws {
        // [x, y, 1]·M = 3·[x + 20, y + 10, 1]: the same map as a translation by (20, 10), scaled by 3.
        let h = try XCTUnwrap(Homography(rows: [3, 0, 0, 0, 3, 0, 60, 30, 3]))
        // Canvas 400×300 px at 2 px/pt.
        let plain = Support.render(shadowed, width: 400, height: 300, scale: 2)
        let moved = Support.render(projected(h, shadowed), width: 400, height: 300, scale: 2)
        var worst = 0
        for y in 0..<plain.height - 20 {
            for x in 0..<plain.width - 40 {
                let a = plain[x, y], b = moved[x + 40, y + 20]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.a) - Int(b.a)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "40 px right and 20 down at scale 2, shadow and all")
        XCTAssertGreaterThan(Int(moved[2 * (100 + 20) + 4, 2 * (50 + 10)].a), 0, "the shadow comes through the map")
    }

    func testSingularMapDrawsNothing() throws {
        // Rows 1 and 2 are parallel: everything lands on one line.
        let h = try XCTUnwrap(Homography(rows: [1, 0.5, 0, 2, 1, 0, 10, 10, 1]))
        XCTAssertEqual(totalAlpha(Support.render(projected(h, shadowed), width: 200, height: 150)), 0)
    }

    func testPartsBehindTheEyeAreNotDrawnEvenWhereTheirMirrorWouldLand() throws {
        // W = 2 − 0.01·x, then 600 px right: the rect at x 250…350 has W from −0.5 to −1.5. Ignoring
        // the sign would put it, mirrored, at x ≈ 100…367 on this canvas.
        let h = try XCTUnwrap(Homography(rows: [-5, 0, -0.01, 0, 1, 0, 1200, 0, 2]))
        let behind = Support.fill(.rect(Rect(x: 250, y: 0, width: 100, height: 50)))
        XCTAssertEqual(totalAlpha(Support.render(projected(h, [behind]), width: 400, height: 100)), 0)
        // The same rect without the sign flip (W = 2 + 0.01·x) is drawn: the test can see a picture.
        let front = try XCTUnwrap(Homography(rows: [1, 0, 0.01, 0, 1, 0, 0, 0, 2]))
        XCTAssertGreaterThan(totalAlpha(Support.render(projected(front, [behind]), width: 400, height: 100)), 0)
    }

    func testSlantedEdgesAreAntiAliased() throws {
        let map = try XCTUnwrap(Rotation3D(angle: 35, axis: (0, 1, 0)).homography(width: 60, height: 40))
        // In canvas points: the rect's frame starts at (40, 30).
        let h = Homography(.translation(-40, -30)).concatenating(map).concatenating(Homography(.translation(40, 30)))
        let img = Support.render(projected(h, [Support.fill(rect)]), width: 300, height: 200, scale: 2)
        let alphas = (0..<(img.width * img.height)).map { img.pixels[4 * $0 + 3] }
        let partial = alphas.filter { $0 > 0 && $0 < 255 }.count, full = alphas.filter { $0 == 255 }.count
        XCTAssertGreaterThan(full, 8000, "the inside is solid")
        // The outline is about 2·(120 + 80) px long at scale 2; each edge pixel it crosses is partial.
        XCTAssertGreaterThan(partial, 300, "the edges fade over a pixel")
        XCTAssertLessThan(partial, 1200, "but only over about one pixel")
    }

    func totalAlpha(_ img: RGBAImage) -> Int {
        stride(from: 3, to: img.pixels.count, by: 4).reduce(0) { $0 + Int(img.pixels[$1]) }
    }
}
