import Foundation
import TestSupport
import XCTest
@testable import Motion

final class AnimationTrackTests: XCTestCase {
    // MARK: - Springs against the ODE

    /// A chain of spring retargets is the ODE x'' = −k(x − target) − c·x' with the target and the constants
    /// switched at each change, plus a velocity kick of initialVelocity·(target − x) there.
    func testSpringRetargetsMatchIntegratedODE() {
        var rng = SeededGenerator(seed: 7)
        let h = 1e-4
        for _ in 0..<6 {
            var track = AnimationTrack(initialValue: 0)
            // Changes on whole steps of h, so the integrator switches exactly at them.
            var changes: [(step: Int, target: Double, spring: SpringCurve, kick: Double)] = []
            var step = 0
            for _ in 0..<5 {
                let spring = SpringCurve(response: Double.random(in: 0.2...1, using: &rng),
                                         dampingFraction: [0.3, 0.7, 1, 1.4].randomElement(using: &rng) ?? 1)
                let kick = Bool.random(using: &rng) ? Double.random(in: -3...3, using: &rng) : 0
                changes.append((step, Double.random(in: -100...100, using: &rng), spring, kick))
                step += Int.random(in: 500...4000, using: &rng)
            }
            for change in changes {
                track.append(at: Double(change.step) * h, to: change.target,
                             animation: Animation(curve: .spring(change.spring, initialVelocity: change.kick)))
            }
            var x = 0.0, v = 0.0, index = 0
            var ode = SpringIntegrator(mass: 1, stiffness: 1, damping: 0)
            var target = 0.0
            for i in 0...(step + 20000) {
                while index < changes.count, changes[index].step == i {
                    let change = changes[index]
                    ode = SpringIntegrator(mass: 1, stiffness: change.spring.stiffness, damping: change.spring.damping)
                    target = change.target
                    v += change.kick * (target - x)
                    index += 1
                }
                if i % 100 == 0 {
                    let t = Double(i) * h
                    XCTAssertEqual(track.value(at: t), x, accuracy: 1e-6 * 200, "t \(t)")
                    XCTAssertEqual(track.velocity(at: t), v, accuracy: 1e-5 * 200, "t \(t)")
                }
                (x, v) = ode.step(x: x, v: v, target: target, h: h)
            }
        }
    }

    // MARK: - Hand-computed cases

    func testAdditiveTimingCurvesAddTheirDeltas() {
        var track = AnimationTrack(initialValue: 0)
        track.append(at: 0, to: 1, animation: .linear(duration: 1))
        track.append(at: 0.5, to: 3, animation: .linear(duration: 1))
        // 0 + 1·(t/1) + 2·((t − 0.5)/1), each clamped to its own end.
        for (t, expected) in [(0.25, 0.25), (0.5, 0.5), (0.75, 1.25), (1.25, 2.5), (1.5, 3), (9, 3)] {
            XCTAssertEqual(track.value(at: t), expected, accuracy: 1e-12, "t \(t)")
        }
        XCTAssertEqual(track.velocity(at: 0.75), 3, accuracy: 1e-12)
        XCTAssertEqual(track.settledTime, 1.5)
    }

    func testAdditiveCurveOnTopOfSpring() {
        let spring = SpringCurve(response: 0.55, dampingFraction: 0.825)
        var track = AnimationTrack(initialValue: 0)
        track.append(at: 0, to: 1, animation: .spring)
        track.append(at: 0.5, to: 3, animation: .linear(duration: 1))
        for t in [0.25, 0.75, 1.0, 1.6] {
            let additive = 2 * min(max((t - 0.5) / 1, 0), 1)
            XCTAssertEqual(track.value(at: t), spring.progress(at: t) + additive, accuracy: 1e-12, "t \(t)")
        }
    }

