import Foundation
import Geometry
import Frames
import RenderKit
import SceneModel
import Timeline
import XCTest

/// The real scene file `name` in the repository's `Scenes/` folder, found from this file's path.
func referenceScenePath(_ name: String, file: String = #filePath) -> String {
    URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenes").appendingPathComponent(name).path
}

func loadReferenceScene(_ name: String, options: FrameOptions = FrameOptions()) throws -> FrameSource {
    let loaded = try LoadedScene.load(path: referenceScenePath(name))
    return try FrameSource(loaded, options: options)
}

/// The value of state variable `name` after the last change at or before `time` (seconds).
func stateValue(_ r: FrameSource, _ name: String, at time: Double) throws -> Value {
    let slot = try XCTUnwrap(r.loaded.scene.state.firstIndex { $0.name == name }, "no state variable \(name)")
    let snaps = r.history.snapshots
    let last = try XCTUnwrap(snaps.lastIndex { $0.time <= time + 1e-9 })
    return snaps[last].values[slot]
}

/// The charge rule of reference interaction 1, run independently of the renderer: 10 ms ticks,
/// progress += increment, increment += 0.00007 from 0.0007; a soft haptic whenever progress has grown
/// 1 % since the last one (checked before the clamp). Returns (ticks to reach 1, haptics, progress after `ticks`).
func chargeRule(maxTicks: Int = .max) -> (ticks: Int, haptics: Int, progress: Double) {
    var progress = 0.0, inc = 0.0007, buzz = 0.0, ticks = 0, haptics = 0
    while progress < 1 && ticks < maxTicks {
        progress += inc; inc += 0.00007; ticks += 1
        if progress >= buzz + 0.01 { buzz = progress; haptics += 1 }
    }
    return (ticks, haptics, progress)
}

final class ReferenceSceneUnlockTests: XCTestCase {
    /// The bar's accent fill.
    let fill = "body.children[0].children[0].children[1]"

    func testEarlyReleaseStopsTheChargeAndResetsToZero() throws {
        let r = try loadReferenceScene("unlock.json")
        let fired = r.history.fired
        let starts = fired.filter { $0.kind == .timerStart && $0.id == "charge" }
        let ends = fired.filter { $0.kind == .timerEnd && $0.id == "charge" }
        XCTAssertEqual(starts.count, 2)
        XCTAssertEqual(ends.count, 2)
        // The first charge starts when the long press is recognised (down at 0.4 + 0.5 s) and is
        // stopped by the release at 2.105 s: 120 ticks, well short of the 160 that complete it.
        let release = try XCTUnwrap(fired.first { $0.detail == "press.ended" })
        XCTAssertEqual(starts[0].time, 0.9, accuracy: 1e-9)
        XCTAssertEqual(ends[0].time, release.time, accuracy: 1e-9)
        let firstTicks = fired.filter { $0.kind == .tick && $0.time > starts[0].time && $0.time <= ends[0].time }
        XCTAssertEqual(firstTicks.count, 120)
        let expected = chargeRule(maxTicks: 120).progress
        XCTAssertLessThan(expected, 1)
        XCTAssertEqual(try stateValue(r, "progress", at: release.time - 0.001).number ?? -1, expected, accuracy: 1e-9)
        XCTAssertEqual(try stateValue(r, "progress", at: release.time).number, 0)
        XCTAssertNil(fired.first { $0.id == "charged" && $0.time < starts[1].time }, "the early release must not complete the charge")
        // On screen: the fill is 300·progress wide just before the release, then animates back to nothing
        // (width shrinks frame by frame) and is empty before the second charge starts.
        let before = try XCTUnwrap(r.viewFrames(frame: 126)[fill])
        // Its edges are on the pixel grid of scale 2 (§6), so the width is within 1/2 pt of 300·progress.
        XCTAssertEqual(before.width, 300 * chargeRule(maxTicks: 120).progress, accuracy: 0.5 + 1e-9)
        var previous = before.width
        for i in [132, 138, 150, 170] {
            let w = try XCTUnwrap(r.viewFrames(frame: i)[fill]).width
            XCTAssertLessThan(w, previous, "frame \(i)")
            previous = w
        }
        XCTAssertEqual(try XCTUnwrap(r.viewFrames(frame: 200)[fill]).width, 0, accuracy: 0.5)
    }

    func testFullHoldGives160TicksAnd77SoftHapticsThenStaysFull() throws {
        let r = try loadReferenceScene("unlock.json")
        let fired = r.history.fired
        let start = try XCTUnwrap(fired.last { $0.kind == .timerStart })
        let end = try XCTUnwrap(fired.last { $0.kind == .timerEnd })
        let rule = chargeRule()
        XCTAssertEqual(rule.ticks, 160)
        XCTAssertEqual(rule.haptics, 77)
        let ticks = fired.filter { $0.kind == .tick && $0.time > start.time && $0.time <= end.time }
        let soft = fired.filter { $0.kind == .haptic && $0.detail == "soft" && $0.time > start.time && $0.time <= end.time }
        XCTAssertEqual(ticks.count, rule.ticks)
        XCTAssertEqual(soft.count, rule.haptics)
        XCTAssertEqual(end.time - start.time, 1.60, accuracy: 1e-9)
        // Releasing after 100 % leaves the bar full.
        let release = try XCTUnwrap(fired.last { $0.detail == "press.ended" })
        XCTAssertGreaterThan(release.time, end.time)
        XCTAssertEqual(try stateValue(r, "progress", at: release.time + 0.5).number, 1)
        // Frame 299 (4.983 s) shows 158 of the 160 ticks.
        // Its edges sit on the pixel grid of scale 2 (§6): the leading edge at 45 pt, the trailing one rounded.
        let bar = try XCTUnwrap(r.viewFrames(frame: 299)[fill])
        XCTAssertEqual(bar.minX, 45)
        XCTAssertEqual(bar.width, ((45 + 300 * chargeRule(maxTicks: 158).progress) * 2).rounded() / 2 - 45, accuracy: 1e-9)
    }

