import Foundation
import Geometry
import Frames
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
        // The lower bound is where the content's end meets the viewport's bottom: 844 − the list's height.
        let listHeight = try XCTUnwrap(r.viewFrames(frame: 0)["list"]).height
        let bound = 844 - listHeight
        XCTAssertEqual(bound, -107, accuracy: 1e-9, "951 pt of content in an 844 pt viewport")
        // Drags 2 (1.9 s, 600 → 400 over 0.5 s, from rest at 0) and 3 (2.9 s, 620 → 270 over 0.6 s, from
        // rest at the bound, where drag 2's release put it): frame by frame, the list follows the finger
        // until the content's end reaches the viewport's bottom, and past that moves by pow(overshoot, 0.7).
        for (at, from, to, d, start) in [(1.9, 600.0, 400.0, 0.5, 0.0), (2.9, 620, 270, 0.6, bound)] {
            var banded = false
            for i in Int((at * 60).rounded(.up)) + 1...Int(((at + d) * 60).rounded(.down)) {
                let raw = start + finger(at, from, to, d, Double(i) / 60)
                let expected = raw >= bound ? raw : bound - pow(bound - raw, 0.7)
                XCTAssertEqual(try FluidScenes.offset("list", in: r, frame: i).y, expected, accuracy: 1e-9, "frame \(i)")
                banded = banded || raw < bound - 50
            }
            XCTAssertTrue(banded, "the drag at \(at) s goes well past the end")
        }
        // The furthest point of drag 3 (3.5 s, frame 210): the finger 350 pt past the bound, the list
        // pow(350, 0.7) = 60.374 pt past it.
        XCTAssertEqual(try FluidScenes.offset("list", in: r, frame: 210).y, -107 - 60.374, accuracy: 0.001)
        // Released, it springs back to the bound, not further: the last row's section ends 40 pt above the
        // viewport's bottom (the list's bottom padding), with no empty screen below it.
        XCTAssertEqual(try FluidScenes.offset("list", in: r, frame: 250).y, bound, accuracy: 0.05)
        // After drag 4 (release at 4.8 s, frame 288) the list returns to 0 monotonically.
        var previous = try FluidScenes.offset("list", in: r, frame: 288).y
        XCTAssertGreaterThan(previous, 0)
        for i in 289..<r.frameCount {
            let y = try FluidScenes.offset("list", in: r, frame: i).y
            XCTAssertLessThanOrEqual(y, previous + 1e-9)
            XCTAssertGreaterThanOrEqual(y, -1e-9)
            previous = y
        }
        XCTAssertEqual(previous, 0, accuracy: 0.05)
    }

    /// fluid-calculator-button, as a UIControl: the touch on "2" that slides off ends the press only where
    /// it passes 70 pt beyond the key's right edge (UIKit's drag-exit), begins it again where it comes back
    /// within 70 pt (drag-enter), and the lift inside is touch-up-inside: it types the digit.
    func testCalculatorTracksLikeAUIControl() throws {
        let r = try FluidScenes.renderer("fluid-calculator-button")
        let events = r.history.fired.filter { $0.kind == .gesture && $0.id == "row1key1" }
        let frame = try XCTUnwrap(r.viewFrames(frame: 0)["row1key1"])
        XCTAssertEqual(frame.maxX, 188, accuracy: 0.5)
        // From the script: the first move more than 70 pt past the key's edge, and the first move back within.
        let input = r.loaded.scene.input
        var exit: Double?, enter: Double?
        for e in input where e.at > 2.8 {
            guard case .move(let x, _) = e.action else { continue }
            if exit == nil, x > frame.maxX + 70 { exit = e.at }
            if exit != nil, enter == nil, x <= frame.maxX + 70 { enter = e.at }
        }
        let out = try XCTUnwrap(exit), back = try XCTUnwrap(enter)
        let up = try XCTUnwrap(input.last { if case .up = $0.action { true } else { false } }).at
        let phases = events.filter { $0.detail != "press.changed" }.map { "\($0.detail ?? "")@\($0.time)" }
        XCTAssertEqual(phases, ["press.began@2.8", "press.ended@\(out)", "press.began@\(back)", "press.ended@\(up)", "press.touchUpInside@\(up)"])
        let display = try XCTUnwrap(r.loaded.scene.state.firstIndex { $0.name == "display" })
        XCTAssertEqual(r.history.snapshots.last?.values[display], .string("5882"))
    }

    /// Each key has its own highlight (`itemState`): pressing "8" while "5" still fades leaves the fade of
    /// "5" running, easeOut over 0.5 s from its release at 0.62 s.
    func testCalculatorKeysFadeOnTheirOwn() throws {
        let r = try FluidScenes.renderer("fluid-calculator-button")
        let five = try XCTUnwrap(r.loaded.scene.state.firstIndex { $0.name == "lit[1]@body.children[3].children[0]" })
        let eight = try XCTUnwrap(r.loaded.scene.state.firstIndex { $0.name == "lit[1]@body.children[2].children[0]" })
        // The model values at 0.9 s: "8" is pressed (0.85 s), "5" was released (model 0, animating).
        let snaps = r.history.snapshots
        let last = try XCTUnwrap(snaps.last { $0.time <= 0.9 })
        XCTAssertEqual(last.values[eight], .number(1))
        XCTAssertEqual(last.values[five], .number(0))
        // On screen at 0.9 s the fill of "5" is still lighter than a key at rest: its fade was not cut off.
        let img = try r.image(frame: 54)
        func grey(_ id: String) throws -> Int {
            let f = try XCTUnwrap(r.viewFrames(frame: 54)[id])
            let x = Int((f.midX - 25) * 2), y = Int((f.midY - 25) * 2)
            return Int(img.pixels[4 * (y * img.width + x)])
        }
        let rest = try grey("row4key0"), fading = try grey("row4key1"), pressed = try grey("row7key1")
        // easeOut (0, 0, 0.58, 1) 0.28 s into 0.5 s leaves lit ≈ 0.2: #333333 → #737373 by a fifth ≈ 0x40.
        XCTAssertEqual(rest, 0x33)
        XCTAssertEqual(pressed, 0x73)
        XCTAssertGreaterThan(fading, rest + 4)
        XCTAssertLessThan(fading, pressed - 20)
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
            // A force written at a four-decimal frame time takes effect at that frame time.
            let at = FluidScenes.scriptTime(e.at)
            if phase == 0 && f >= 0.5 { phase = 1; on.toggle(); expected.append("light@\(at)") }
            if phase == 1 && f <= 0.49 { phase = 2; expected.append("medium@\(at)") }
            if phase == 2 && f <= 0.4 { phase = 0 }
        }
        let haptics = r.history.fired.filter { $0.kind == .haptic }.map { "\($0.detail ?? "")@\($0.time)" }
        XCTAssertEqual(haptics, expected)
        XCTAssertEqual(expected.filter { $0.hasPrefix("light") }.count, 2)
        let onSlot = try XCTUnwrap(r.loaded.scene.state.firstIndex { $0.name == "on" })
        XCTAssertEqual(r.history.snapshots.last?.values[onSlot], .bool(on))
        // The button's scale follows the force while pressed: 1 + (92/50 − 1)·force.
        let firm = try XCTUnwrap(r.loaded.scene.input.first { $0.force == 0.6 })
        let i = Int((firm.at * r.fps).rounded(.up))
        let scale = try XCTUnwrap(FluidScenes.view("flashlight", in: r, frame: i)).modifiers.scale
        XCTAssertEqual(scale.x, 1 + (92.0 / 50 - 1) * 0.6, accuracy: 1e-9)
    }

    /// fluid-rotation: the readout says what its number is. While a finger turns the photo, "angle N°" is
    /// the photo's drawn rotation (0.6° per point of the script's drag); after a release, "snaps to N°"
    /// is where the spring then brings it to rest (read from the last frame before the next drag), and
    /// the second line names the projected angle the snap was rounded from and the quarter turn it rounds to.
    func testRotationReadoutSaysWhatItShows() throws {
        let r = try FluidScenes.renderer("fluid-rotation")
        func text(_ id: String, _ i: Int) throws -> String {
            guard case .text(let s, _, _) = try XCTUnwrap(FluidScenes.view(id, in: r, frame: i)).kind else { return "" }
            return s
        }
        func rotation(_ i: Int) throws -> Double { try XCTUnwrap(FluidScenes.view("photo", in: r, frame: i)).modifiers.rotation }
        XCTAssertEqual(try text("readout", 0), "at rest at 0°")
        // Drag 1 (0.5 s, 150 → 190 over 1 s) at 1.0 s: 0.6 · 40 · profile(0.5) = 7.5°, shown as 8°.
        XCTAssertEqual(try rotation(60), 0.6 * 40 * FluidScenes.profile(0.5), accuracy: 1e-9)
        XCTAssertEqual(try text("readout", 60), "angle 8° · following the finger")
        // After each release (1.5 s, 2.3 s and 3.78 s): the number is where the photo comes to rest.
        for (after, rest) in [(100, 131), (150, 215), (240, 288)] {
            let shown = try text("readout", after)
            XCTAssertTrue(shown.hasPrefix("snaps to "), "frame \(after): \(shown)")
            XCTAssertEqual(shown, "snaps to \(Int(try rotation(rest).rounded()))°", "frame \(after)")
            // The second line rounds the projection to the same quarter turn, never to another number.
            let reason = try text("reason", after)
            XCTAssertTrue(reason.hasPrefix("throw would stop at "), "frame \(after): \(reason)")
            XCTAssertTrue(reason.hasSuffix(" · rounds to \(Int(try rotation(rest).rounded()))°"), "frame \(after): \(reason)")
        }
    }

    /// fluid-acceleration-pause: the original's rule, recomputed here from the script's positions. Each
    /// move is a velocity sample, the finger's speed since the previous touch (a pan recogniser's velocity
    /// reacts within a sample or two, not over 100 ms); the last seven are kept, and the drag counts as
    /// paused at the first sample where the speed is under 100 pt/s, under 10 % of the oldest of the seven,
    /// and the finger is more than 50 pt above where it went down. That happens once, in the second drag
    /// (the one that stops abruptly), and the haptic fires at exactly that sample.
    func testAccelerationPauseFiresAtTheSampleOfTheOriginalRule() throws {
        let r = try FluidScenes.renderer("fluid-acceleration-pause")
        var expected: [Double] = []
        var downY = 0.0, last: (t: Double, y: Double)?, samples: [Double] = [], paused = false
        for e in r.loaded.scene.input.sorted(by: { $0.at < $1.at }) {
            // The script's times are frame times written to four decimals: each takes effect at its frame.
            let at = FluidScenes.scriptTime(e.at)
            switch e.action {
            case .down(_, let y):
                downY = y; last = (at, y); samples = []; paused = false
            case .move(_, let y):
                guard let previous = last else { continue }
                let v = (y - previous.y) / (at - previous.t)
                last = (at, y)
                samples = Array((samples + [v]).suffix(7))
                if !paused, samples.count == 7, let oldest = samples.first,
                   downY - y > 50, abs(v) < 100, abs(v) < 0.1 * abs(oldest) {
                    paused = true
                    expected.append(at)
                }
            case .up: last = nil
            default: break
            }
        }
        let haptics = r.history.fired.filter { $0.kind == .haptic }
        XCTAssertEqual(haptics.map(\.time), expected)
        XCTAssertEqual(expected.count, 1, "the script has one abrupt stop")
        let downs = r.loaded.scene.input.filter { if case .down = $0.action { return true } else { return false } }.map(\.at)
        XCTAssertEqual(downs.count, 3)
        let t = try XCTUnwrap(haptics.first).time
        XCTAssertTrue(t > downs[1] && t < downs[2], "the pause is in the second drag (at \(t) s)")
        // It reacts within a few samples of the stop: the last fast move of the second drag is at 2.05 s.
        XCTAssertLessThan(t, 2.05 + 4.5 / 60, "detected at \(t) s")
    }
}

