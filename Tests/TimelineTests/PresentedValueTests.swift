import Foundation
import Geometry
import SceneJSONReader
import SceneModel
import Timeline
import XCTest

/// The layout stage, worked out by hand for the scene below: the zstack fills the 400×100 canvas with leading
/// alignment, so its 40×40 child sits at x = its offset, y = 30 (vertically centred). Enough to hit-test the finger.
struct LeadingChildGeometry: GeometryProvider, HitTester, Sendable {
    func frames(of root: ResolvedView) -> [String: Rect] { [:] }
    func hitRegions(of root: ResolvedView) -> [HitRegion] {
        root.children.compactMap { child in
            child.modifiers.gestures.map { g in
                HitRegion(identity: child.identity, frame: Rect(x: child.modifiers.offset.x, y: 30, width: 40, height: 40),
                          transform: .identity, gestures: g)
            }
        }
    }
}

/// Fluid interfaces are interruptible: a finger that catches a view in flight takes it from where it
/// is on screen. `presented.x` in a handler reads that on-screen value.
final class PresentedValueTests: XCTestCase {
    func scene(grabWith start: String) -> String {
        """
        {"scene": 1, "canvas": {"width": 400, "height": 100}, "duration": 1, "state": {"x": 0, "start": 0},
         "body": {"type": "zstack", "frame": {"width": 400, "height": 100, "alignment": "leading"}, "children": [
           {"type": "rect", "fill": "red", "frame": {"width": 40, "height": 40}, "offset": {"x": "=x"},
            "gestures": [{"drag": {"minimumDistance": 0},
                          "onBegan": {"set": {"start": "\(start)"}},
                          "onChanged": {"set": {"x": "=start + gesture.translation.x"}}}]}]},
         "timeline": [{"at": 0.1, "set": {"x": 300}, "animation": {"spring": {"response": 1, "dampingFraction": 1}}}],
         "input": [{"at": 0.3, "down": [0, 50]}, {"at": 0.4, "move": [10, 50]}, {"at": 0.5, "up": true}]}
        """
    }

    func offset(_ r: SceneTimeline, _ i: Int) -> Double { r.frame(i).root?.children.first?.modifiers.offset.x ?? .nan }

    func timeline(_ json: String) throws -> SceneTimeline {
        try SceneTimeline(scene: try SceneLoader.load(bytes: Array(json.utf8), file: "s.json", directory: "."), fps: 60, images: [:], geometry: LeadingChildGeometry())
    }

    func testAGrabTakesTheViewFromWhereItIsOnScreen() throws {
        // The spring's closed form at the grab: 300·(1 − (1 + ωτ)e^(−ωτ)), ω = 2π, τ = 0.2 s.
        let w = 2 * Double.pi, tau = 0.2
        let onScreen = 300 * (1 - (1 + w * tau) * exp(-w * tau))
        // The touch at x = 0 must land on the view: it is at ~110 pt at 0.3 s, so put the finger there.
        let json = scene(grabWith: "=presented.x").replacingOccurrences(of: "\"down\": [0, 50]", with: "\"down\": [\(onScreen + 20), 50]")
            .replacingOccurrences(of: "\"move\": [10, 50]", with: "\"move\": [\(onScreen + 30), 50]")
        let r = try timeline(json)
        XCTAssertEqual(offset(r, 17), 300 * (1 - (1 + w * (17.0 / 60 - 0.1)) * exp(-w * (17.0 / 60 - 0.1))), accuracy: 1e-9)
        // At 0.3 s (frame 18) the finger holds the view where it was: no jump to the spring's target.
        XCTAssertEqual(offset(r, 18), onScreen, accuracy: 1e-6)
        XCTAssertEqual(offset(r, 23), onScreen, accuracy: 1e-6)
        // The finger moves 10 pt at 0.4 s (frame 24): the view follows from where it was caught.
        XCTAssertEqual(offset(r, 24), onScreen + 10, accuracy: 1e-6)
        XCTAssertTrue(r.history.fired.contains { $0.detail == "drag.began" })
    }

    /// Reading the model value instead, the view jumps to the spring's target plus the finger's move.
    func testTheModelValueWouldJump() throws {
        let w = 2 * Double.pi, tau = 0.2
        let onScreen = 300 * (1 - (1 + w * tau) * exp(-w * tau))
        let json = scene(grabWith: "=x").replacingOccurrences(of: "\"down\": [0, 50]", with: "\"down\": [\(onScreen + 20), 50]")
            .replacingOccurrences(of: "\"move\": [10, 50]", with: "\"move\": [\(onScreen + 30), 50]")
        let r = try timeline(json)
        XCTAssertEqual(offset(r, 24), 310, accuracy: 1e-6)
    }

    func testPresentedValuesAreOnlyForWhatEventsSet() throws {
        let json = """
        {"scene": 1, "canvas": {"width": 40, "height": 40}, "state": {"x": 0},
         "body": {"type": "rect", "opacity": "=presented.x"}}
        """
        XCTAssertThrowsError(try SceneLoader.load(bytes: Array(json.utf8), file: "s.json", directory: ".")) { error in
            XCTAssertTrue("\(error)".contains("presented values can be read only"), "\(error)")
        }
    }
}