    /// Reference interaction 1, item 8: the bar becomes a card as soon as the charge completes, the six
    /// cards follow one second later and the PIN field one second after that (nested asyncAfter(1));
    /// item 9: the only haptics are the charge's soft ticks.
    func testStagesFollowOneSecondApart() throws {
        let r = try loadReferenceScene("unlock.json")
        let fired = r.history.fired
        func time(_ id: String) throws -> Double { try XCTUnwrap(fired.first { $0.kind == .event && $0.id == id }, id).time }
        let charged = try time("charged")
        XCTAssertEqual(charged, 3.4 + 1.6, accuracy: 1e-9)
        let expected: [(String, Double)] = [("toCard", 0), ("toDeck", 1), ("fanOut", 1), ("toPin", 2), ("shake", 3), ("dissolve", 4)]
        for (id, offset) in expected { XCTAssertEqual(try time(id), charged + offset, accuracy: 1e-9, id) }
        let stages = try expected.map { (try time($0.0), $0.0) }
        XCTAssertEqual(stages.map(\.1), stages.sorted { $0.0 < $1.0 }.map(\.1))
        let haptics = fired.filter { $0.kind == .haptic }
        XCTAssertEqual(Set(haptics.map { $0.detail ?? "" }), ["soft"])
        // The soft ticks of the 120-tick charge cut short by the early release, then of the full one.
        XCTAssertEqual(haptics.count, chargeRule(maxTicks: 120).haptics + 77)
    }

    /// Bar → card: the card's frame moves from the bar's (300×24) toward its own (48×30) in between;
    /// then the six cards fan out one to one into an hstack, 48 + 8 pt apart.
    func testCardMoveAndFanOut() throws {
        let r = try loadReferenceScene("unlock.json")
        // Frame 300 (5.0 s) is the first of the move: the card stands where the full bar is.
        let bar = try XCTUnwrap(r.viewFrames(frame: 300)["card"])
        XCTAssertEqual(bar.width, 300, accuracy: 1e-6)
        XCTAssertEqual(bar.height, 24, accuracy: 1e-6)
        let rest = try XCTUnwrap(r.viewFrames(frame: 350)["card"])
        XCTAssertEqual(rest.width, 48, accuracy: 1e-6)
        XCTAssertEqual(rest.height, 30, accuracy: 1e-6)
        let mid = try XCTUnwrap(r.viewFrames(frame: 306)["card"])
        XCTAssertGreaterThan(mid.width, rest.width + 1)
        XCTAssertLessThan(mid.width, bar.width - 1)
        XCTAssertGreaterThan(mid.minX, bar.minX)
        XCTAssertLessThan(mid.minX, rest.minX)
        let fanned = r.viewFrames(frame: 410)
        let xs = try (0..<6).map { try XCTUnwrap(fanned["fan\($0)"]).minX }
        for k in 1..<6 { XCTAssertEqual(xs[k] - xs[k - 1], 56, accuracy: 1e-6) }
        // Half-way through the fan-out every card is between the deck's centre position and its own.
        let moving = r.viewFrames(frame: 364)
        for k in 0..<6 {
            let x = try XCTUnwrap(moving["fan\(k)"]).minX
            if k < 3 { XCTAssertTrue(x < 171 && x > xs[k], "card \(k) at \(x)") } else { XCTAssertTrue(x > 171 && x < xs[k], "card \(k) at \(x)") }
        }
    }

    /// The timeline-only version shows the same pictures as the input-driven one.
    func testTimelineVersionMatchesTheInputVersion() throws {
        let a = try loadReferenceScene("unlock.json")
        let b = try loadReferenceScene("unlock-timeline.json")
        XCTAssertTrue(b.loaded.scene.input.isEmpty)
        for i in [126, 160, 268, 300, 312, 366, 426, 485, 552] {
            XCTAssertEqual(try a.image(frame: i).pixels, try b.image(frame: i).pixels, "frame \(i)")
        }
    }

    func testRendersAtScale3() throws {
        var options = FrameOptions()
        options.scale = 3
        let r = try loadReferenceScene("unlock.json", options: options)
        let img = try r.image(frame: 299)
        XCTAssertEqual(img.width, 1170)
        XCTAssertEqual(img.height, 900)
        // The full bar's centre is the accent colour #8A7CFF.
        let p = 4 * (130 * 3 * img.width + 195 * 3)
        XCTAssertEqual(Array(img.pixels[p..<p + 4]), [0x8A, 0x7C, 0xFF, 255])
    }
}
