import Foundation

/// A damped harmonic oscillator x'' = −(k/m)·x − (c/m)·x', where x is the displacement from the target,
/// solved in closed form for the under-, critically and over-damped cases (never by stepping).
///
/// Times are in seconds, displacements in the caller's units and velocities in those units per second.
public struct SpringCurve: Sendable, Hashable {
    /// Mass m (dimensionless, default 1).
    public let mass: Double
    /// Stiffness k, in units of mass per second².
    public let stiffness: Double
    /// Damping coefficient c, in units of mass per second.
    public let damping: Double

    /// Undamped angular frequency ω₀ = √(k/m), in radians per second.
    let naturalFrequency: Double
    /// ζ = c / (2√(km)): below 1 the spring bounces, 1 is critical, above 1 it creeps.
    public let dampingFraction: Double
    /// Decay rate σ = ζ·ω₀ of the envelope, per second.
    let decayRate: Double
    /// ω₀·√|1 − ζ²|: the damped angular frequency (under-damped) or the hyperbolic rate (over-damped).
    let splitRate: Double

    /// A spring from its physical constants. Mass and stiffness are kept above 1e-9 and damping at or above 0,
    /// so that no input produces NaN (the scene loader rejects such values before they get here).
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        let m = max(mass.isFinite ? mass : 1, 1e-9)
        let k = max(stiffness.isFinite ? stiffness : 1, 1e-9)
        let c = max(damping.isFinite ? damping : 0, 0)
        self.mass = m
        self.stiffness = k
        self.damping = c
        naturalFrequency = (k / m).squareRoot()
        dampingFraction = c / (2 * (k * m).squareRoot())
        decayRate = dampingFraction * naturalFrequency
        splitRate = naturalFrequency * abs(1 - dampingFraction * dampingFraction).squareRoot()
    }

    /// SwiftUI's parameters: `response` in seconds (the period of the undamped spring) and `dampingFraction` ζ;
    /// k = (2π/response)², c = 4π·ζ/response, m = 1.
    public init(response: Double, dampingFraction: Double) {
        let r = max(response, 1e-6)
        self.init(mass: 1, stiffness: pow(2 * .pi / r, 2), damping: 4 * .pi * dampingFraction / r)
    }

    /// SwiftUI's iOS 17 parameters: `duration` in seconds is the response; `bounce` b ≥ 0 gives
    /// ζ = 1 − b and b < 0 gives ζ = 1 / (1 + b).
    public init(duration: Double, bounce: Double) {
        let fraction = bounce >= 0 ? 1 - bounce : 1 / max(1 + bounce, 1e-9)
        self.init(response: duration, dampingFraction: fraction)
    }

    /// The period of the undamped spring, 2π/ω₀, in seconds.
    public var response: Double { 2 * .pi / naturalFrequency }

    /// The same spring run `factor` times faster: x(t) of the result equals x(factor·t) of this one.
    public func speeded(by factor: Double) -> SpringCurve {
        let s = max(factor, 1e-9)
        return SpringCurve(mass: mass, stiffness: stiffness * s * s, damping: damping * s)
    }

    // MARK: - General solution

    /// Displacement from the target and velocity at `time` seconds, starting from displacement `x0` and
    /// velocity `v0` (units per second). Times before 0 give the initial state.
    public func state(at time: Double, displacement x0: Double, velocity v0: Double)
        -> (displacement: Double, velocity: Double)
    {
        guard time > 0 else { return (x0, v0) }
        let (c, s) = decayedBasis(at: time)
        // x = x0·C + (v0 + σx0)·S and its derivative, with C, S the decayed cos/sin-like basis below.
        let x = x0 * c + (v0 + decayRate * x0) * s
        let v = v0 * c - (naturalFrequency * naturalFrequency * x0 + decayRate * v0) * s
        return (x, v)
    }

    /// Displacement from the target at `time` seconds, from displacement `x0` and velocity `v0` (units/s).
    public func displacement(at time: Double, from x0: Double, initialVelocity v0: Double) -> Double {
        state(at: time, displacement: x0, velocity: v0).displacement
    }

    /// Velocity (units/s) at `time` seconds, from displacement `x0` and velocity `v0` (units/s).
    public func velocity(at time: Double, from x0: Double, initialVelocity v0: Double) -> Double {
        state(at: time, displacement: x0, velocity: v0).velocity
    }

    // MARK: - Unit step

    /// Progress of a move from 0 to 1 at `time` seconds (unclamped: under-damped springs overshoot).
    /// `initialVelocity` is in whole distances per second (UIKit's relative velocity).
    public func progress(at time: Double, initialVelocity: Double = 0) -> Double {
        1 + displacement(at: time, from: -1, initialVelocity: initialVelocity)
    }

    /// d progress / dt (per second) of the unit move of `progress(at:initialVelocity:)`.
    public func progressVelocity(at time: Double, initialVelocity: Double = 0) -> Double {
        velocity(at: time, from: -1, initialVelocity: initialVelocity)
    }

    // MARK: - Basis

    /// e^{−σt}·C(t) and e^{−σt}·S(t), where (C, S) is (cos ωt, sin ωt / ω) under-damped, (1, t) critically damped
    /// and (cosh ωt, sinh ωt / ω) over-damped. S divided by ω keeps the near-critical case exact: sin and
    /// sinh of a tiny argument are accurate, so nothing cancels as ζ → 1. Over-damped, the products are formed
    /// from the two real exponentials once ωt is large, so that e^{−σt} cannot underflow while cosh overflows.
    func decayedBasis(at t: Double) -> (Double, Double) {
        let w = splitRate
        let sigma = decayRate
        if dampingFraction < 1, w > 0 {
            let envelope = exp(-sigma * t)
            return (envelope * cos(w * t), envelope * sin(w * t) / w)
        }
        if dampingFraction > 1, w > 0 {
            // Slow root r1 = −ω₀²/(σ + w), the same as −σ + w without its cancellation.
            let slow = -naturalFrequency * naturalFrequency / (sigma + w)
            let fast = -sigma - w
            let e1 = exp(slow * t), e2 = exp(fast * t)
            let c = (e1 + e2) / 2
            let s = w * t < 0.5 ? exp(-sigma * t) * sinh(w * t) / w : (e1 - e2) / (2 * w)
            return (c, s)
        }
        let envelope = exp(-sigma * t)
        return (envelope, envelope * t)
    }
}
