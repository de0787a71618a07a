import Foundation

/// How a change moves from its old value to its new one: a curve plus delay, speed and repetition (§5.1).
/// Evaluated as the fraction of the change made at a time after the change, in seconds.
public struct Animation: Sendable, Hashable {
    /// The shape of one cycle.
    public enum Curve: Sendable, Hashable {
        /// A spring; `initialVelocity` is in whole changes per second of scene time (UIKit's relative
        /// velocity). One cycle lasts the spring's settling duration.
        case spring(SpringCurve, initialVelocity: Double)
        /// A timing curve over `duration` seconds.
        case bezier(CubicBezierCurve, duration: Double)
        /// Constant speed over `duration` seconds.
        case linear(duration: Double)
    }

    /// How many cycles play.
    public enum RepeatCount: Sendable, Hashable {
        /// This many cycles in all (values below 1 play once).
        case count(Int)
        case forever
    }

    public var curve: Curve
    /// Seconds of scene time that hold the start value before the curve starts (not scaled by `speed`).
    public var delay: Double
    /// The curve runs `speed` times faster than scene time (kept above 1e-6).
    public var speed: Double
    public var repeatCount: RepeatCount
    /// Whether odd cycles (the 2nd, 4th, …) play backwards; otherwise each cycle jumps back to the start.
    public var autoreverses: Bool

    /// `autoreverses` defaults to true, as SwiftUI's `repeatForever` and `repeatCount` do; it only matters
    /// when the animation repeats.
    public init(curve: Curve, delay: Double = 0, speed: Double = 1, repeatCount: RepeatCount = .count(1),
                autoreverses: Bool = true)
    {
        self.curve = curve
        self.delay = delay.isFinite ? max(delay, 0) : 0
        self.speed = speed.isFinite ? max(speed, 1e-6) : 1
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    // MARK: - Cycles

    /// Total number of cycles, nil when forever.
    var cycleCount: Int? {
        switch repeatCount {
        case .count(let n): return max(n, 1)
        case .forever: return nil
        }
    }

    /// Whether this is a spring played once, the kind that retargets (merges) in an `AnimationTrack`.
    public var isRetargetingSpring: Bool {
        if case .spring = curve, cycleCount == 1 { return true }
        return false
    }

    /// Length of one cycle in curve time (seconds divided by `speed`): the duration, or for a spring its
    /// settling duration (infinite for an undamped spring).
    public var cycleDuration: Double {
        switch curve {
        case .spring(let spring, let velocity):
            return spring.settlingDuration(initialVelocity: velocity / speed)
        case .bezier(_, let duration), .linear(let duration):
            return max(duration, 0)
        }
    }

    /// Seconds from the change until the animation has finished, delay included; nil when it repeats
    /// forever or is an undamped spring that never settles.
    public var duration: Double? {
        guard let n = cycleCount else { return nil }
        // A repeating animation waits out its delay before every cycle (see `evaluate`).
        let total = n == 1 ? delay + cycleDuration / speed : Double(n) * (delay + cycleDuration / speed)
        return total.isFinite ? total : nil
    }

    // MARK: - Progress

    /// Fraction of the change made `time` seconds after the change: 0 until the delay has passed, 1 once
    /// finished; unclamped, since springs overshoot.
    public func progress(at time: Double) -> Double {
        evaluate(at: time).progress
    }

    /// d progress / dt, per second of scene time.
    public func velocity(at time: Double) -> Double {
        evaluate(at: time).velocity
    }

    /// A repeating animation is SwiftUI's `.delay(d).repeatCount(n)` / `.repeatForever()` with the delay
    /// inside the repeat, as the scene format lists `delay` before `repeat`: every cycle first holds its
    /// start value for `delay` seconds (the pause between sweeps of the slide-to-unlock shimmer).
    private func evaluate(at time: Double) -> (progress: Double, velocity: Double) {
        // A single play runs its curve unbroken (a spring keeps converging after its settling time).
        if cycleCount == 1 {
            guard time > delay else { return (0, 0) }
            let (p, v) = curveState(at: (time - delay) * speed)
            return (p, v * speed)
        }
        guard time > 0 else { return (0, 0) }
        let cycle = cycleDuration
        guard cycle > 0, cycle.isFinite else { return (1, 0) }
        let period = delay + cycle / speed
        if let n = cycleCount, time >= Double(n) * period { return (1, 0) }
        let index = (time / period).rounded(.down)
        let local = time - index * period
        let backwards = autoreverses && Int(index.truncatingRemainder(dividingBy: 2)) == 1
        if local < delay { return (backwards ? 1 : 0, 0) }
        let elapsed = (local - delay) * speed
        if backwards {
            let (p, v) = curveState(at: cycle - elapsed)
            return (p, -v * speed)
        }
        let (p, v) = curveState(at: elapsed)
        return (p, v * speed)
    }

    /// Progress and its rate per unit of curve time, `time` ≥ 0 units of curve time into one cycle.
    private func curveState(at time: Double) -> (Double, Double) {
        switch curve {
        case .spring(let spring, let velocity):
            let state = spring.state(at: time, displacement: -1, velocity: velocity / speed)
            return (1 + state.displacement, state.velocity)
        case .bezier(let bezier, let duration):
            guard duration > 0, time < duration else { return (1, 0) }
            let x = time / duration
            return (bezier.value(at: x), bezier.slope(at: x) / duration)
        case .linear(let duration):
            guard duration > 0, time < duration else { return (1, 0) }
            return (time / duration, 1 / duration)
        }
    }
}
