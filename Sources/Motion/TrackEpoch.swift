import Foundation

/// A stretch of an `AnimationTrack` between two instants where everything in flight was replaced: a jump
/// (a change without animation) or a retargeting spring taking over. The presented value inside it is the
/// model value plus `offset(at:)`, which goes to 0 as the animations run out.
struct TrackEpoch: Sendable {
    /// Scene time (seconds) at which the epoch begins.
    let start: Double
    /// The spring that took over at `start`, if any.
    let spring: SpringOffset?
    /// Animations added during the epoch, in order of their start.
    private(set) var components: [TrackComponent] = []

    init(start: Double, spring: SpringOffset?) {
        self.start = start
        self.spring = spring
    }

    mutating func add(_ component: TrackComponent) {
        components.append(component)
    }

    /// Offset from the model value and its velocity (units/s) at `time` ≥ `start`.
    func offset(at time: Double) -> (value: Double, velocity: Double) {
        var value = 0.0, velocity = 0.0
        if let spring {
            let state = spring.curve.state(at: time - spring.start, displacement: spring.x0, velocity: spring.v0)
            value = state.displacement
            velocity = state.velocity
        }
        // Components start in order, so the ones that have started are a prefix.
        var lo = 0, hi = components.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if components[mid].start <= time { lo = mid + 1 } else { hi = mid }
        }
        for component in components[0..<lo] where time < component.end {
            let (v, dv) = component.offset(at: time)
            value += v
            velocity += dv
        }
        return (value, velocity)
    }

    /// Whether an animation in the epoch never ends.
    var runsForever: Bool {
        components.contains { component in
            if case .additive = component.kind { return component.end == .infinity }
            return false
        }
    }

    /// Scene time after which every added animation has finished (its offset is exactly 0).
    var componentsEnd: Double {
        components.reduce(start) { latest, component in
            if case .additive = component.kind { return max(latest, component.end) }
            return latest
        }
    }
}

/// A spring that took over a track's motion: offset x0 (units) and velocity v0 (units/s) at `start` (s).
struct SpringOffset: Sendable {
    let start: Double
    let curve: SpringCurve
    let x0: Double
    let v0: Double
}

/// One animation inside an epoch, as an offset from the model value that runs out to 0.
struct TrackComponent: Sendable {
    enum Kind: Sendable {
        /// Additive: offset −delta·(1 − progress), as UIKit's additive animations.
        case additive(delta: Double, animation: Animation)
        /// A retargeting spring still in its delay: holds the old value until the spring takes over.
        case hold(offset: Double)
    }

    /// Scene time (s) the change was made.
    let start: Double
    /// Scene time (s) after which the offset is exactly 0 (infinite while it never ends or is held).
    let end: Double
    let kind: Kind

    static func additive(at start: Double, delta: Double, animation: Animation) -> TrackComponent {
        let end = animation.duration.map { start + $0 } ?? .infinity
        return TrackComponent(start: start, end: end, kind: .additive(delta: delta, animation: animation))
    }

    static func hold(at start: Double, offset: Double) -> TrackComponent {
        TrackComponent(start: start, end: .infinity, kind: .hold(offset: offset))
    }

    func offset(at time: Double) -> (Double, Double) {
        switch kind {
        case .additive(let delta, let animation):
            let elapsed = time - start
            return (-delta * (1 - animation.progress(at: elapsed)), delta * animation.velocity(at: elapsed))
        case .hold(let offset):
            return (offset, 0)
        }
    }
}
