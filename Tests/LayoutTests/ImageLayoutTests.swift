import Geometry
import SceneModel
import XCTest
@testable import Layout

final class ImageLayoutTests: XCTestCase {
    let picture = RGBAImage(width: 40, height: 20)

    func image(_ resizable: Bool, _ mode: ContentMode?, _ m: ResolvedModifiers = ResolvedModifiers(), scale: Double? = nil) -> ResolvedView {
        view("i", .image(picture, contentMode: mode, resizable: resizable, src: "p.png", scale: scale), [], m)
    }

    func testNaturalSizeIsPixelsOverScale() {
        let r = lay(image(false, nil), 100, 100, scale: 2)
        // 40 × 20 px at scale 2 = 20 × 10 pt, centred: (40, 45).
        assertFrame(r, "i", Rect(x: 40, y: 45, width: 20, height: 10))
    }

    func testNaturalSizeFollowsTheScenesScaleNotTheRenders() {
        // A scene of canvas.scale 2 drawn at --scale 1 (a strip) or 3: the 40 × 20 px picture is 20 × 10 pt in both,
        // centred at (40, 45); only the pixel grid changes.
        for renderScale in [1.0, 3.0] {
            let r = layout(image(false, nil), canvas: Size(100, 100), scale: renderScale, imageScale: 2, measurer: FakeMeasurer())
            assertFrame(r, "i", Rect(x: 40, y: 45, width: 20, height: 10))
        }
    }

    func testAnImagesOwnScaleSetsItsNaturalSize() {
        // An @3x asset in a scene of canvas.scale 2, drawn at 3 px per point (so that the frame is on whole pixels):
        // 40 × 20 px is 13.33 × 6.67 pt, centred at (43.33, 46.67); at the scene's scale it would be 20 × 10 pt.
        let r = layout(image(false, nil, scale: 3), canvas: Size(100, 100), scale: 3, imageScale: 2, measurer: FakeMeasurer())
        let f = r.frame(of: "i")
        let third = 1.0 / 3
        XCTAssertEqual(f?.minX ?? .nan, 50 - 20 * third, accuracy: 1e-9, r.dump)
        XCTAssertEqual(f?.minY ?? .nan, 50 - 10 * third, accuracy: 1e-9, r.dump)
        XCTAssertEqual(f?.width ?? .nan, 40 * third, accuracy: 1e-9, r.dump)
        XCTAssertEqual(f?.height ?? .nan, 20 * third, accuracy: 1e-9, r.dump)
    }

    func testResizableFitFillAndStretch() {
        let square = ResolvedModifiers(frame: FrameSpec(width: 100, height: 100))
        // Aspect 2:1 in 100 × 100: fit is bound by the width, 100 × 50, centred at y = 25.
        XCTAssertEqual(lay(image(true, .fit, square), 100, 100, scale: 2).view("i")?.contentFrame,
                       Rect(x: 0, y: 25, width: 100, height: 50))
        // fill is bound by the height, 200 × 100, centred at x = −50 (beyond the frame).
        XCTAssertEqual(lay(image(true, .fill, square), 100, 100, scale: 2).view("i")?.contentFrame,
                       Rect(x: -50, y: 0, width: 200, height: 100))
        // Without a content mode the image stretches to the proposal.
        XCTAssertEqual(lay(image(true, nil, square), 100, 100, scale: 2).view("i")?.contentFrame,
                       Rect(x: 0, y: 0, width: 100, height: 100))
    }
}
