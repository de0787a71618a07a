import Foundation
import Geometry
import RenderKit
import SceneModel
import XCTest

/// The other fluid scenes against computations written here from the scene's own script.
final class FluidInteractionTests: XCTestCase {
    /// fluid-rubber-band: the list follows the finger in bounds and moves by pow(overshoot, 0.7) past
    /// either end; after the last release it springs back (damping 1: no overshoot) to the top.
    func testRubberBandMovesByPowerOfTheOvershoot() throws {
        let r = try FluidScenes.renderer("fluid-rubber-band")
        func finger(_ at: Double, _ from: Double, _ to: Double, _ d: Double, _ t: Double) -> Double {
            (to - from) * FluidScenes.profile((t - at) / d)
        }
        // Drag 1 (0.5 s, 300 → 560 over 0.6 s) pulls past the top: at 1.0 s (frame 60).
        let pull = finger(0.5, 300, 560, 0.6, 1.0)
        XCTAssertEqual(try FluidScenes.offset("list", in: r, frame: 60).y, pow(pull, 0.7), accuracy: 1e-9)
        XCTAssertGreaterThan(pull, 150) // the finger is far ahead of the content
        // Drag 2 (1.9 s, 600 → 400) scrolls 200 pt within bounds and stays there.
        XCTAssertEqual(try FluidScenes.offset("list", in: r, frame: 150).y, -200, accuracy: 1e-9)
        // Drag 3 (2.9 s, 620 → 270 over 0.6 s) goes past the end at −300: at 3.4 s (frame 204).
        let raw = -200 + finger(2.9, 620, 270, 0.6, 3.4)
        XCTAssertLessThan(raw, -300)
        XCTAssertEqual(try FluidScenes.offset("list", in: r, frame: 204).y, -300 - pow(-300 - raw, 0.7), accuracy: 1e-9)
        // After drag 4 (release at 4.8 s, frame 288) the list returns to 0 monotonically.
        var previous = try FluidScenes.offset("list", in: r, frame: 288).y
        XCTAssertGreaterThan(previous, 0)
        for i in 289..<r.source.frameCount {
            let y = try FluidScenes.offset("list", in: r, frame: i).y
            XCTAssertLessThanOrEqual(y, previous + 1e-9)
            XCTAssertGreaterThanOrEqual(y, -1e-9)
            previous = y
        }
        XCTAssertEqual(previous, 0, accuracy: 0.05)
    }

    /// fluid-calculator-button: the touch on "2" that slides off ends the press where it crosses the
    /// key's right edge (x = 188), re-begins it where it comes back, and types nothing.
    func testCalculatorDragExitCancels() throws {
        let r = try FluidScenes.renderer("fluid-calculator-button")
        let events = r.source.history.fired.filter { $0.kind == .gesture && $0.id == "key2" }
        let frame = try XCTUnwrap(r.viewFrames(frame: 0)["key2"])
        // From the script: the first move past the key's edge, and the first move back inside.
        let input = r.loaded.scene.input
        var exit: Double?, enter: Double?
        for e in input where e.at > 2.8 {
            guard case .move(let x, _) = e.action else { continue }
            if exit == nil, x > frame.maxX { exit = e.at }
            if exit != nil, enter == nil, x <= frame.maxX { enter = e.at }
        }
        let out = try XCTUnwrap(exit), back = try XCTUnwrap(enter)
        let phases = events.filter { $0.detail != "press.changed" }.map { "\($0.detail ?? "")@\($0.time)" }
        XCTAssertEqual(phases, ["press.began@2.8", "press.ended@\(out)", "press.began@\(back)", "press.ended@\(events.last?.time ?? 0)"])
        XCTAssertFalse(events.contains { $0.detail == "tap.ended" })
        let display = try XCTUnwrap(r.loaded.scene.state.firstIndex { $0.name == "display" })
        XCTAssertEqual(r.source.history.snapshots.last?.values[display], .string("588"))
    }

    /// fluid-flashlight: the haptics follow the 0.5 / 0.49 / 0.4 hysteresis, recomputed here from
    /// the scripted forces: light on reaching 0.5 from ready, medium on falling to 0.49 after that,
    /// ready again only below 0.4 (so 0.495 confirms nothing and 0.52 after a confirmation does not
    /// re-activate); a release resets.
    func testFlashlightHysteresis() throws {
        let r = try FluidScenes.renderer("fluid-flashlight")
        var expected: [String] = []
        var phase = 0, on = false
        for e in r.loaded.scene.input.sorted(by: { $0.at < $1.at }) {
            switch e.action {
            case .up: phase = 0; continue
            default: break
            }
            guard let f = e.force else { continue }
            if phase == 0 && f >= 0.5 { phase = 1; on.toggle(); expected.append("light@\(e.at)") }
            if phase == 1 && f <= 0.49 { phase = 2; expected.append("medium@\(e.at)") }
            if phase == 2 && f <= 0.4 { phase = 0 }
        }
        let haptics = r.source.history.fired.filter { $0.kind == .haptic }.map { "\($0.detail ?? "")@\($0.time)" }
        XCTAssertEqual(haptics, expected)
        XCTAssertEqual(expected.filter { $0.hasPrefix("light") }.count, 2)
        let onSlot = try XCTUnwrap(r.loaded.scene.state.firstIndex { $0.name == "on" })
        XCTAssertEqual(r.source.history.snapshots.last?.values[onSlot], .bool(on))
        // The button's scale follows the force while pressed: 1 + (92/50 − 1)·force.
        let firm = try XCTUnwrap(r.loaded.scene.input.first { $0.force == 0.6 })
        let i = Int((firm.at * r.fps).rounded(.up))
        let scale = try XCTUnwrap(FluidScenes.view("flashlight", in: r, frame: i)).modifiers.scale
        XCTAssertEqual(scale.x, 1 + (92.0 / 50 - 1) * 0.6, accuracy: 1e-9)
    }

    /// fluid-acceleration-pause: the pause fires once, on the drag that stops abruptly, not on the
    /// flick or on the drag that was slow throughout.
    func testAccelerationPauseOnlyOnTheAbruptStop() throws {
        let r = try FluidScenes.renderer("fluid-acceleration-pause")
        let haptics = r.source.history.fired.filter { $0.kind == .haptic }
        XCTAssertEqual(haptics.count, 1)
        let downs = r.loaded.scene.input.filter { if case .down = $0.action { return true } else { return false } }.map(\.at)
        XCTAssertEqual(downs.count, 3)
        let t = try XCTUnwrap(haptics.first).time
        XCTAssertTrue(t > downs[1] && t < downs[2], "the pause is in the second drag (at \(t) s)")
    }
}
