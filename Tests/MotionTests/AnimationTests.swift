import Foundation
import XCTest
@testable import Motion

final class AnimationTests: XCTestCase {
    func testDelayHoldsThenLinearRuns() {
        let animation = Animation.linear(duration: 2).delay(1)
        for (t, p) in [(0.0, 0.0), (0.5, 0), (1, 0), (2, 0.5), (2.5, 0.75), (3, 1), (5, 1)] {
            XCTAssertEqual(animation.progress(at: t), p, accuracy: 1e-12, "t \(t)")
        }
        XCTAssertEqual(animation.velocity(at: 2), 0.5, accuracy: 1e-12)
        XCTAssertEqual(animation.velocity(at: 0.5), 0)
        XCTAssertEqual(animation.duration, 3)
    }

    func testSpeedScalesTimeButNotDelay() {
        let animation = Animation.linear(duration: 1).delay(1).speed(4)
        XCTAssertEqual(animation.progress(at: 1.125), 0.5, accuracy: 1e-12)
        XCTAssertEqual(animation.velocity(at: 1.125), 4, accuracy: 1e-12)
        XCTAssertEqual(animation.duration ?? 0, 1.25, accuracy: 1e-12)
    }

    func testRepeatWithAutoreverse() {
        let animation = Animation.linear(duration: 1).repeatCount(3)
        let expected: [(Double, Double)] = [(0.25, 0.25), (1.25, 0.75), (1.75, 0.25), (2.25, 0.25), (3.5, 1)]
        for (t, p) in expected {
            XCTAssertEqual(animation.progress(at: t), p, accuracy: 1e-12, "t \(t)")
        }
        XCTAssertEqual(animation.velocity(at: 1.25), -1, accuracy: 1e-12)
        XCTAssertEqual(animation.duration, 3)
        // An even count ends on a backwards cycle, then holds the end value.
        let twice = Animation.linear(duration: 1).repeatCount(2)
        XCTAssertEqual(twice.progress(at: 1.9), 0.1, accuracy: 1e-12)
        XCTAssertEqual(twice.progress(at: 2.1), 1)
    }

    func testRepeatWithoutAutoreverseJumpsBack() {
        let animation = Animation.linear(duration: 1).repeatCount(2, autoreverses: false)
        XCTAssertEqual(animation.progress(at: 0.99), 0.99, accuracy: 1e-12)
        XCTAssertEqual(animation.progress(at: 1.25), 0.25, accuracy: 1e-12)
        XCTAssertEqual(animation.velocity(at: 1.25), 1, accuracy: 1e-12)
        XCTAssertEqual(animation.progress(at: 2.5), 1)
    }

    func testRepeatForever() {
        let animation = Animation.easeInOut(duration: 0.5).repeatForever()
        XCTAssertNil(animation.duration)
        // Cycle 201 (odd) runs backwards: at 0.125 s into it the progress is easeInOut at 0.75.
        XCTAssertEqual(animation.progress(at: 100.625), CubicBezierCurve.easeInOut.value(at: 0.75), accuracy: 1e-9)
        XCTAssertEqual(animation.progress(at: 100.125), CubicBezierCurve.easeInOut.value(at: 0.25), accuracy: 1e-9)
    }

    func testSpringAnimationFollowsItsCurve() {
        let spring = SpringCurve(response: 0.4, dampingFraction: 0.6)
        let animation = Animation(curve: .spring(spring, initialVelocity: 2)).delay(0.1).speed(2)
        // Relative initial velocity is per second of scene time: the curve gets 2/speed per unit of its time.
        for t in stride(from: 0.15, through: 2, by: 0.05) {
            XCTAssertEqual(animation.progress(at: t), spring.progress(at: 2 * (t - 0.1), initialVelocity: 1),
                           accuracy: 1e-12)
        }
        XCTAssertEqual(animation.velocity(at: 0.1 + 1e-12), 2, accuracy: 1e-6)
        XCTAssertEqual(animation.duration ?? 0, 0.1 + spring.settlingDuration(initialVelocity: 1) / 2, accuracy: 1e-12)
        // Springs overshoot: progress is not clamped.
        XCTAssertGreaterThan((0..<200).map { animation.progress(at: Double($0) * 0.01) }.max() ?? 0, 1)
    }

    func testPresets() {
        func fraction(_ a: Animation) -> (Double, Double)? {
            if case .spring(let s, _) = a.curve { return (s.response, s.dampingFraction) }
            return nil
        }
        let springs: [(String, Double, Double)] = [
            ("spring", 0.55, 0.825), ("default", 0.55, 1), ("smooth", 0.5, 1), ("snappy", 0.5, 0.85),
            ("bouncy", 0.5, 0.7),
        ]
        for (name, response, damping) in springs {
            let values = Animation.named(name).flatMap(fraction)
            XCTAssertEqual(values?.0 ?? 0, response, accuracy: 1e-12, name)
            XCTAssertEqual(values?.1 ?? 0, damping, accuracy: 1e-12, name)
        }
        let curves: [(String, CubicBezierCurve)] = [
            ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut), ("caDefault", .caDefault),
        ]
        for (name, curve) in curves {
            XCTAssertEqual(Animation.named(name)?.curve, .bezier(curve, duration: 0.35), name)
        }
        XCTAssertEqual(Animation.named("linear")?.curve, .linear(duration: 0.35))
        XCTAssertNil(Animation.named("wobbly"))
        XCTAssertEqual(Animation.easeOut.duration, 0.35)
    }
}

final class RepeatDelayTests: XCTestCase {
    /// slide to unlock: linear(2).delay(1).repeatForever(autoreverses: false) — every cycle holds for
    /// 1 s, then sweeps for 2 s: progress at t is max(0, (t mod 3) − 1) / 2.
    func testDelayRepeatsWithEveryCycle() {
        let a = Animation(curve: .linear(duration: 2), delay: 1, repeatCount: .forever, autoreverses: false)
        for t in stride(from: 0.05, to: 9, by: 0.1) {
            let local = t.truncatingRemainder(dividingBy: 3)
            XCTAssertEqual(a.progress(at: t), max(0, local - 1) / 2, accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertNil(a.duration)
    }

    /// With autoreverses, a backward cycle holds at the end value during its delay, then runs back.
    func testDelayedAutoreversingCycleHoldsAtTheEnd() {
        let a = Animation(curve: .linear(duration: 1), delay: 0.5, repeatCount: .count(2), autoreverses: true)
        XCTAssertEqual(a.progress(at: 0.25), 0, accuracy: 1e-12)   // first delay
        XCTAssertEqual(a.progress(at: 1.0), 0.5, accuracy: 1e-12)  // half way forward
        XCTAssertEqual(a.progress(at: 1.75), 1, accuracy: 1e-12)   // second delay holds the end
        XCTAssertEqual(a.progress(at: 2.5), 0.5, accuracy: 1e-12)  // half way back
        XCTAssertEqual(a.duration ?? 0, 3, accuracy: 1e-12)
        XCTAssertEqual(a.progress(at: 3.1), 1, accuracy: 1e-12)    // finished: the end value
    }
}