    func testSpringTakesOverTimingCurveWithItsVelocity() {
        let spring = SpringCurve(response: 0.55, dampingFraction: 0.825)
        var track = AnimationTrack(initialValue: 0)
        track.append(at: 0, to: 1, animation: .linear(duration: 1))
        track.append(at: 0.5, to: 2, animation: .spring)
        // At 0.5 the linear move is at 0.5 going 1/s; the spring starts from there.
        for t in [0.6, 0.9, 1.3, 2.5] {
            XCTAssertEqual(track.value(at: t), 2 + spring.displacement(at: t - 0.5, from: -1.5, initialVelocity: 1),
                           accuracy: 1e-12)
        }
        XCTAssertEqual(track.value(at: 0.25), 0.25, accuracy: 1e-12)
    }

    func testRelativeInitialVelocity() {
        var track = AnimationTrack(initialValue: 0)
        track.append(at: 1, to: 10, animation: .spring(response: 0.5, dampingFraction: 1, initialVelocity: 2))
        XCTAssertEqual(track.velocity(at: 1), 20, accuracy: 1e-9)
        XCTAssertEqual(track.velocity(at: 0.5), 0)
    }

    func testDelayedSpringFollowsOldMotionThenTakesOver() {
        let springA = SpringCurve(response: 0.4, dampingFraction: 0.6)
        let springB = SpringCurve(response: 0.7, dampingFraction: 0.9)
        var onlyA = AnimationTrack(initialValue: 0)
        onlyA.append(at: 0, to: 1, animation: Animation(curve: .spring(springA, initialVelocity: 0)))
        var track = onlyA
        track.append(at: 0.2, to: 2, animation: Animation(curve: .spring(springB, initialVelocity: 0)).delay(0.3))
        for t in [0.1, 0.25, 0.4, 0.49] {
            XCTAssertEqual(track.value(at: t), onlyA.value(at: t), accuracy: 1e-12, "t \(t)")
        }
        let x0 = onlyA.value(at: 0.5) - 2, v0 = onlyA.velocity(at: 0.5)
        for t in [0.5, 0.8, 1.5] {
            XCTAssertEqual(track.value(at: t), 2 + springB.displacement(at: t - 0.5, from: x0, initialVelocity: v0),
                           accuracy: 1e-12, "t \(t)")
        }
        // A spring from rest with a delay holds the start value.
        var fromRest = AnimationTrack(initialValue: 3)
        fromRest.append(at: 1, to: 4, animation: Animation.spring.delay(0.5))
        XCTAssertEqual(fromRest.value(at: 1.4), 3)
        XCTAssertEqual(fromRest.value(at: 1.8), 3 + SpringCurve(response: 0.55, dampingFraction: 0.825).progress(at: 0.3),
                       accuracy: 1e-12)
    }

    func testJumpDropsEverythingInFlight() {
        var track = AnimationTrack(initialValue: 0)
        track.append(at: 0, to: 1, animation: .spring)
        track.append(at: 0.1, to: 7, animation: Animation.spring.delay(1))
        track.append(at: 0.2, to: 5, animation: nil)
        for t in [0.2, 0.5, 1.2, 3] {
            XCTAssertEqual(track.value(at: t), 5, "t \(t)")
            XCTAssertEqual(track.velocity(at: t), 0, "t \(t)")
        }
        XCTAssertEqual(track.settledTime, 0.2)
    }

    func testChangeToCurrentTargetIsIgnored() {
        var once = AnimationTrack(initialValue: 0)
        once.append(at: 0, to: 1, animation: .spring)
        var twice = once
        twice.append(at: 0.2, to: 1, animation: .easeIn)
        twice.append(at: 0.3, to: 1, animation: nil)
        for t in stride(from: 0.0, through: 2, by: 0.05) {
            XCTAssertEqual(twice.value(at: t), once.value(at: t), "t \(t)")
        }
    }

    // MARK: - Continuity properties