/// fluid-drawer's InstantPanGestureRecognizer: the pan begins on touch-down, so a finger on the moving
/// drawer holds it where it is on screen; a still touch on a drawer in flight is no tap toggle.
final class FluidDrawerTests: XCTestCase {
    func testATouchOnTheMovingDrawerCatchesItWhereItIs() throws {
        let r = try FluidScenes.renderer("fluid-drawer")
        let input = r.loaded.scene.input
        // The still touch of the script: a down with no move before its up.
        let down = try XCTUnwrap(input.first { if case .down = $0.action { true } else { false } }).at
        let up = try XCTUnwrap(input.first { if case .up = $0.action, $0.at > down { true } else { false } }).at
        let fps = r.fps
        let first = Int((down * fps).rounded(.up)), last = Int((up * fps).rounded(.down))
        let before = try FluidScenes.offset("sheet", in: r, frame: first - 1).y
        let caught = try FluidScenes.offset("sheet", in: r, frame: first).y
        XCTAssertGreaterThan(abs(caught - before), 5, "the drawer was moving before the touch")
        XCTAssertTrue(caught > 130 && caught < 714, "caught in flight, away from both ends: \(caught)")
        // Within one frame of touch-down the drawer stops, and it stays under the still finger.
        for i in first...last {
            XCTAssertEqual(try FluidScenes.offset("sheet", in: r, frame: i).y, caught, accuracy: 1e-9, "frame \(i)")
        }
        // Released without moving, it settles on the nearer end (projection of no velocity), not the other end.
        let end = try FluidScenes.offset("sheet", in: r, time: up + 1).y
        XCTAssertEqual(end, FluidScenes.nearest(caught, [120, 724]), accuracy: 0.5)
    }

