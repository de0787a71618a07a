import Formats

extension MotionComparison {
    /// One finding per state variable whose changes differ (`state.unlocked`): moved as a whole, or the first change
    /// that differs, with both sides' value and time.
    var stateFindings: [MotionFinding] {
        var names = golden.state.map(\.name)
        for s in actual.state where !names.contains(s.name) { names.append(s.name) }
        return names.compactMap { name in
            let g = golden.state.first { $0.name == name }?.changes ?? []
            let a = actual.state.first { $0.name == name }?.changes ?? []
            guard g != a else { return nil }
            return MotionFinding(name: "state." + name, words: Self.describe(golden: g, actual: a))
        }
    }

    static func describe(golden g: [MotionStateSeries.Change], actual a: [MotionStateSeries.Change]) -> String {
        if g.isEmpty { return "new state variable" }
        if a.isEmpty { return "no longer in the scene" }
        let change = { (c: MotionStateSeries.Change) in "\(c.value) at \(MotionWords.seconds(c.time.seconds))" }
        if g.count == a.count, g.map(\.value) == a.map(\.value), let k = g.indices.first(where: { g[$0].time != a[$0].time }) {
            let shift = Int(((a[k].time.seconds - g[k].time.seconds) * 1000).rounded())
            return "changes to \(g[k].value) \(abs(shift)) ms \(shift > 0 ? "later" : "earlier") "
                + "(\(MotionWords.seconds(g[k].time.seconds)) → \(MotionWords.seconds(a[k].time.seconds)))"
                + (g.count > 2 ? ", \(g.count - 1) changes in all" : "")
        }
        let k = (0..<min(g.count, a.count)).first { g[$0] != a[$0] } ?? min(g.count, a.count)
        let counts = g.count == a.count ? "" : "\(g.count - 1) → \(a.count - 1) changes; "
        return counts + "first differs at change \(k): "
            + (k < g.count ? change(g[k]) : "nothing") + " → " + (k < a.count ? change(a[k]) : "nothing")
    }
}
