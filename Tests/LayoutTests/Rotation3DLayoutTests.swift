import DisplayList
import Geometry
import SceneModel
import XCTest
@testable import Layout

/// `rotation3D` in the display list: one projection layer around the view, in canvas points,
/// after the view's offset and inside its parent's transform (scene-format §3 item 9).
final class Rotation3DLayoutTests: XCTestCase {
    /// A 100×100 stack scaled 2× about its top-left, holding a 40×20 rect (frame at (30, 40))
    /// moved 10 pt right and turned 60° about y without perspective.
    func turnedChild(angle: Double = 60, perspective: Double = 0) -> DisplayList {
        var child = ResolvedModifiers(frame: FrameSpec(width: 40, height: 20))
        child.offset = Point(10, 0)
        child.rotation3D = Rotation3D(angle: angle, axis: (0, 1, 0), perspective: perspective)
        var parent = ResolvedModifiers(frame: FrameSpec(width: 100, height: 100))
        parent.scale = Point(2, 2); parent.anchor = .topLeading
        return lay(view("stack", .zstack(alignment: .center), [view("r", .shape(.rect, ShapeStyle()), [], child)], parent), 100, 100).displayList()
    }

    func testProjectionWrapsTheViewAndFollowsOffsetThenTurnThenParent() throws {
        let cmds = turnedChild().commands
        guard cmds.count == 3, case .beginLayer(let layer) = cmds[0], case .fill(let f) = cmds[1], case .endLayer = cmds[2],
              let h = layer.projection else { return XCTFail(dump(DisplayList(cmds))) }
        // Top-left (30, 40): offset → (40, 40); about the frame's centre x = 50 without perspective,
        // x → 50 + (40 − 50)·cos 60° = 45; the parent's 2× about (0, 0) → (90, 80).
        let drawn = try XCTUnwrap(h.apply(f.transform.apply(Point(30, 40))))
        assertClose(drawn, Point(90, 80))
        // Bottom-right (70, 60): (80, 60) → 50 + 30·0.5 = 65 → (130, 120).
        assertClose(try XCTUnwrap(h.apply(f.transform.apply(Point(70, 60)))), Point(130, 120))
    }

    func testDumpPrintsTheMatrix() {
        let text = dump(turnedChild(perspective: 1))
        XCTAssertTrue(text.contains("layer projection homography["), text)
        XCTAssertEqual(text.components(separatedBy: ";").count, 3, "three rows: \(text)")
    }

    func testEdgeOnDrawsNothingAndZeroTurnAddsNoLayer() {
        XCTAssertEqual(turnedChild(angle: 90).commands.count, 0, "edge-on: a singular map draws nothing")
        let flat = turnedChild(angle: 0, perspective: 1).commands
        XCTAssertEqual(flat.count, 1, "angle 0 at anchorZ 0 is the identity: no layer")
    }
}
