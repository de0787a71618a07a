import Formats
import RenderKit

extension MotionComparison {
    /// One finding per state variable whose changes differ (`state.unlocked`): moved as a whole, or the first change
    /// that differs, with both sides' value and time.
    var stateFindings: [MotionFinding] {
        Self.findings(golden.state, actual.state, absent: ("new state variable", "no longer in the scene")) { "state." + $0 }
    }

    /// One finding per text view whose words change differently (`label.text`): any change of text, or of when it
    /// shows, differs.
    var textFindings: [MotionFinding] {
        Self.findings(golden.text, actual.text, absent: ("its words change now, the golden's stay the same",
                                                         "its words no longer change")) { $0 + ".text" }
            .map { var f = $0; f.view = String(f.name.dropLast(".text".count)); return f }
    }

    /// The findings of two lists of series of changes, matched by name; `absent` says what it means that the golden or the scene lacks a series.
    static func findings(_ golden: [MotionStateSeries], _ actual: [MotionStateSeries], absent: (golden: String, actual: String),
                         name: (String) -> String) -> [MotionFinding] {
        var names = golden.map(\.name)
        for s in actual where !names.contains(s.name) { names.append(s.name) }
        return names.compactMap { n in
            let g = golden.first { $0.name == n }?.changes ?? []
            let a = actual.first { $0.name == n }?.changes ?? []
            guard g != a else { return nil }
            let words = g.isEmpty ? absent.golden : a.isEmpty ? absent.actual : describe(golden: g, actual: a)
            return MotionFinding(name: name(n), words: words)
        }
    }

    static func describe(golden g: [MotionStateSeries.Change], actual a: [MotionStateSeries.Change]) -> String {
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
