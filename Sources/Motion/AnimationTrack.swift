import Foundation

/// The animated value of one scalar over scene time (seconds), built from a start value and changes appended
/// in time order (§5.1 "Interruption"):
/// - a change without animation jumps to its target and drops everything in flight;
/// - a change to the current target (model value) is ignored;
/// - a spring played once retargets: when its delay has passed it takes over from the presented value and
///   velocity of everything in flight and springs to the model value, its own relative `initialVelocity`
///   adding initialVelocity·(target − presented value) (SwiftUI's spring merging);
/// - any other animation is additive: what is in flight runs out, and the new change's delta is added with
///   the new curve's progress (UIKit's additive animations).
///
/// The presented value is the model value plus an offset that runs out to 0. `value(at:)` is a pure function
/// of the appended changes and the time; it costs two binary searches, one spring and one comparison per
/// animation added since the last takeover or jump (finished ones are skipped without evaluating them).
/// Colours and other vectors use one track per component: the tracks are cheap and the rules are linear.
public struct AnimationTrack: Sendable {
    /// A retargeting spring waiting for its delay to pass.
    private struct PendingTakeover: Sendable {
        /// Scene time (s) at which the spring takes over.
        let time: Double
        /// The spring, already run at the animation's speed.
        let curve: SpringCurve
        /// Whole changes per second of scene time.
        let relativeVelocity: Double
    }

    /// The value before any change.
    public let initialValue: Double
    /// The model value after every appended change: where the track comes to rest.
    public private(set) var target: Double

    /// Scene times (s) of the effective changes, and the model value after each.
    private var changeTimes: [Double] = []
    private var changeTargets: [Double] = []
    /// Epochs fixed by the changes so far, in order of start; the first starts at −∞.
    private var epochs: [TrackEpoch]
    /// Delayed springs whose takeover lies after the last change, in order of time.
    private var pending: [PendingTakeover] = []
    /// The epochs those takeovers make if nothing else is appended, recomputed on every append.
    private var speculative: [TrackEpoch] = []
    private var lastTime = -Double.infinity
    /// Range of model values since the last jump (the travel that settling is measured against).
    private var runLow: Double
    private var runHigh: Double

    public init(initialValue: Double) {
        self.initialValue = initialValue
        target = initialValue
        epochs = [TrackEpoch(start: -.infinity, spring: nil)]
        runLow = initialValue
        runHigh = initialValue
    }

    // MARK: - Building

    /// Records that the value changes to `newTarget` at scene time `time` (seconds) with `animation`
    /// (nil: at once). Times must not decrease; an earlier time is treated as the latest one so far.
    /// Non-finite times or targets are ignored.
    public mutating func append(at time: Double, to newTarget: Double, animation: Animation?) {
        guard time.isFinite, newTarget.isFinite else { return }
        let now = max(time, lastTime)
        lastTime = now
        commitTakeovers(upTo: now)
        defer { speculative = Self.resolve(pending, after: epochs[epochs.count - 1]) }
        guard newTarget != target else { return }
        let delta = newTarget - target
        target = newTarget
        changeTimes.append(now)
        changeTargets.append(newTarget)
        runLow = min(runLow, newTarget)
        runHigh = max(runHigh, newTarget)

        guard let animation else {
            pending.removeAll()
            appendEpoch(TrackEpoch(start: now, spring: nil))
            runLow = newTarget
            runHigh = newTarget
            return
        }
        if animation.isRetargetingSpring, case .spring(let spring, let velocity) = animation.curve {
            // Until the delay has passed the old value is held, on top of whatever else is in flight.
            epochs[epochs.count - 1].add(.hold(at: now, offset: -delta))
            let takeover = PendingTakeover(time: now + animation.delay, curve: spring.speeded(by: animation.speed),
                                           relativeVelocity: velocity)
            let index = pending.firstIndex { $0.time > takeover.time } ?? pending.count
            pending.insert(takeover, at: index)
            commitTakeovers(upTo: now)
        } else {
            epochs[epochs.count - 1].add(.additive(at: now, delta: delta, animation: animation))
        }
    }

