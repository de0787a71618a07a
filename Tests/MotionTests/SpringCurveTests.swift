import Foundation
import XCTest
@testable import Motion

final class SpringCurveTests: XCTestCase {
    static let responses = [0.2, 0.4, 0.6, 0.8, 1.0]
    static let fractions = [0.1, 0.3, 0.7, 1 - 1e-6, 1 - 1e-10, 1, 1 + 1e-10, 1 + 1e-6, 1.3, 2]
    static let velocities = [0.0, 4, -6]

    /// Largest difference between the closed form and RK4 (h = 1e-4 s) over `seconds`, checked every 5 ms.
    private func maxDeviation(_ spring: SpringCurve, x0: Double, v0: Double, seconds: Double) -> Double {
        let ode = SpringIntegrator(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
        let h = 1e-4
        var x = x0, v = v0, worst = 0.0
        for i in 1...Int((seconds / h).rounded()) {
            (x, v) = ode.step(x: x, v: v, target: 0, h: h)
            if i % 50 == 0 {
                let t = Double(i) * h
                let state = spring.state(at: t, displacement: x0, velocity: v0)
                worst = max(worst, abs(state.displacement - x), abs(state.velocity - v) / spring.naturalFrequency)
            }
        }
        return worst
    }

    func testClosedFormMatchesRungeKuttaOverGrid() {
        for response in Self.responses {
            for fraction in Self.fractions {
                for velocity in Self.velocities {
                    let spring = SpringCurve(response: response, dampingFraction: fraction)
                    // Unit step: travel 1, so the deviation is already a fraction of the travel.
                    let deviation = maxDeviation(spring, x0: -1, v0: velocity, seconds: 2)
                    XCTAssertLessThan(deviation, 1e-6, "response \(response) ζ \(fraction) v \(velocity)")
                }
            }
        }
    }

    func testPhysicalConstantsMatchRungeKutta() {
        // Mass ≠ 1, and a general start (displacement and velocity not from a unit step).
        let cases: [(Double, Double, Double)] = [(1, 170, 26), (2, 300, 10), (0.5, 100, 14.142135623730951),
                                                 (3, 50, 80), (1, 400, 1)]
        for (mass, stiffness, damping) in cases {
            let spring = SpringCurve(mass: mass, stiffness: stiffness, damping: damping)
            let deviation = maxDeviation(spring, x0: 2.5, v0: -7, seconds: 2)
            XCTAssertLessThan(deviation, 2.5e-6, "m \(mass) k \(stiffness) c \(damping)")
        }
    }

    func testParameterisationsAgree() {
        let spring = SpringCurve(response: 0.5, dampingFraction: 0.8)
        XCTAssertEqual(spring.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 4 * .pi * 0.8 / 0.5, accuracy: 1e-9)
        XCTAssertEqual(spring.response, 0.5, accuracy: 1e-12)
        XCTAssertEqual(spring.dampingFraction, 0.8, accuracy: 1e-12)

        // bounce b ≥ 0 → ζ = 1 − b; b < 0 → ζ = 1/(1 + b); duration is the response.
        for (bounce, fraction) in [(0.0, 1.0), (0.15, 0.85), (0.3, 0.7), (-0.5, 2.0), (-0.2, 1.25)] {
            let byBounce = SpringCurve(duration: 0.5, bounce: bounce)
            let byFraction = SpringCurve(response: 0.5, dampingFraction: fraction)
            for t in stride(from: 0.0, through: 2, by: 0.01) {
                XCTAssertEqual(byBounce.progress(at: t), byFraction.progress(at: t), accuracy: 1e-12)
            }
            XCTAssertEqual(byBounce.dampingFraction, fraction, accuracy: 1e-12)
        }

        // The same spring given by its physical constants.
        let physical = SpringCurve(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        for t in stride(from: 0.0, through: 2, by: 0.01) {
            XCTAssertEqual(physical.progress(at: t, initialVelocity: 2), spring.progress(at: t, initialVelocity: 2),
                           accuracy: 1e-12)
        }
    }

    func testSpeededSpringRunsFaster() {
        let spring = SpringCurve(response: 0.6, dampingFraction: 0.5)
        let fast = spring.speeded(by: 3)
        for t in stride(from: 0.0, through: 1, by: 0.01) {
            XCTAssertEqual(fast.progress(at: t), spring.progress(at: 3 * t), accuracy: 1e-12)
        }
    }

    func testNearCriticalIsContinuousInDampingFraction() {
        // Either side of ζ = 1 the closed forms differ (cos/sin, t, cosh/sinh); the values must not.
        let critical = SpringCurve(response: 0.5, dampingFraction: 1)
        for fraction in [1 - 1e-12, 1 + 1e-12, 1 - 1e-8, 1 + 1e-8] {
            let near = SpringCurve(response: 0.5, dampingFraction: fraction)
            for t in stride(from: 0.0, through: 3, by: 0.05) {
                XCTAssertEqual(near.progress(at: t, initialVelocity: 3), critical.progress(at: t, initialVelocity: 3),
                               accuracy: 1e-6)
            }
        }
    }

    func testFarFutureStaysFinite() {
        for fraction in [0.2, 1, 5, 50] {
            let spring = SpringCurve(response: 0.3, dampingFraction: fraction)
            for t in [10.0, 1e3, 1e6] {
                let state = spring.state(at: t, displacement: 1, velocity: 1)
                XCTAssertTrue(state.displacement.isFinite && state.velocity.isFinite, "ζ \(fraction) t \(t)")
            }
        }
    }

    // MARK: - Settling

    func testSettlingDurationAgreesWithDenseScan() {
        let step = 1e-4
        for response in [0.2, 0.55, 1.0] {
            for fraction in [0.1, 0.5, 0.825, 1 - 1e-7, 1, 1.5, 3] {
                for velocity in [0.0, 5, -3] {
                    let spring = SpringCurve(response: response, dampingFraction: fraction)
                    let settle = spring.settlingDuration(initialVelocity: velocity)
                    XCTAssertTrue(settle.isFinite && settle > 0)
                    // Dense scan over a horizon well past it: the last sample outside 0.001.
                    let horizon = settle + 10 * response
                    var lastOutside = 0.0
                    var t = 0.0
                    while t <= horizon {
                        if abs(1 - spring.progress(at: t, initialVelocity: velocity)) > 0.001 { lastOutside = t }
                        t += step
                    }
                    let label = "response \(response) ζ \(fraction) v \(velocity)"
                    XCTAssertLessThanOrEqual(lastOutside, settle, label)
                    XCTAssertGreaterThan(lastOutside, settle - 2 * step, label)
                    // Just before it, the spring is still outside the band.
                    XCTAssertGreaterThan(abs(1 - spring.progress(at: settle - 1e-7, initialVelocity: velocity)), 0.001,
                                         label)
                }
            }
        }
    }

    func testSettlingOfGeneralStartAndUndampedSpring() {
        let spring = SpringCurve(mass: 2, stiffness: 300, damping: 6)
        let settle = spring.settlingTime(from: 40, initialVelocity: -900, tolerance: 0.05)
        var t = settle
        while t < settle + 5 {
            XCTAssertLessThanOrEqual(abs(spring.displacement(at: t, from: 40, initialVelocity: -900)), 0.05 + 1e-12)
            t += 1e-4
        }
        XCTAssertGreaterThan(abs(spring.displacement(at: settle - 1e-7, from: 40, initialVelocity: -900)), 0.05)

        let undamped = SpringCurve(response: 0.5, dampingFraction: 0)
        XCTAssertEqual(undamped.settlingDuration(), .infinity)
        // Already at rest inside the band: settled from the start.
        XCTAssertEqual(spring.settlingTime(from: 0.01, initialVelocity: 0, tolerance: 0.05), 0)
    }
}
