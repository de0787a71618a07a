import Foundation
import SceneModel
import XCTest
@testable import Timeline

/// The timeline finds what it looks for in views inside a `background`, `overlay` or `mask` as it does among children.
final class NestedViewTimelineTests: XCTestCase {
    /// `duration: "auto"` waits for the longest animation a transition part carries of its own: 2 s on a view inside a
    /// decoration. The change at 1 s (linear 0.5 s) may keep that view on screen until 3 s, and the scene ends 0.5 s
    /// later: 3.5 s, 210 frames at 60 fps (the change's own animation alone would end it at 2 s).
    func testAutoDurationCoversATransitionInsideADecoration() throws {
        for key in ["background", "overlay", "mask"] {
            let s = try scene("""
            {"scene": 1, "canvas": {"width": 40, "height": 30}, "state": {"show": true},
             "body": {"type": "rect", "frame": {"width": 40, "height": 30},
                      "\(key)": {"type": "rect", "if": "show", "transition": {"opacity": true, "animation": {"linear": 2}}}},
             "timeline": [{"at": 1, "set": {"show": false}, "animation": {"linear": 0.5}}]}
            """)
            let t = try SceneTimeline(scene: s, fps: 60, images: [:], geometry: NoGeometry())
            XCTAssertEqual(t.duration, 1 + 2 + 0.5, accuracy: 1e-9, key)
            XCTAssertEqual(t.frameCount, 210, key)
        }
    }
}
