import Formats
import RenderKit

extension MotionComparison {
    /// The events' differences as one finding (`events`): per kind and name, the events that moved (with their
    /// shift), those missing and the new ones, e.g. `haptic soft at 1.234 s missing`. Events of one kind and name are
    /// paired in time order when they all moved by the same amount, else by equal times, the rest missing or new.
    var eventFindings: [MotionFinding] {
        var lines: [String] = []
        var groups: [String] = []
        for e in golden.events + actual.events where !groups.contains(Self.label(e)) { groups.append(Self.label(e)) }
        for label in groups {
            let g = golden.events.filter { Self.label($0) == label }.map(\.time.seconds)
            let a = actual.events.filter { Self.label($0) == label }.map(\.time.seconds)
            lines += Self.compare(label, golden: g, actual: a)
            // A release's velocity (a flick), paired in order: the first that differs by more than 0.01 pt/s.
            let gv = golden.events.filter { Self.label($0) == label }.map(\.velocity)
            let av = actual.events.filter { Self.label($0) == label }.map(\.velocity)
            for (k, (x, y)) in zip(gv, av).enumerated() {
                guard let x, let y, x.count == 2, y.count == 2, abs(x[0] - y[0]) > 0.01 || abs(x[1] - y[1]) > 0.01 else { continue }
                let pair = { (v: [Double]) in "(\(NumberText.shortest(v[0])), \(NumberText.shortest(v[1])))" }
                lines.append("\(label)\(gv.count > 1 ? " #\(k + 1)" : "") released at \(pair(x)) → \(pair(y)) pt/s")
                break
            }
        }
        guard !lines.isEmpty else { return [] }
        return [MotionFinding(name: "events", words: lines.joined(separator: "; "))]
    }

    /// How an event is named in a report: `haptic soft`, `event press`, `tick charge`, `gesture card changed`.
    static func label(_ e: EventLog.Event) -> String {
        let name = e.id ?? e.path
        switch e.kind {
        case "haptic": return "haptic " + (e.haptic ?? "")
        case "gesture": return "gesture \(name)" + (e.detail.map { " " + $0 } ?? "")
        default: return "\(e.kind) \(name)"
        }
    }

    /// The differences of one group of events, given their times on each side.
    static func compare(_ label: String, golden g: [Double], actual a: [Double]) -> [String] {
        let micros = { (t: Double) in Int64((t * 1_000_000).rounded()) }
        if g.count == a.count, !g.isEmpty {
            let shifts = Set(zip(g, a).map { micros($1) - micros($0) })
            if shifts.count == 1, let shift = shifts.first {
                guard shift != 0 else { return [] }
                let what = g.count == 1 ? label : "\(label) (all \(g.count))"
                return ["\(what) moved \(abs(shift) / 1000) ms \(shift > 0 ? "later" : "earlier") "
                    + "(\(MotionWords.seconds(g[0])) → \(MotionWords.seconds(a[0])))"]
            }
        }
        var unmatched = a.map(micros)
        var missing: [Double] = []
        for t in g {
            if let k = unmatched.firstIndex(of: micros(t)) { unmatched.remove(at: k) } else { missing.append(t) }
        }
        let new = unmatched.map { Double($0) / 1_000_000 }
        guard !missing.isEmpty || !new.isEmpty else { return [] }
        var out = g.count == a.count ? [] : ["\(label): \(g.count) → \(a.count)"]
        out += listed(missing.map { "\(label) at \(MotionWords.seconds($0)) missing" })
        out += listed(new.map { "\(label) at \(MotionWords.seconds($0)) is new" })
        return out
    }

    /// The first five of `lines`, then how many more there are.
    static func listed(_ lines: [String]) -> [String] {
        lines.count <= 5 ? lines : Array(lines.prefix(5)) + ["and \(lines.count - 5) more"]
    }
}
