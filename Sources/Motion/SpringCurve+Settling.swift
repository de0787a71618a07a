import Foundation

// Settling: the first instant T after which |x(t)| ≤ ε for every t ≥ T (CASpringAnimation's rule).
//
// Method (exact up to a final bisection, no sampling that could miss a peak):
// |x| is monotone between consecutive zeros of x and of v, and those zeros are known in closed form.
// - Under-damped: the zeros of v (the peaks of |x|) are evenly spaced by π/ω_d and their heights shrink by
//   the exact factor e^{−σπ/ω_d}, so the last peak above ε is found with one logarithm (checked by
//   evaluation). After that peak |x| falls monotonically to the next zero of x, and every later peak is
//   ≤ ε; the crossing lies in that stretch and is bisected.
// - Critically and over-damped: x and v each have at most one zero for t > 0; after the last of them |x|
//   falls monotonically to 0, so an end point with |x| ≤ ε is found by doubling. The monotone pieces are
//   then walked backwards and the last one that starts above ε is bisected.
extension SpringCurve {
    /// Settling duration, in seconds, of the unit move 0 → 1 (`progress(at:initialVelocity:)`): after it the
    /// progress stays within 0.001 of 1. Infinite for an undamped spring.
    public func settlingDuration(initialVelocity: Double = 0) -> Double {
        settlingTime(from: -1, initialVelocity: initialVelocity, tolerance: 0.001)
    }

    /// The first time (seconds) after which the displacement stays within `tolerance` (absolute, in the
    /// caller's units) of the target, starting from displacement `x0` and velocity `v0` (units/s).
    /// Infinite for an undamped spring that starts outside the tolerance.
    public func settlingTime(from x0: Double, initialVelocity v0: Double, tolerance: Double) -> Double {
        let eps = max(tolerance, 1e-300)
        guard x0.isFinite, v0.isFinite else { return .infinity }
        if dampingFraction < 1, splitRate > 0 {
            return underdampedSettlingTime(x0: x0, v0: v0, eps: eps)
        }
        return monotoneSettlingTime(x0: x0, v0: v0, eps: eps)
    }

    // MARK: - Under-damped

    private func underdampedSettlingTime(x0: Double, v0: Double, eps: Double) -> Double {
        let w = splitRate
        let displacement = { (t: Double) in abs(self.displacement(at: t, from: x0, initialVelocity: v0)) }
        // x ∝ cos(wt − φ) and v ∝ cos(wt − ψ) under the common envelope.
        let phiX = atan2((v0 + decayRate * x0) / w, x0)
        let phiV = atan2(-(naturalFrequency * naturalFrequency * x0 + decayRate * v0) / w, v0)
        let peakTime = { (k: Double) in (phiV + .pi / 2 + k * .pi) / w }
        var first = ((-(phiV + .pi / 2)) / .pi).rounded(.up)
        if peakTime(first) < 0 { first += 1 }
        let firstHeight = displacement(peakTime(first))

        var start: Double
        if firstHeight > eps {
            guard decayRate > 0 else { return .infinity }
            let step = decayRate * .pi / w
            var last = first + (log(firstHeight / eps) / step).rounded(.down)
            if !last.isFinite { last = first }
            var guardCount = 0
            while displacement(peakTime(last + 1)) > eps, guardCount < 64 { last += 1; guardCount += 1 }
            while last > first, displacement(peakTime(last)) <= eps { last -= 1 }
            start = peakTime(last)
        } else if displacement(0) > eps {
            start = 0
        } else {
            return 0
        }
        // The first zero of x after `start`.
        let zeroTime = { (n: Double) in (phiX + .pi / 2 + n * .pi) / w }
        var n = ((start * w - phiX - .pi / 2) / .pi).rounded(.down)
        while zeroTime(n) <= start { n += 1 }
        return bisectCrossing(from: start, to: zeroTime(n), eps: eps, displacement: displacement)
    }

    // MARK: - Critically and over-damped

    private func monotoneSettlingTime(x0: Double, v0: Double, eps: Double) -> Double {
        let displacement = { (t: Double) in abs(self.displacement(at: t, from: x0, initialVelocity: v0)) }
        // Zeros of x: x0 + (v0 + σx0)·g(t) = 0; zeros of v: v0 − (ω₀²x0 + σv0)·g(t) = 0,
        // with g(t) = tanh(wt)/w (t when critical), increasing from 0 to 1/w.
        var events: [Double] = []
        for value in [-x0 / (v0 + decayRate * x0), v0 / (naturalFrequency * naturalFrequency * x0 + decayRate * v0)] {
            if let t = inverseOfG(value) { events.append(t) }
        }
        events.sort()
        let lastEvent = events.last ?? 0
        var end = lastEvent + 1 / naturalFrequency
        var doublings = 0
        while displacement(end) > eps, doublings < 200 {
            end = lastEvent + 2 * (end - lastEvent)
            doublings += 1
        }
        let stops = [0] + events + [end]
        var i = stops.count - 2
        while i >= 0 {
            if displacement(stops[i]) > eps {
                return bisectCrossing(from: stops[i], to: stops[i + 1], eps: eps, displacement: displacement)
            }
            i -= 1
        }
        return 0
    }

    /// The t > 0 with tanh(wt)/w = value (or t = value when critical), if any.
    private func inverseOfG(_ value: Double) -> Double? {
        guard value.isFinite, value > 0 else { return nil }
        let w = dampingFraction > 1 ? splitRate : 0
        if w == 0 { return value }
        let y = value * w
        return y < 1 ? atanh(y) / w : nil
    }

    // MARK: - Bisection

    /// On [a, b] where |x| falls monotonically from above ε to at most ε, the instant it reaches ε.
    private func bisectCrossing(from a: Double, to b: Double, eps: Double, displacement: (Double) -> Double) -> Double {
        var lo = a, hi = b
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if displacement(mid) > eps { lo = mid } else { hi = mid }
        }
        return hi
    }
}
