import SceneJSONReader
import SceneModel
import SwiftSource
import Timeline
import XCTest

/// Handlers executed symbolically, checked by running the translated scene's simulation against counts and times
/// worked out by hand from what the Swift code does on a device.
final class HandlerTests: XCTestCase {
    /// The seed's charge (Scenes/UnlockView.swift's startProgress), started at 0 s instead of by a long press.
    static let charge = swiftView("Circle().onAppear { startProgress() }", members: """
        @State private var progress: CGFloat = 0
        @State private var increment: CGFloat = 0.0007
        @State private var lastHaptic: CGFloat = 0
        @State private var timer: Timer?
        @State private var stage = 0
        func startProgress() {
            timer?.invalidate()
            timer = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: true) { t in
                progress += increment
                increment += 0.00007
                if progress >= lastHaptic + 0.01 {
                    UIImpactFeedbackGenerator(style: .soft).impactOccurred()
                    lastHaptic = progress
                }
                if progress >= 1 {
                    progress = 1
                    t.invalidate()
                    withAnimation(.spring()) { stage = 1 }
                }
            }
        }
    """)

    /// Reference interaction 1: 160 ticks (1.60 s), 77 soft haptics, progress exactly 1, then the stage.
    func testSeedChargeTicksAndHaptics() throws {
        // The same loop in plain Swift, as the device runs it.
        var p = 0.0, inc = 0.0007, last = 0.0, ticks = 0, haptics = 0
        while true {
            ticks += 1
            p += inc; inc += 0.00007
            if p >= last + 0.01 { haptics += 1; last = p }
            if p >= 1 { p = 1; break }
        }
        XCTAssertEqual(ticks, 160); XCTAssertEqual(haptics, 77)

        let scene = try XCTUnwrap(translated(Self.charge))
        let (s, h) = try XCTUnwrap(simulate(scene, horizon: 3))
        let tickEvents = h.fired.filter { $0.kind == .tick }
        XCTAssertEqual(tickEvents.count, 160)
        XCTAssertEqual(tickEvents.last?.time ?? 0, 1.60, accuracy: 1e-9)
        XCTAssertEqual(h.fired.filter { $0.kind == .haptic }.count, 77)
        XCTAssertEqual(Set(h.fired.filter { $0.kind == .haptic }.compactMap(\.detail)), ["soft"])
        XCTAssertEqual(finalValue(s, h, "progress"), .number(1))
        XCTAssertEqual(finalValue(s, h, "stage"), .number(1))
        // The stage changes at the last tick, with the spring.
        XCTAssertEqual(changes(s, h, "stage").first?.0 ?? 0, 1.60, accuracy: 1e-9)
        let stageChange = h.snapshots.first { snap in
            s.state.firstIndex { $0.name == "stage" }.map { snap.values[$0] == .number(1) } ?? false
        }
        XCTAssertNotNil(stageChange?.animation, "withAnimation(.spring()) animates the stage change")
    }

    /// invalidate() is a `stop` event triggered by the hidden timer number, not an `until`.
    func testInvalidateIsAStopEvent() throws {
        let scene = try XCTUnwrap(translated(Self.charge))
        let events = scene["timeline"]?.elements ?? []
        let starts = events.filter { $0["timer"] != nil }
        XCTAssertEqual(starts.count, 1)
        let start = try XCTUnwrap(starts.first)
        let id = try XCTUnwrap(start.at("timer.id")?.string)
        XCTAssertNil(start.at("timer.until"))
        let startWhen = try XCTUnwrap(start["when"]?.string)
        // "_timer_timer == 1" starts it; "_timer_timer != 1" stops it.
        let parts = startWhen.components(separatedBy: " == ")
        XCTAssertEqual(parts.count, 2, startWhen)
        let stops = events.filter { $0["stop"]?.string == id }
        XCTAssertEqual(stops.map { $0["when"]?.string }, ["\(parts[0]) != \(parts[1])"])
        XCTAssertEqual(scene.at("state.\(parts[0])")?.number, 0, "the hidden timer number starts at 0")
    }

    /// A reset that invalidates the timer stops it at that instant: no tick after it, and a restart ticks again.
    func testResetInvalidatesWithoutAnExtraTick() throws {
        let scene = try XCTUnwrap(translated(swiftView("""
        Circle().onAppear {
                    startProgress()
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.505) { resetProgress() }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { startProgress() }
                }
        """, members: """
            @State private var progress: CGFloat = 0
            @State private var timer: Timer?
            func startProgress() {
                timer?.invalidate()
                timer = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: true) { t in progress += 0.01 }
            }
            func resetProgress() {
                timer?.invalidate()
                guard progress < 1 else { return }
                withAnimation { progress = 0 }
            }
        """)))
        let (s, h) = try XCTUnwrap(simulate(scene, horizon: 1.0))
        let ticks = h.fired.filter { $0.kind == .tick }.map(\.time)
        // 0.01 … 0.50, then 0.81 … 1.00.
        XCTAssertEqual(ticks.filter { $0 < 0.8 }.count, 50)
        XCTAssertEqual(ticks.filter { $0 > 0.505 && $0 < 0.8 }, [], "no tick between the reset and the restart")
        XCTAssertEqual(ticks.filter { $0 > 0.8 }.count, 20)
        let progress = changes(s, h, "progress")
        let atReset = progress.first { abs($0.0 - 0.505) < 1e-9 }
        XCTAssertEqual(atReset?.1, .number(0), "the reset sets progress to 0 at 0.505 s")
        XCTAssertEqual(progress.filter { $0.0 > 0.505 && $0.0 < 0.8 }.count, 0)
        if case .number(let p)? = finalValue(s, h, "progress") { XCTAssertEqual(p, 0.2, accuracy: 1e-9) } else { XCTFail() }
    }

