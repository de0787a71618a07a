import Geometry
import Frames
import RenderKit
import XCTest

/// `geometry` containers in whole scenes (load → timeline → layout → pixels): what `geometry.width` and
/// `geometry.height` read, checked against layouts and pixel counts worked out by hand.
final class GeometryReaderSceneTests: XCTestCase {
    func source(_ json: String) throws -> FrameSource { try FrameSource(try loadScene(json), options: FrameOptions()) }

    /// A 300 × 24 geometry container centred in a 400 × 100 canvas, at (50, 38); its child `child`.
    func bar(_ child: String, state: String = "{}", extra: String = "") -> String {
        """
        {"scene": 1, "canvas": {"width": 400, "height": 100}, "state": \(state), \(extra)
         "body": {"type": "geometry", "frame": {"width": 300, "height": 24}, "children": [\(child)]}}
        """
    }

    func testChildReadsTheContainersWidth() throws {
        // 300 · 0.25 = 75 wide, at the container's top-leading corner (50, 38).
        let s = try source(bar(#"{"type": "rect", "frame": {"width": "=geometry.width * 0.25", "height": "=geometry.height / 2"}}"#))
        XCTAssertEqual(s.viewFrames(frame: 0)["body.children[0]"], Rect(x: 50, y: 38, width: 75, height: 12))
    }

    func testGeometryInAnHStackBesideAFixedViewGets200() throws {
        // hstack with spacing 0 in a 300-point frame: the fixed 100-point rect, then the geometry container with the
        // remaining 200; its child as wide as the container reads.
        let s = try source("""
            {"scene": 1, "canvas": {"width": 300, "height": 50},
             "body": {"type": "hstack", "spacing": 0, "frame": {"width": 300, "height": 50}, "children": [
               {"type": "rect", "frame": {"width": 100, "height": 50}},
               {"type": "geometry", "children": [{"type": "rect", "frame": {"width": "=geometry.width", "height": 10}}]}]}}
            """)
        let f = s.viewFrames(frame: 0)
        XCTAssertEqual(f["body.children[1]"], Rect(x: 100, y: 0, width: 200, height: 50))
        XCTAssertEqual(f["body.children[1].children[0]"], Rect(x: 100, y: 0, width: 200, height: 10))
    }

    func testPaddingIsOutsideTheSizeItReports() throws {
        // A 300 × 44 frame around padding 10: the container's own size is 280 × 24, its corner at (10 + 50, 10 + 28).
        let s = try source("""
            {"scene": 1, "canvas": {"width": 400, "height": 100},
             "body": {"type": "geometry", "padding": 10, "frame": {"width": 300, "height": 44},
                      "children": [{"type": "rect", "frame": {"width": "=geometry.width", "height": "=geometry.height"}}]}}
            """)
        XCTAssertEqual(s.viewFrames(frame: 0)["body.children[0]"], Rect(x: 60, y: 38, width: 280, height: 24))
    }

    func testNestedContainersReadTheNearestOne() throws {
        // Outer 300 × 100 at (50, 0); the inner one's frame reads the outer size (150 × 50) and sits at the outer
        // corner; inside it, geometry.width is 150, so the rect is 50 wide; the inner's overlay-free sibling reads 300.
        let s = try source("""
            {"scene": 1, "canvas": {"width": 400, "height": 100},
             "body": {"type": "geometry", "frame": {"width": 300, "height": 100}, "children": [
               {"type": "geometry", "frame": {"width": "=geometry.width / 2", "height": "=geometry.height / 2"},
                "children": [{"type": "rect", "frame": {"width": "=geometry.width / 3", "height": 5}}]},
               {"type": "rect", "frame": {"width": "=geometry.width", "height": 5}, "offset": {"y": 90}}]}}
            """)
        let f = s.viewFrames(frame: 0)
        XCTAssertEqual(f["body.children[0]"], Rect(x: 50, y: 0, width: 150, height: 50))
        XCTAssertEqual(f["body.children[0].children[0]"], Rect(x: 50, y: 0, width: 50, height: 5))
        XCTAssertEqual(f["body.children[1]"], Rect(x: 50, y: 0, width: 300, height: 5))
    }

    func testProgressBarFollowsItsAnimation() throws {
        // progress 0 → 1 at t = 0.2 with a linear 1 s animation: the bar is 300 · (t − 0.2) wide, within the
        // half-pixel snapping of its edges (scale 1).
        let s = try source(bar(#"{"type": "roundedRect", "cornerRadius": 12, "frame": {"width": "=geometry.width * progress", "height": 24}}"#,
                               state: #"{"progress": 0}"#,
                               extra: #""duration": 1.5, "timeline": [{"at": 0.2, "set": {"progress": 1}, "animation": {"linear": 1}}],"#))
        var last = -1.0
        for frame in stride(from: 12, through: 72, by: 6) {
            let t = Double(frame) / 60
            let w = try XCTUnwrap(s.viewFrames(frame: frame)["body.children[0]"]).width
            XCTAssertEqual(w, 300 * min(1, max(0, t - 0.2)), accuracy: 1, "frame \(frame)")
            XCTAssertGreaterThanOrEqual(w, last, "the bar never shrinks")
            last = w
        }
    }

    func testBarPixelsAreAQuarterOfTheTrack() throws {
        // White 75 × 24 rect at (50, 38) on a transparent canvas at scale 2: 150 × 48 = 7200 opaque pixels, all at
        // the corner of the container (x 100…250, y 76…124 in pixels).
        let json = bar(#"{"type": "rect", "fill": "white", "frame": {"width": "=geometry.width * 0.25", "height": 24}}"#)
            .replacingOccurrences(of: #""height": 100}"#, with: #""height": 100, "scale": 2}"#)
        let img = try source(json).image(frame: 0)
        XCTAssertEqual(totalAlpha(img), 7200 * 255)
        let b = try XCTUnwrap(opaqueBounds(img))
        XCTAssertEqual([b.minX, b.minY, b.maxX, b.maxY], [100, 76, 249, 123])
    }
}
