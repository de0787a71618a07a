import Geometry
import Motion
import SceneModel

/// Evaluates scene values at one instant, animating every value that a state change under
/// an animation touched (SwiftUI's `withAnimation`): each expression is evaluated on the state
/// after each change that can still matter, and the results are folded through the changes'
/// animations (`AnimationTrack`), so values move even when they depend on state non-linearly.
struct AnimatedValues {
    let history: StateHistory
    /// Scene time in seconds.
    let time: Double
    /// The last snapshot shown at this instant.
    let current: Int
    /// The first snapshot whose value matters (the state at rest before later changes).
    let base: Int
    let stateCount: Int
    /// One value vector per snapshot in base…current: state, `t`, gesture variables, loop variables.
    var slots: [[Value]]

    /// Where values that are not finite are reported (shared by copies of this value).
    var problems = ProblemLog()

    /// When true, every animation counts as finished: values are the targets of the current state
    /// (the layout a change is heading for, used to find matched-geometry frames).
    var atRest = false

    /// Slots between `t` and the loop variables: the gesture variables of §7.
    static let gestureSlotCount = 8

    init(history: StateHistory, time: Double, micros: Int64, stateCount: Int) {
        self.init(history: history, time: time, current: history.index(atMicros: micros), stateCount: stateCount)
    }

    /// Values at `time` as if the state had stopped changing after snapshot `current`: what a view
    /// that was removed by a later change shows while its removal transition plays.
    init(history: StateHistory, time: Double, current: Int, stateCount: Int) {
        self.history = history
        self.time = time
        self.stateCount = stateCount
        self.current = current
        var b = current
        while b > 0 && !history.quiet[b] { b -= 1 }
        base = max(0, b - 1)
        let tail = [Value](repeating: .number(0), count: Self.gestureSlotCount)
        slots = (base...current).map { history.snapshots[$0].values + [.number(time)] + tail }
    }

    /// Sets loop variable number `depth` (0 for the outermost forEach) in every snapshot's vector.
    mutating func setLoopVariable(depth: Int, _ value: Double) {
        let slot = stateCount + 1 + Self.gestureSlotCount + depth
        for k in slots.indices {
            while slots[k].count <= slot { slots[k].append(.number(0)) }
            slots[k][slot] = .number(value)
        }
    }

    /// Sets `geometry.width` and `geometry.height` (the nearest geometry container's size) in every snapshot's
    /// vector: the same in each, as layout gives one size at an instant.
    mutating func setGeometry(_ size: Size) {
        let slot = ExpressionSlots.geometry(stateCount: stateCount)
        for k in slots.indices {
            while slots[k].count <= slot + 1 { slots[k].append(.number(0)) }
            slots[k][slot] = .number(size.width)
            slots[k][slot + 1] = .number(size.height)
        }
    }

    /// The number of snapshots in the window (base…current).
    var windowCount: Int { slots.count }

    /// Snapshot index (into the history) of window position `k`.
    func snapshotIndex(_ k: Int) -> Int { base + k }

    /// The truth of a condition in every snapshot of the window.
    func conditionHistory(_ e: ExprRef) -> [Bool] { slots.map { e.evaluate($0).bool ?? false } }

    /// A number in every snapshot of the window, without animation.
    func numberHistory(_ d: Dynamic<Double>) -> [Double] {
        switch d {
        case .constant(let c): return Array(repeating: c, count: slots.count)
        case .expression(let e): return slots.map { e.evaluate($0).number ?? 0 }
        }
    }

    /// A copy frozen at window position `k` (see `init(history:time:current:stateCount:)`), with the
    /// same loop variables.
    func frozen(at k: Int) -> AnimatedValues {
        var v = AnimatedValues(history: history, time: time, current: base + k, stateCount: stateCount)
        v.problems = problems
        if let loopStart = slots.first.map({ _ in stateCount + 1 + Self.gestureSlotCount }), slots[k].count > loopStart {
            for (d, value) in slots[k][loopStart...].enumerated() { v.setLoopVariable(depth: d, value.number ?? 0) }
        }
        return v
    }

    /// The value of an expression in the current state (no animation).
    func latest(_ e: ExprRef) -> Value { e.evaluate(slots[slots.count - 1]) }

