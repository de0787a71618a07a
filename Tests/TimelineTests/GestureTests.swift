import Foundation
import Geometry
import SceneModel
import XCTest
@testable import Timeline

/// A hit tester without layout: the root view is a `side`-point square at the canvas origin.
struct SquareHitTester: HitTester {
    var side = 100.0
    func hitRegions(of root: ResolvedView) -> [HitRegion] {
        guard let g = root.modifiers.gestures else { return [] }
        return [HitRegion(identity: root.identity, frame: Rect(x: 0, y: 0, width: side, height: side), transform: .identity, gestures: g)]
    }
}

/// The gesture phases logged for a scene, as "kind.phase@time".
func phases(_ h: StateHistory) -> [String] {
    h.fired.filter { $0.kind == .gesture }.map { "\($0.detail ?? "")@\(String(format: "%.3f", $0.time))" }
}

/// A state variable's value in the last snapshot.
func finalValue(_ s: Scene, _ h: StateHistory, _ name: String) -> Value? {
    guard let i = s.state.firstIndex(where: { $0.name == name }) else { return nil }
    return h.snapshots.last?.values[i]
}

final class GestureTests: XCTestCase {
    /// A press that slides off the view ends at the exit (the calculator button's drag-exit: more than
    /// 70 pt outside the view's bounds, where UIKit tracks a control's touch), and neither the press's
    /// touch-up-inside nor the tap fires on the up outside.
    func testPressReleasedOutsideCancels() throws {
        let s = try scene("""
        {"scene": 1, "canvas": {"width": 300, "height": 300}, "duration": 2,
         "state": {"lit": 0, "taps": 0},
         "body": {"type": "rect", "frame": {"width": 100, "height": 100},
           "gestures": [
             {"press": {}, "onBegan": {"set": {"lit": 1}}, "onEnded": {"set": {"lit": 0}, "animation": {"easeOut": 0.5}}},
             {"tap": {}, "onEnded": {"set": {"taps": "=taps + 1"}}}]},
         "input": [
           {"at": 0.2, "down": [50, 50]}, {"at": 0.3, "move": [165, 50]}, {"at": 0.4, "move": [180, 50]},
           {"at": 0.5, "up": true},
           {"at": 1.0, "tap": [50, 50]}]}
        """)
        let h = try StateHistory(scene: s, horizon: 2, hitTester: SquareHitTester())
        // Began on down, still pressed 65 pt out (0.3), ended at the exit 80 pt out (0.4), nothing at the
        // up outside; the later tap inside counts once and is a touch-up-inside of the press.
        XCTAssertEqual(phases(h), ["press.began@0.200", "press.changed@0.300", "press.ended@0.400",
                                   "press.began@1.000", "press.ended@1.000", "press.touchUpInside@1.000", "tap.ended@1.000"])
        XCTAssertEqual(finalValue(s, h, "taps"), .number(1))
    }

