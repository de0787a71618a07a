import Geometry
import RenderKit
import SceneModel
import Timeline

extension ExpectationTest {
    /// State variables at `e.at`, from the simulation's history (the state, not what is on screen).
    func checkState(_ e: Expectation, _ facts: [Expectation.StateFact]) -> (Bool, String) {
        let at = e.at ?? 0
        let history = samples.source.history
        let snapshot = history.snapshots[history.index(atMicros: TimeGrid.micros(at))]
        let names = samples.source.scene.state.map(\.name)
        var found: [String] = [], expected: [String] = []
        var passed = true
        for f in facts {
            guard let k = names.firstIndex(of: f.name) else { continue }
            let got = snapshot.values[k]
            let same: Bool
            if let a = got.number, let b = f.value.number { same = abs(a - b) <= (e.tolerance ?? 0) + 1e-9 } else { same = got == f.value }
            if !same { passed = false }
            found.append("\(f.name) = \(Self.text(got))")
            expected.append(Self.text(f.value) + (f.value.number != nil && e.tolerance != nil ? " ± \(fmt(e.tolerance!))" : ""))
        }
        let line = "at \(Self.seconds(at)) \(found.joined(separator: ", "))"
        return passed ? (true, line) : (false, line + ", expected " + expected.joined(separator: ", "))
    }

    /// Haptics of each named style fired within `from...to` (both inclusive).
    func checkHaptics(_ e: Expectation, _ counts: [String: Int]) -> (Bool, String) {
        let from = e.from ?? 0, to = e.to ?? 0
        let fired = samples.source.history.fired.filter {
            $0.kind == .haptic && $0.time >= from - 1e-6 && $0.time <= to + 1e-6
        }
        var found: [String] = [], expected: [String] = []
        var passed = true
        for style in counts.keys.sorted() {
            let n = fired.filter { $0.detail == style }.count
            if n != counts[style] { passed = false }
            found.append("\(n) \(style)")
            expected.append("\(counts[style]!)")
        }
        let line = "from \(Self.seconds(from)) to \(Self.seconds(to)) \(found.joined(separator: ", ")) haptics"
        return passed ? (true, line) : (false, line + ", expected " + expected.joined(separator: ", "))
    }

    /// The event fires within the tolerance of `e.at` (one frame by default): a named or placed timeline event at
    /// any of its firings (the nearest), the n-th of a kind at its own time.
    func checkEvent(_ e: Expectation, _ reference: Expectation.EventReference) -> (Bool, String) {
        let at = e.at ?? 0, tolerance = e.tolerance ?? frameTime
        let fired = samples.source.history.fired
        let times: [Double]
        switch reference {
        case .id(let id): times = fired.filter { $0.kind == .event && $0.id == id }.map(\.time)
        case .path(let path): times = fired.filter { $0.kind == .event && $0.path == path }.map(\.time)
        case .nth(let kind, let index):
            let ofKind = fired.filter { $0.kind.rawValue == kind }
            times = index < ofKind.count ? [ofKind[index].time] : []
        }
        let name = reference.name
        let expected = "expected at \(fmt(at)) ± \(fmt(tolerance)) s"
        guard let nearest = times.min(by: { abs($0 - at) < abs($1 - at) }) else { return (false, "event \(name) never fires, \(expected)") }
        let line = "event \(name) fires at \(Self.seconds(nearest))"
        return abs(nearest - at) <= tolerance + 1e-9 ? (true, line) : (false, line + ", " + expected)
    }

    /// A state value as the scene writes it: numbers shortest, strings quoted.
    static func text(_ v: Value) -> String {
        if let n = v.number { return fmt(n) }
        if let s = v.string { return "\"\(s)\"" }
        return v.description
    }
}
