import Foundation
import XCTest
@testable import Motion

/// UIKit's duration spring (`UIView.animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)`)
/// against closed forms written here: it has settled (within 0.1 % of its travel) when its duration ends.
final class UIKitSpringTests: XCTestCase {
    /// Critically damped unit move with relative initial velocity v0: x(t) = 1 − (1 + (ω − v0)·t)·e^{−ωt}.
    private func critical(_ t: Double, omega w: Double, v0: Double) -> Double { 1 - (1 + (w - v0) * t) * exp(-w * t) }

    /// Under-damped unit move: x(t) = 1 − e^{−ζωt}·(cos ω_d t + (ζω − v0)/ω_d · sin ω_d t).
    private func underdamped(_ t: Double, omega w: Double, zeta z: Double, v0: Double) -> Double {
        let wd = w * (1 - z * z).squareRoot()
        return 1 - exp(-z * w * t) * (cos(wd * t) + (z * w - v0) / wd * sin(wd * t))
    }

    /// Dive Deeper's spring (0.5 s, damping 1, velocity 0.5): the test's own ω, found by bisection on
    /// 1 − x(0.5) = 0.001 (with ω > v0 the remaining distance falls monotonically), gives the same curve.
    func testDiveDeeperSpringFinishesAtHalfASecond() {
        let spring = SpringCurve(uikitDuration: 0.5, dampingRatio: 1, initialVelocity: 0.5)
        var lo = 1.0, hi = 1000.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if 1 - critical(0.5, omega: mid, v0: 0.5) > 0.001 { lo = mid } else { hi = mid }
        }
        XCTAssertEqual(spring.naturalFrequency, hi, accuracy: 1e-6)
        XCTAssertEqual(spring.dampingFraction, 1, accuracy: 1e-12)
        for t in stride(from: 0.0, through: 1.0, by: 0.01) {
            XCTAssertEqual(spring.progress(at: t, initialVelocity: 0.5), critical(t, omega: hi, v0: 0.5), accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertLessThanOrEqual(abs(1 - spring.progress(at: 0.5, initialVelocity: 0.5)), 0.001 + 1e-9)
        XCTAssertGreaterThan(abs(1 - spring.progress(at: 0.49, initialVelocity: 0.5)), 0.001)
        // SwiftUI's response-0.5 spring is 72 % of the way at 0.2 s; UIKit's 0.5 s spring is further on.
        XCTAssertGreaterThan(spring.progress(at: 0.2, initialVelocity: 0.5),
                             SpringCurve(response: 0.5, dampingFraction: 1).progress(at: 0.2, initialVelocity: 0.5) + 0.05)
    }

    /// A bouncy UIKit spring (damping 0.5) at several durations and velocities: after the duration every
    /// sampled value is within 0.1 % of the target, and in the 20 ms before it some value is not.
    func testUnderdampedSpringSettlesExactlyAtItsDuration() {
        for (d, z, v0) in [(0.5, 0.5, 0.0), (0.8, 0.3, 2.0), (0.3, 0.7, -1.0)] {
            let spring = SpringCurve(uikitDuration: d, dampingRatio: z, initialVelocity: v0)
            let w = spring.naturalFrequency
            XCTAssertEqual(spring.dampingFraction, z, accuracy: 1e-12)
            for t in stride(from: 0.0, through: 2 * d, by: d / 50) {
                XCTAssertEqual(spring.progress(at: t, initialVelocity: v0), underdamped(t, omega: w, zeta: z, v0: v0), accuracy: 1e-9)
            }
            let after = stride(from: d, through: 4 * d, by: 1e-4).map { abs(1 - underdamped($0, omega: w, zeta: z, v0: v0)) }
            XCTAssertLessThanOrEqual(after.max() ?? 1, 0.001 + 1e-9, "duration \(d) ζ \(z)")
            let before = stride(from: d - 0.02, to: d, by: 1e-4).map { abs(1 - underdamped($0, omega: w, zeta: z, v0: v0)) }
            XCTAssertGreaterThan(before.max() ?? 0, 0.001, "duration \(d) ζ \(z): settled too early")
        }
    }
}
