import Foundation
import TestSupport

/// Classic fourth-order Runge–Kutta for m·x'' = −k(x − target(t)) − c·x', written independently of the code
/// under test. `target` is sampled at the start of each step, so target changes should fall on step edges.
struct SpringIntegrator {
    var mass: Double
    var stiffness: Double
    var damping: Double

    func acceleration(x: Double, v: Double, target: Double) -> Double {
        (-stiffness * (x - target) - damping * v) / mass
    }

    /// One step of `h` seconds from (x, v).
    func step(x: Double, v: Double, target: Double, h: Double) -> (Double, Double) {
        let k1x = v, k1v = acceleration(x: x, v: v, target: target)
        let k2x = v + h / 2 * k1v, k2v = acceleration(x: x + h / 2 * k1x, v: v + h / 2 * k1v, target: target)
        let k3x = v + h / 2 * k2v, k3v = acceleration(x: x + h / 2 * k2x, v: v + h / 2 * k2v, target: target)
        let k4x = v + h * k3v, k4v = acceleration(x: x + h * k3x, v: v + h * k3v, target: target)
        return (x + h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x), v + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v))
    }
}

/// Derivative at `t` of a function seen only from one side, from three samples δ, 2δ, 3δ away
/// (second-order one-sided difference, extrapolated to t itself).
func oneSidedDerivative(_ f: (Double) -> Double, at t: Double, delta: Double, fromLeft: Bool) -> Double {
    let d = fromLeft ? -delta : delta
    let f1 = f(t + d), f2 = f(t + 2 * d), f3 = f(t + 3 * d)
    // Lagrange weights of the quadratic through s = 1, 2, 3 (in steps of d), differentiated at s = 0.
    return (-2.5 * f1 + 4 * f2 - 1.5 * f3) / d
}

/// Value at `t` extrapolated from one side (quadratic through three samples).
func oneSidedValue(_ f: (Double) -> Double, at t: Double, delta: Double, fromLeft: Bool) -> Double {
    let d = fromLeft ? -delta : delta
    return 3 * f(t + d) - 3 * f(t + 2 * d) + f(t + 3 * d)
}
