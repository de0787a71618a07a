import Foundation

// UIKit's duration spring: `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`.
//
// Apple documents the three inputs and their units but not the spring they make: `duration` is "the total
// duration of the animations, measured in seconds", the damping ratio is that of a damped harmonic
// oscillator ("to smoothly decelerate the animation without oscillation, use a value of 1"), and the initial
// velocity is relative ("a value of 1.0 corresponds to the total animation distance traversed in one
// second"; UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:
// completion:), UIKit reference). A UIKit spring animation is over when its duration has passed, and the
// view then rests at its target; so the spring is the one, of that damping ratio and mass 1, that has
// settled when the duration ends: its natural frequency ω is chosen so that the move, started with the
// given relative velocity, stays within 0.001 of its travel from `duration` on (the settling rule of
// CASpringAnimation's settlingDuration, used for every spring here). For a damping ratio of 1 the curve
// is x(t) = 1 − (1 + (ω − v₀)·t)·e^{−ωt}. The Dive Deeper write-up's 0.5 s, damping 1, velocity 0.5 spring
// therefore finishes at 0.5 s, where SwiftUI's response-0.5 spring would take 0.73 s.
extension SpringCurve {
    /// The spring of UIKit's `UIView.animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)`:
    /// mass 1, damping ratio `dampingRatio` (clamped to 0.001…1, UIKit's range), and the natural frequency
    /// with which the unit move starting at relative velocity `initialVelocity` (whole moves per second)
    /// settles (stays within 0.001 of 1) exactly `duration` seconds after it starts.
    public init(uikitDuration duration: Double, dampingRatio: Double, initialVelocity: Double) {
        let d = duration.isFinite && duration > 0 ? duration : 0.5
        let zeta = min(max(dampingRatio.isFinite ? dampingRatio : 1, 0.001), 1)
        let v0 = initialVelocity.isFinite ? initialVelocity : 0
        func spring(_ omega: Double) -> SpringCurve {
            SpringCurve(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
        }
        // Settling time falls as ω grows (time scales as 1/ω; the relative velocity v₀/ω only shrinks with
        // it), so bisect on log ω between bounds that bracket the duration.
        var lo = log(1e-3), hi = log(1e7)
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if spring(exp(mid)).settlingDuration(initialVelocity: v0) > d { lo = mid } else { hi = mid }
            if hi - lo < 1e-13 { break }
        }
        self = spring(exp(hi))
    }
}