    /// Drag-exit ends the press and drag-enter begins it again; a touch that left and came back and lifts
    /// inside is a touch-up-inside (UIControl), with the default 70 pt margin and with an explicit one.
    func testPressReentersOnDragEnter() throws {
        for (press, out, back) in [("{}", 180, 160), (#"{"trackingMargin": 0}"#, 101, 99)] {
            let s = try scene("""
            {"scene": 1, "canvas": {"width": 300, "height": 300}, "duration": 2, "state": {"lit": 0, "typed": 0},
             "body": {"type": "rect", "frame": {"width": 100, "height": 100},
               "gestures": [{"press": \(press), "onBegan": {"set": {"lit": 1}}, "onEnded": {"set": {"lit": 0}},
                             "onTouchUpInside": {"set": {"typed": "=typed + 1"}}}]},
             "input": [{"at": 0.2, "down": [50, 50]}, {"at": 0.3, "move": [\(out), 50]}, {"at": 0.4, "move": [\(back), 50]},
                       {"at": 0.5, "up": true}]}
            """)
            let h = try StateHistory(scene: s, horizon: 2, hitTester: SquareHitTester())
            XCTAssertEqual(phases(h), ["press.began@0.200", "press.ended@0.300", "press.began@0.400", "press.ended@0.500",
                                       "press.touchUpInside@0.500"], press)
            XCTAssertEqual(finalValue(s, h, "typed"), .number(1), press)
        }
    }

    static let charge = """
    {"scene": 1, "canvas": {"width": 300, "height": 300}, "duration": 3,
     "state": {"charging": false, "progress": 0},
     "body": {"type": "rect", "frame": {"width": 100, "height": 100},
       "gestures": [{"longPress": {"minimumDuration": 0.5}, "onEnded": {"set": {"charging": true}}}]},
     "timeline": [{"when": "charging", "timer": {"id": "charge", "interval": 0.1, "set": {"progress": "=progress + 0.1"},
                   "until": "progress >= 0.5"}}],
     "input": INPUT}
    """

    /// A long press released before its minimum duration starts nothing; one held past it starts the
    /// charge exactly at down + minimumDuration.
    func testLongPressShorterThanMinimumDoesNotCharge() throws {
        let short = try scene(Self.charge.replacingOccurrences(of: "INPUT", with: #"[{"at": 0.2, "down": [50, 50]}, {"at": 0.6, "up": true}]"#))
        let h1 = try StateHistory(scene: short, horizon: 3, hitTester: SquareHitTester())
        XCTAssertEqual(finalValue(short, h1, "charging"), .bool(false))
        XCTAssertEqual(finalValue(short, h1, "progress"), .number(0))
        XCTAssertFalse(h1.fired.contains { $0.kind == .timerStart })
        XCTAssertEqual(phases(h1), ["longPress.began@0.200", "longPress.cancelled@0.600"])

        let long = try scene(Self.charge.replacingOccurrences(of: "INPUT", with: #"[{"at": 0.2, "down": [50, 50]}, {"at": 0.8, "up": true}]"#))
        let h2 = try StateHistory(scene: long, horizon: 3, hitTester: SquareHitTester())
        let start = try XCTUnwrap(h2.fired.first { $0.kind == .timerStart })
        XCTAssertEqual(start.time, 0.7, accuracy: 1e-9)
        XCTAssertEqual(finalValue(long, h2, "charging"), .bool(true))
    }

    /// A long press that moves beyond maximumDistance fails before its deadline.
    func testLongPressFailsWhenMovedTooFar() throws {
        let moved = try scene(Self.charge.replacingOccurrences(of: "INPUT", with:
            #"[{"at": 0.2, "down": [50, 50]}, {"at": 0.3, "move": [50, 62]}, {"at": 0.9, "up": true}]"#))
        let h = try StateHistory(scene: moved, horizon: 3, hitTester: SquareHitTester())
        XCTAssertEqual(finalValue(moved, h, "charging"), .bool(false))
        XCTAssertEqual(phases(h), ["longPress.began@0.200", "longPress.failed@0.300"])
    }

    /// `onFailed` runs when a long press fails, lifted early or moved too far, and not when it succeeds: SwiftUI's
    /// `onPressingChanged(false)` (the Swift front end's pressing gesture).
    func testLongPressOnFailedRunsWhenItFails() throws {
        let text = """
        {"scene": 1, "canvas": {"width": 300, "height": 300}, "duration": 3, "state": {"pressing": false, "fails": 0, "done": 0},
         "body": {"type": "rect", "frame": {"width": 100, "height": 100},
           "gestures": [{"longPress": {"minimumDuration": 0.5}, "onBegan": {"set": {"pressing": true}},
                         "onEnded": {"set": {"pressing": false, "done": "=done + 1"}}, "onFailed": {"set": {"pressing": false, "fails": "=fails + 1"}}}]},
         "input": INPUT}
        """
        for (input, fails, done) in [(#"[{"at": 0.2, "down": [50, 50]}, {"at": 0.4, "up": true}]"#, 1.0, 0.0),
                                     (#"[{"at": 0.2, "down": [50, 50]}, {"at": 0.3, "move": [50, 62]}, {"at": 0.9, "up": true}]"#, 1, 0),
                                     (#"[{"at": 0.2, "down": [50, 50]}, {"at": 1.5, "up": true}]"#, 0, 1)] {
            let s = try scene(text.replacingOccurrences(of: "INPUT", with: input))
            let h = try StateHistory(scene: s, horizon: 3, hitTester: SquareHitTester())
            XCTAssertEqual(finalValue(s, h, "pressing"), .bool(false), input)
            XCTAssertEqual(finalValue(s, h, "fails"), .number(fails), input)
            XCTAssertEqual(finalValue(s, h, "done"), .number(done), input)
        }
    }

    /// A new touch starts without force unless the script gives one, even after a firm touch.
    func testNewTouchStartsWithoutForce() throws {
        let s = try scene("""
        {"scene": 1, "canvas": {"width": 300, "height": 300}, "duration": 2, "state": {"f": -1, "g": -1},
         "body": {"type": "rect", "frame": {"width": 100, "height": 100},
           "gestures": [{"press": {}, "onBegan": {"set": {"f": "=gesture.force"}}, "onChanged": {"set": {"g": "=gesture.force"}}}]},
         "input": [{"at": 0.1, "down": [50, 50], "force": 0.7}, {"at": 0.2, "up": true},
                   {"at": 0.5, "down": [50, 50]}, {"at": 0.6, "move": [50, 50], "force": 0.3}, {"at": 0.7, "move": [51, 50]},
                   {"at": 0.8, "up": true}]}
        """)
        let h = try StateHistory(scene: s, horizon: 2, hitTester: SquareHitTester())
        XCTAssertEqual(finalValue(s, h, "f"), .number(0))
        // A move without force keeps the last force given.
        XCTAssertEqual(finalValue(s, h, "g"), .number(0.3))
    }

    /// Drag velocity is the average over the last 100 ms: for a scripted drag that is the profile's
    /// travel over its last 0.1 s, s(1) − s(1 − 0.1/d), computed here in closed form.
    func testDragReleaseVelocityIsTheLast100ms() throws {
        let s = try scene("""
        {"scene": 1, "canvas": {"width": 300, "height": 300}, "duration": 2, "fps": 60, "state": {"v": 0},
         "body": {"type": "rect", "frame": {"width": 100, "height": 100},
           "gestures": [{"drag": {"minimumDistance": 0}, "onEnded": {"set": {"v": "=gesture.velocity.x"}}}]},
         "input": [{"at": 0.5, "drag": {"from": [20, 50], "to": [140, 50], "duration": 0.25}}]}
        """)
        let h = try StateHistory(scene: s, horizon: 2, hitTester: SquareHitTester())
        let profile = { (u: Double) in (3 * u * u - u * u * u) / 2 }
        let expected = 120 * (1 - profile(1 - 0.1 / 0.25)) / 0.1
        guard case .number(let v)? = finalValue(s, h, "v") else { return XCTFail("no velocity") }
        XCTAssertEqual(v, expected, accuracy: 1e-6)
    }
}