    func number(_ d: Dynamic<Double>) -> Double {
        switch d {
        case .constant(let c): return c
        case .expression(let e):
            let v = animated(e) { $0.number ?? 0 }
            return v.isFinite ? v : problem(e, gave: v, fallback: 0)
        }
    }

    /// Records an expression that gave NaN or infinity, and what is drawn instead.
    func problem<T>(_ e: ExprRef, gave v: Any, fallback: T) -> T {
        problems.report(TimelineError(time: time, path: e.path, message: "\"=\(e.source)\" gave \(v), not a finite number"))
        return fallback
    }

    func number(_ d: Dynamic<Double>?, default v: Double) -> Double { d.map(number) ?? v }

    /// A frame's `maxWidth` or `maxHeight`, which may be infinite (`c ? infinity : 0`). One that is or was infinite
    /// in the window is the current value, not interpolated: its view's frame animates between the rest layouts
    /// instead, as every frame does (`FrameAnimation`), and a number between infinity and another has no meaning.
    func extent(_ d: Dynamic<Double>) -> Double {
        guard case .expression(let e) = d else { return number(d) }
        let history = slots.map { e.evaluate($0).number ?? 0 }
        guard history.contains(where: { $0 == .infinity }) else { return number(d) }
        let last = history[history.count - 1]
        return last.isNaN ? problem(e, gave: last, fallback: 0) : last
    }

    func string(_ d: Dynamic<String>) -> String {
        switch d {
        case .constant(let c): return c
        case .expression(let e):
            let v = latest(e)
            if case .string(let s) = v { return s }
            if case .number(let n) = v { return fmt(n) }
            return v.description
        }
    }

    func color(_ d: Dynamic<Color>) -> Color {
        switch d {
        case .constant(let c): return c
        case .expression(let e):
            let values = slots.map { e.evaluate($0).color ?? .clear }
            let last = values[values.count - 1]
            if !Value.color(last).isFinite { return problem(e, gave: last, fallback: .clear) }
            if atRest || values.allSatisfy({ $0 == last }) { return last }
            func channel(_ f: (Color) -> Double) -> Double { fold(values.map(f)) }
            return Color(r: channel(\.r), g: channel(\.g), b: channel(\.b), a: channel(\.a))
                .mixed(with: .clear, by: 0) // clamps components to 0…1 after overshoot
        }
    }

    func bool(_ e: ExprRef) -> Bool { latest(e).bool ?? false }

    private func animated(_ e: ExprRef, _ f: (Value) -> Double) -> Double {
        if slots.count == 1 { return f(e.evaluate(slots[0])) }
        return fold(slots.map { f(e.evaluate($0)) })
    }

    /// Every state variable as it is on screen now: numbers folded through the animations of their
    /// changes, other values as they are (`presented.<name>` in event expressions).
    func presentedState() -> [Value] {
        (0..<stateCount).map { k in
            let last = slots[slots.count - 1][k]
            guard case .number = last else { return last }
            return .number(fold(slots.map { $0[k].number ?? 0 }))
        }
    }

    /// Folds per-snapshot values through the animations of the changes between them.
    private func fold(_ values: [Double]) -> Double {
        let last = values[values.count - 1]
        if atRest { return last }
        // Walk back to the last immediate change of this value: nothing before it shows.
        var start = 0
        var allSame = true
        for k in stride(from: values.count - 1, through: 1, by: -1) where values[k] != values[k - 1] {
            allSame = false
            if history.snapshots[base + k].animation == nil { start = k; break }
        }
        if allSame { return last }
        var track = AnimationTrack(initialValue: values[start])
        if start + 1 < values.count {
            for k in (start + 1)..<values.count where values[k] != values[k - 1] {
                let s = history.snapshots[base + k]
                track.append(at: s.time, to: values[k], animation: s.animation)
            }
        }
        return track.value(at: time)
    }
}

/// Collects the run-time problems found while evaluating one frame (first few only).
final class ProblemLog: @unchecked Sendable {
    private(set) var items: [TimelineError] = []
    func report(_ e: TimelineError) {
        if items.count < 8, !items.contains(where: { $0.path == e.path }) { items.append(e) }
    }
}
