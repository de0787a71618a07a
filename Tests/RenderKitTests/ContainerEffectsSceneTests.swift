import Geometry
import Frames
import RenderKit
import XCTest

/// A container's opacity and shadows reach each drawn child separately unless the container
/// has `"compositingGroup": true` (scene-format §3 item 8, §4), checked on pixel values worked
/// out by hand from source-over compositing (8-bit, so ±1).
final class ContainerEffectsSceneTests: XCTestCase {
    func pixel(_ json: String, _ x: Int, _ y: Int) throws -> [Int] {
        let r = try FrameSource(try loadScene(json), options: FrameOptions())
        let p = try r.image(frame: 0)[x, y]
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    func assertClose(_ got: [Int], _ want: [Int], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "\(what): \(got) vs \(want)", file: file, line: line)
    }

    /// Red 60×60 at x 0…60 behind blue 60×60 at x 40…100, both opaque, on white; the stack at 0.5.
    func overlapping(group: Bool) -> String {
        """
        {"scene": 1, "canvas": {"width": 100, "height": 60, "background": "white"}, "duration": 0.1,
         "body": {"type": "zstack", "alignment": "topLeading", "opacity": 0.5, \(group ? "\"compositingGroup\": true," : "")
                  "frame": {"width": 100, "height": 60, "alignment": "topLeading"}, "children": [
           {"type": "rect", "fill": "#FF0000", "frame": {"width": 60, "height": 60}},
           {"type": "rect", "fill": "#0000FF", "frame": {"width": 60, "height": 60}, "offset": {"x": 40}}]}}
        """
    }

    func testContainerOpacityShowsTheBackChildThroughTheFront() throws {
        // Red at ½ over white: (255, 127.5, 127.5); blue at ½ over that: (127.5, 63.75, 191.25).
        assertClose(try pixel(overlapping(group: false), 50, 30), [127, 63, 191, 255], "overlap, each child at ½")
        assertClose(try pixel(overlapping(group: false), 20, 30), [255, 127, 127, 255], "red alone")
        assertClose(try pixel(overlapping(group: false), 80, 30), [127, 127, 255, 255], "blue alone")
    }

    func testCompositingGroupTakesOneOpacity() throws {
        // The flattened stack is blue in the overlap: blue at ½ over white, (127.5, 127.5, 255).
        assertClose(try pixel(overlapping(group: true), 50, 30), [127, 127, 255, 255], "overlap, group at ½")
        assertClose(try pixel(overlapping(group: true), 20, 30), [255, 127, 127, 255], "red alone")
    }

    /// Green 100×60 at x 0…100 behind red 40×40 at (20, 10); the stack casts a sharp black ½
    /// shadow 10 points to the right; white canvas 120×60.
    func shadowed(group: Bool) -> String {
        """
        {"scene": 1, "canvas": {"width": 120, "height": 60, "background": "white"}, "duration": 0.1,
         "body": {"type": "zstack", "alignment": "topLeading", \(group ? "\"compositingGroup\": true," : "")
                  "shadows": [{"color": "#00000080", "radius": 0, "x": 10}],
                  "frame": {"width": 120, "height": 60, "alignment": "topLeading"}, "children": [
           {"type": "rect", "fill": "#00FF00", "frame": {"width": 100, "height": 60}},
           {"type": "rect", "fill": "#FF0000", "frame": {"width": 40, "height": 40}, "offset": {"x": 20, "y": 10}}]}}
        """
    }

    func testContainerShadowIsCastByEachChild() throws {
        // The red square's own shadow falls on the green one at x 60…70: black at 128/255 over green.
        assertClose(try pixel(shadowed(group: false), 65, 30), [0, 127, 0, 255], "red's shadow on green")
        assertClose(try pixel(shadowed(group: false), 105, 30), [127, 127, 127, 255], "green's shadow on white")
    }

    func testCompositingGroupCastsOneShadow() throws {
        // The flattened stack is a green rectangle with red inside: no shadow inside it.
        assertClose(try pixel(shadowed(group: true), 65, 30), [0, 255, 0, 255], "no shadow inside the group")
        assertClose(try pixel(shadowed(group: true), 105, 30), [127, 127, 127, 255], "the group's shadow on white")
    }
}