    /// A tap on the drawer at rest still toggles it, with the response-0.4 critically damped spring (no bounce).
    func testATapOnTheDrawerAtRestTogglesItWithoutBounce() throws {
        let r = try FluidScenes.renderer("fluid-drawer")
        XCTAssertEqual(try FluidScenes.offset("sheet", in: r, time: 0.55).y, 724, accuracy: 1e-9)
        var previous = 724.0
        for i in 36...90 {
            let y = try FluidScenes.offset("sheet", in: r, frame: i).y
            XCTAssertLessThanOrEqual(y, previous + 1e-9, "frame \(i): no bounce back")
            XCTAssertGreaterThanOrEqual(y, 120 - 1e-9, "frame \(i): no overshoot")
            previous = y
        }
        XCTAssertEqual(previous, 120, accuracy: 0.5)
    }
}

/// fluid-flashlight: the on/off colour changes inside the release spring (damping 0.4, response 0.2), as the
/// original sets it in its release animation: no one-frame swap, and the wobble shows in the colour.
final class FluidFlashlightColourTests: XCTestCase {
    func testButtonColourChangesWithTheReleaseSpring() throws {
        let r = try FluidScenes.renderer("fluid-flashlight")
        let frame = try XCTUnwrap(r.viewFrames(frame: 0)["flashlight"])
        // The row of buttons is drawn 333 pt lower (its offset); sample the fill left of the icon.
        let x = Int((frame.minX + 5) * 2), y = Int((frame.midY + 333) * 2)
        func red(_ i: Int) throws -> Int {
            let img = try r.image(frame: i)
            return Int(img.pixels[4 * (y * img.width + x)])
        }
        let releases = r.history.fired.filter { $0.detail == "press.ended" }.map { Int(($0.time * r.fps).rounded(.up)) }
        let first = try XCTUnwrap(releases.first)
        // Every frame from a little before the first release to the end (both switches happen there).
        let start = first - 20
        let reds = try (start..<r.frameCount).map(red)
        let lo = reds.min() ?? 0, hi = reds.max() ?? 0
        XCTAssertGreaterThan(hi - lo, 150, "the button turns white and back: \(lo)…\(hi)")
        for i in 1..<reds.count {
            XCTAssertLessThanOrEqual(abs(reds[i] - reds[i - 1]), (hi - lo) * 2 / 5, "frame \(i): the colour jumps \(reds[i - 1]) → \(reds[i])")
        }
        // The change starts at a release, not at the activation (0.93 s, before frame 60): until the first
        // release the button keeps the colour it had at the start.
        let dark = try red(0)
        XCTAssertEqual(try red(60), dark)
        XCTAssertTrue(reds[..<20].allSatisfy { $0 == dark }, "unchanged until the first release: \(reds[..<20])")
        // The under-damped spring carries the colour past white and back: white (clamped), then a dip, then white.
        let after = Array(reds[20..<min(reds.count, 50)])
        let firstWhite = try XCTUnwrap(after.firstIndex { $0 >= 254 })
        XCTAssertNotNil(after[firstWhite...].firstIndex { $0 < 250 }, "the wobble shows: \(after)")
    }
}