    func testRandomSpringRetargetingNeverJumpsInValueOrVelocity() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<20 {
            var track = AnimationTrack(initialValue: 0)
            var times: [Double] = []
            var t = 0.0
            for _ in 0..<12 {
                t += Double.random(in: 0.01...0.4, using: &rng)
                let animation = Animation.spring(response: Double.random(in: 0.2...1, using: &rng),
                                                 dampingFraction: Double.random(in: 0.1...2, using: &rng))
                track.append(at: t, to: Double.random(in: -50...50, using: &rng), animation: animation)
                times.append(t)
            }
            let f = { (time: Double) in track.value(at: time) }
            for time in times {
                let delta = 1e-5
                let left = oneSidedValue(f, at: time, delta: delta, fromLeft: true)
                let right = oneSidedValue(f, at: time, delta: delta, fromLeft: false)
                let vLeft = oneSidedDerivative(f, at: time, delta: delta, fromLeft: true)
                let vRight = oneSidedDerivative(f, at: time, delta: delta, fromLeft: false)
                XCTAssertEqual(left, right, accuracy: 1e-5, "value at \(time)")
                XCTAssertEqual(vLeft, vRight, accuracy: 1e-3 * (1 + abs(vLeft)), "velocity at \(time)")
                XCTAssertEqual(track.value(at: time), right, accuracy: 1e-5)
            }
            // The analytic velocity agrees with a central difference between changes.
            for time in stride(from: 0.013, through: t + 1, by: 0.1) where times.allSatisfy({ abs($0 - time) > 1e-3 }) {
                let central = (f(time + 1e-6) - f(time - 1e-6)) / 2e-6
                XCTAssertEqual(track.velocity(at: time), central, accuracy: 1e-4 * (1 + abs(central)))
            }
        }
    }

    func testInterruptedTimingCurvesNeverJumpInValue() {
        var rng = SeededGenerator(seed: 3)
        let curves: [Animation] = [.easeIn, .easeOut, .easeInOut, .linear, .caDefault,
                                   .bezier(CubicBezierCurve(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55), duration: 0.5)]
        for _ in 0..<20 {
            var track = AnimationTrack(initialValue: 0)
            var times: [Double] = []
            var t = 0.0
            for _ in 0..<12 {
                t += Double.random(in: 0.01...0.3, using: &rng)
                let base = curves.randomElement(using: &rng) ?? .linear
                track.append(at: t, to: Double.random(in: -50...50, using: &rng), animation: base)
                times.append(t)
            }
            let f = { (time: Double) in track.value(at: time) }
            for time in times {
                let left = oneSidedValue(f, at: time, delta: 1e-6, fromLeft: true)
                XCTAssertEqual(track.value(at: time), left, accuracy: 1e-4, "at \(time)")
            }
        }
    }

    func testChangesWithoutAnimationJump() {
        var track = AnimationTrack(initialValue: 0)
        track.append(at: 0, to: 10, animation: .easeInOut)
        track.append(at: 0.1, to: -4, animation: nil)
        let before = track.value(at: 0.1 - 1e-9)
        XCTAssertGreaterThan(before, 0)
        XCTAssertEqual(track.value(at: 0.1), -4)
        XCTAssertGreaterThan(abs(before - track.value(at: 0.1)), 4)
    }

    // MARK: - Purity

    func testLaterChangesNeverAlterEarlierValues() {
        var rng = SeededGenerator(seed: 11)
        let kinds: [Animation?] = [nil, .spring, .bouncy, .easeInOut, .linear, Animation.spring.delay(0.2),
                                   Animation.easeOut.delay(0.1), Animation.linear(duration: 0.2).repeatCount(3)]
        var changes: [(Double, Double, Animation?)] = []
        var t = 0.0
        for _ in 0..<30 {
            t += Double.random(in: 0...0.15, using: &rng)
            changes.append((t, Double.random(in: -10...10, using: &rng), kinds.randomElement(using: &rng) ?? nil))
        }
        var full = AnimationTrack(initialValue: 0)
        for (time, target, animation) in changes { full.append(at: time, to: target, animation: animation) }
        var prefix = AnimationTrack(initialValue: 0)
        for (time, target, animation) in changes {
            // Before `time`, the track without this change and the full track agree.
            for probe in stride(from: max(0, time - 0.5), to: time, by: 0.01) {
                XCTAssertEqual(prefix.value(at: probe), full.value(at: probe), accuracy: 1e-9, "probe \(probe)")
            }
            prefix.append(at: time, to: target, animation: animation)
        }
        // Evaluation order does not matter.
        var probes = (0..<200).map { Double($0) * 0.02 }
        let inOrder = probes.map { full.value(at: $0) }
        probes.shuffle(using: &rng)
        let shuffled = Dictionary(uniqueKeysWithValues: probes.map { ($0, full.value(at: $0)) })
        for (i, probe) in (0..<200).map({ Double($0) * 0.02 }).enumerated() {
            XCTAssertEqual(shuffled[probe], inOrder[i])
        }
    }

    // MARK: - Settling

    func testSettledTimeOfSingleAnimations() {
        var spring = AnimationTrack(initialValue: 2)
        spring.append(at: 1, to: 7, animation: .spring)
        // 0.001 of a travel of 5 is the unit spring's 0.001 band, scaled.
        XCTAssertEqual(spring.settledTime ?? 0, 1 + SpringCurve(response: 0.55, dampingFraction: 0.825).settlingDuration(),
                       accuracy: 1e-9)

        var curve = AnimationTrack(initialValue: 0)
        curve.append(at: 0.5, to: 1, animation: Animation.easeOut.delay(0.1))
        XCTAssertEqual(curve.settledTime ?? 0, 0.95, accuracy: 1e-12)

        var forever = AnimationTrack(initialValue: 0)
        forever.append(at: 0, to: 1, animation: Animation.easeInOut.repeatForever())
        XCTAssertNil(forever.settledTime)

        XCTAssertEqual(AnimationTrack(initialValue: 3).settledTime, 0)
    }

    func testSettledTimeHoldsForMixedTracks() {
        var rng = SeededGenerator(seed: 5)
        let kinds: [Animation] = [.spring, .bouncy, .smooth, .easeInOut, .linear, Animation.spring.delay(0.2)]
        for _ in 0..<10 {
            var track = AnimationTrack(initialValue: 0)
            var t = 0.0
            var low = 0.0, high = 0.0
            for _ in 0..<8 {
                t += Double.random(in: 0.01...0.3, using: &rng)
                let target = Double.random(in: -10...10, using: &rng)
                low = min(low, target)
                high = max(high, target)
                track.append(at: t, to: target, animation: kinds.randomElement(using: &rng))
            }
            guard let settled = track.settledTime else { return XCTFail("should settle") }
            let band = 0.001 * (high - low)
            for probe in stride(from: settled, through: settled + 5, by: 1e-3) {
                XCTAssertLessThanOrEqual(abs(track.value(at: probe) - track.target), band + 1e-12, "probe \(probe)")
            }
        }
    }

    // MARK: - A timer's worth of changes

    func testTimerOfTwoHundredRetargetsStaysSmooth() {
        // 200 spring retargets 10 ms apart, evaluated at 360 frames: the value climbs without a step.
        var track = AnimationTrack(initialValue: 0)
        for k in 1...200 {
            track.append(at: 0.5 + Double(k) * 0.01, to: Double(k) * 0.005, animation: .spring)
        }
        let frames = (0..<360).map { track.value(at: Double($0) / 60) }
        for i in 1..<frames.count {
            XCTAssertLessThan(abs(frames[i] - frames[i - 1]), 0.05, "frame \(i)")
        }
        XCTAssertEqual(frames[frames.count - 1], 1, accuracy: 1e-3)

        // The same with additive ease-in-out: every delta arrives in full 0.35 s after its change.
        var additive = AnimationTrack(initialValue: 0)
        for k in 1...200 {
            additive.append(at: 0.5 + Double(k) * 0.01, to: Double(k) * 0.005, animation: .easeInOut)
        }
        let eased = (0..<360).map { additive.value(at: Double($0) / 60) }
        for i in 1..<eased.count {
            XCTAssertLessThan(abs(eased[i] - eased[i - 1]), 0.05, "frame \(i)")
        }
        XCTAssertEqual(additive.value(at: 2.5 + 0.35), 1, accuracy: 1e-12)
        XCTAssertEqual(additive.settledTime ?? 0, 2.85, accuracy: 1e-12)
    }
}