    /// Takeovers due by `time` are final: every change before them is known.
    private mutating func commitTakeovers(upTo time: Double) {
        while let first = pending.first, first.time <= time {
            pending.removeFirst()
            appendEpoch(Self.takeover(first, from: epochs[epochs.count - 1]))
        }
    }

    private mutating func appendEpoch(_ epoch: TrackEpoch) {
        // A newer epoch at the same instant replaces the older one: it already took its state.
        if epochs[epochs.count - 1].start == epoch.start {
            epochs[epochs.count - 1] = epoch
        } else {
            epochs.append(epoch)
        }
    }

    private static func takeover(_ pending: PendingTakeover, from epoch: TrackEpoch) -> TrackEpoch {
        let (x, v) = epoch.offset(at: pending.time)
        // The offset is presented − target, so target − presented is −x.
        let v0 = v - pending.relativeVelocity * x
        return TrackEpoch(start: pending.time,
                          spring: SpringOffset(start: pending.time, curve: pending.curve, x0: x, v0: v0))
    }

    private static func resolve(_ pending: [PendingTakeover], after epoch: TrackEpoch) -> [TrackEpoch] {
        var result: [TrackEpoch] = []
        var last = epoch
        for takeover in pending {
            last = Self.takeover(takeover, from: last)
            if result.last?.start == last.start { result[result.count - 1] = last } else { result.append(last) }
        }
        return result
    }

    // MARK: - Evaluation

    /// The model value at `time`: the target of the latest change made by then.
    public func modelValue(at time: Double) -> Double {
        let count = Self.count(of: changeTimes, atOrBefore: time)
        return count == 0 ? initialValue : changeTargets[count - 1]
    }

    /// The presented value at scene time `time` (seconds).
    public func value(at time: Double) -> Double {
        modelValue(at: time) + epoch(at: time).offset(at: time).value
    }

    /// d value / dt at scene time `time`, in units per second (analytic).
    public func velocity(at time: Double) -> Double {
        epoch(at: time).offset(at: time).velocity
    }

    private func epoch(at time: Double) -> TrackEpoch {
        if let first = speculative.first, time >= first.start {
            return speculative[Self.count(speculative.count, atOrBefore: time) { speculative[$0].start } - 1]
        }
        return epochs[max(Self.count(epochs.count, atOrBefore: time) { epochs[$0].start } - 1, 0)]
    }

    /// Number of leading elements of the sorted `times` that are ≤ `time`.
    private static func count(of times: [Double], atOrBefore time: Double) -> Int {
        count(times.count, atOrBefore: time) { times[$0] }
    }

    /// Number of leading indices in 0..<n whose sorted `key` is ≤ `time` (binary search).
    private static func count(_ n: Int, atOrBefore time: Double, key: (Int) -> Double) -> Int {
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if key(mid) <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    // MARK: - Settling

    /// Scene time (seconds) after which the value stays within 0.001 of the travel (the range of targets
    /// since the last jump) of the final target: what `duration: "auto"` and removals wait for. 0 when
    /// nothing changed; nil when an animation in flight repeats forever or a spring never settles.
    public var settledTime: Double? {
        settledTime(tolerance: 0.001 * (runHigh - runLow))
    }

    /// Scene time (seconds) after which the value stays within `tolerance` (absolute, in the value's units)
    /// of the final target. Timing curves count until they end (a bound, exact to their duration); a spring
    /// counts until its exact settling time.
    public func settledTime(tolerance: Double) -> Double? {
        let final = speculative.last ?? epochs[epochs.count - 1]
        if final.runsForever { return nil }
        var settled = max(final.start, final.componentsEnd)
        if let spring = final.spring {
            let duration = spring.curve.settlingTime(from: spring.x0, initialVelocity: spring.v0,
                                                     tolerance: max(tolerance, 1e-12))
            guard duration.isFinite else { return nil }
            settled = max(settled, spring.start + duration)
        }
        return settled.isFinite ? settled : 0
    }
}