    /// A reset when the charge is complete returns at the guard: progress stays 1.
    func testGuardReturnsEarly() throws {
        let scene = try XCTUnwrap(translated(swiftView("Circle().onAppear { reset() }", members: """
            @State private var progress: CGFloat = 1
            @State private var lastHaptic: CGFloat = 0.5
            func reset() {
                guard progress < 1 else { return }
                progress = 0
                lastHaptic = 0
            }
        """)))
        let (s, h) = try XCTUnwrap(simulate(scene, horizon: 1))
        XCTAssertEqual(finalValue(s, h, "progress"), .number(1))
        XCTAssertEqual(finalValue(s, h, "lastHaptic"), .number(0.5))
    }

    /// withAnimation inside an if: animated only on the branch that has it; the else branch changes at once.
    func testWithAnimationInsideIf() throws {
        for (start, end, animated) in [(0.0, 1.0, true), (5.0, 2.0, false)] {
            let scene = try XCTUnwrap(translated(swiftView("Circle().onAppear { if a == 0 { withAnimation(.easeIn) { a = 1 } } else { a = 2 } }",
                                                           members: "    @State var a: Double = \(start)")))
            let (s, h) = try XCTUnwrap(simulate(scene, horizon: 1))
            XCTAssertEqual(finalValue(s, h, "a"), .number(end))
            let i = try XCTUnwrap(s.state.firstIndex { $0.name == "a" })
            let change = h.snapshots.first { $0.values[i] == .number(end) }
            XCTAssertEqual(change?.animation != nil, animated, "a = \(start)")
        }
    }

    /// A timer body with if + haptic: a haptic on every third tick, four ticks in all.
    func testTimerWithIfAndHaptic() throws {
        let scene = try XCTUnwrap(translated(swiftView("""
        Circle().onAppear {
                    timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { t in
                        n += 1
                        if n % 3 == 0 { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
                        if n == 12 { t.invalidate() }
                    }
                }
        """, members: "    @State var n = 0\n    @State var timer: Timer?")))
        let (s, h) = try XCTUnwrap(simulate(scene, horizon: 5))
        XCTAssertEqual(h.fired.filter { $0.kind == .tick }.count, 12)
        let haptics = h.fired.filter { $0.kind == .haptic }
        XCTAssertEqual(haptics.map { ($0.time * 1000).rounded() / 1000 }, [0.75, 1.5, 2.25, 3.0])
        XCTAssertEqual(finalValue(s, h, "n"), .number(12))
    }

    /// asyncAfter nested three deep, each closure reading the state the previous one left.
    func testNestedAsyncAfter() throws {
        let scene = try XCTUnwrap(translated(swiftView("""
        Circle().onAppear {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                        stage = 1
                        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                            stage += 1
                            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { stage *= 10 }
                        }
                    }
                }
        """, members: "    @State var stage = 0")))
        let (s, h) = try XCTUnwrap(simulate(scene, horizon: 4))
        let c = changes(s, h, "stage")
        XCTAssertEqual(c.map { ($0.0 * 1e6).rounded() / 1e6 }, [1, 2, 2.5])
        XCTAssertEqual(c.map(\.1), [.number(1), .number(2), .number(20)])
    }

    /// The whole seed reconstruction translates without a problem and its scene loads.
    func testUnlockViewTranslates() throws {
        let path = repoRoot + "/Scenes/UnlockView.swift"
        let t = SwiftSceneTranslator.translate(path: path)
        XCTAssertEqual(t.problems.map(\.description), [])
        let scene = try XCTUnwrap(t.scene)
        XCTAssertNoThrow(try SceneLoader.load(json: scene, file: path, directory: repoRoot + "/Scenes"))
        XCTAssertEqual(scene.at("canvas.width")?.number, 390)
        XCTAssertEqual(scene.at("canvas.height")?.number, 300)
        let timers = (scene["timeline"]?.elements ?? []).filter { $0["timer"] != nil }
        XCTAssertEqual(timers.map { $0.at("timer.interval")?.number }, [0.01])
        XCTAssertEqual(scene.at("state.increment")?.number, 0.0007)
    }
}
