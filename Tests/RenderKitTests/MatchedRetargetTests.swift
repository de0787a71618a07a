import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// Retargeting a matched-geometry move in flight (§5.1, §6): a pair moving right is sent back halfway;
/// the shared frame continues from where it is on screen, with its velocity, instead of jumping.
final class MatchedRetargetTests: XCTestCase {
    /// Stage 0 shows "a" at the leading end of a 400 pt row, stage 1 shows "b" at the trailing end (x 350),
    /// both matched as "m". At 0.2 s the stage becomes 1 and at 0.4 s (mid-move) 0 again, each with a
    /// critically damped spring (response 0.5: ω = 4π, peak speed ω/e × 350 pt ≈ 1618 pt/s, under 7 pt
    /// per frame at 240 fps).
    let scene = #"""
    {"scene": 1, "canvas": {"width": 400, "height": 100}, "duration": 2, "state": {"stage": 0},
     "body": {"type": "hstack", "spacing": 0, "frame": {"width": 400, "height": 100}, "children": [
       {"type": "rect", "id": "a", "if": "stage == 0", "frame": {"width": 50, "height": 50}, "matchedGeometry": "m"},
       {"type": "spacer"},
       {"type": "rect", "id": "b", "if": "stage == 1", "frame": {"width": 50, "height": 50}, "matchedGeometry": "m"}]},
     "timeline": [{"at": 0.2, "set": {"stage": 1}, "animation": {"spring": {"response": 0.5, "dampingFraction": 1}}},
                  {"at": 0.4, "set": {"stage": 0}, "animation": {"spring": {"response": 0.5, "dampingFraction": 1}}}]}
    """#

    func testRetargetContinuesFromTheFrameOnScreen() throws {
        var options = FrameOptions()
        options.fps = 240
        let r = try FrameSource(try loadScene(scene), options: options)
        var xs: [Double] = []
        for i in 0...360 {
            let frames = r.viewFrames(frame: i)
            let present = ["a", "b"].compactMap { frames[$0]?.minX }
            XCTAssertFalse(present.isEmpty, "frame \(i): neither view is laid out")
            // While both are present they share the matched frame.
            if present.count == 2 { XCTAssertEqual(present[0], present[1], accuracy: 1, "frame \(i)") }
            xs.append(present.first ?? .nan)
        }
        XCTAssertEqual(xs[0], 0)
        let retarget = 96   // 0.4 s at 240 fps
        XCTAssertGreaterThan(xs[retarget], 20, "mid-move when sent back: \(xs[retarget])")
        XCTAssertLessThan(xs[retarget], 330)
        for i in 1..<xs.count {
            XCTAssertLessThanOrEqual(abs(xs[i] - xs[i - 1]), 8, "frame \(i): the frame jumps \(xs[i - 1]) → \(xs[i])")
        }
        // Velocity carries over: the steps just after the retarget are still rightward and then turn back
        // smoothly (a spring restarted from rest would step leftward at once, or not at all).
        let before = xs[retarget] - xs[retarget - 1], after = xs[retarget + 1] - xs[retarget]
        XCTAssertGreaterThan(before, 1)
        XCTAssertGreaterThanOrEqual(after, before - 2, "velocity after the retarget \(after) vs before \(before)")
        XCTAssertEqual(xs.last ?? .nan, 0, accuracy: 0.5, "back at the leading end")
    }
}
