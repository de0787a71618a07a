import Foundation

/// SwiftUI's `spring(response:dampingFraction:)` worked by hand, independent of the renderer's `SpringCurve`:
/// ω = 2π/response, ζ = dampingFraction, ω_d = ω√(1−ζ²), x(t) = 1 − e^(−ζωt)(cos ω_d t + ζω/ω_d · sin ω_d t) for an
/// underdamped spring from 0 to 1. The motion tests measure the renderer's reports against these numbers.
struct MotionSpring {
    var response: Double
    var dampingFraction: Double

    var omega: Double { 2 * Double.pi / response }
    var dampedOmega: Double { omega * (1 - dampingFraction * dampingFraction).squareRoot() }

    /// The fraction of the move done `t` seconds after the change.
    func progress(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        let z = dampingFraction, w = omega, wd = dampedOmega
        return 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
    }

    /// The overshoot past the end as a fraction of the move: the first peak, at t = π/ω_d, is e^(−ζπ/√(1−ζ²)).
    var overshootFraction: Double {
        exp(-dampingFraction * Double.pi / (1 - dampingFraction * dampingFraction).squareRoot())
    }

    /// The time of the last frame (at `fps`, the change at `start`) that is farther from the end than `band`
    /// (a fraction of the move): testing.md §1's settle time, sampled on the same frames as the track.
    func settleTime(start: Double, fps: Double, band: Double, until end: Double) -> Double {
        var last = start
        var i = Int((start * fps).rounded(.up))
        while Double(i) / fps <= end {
            let t = Double(i) / fps
            if abs(progress(t - start) - 1) > band { last = t }
            i += 1
        }
        return last
    }
}
