import Geometry
import SceneModel

extension SceneReader {
    /// One entry of `expect`: exactly one fact, with the times, view and property that fact needs.
    mutating func expectation(_ v: JSONValue, _ path: String, scene: Scene) -> Expectation? {
        guard let o = object(v, path, allowed: ExpectationLoader.entryKeys, what: "an expectation object") else { return nil }
        let before = errors.count
        let facts = ExpectationLoader.factKeys.filter { o[$0] != nil }
        guard facts.count == 1, let key = facts.first, let fv = o[key] else {
            fail(v, path, facts.isEmpty ? "an expectation states one of \(ExpectationLoader.factKeys.joined(separator: ", "))"
                 : "an expectation states one fact, found \(facts.joined(separator: " and ")); give each its own entry")
            return nil
        }
        var times: [(path: String, location: SourceLocation, seconds: Double)] = []
        func time(_ r: inout SceneReader, _ k: String) -> Double? {
            guard let tv = o[k], let t = r.number(tv, join(path, k), min: 0) else { return nil }
            times.append((join(path, k), tv.location, t))
            return t
        }
        let at = time(&self, "at"), from = time(&self, "from"), to = time(&self, "to")
        if o["at"] != nil, o["from"] != nil || o["to"] != nil { fail(v, path, "give either \"at\" or \"from\"/\"to\", not both") }
        // `settledBy` may end its watch at `to` (before the next change begins); any other window has both ends.
        if (o["from"] == nil) != (o["to"] == nil), key != "settledBy" || o["from"] != nil {
            fail(v, path, "a window needs both \"from\" and \"to\"")
        }
        if let f = from, let t = to, f > t, let tv = o["to"] { fail(tv, join(path, "to"), "must not be before \"from\" (\(fmt(f)) s)") }
        let view = o["view"].flatMap { string($0, join(path, "view")) }
        let tolerance = o["tolerance"].flatMap { number($0, join(path, "tolerance"), min: 0) }

        let fp = join(path, key)
        var fact: Expectation.Fact?
        // What each fact needs besides itself, so that a missing time or view is said before anything runs.
        var needs: [String] = []
        switch key {
        case "frame":
            needs = ["at", "view"]
            if let fo = object(fv, fp, allowed: ["x", "y", "width", "height"], what: "an object of x, y, width, height") {
                var values: [String: Double] = [:]
                for (k, x) in fo { if let n = number(x, join(fp, k)) { values[k] = n } }
                if fo.isEmpty { fail(fv, fp, "give at least one of x, y, width, height") }
                fact = .frame(values)
            }
        case "opacity":
            needs = ["at", "view"]
            fact = number(fv, fp, min: 0, max: 1).map { .opacity($0) }
        case "value":
            needs = ["at", "view", "property"]
            let property = o["property"].flatMap { viewProperty($0, join(path, "property")) }
            if let n = number(fv, fp), let p = property { fact = .value(n, property: p) }
        case "state":
            needs = ["at"]
            fact = stateFacts(fv, fp, scene: scene).map { .state($0) }
        case "haptics":
            needs = ["from"]
            if let ho = object(fv, fp, allowed: hapticNames, what: "an object of haptic styles and counts") {
                var counts: [String: Int] = [:]
                for (k, x) in ho { if let n = integer(x, join(fp, k), min: 0, max: 1_000_000) { counts[k] = n } }
                fact = .haptics(counts)
            }
        case "event":
            needs = ["at"]
            fact = eventReference(fv, fp, scene: scene).map { .event($0) }
        case "settledBy":
            needs = ["view"]
            let within = o["within"].flatMap { number($0, join(path, "within"), min: 0) }
            if let t = number(fv, fp, min: 0) { times.append((fp, fv.location, t)); fact = .settledBy(t, within: within) }
        default:
            needs = ["from", "view", "property"]
            let property = o["property"].flatMap { viewProperty($0, join(path, "property")) }
            if let a = animation(fv, fp, Scope()), let p = property {
                if a.initialVelocity.map({ if case .expression = $0 { true } else { false } }) ?? false {
                    fail(fv, fp, "a curve to follow cannot take its initial velocity from an expression")
                } else { fact = .follows(a, property: p) }
            }
        }
        for k in needs where o[k] == nil {
            fail(v, path, "\"\(key)\" needs \"\(k)\"" + (k == "from" ? " and \"to\" (a window)" : ""))
        }
        if key != "settledBy", let wv = o["within"] {
            fail(wv, join(path, "within"), "\"within\" belongs to \"settledBy\" (the settle band); \"tolerance\" is for the others")
        }
        if key != "follows", key != "value", let pv = o["property"] {
            fail(pv, join(path, "property"), "\"property\" belongs to \"follows\" or \"value\"")
        }
        guard errors.count == before, let f = fact else { return nil }
        return Expectation(path: path, location: v.location, fact: f, at: at, from: from, to: to, view: view,
                           viewLocation: o["view"]?.location, times: times, tolerance: tolerance)
    }

    /// `{"name": value}` for state variables, each of the variable's own type.
    /// An `event` fact's event: a timeline `id`, a timeline entry's place (`timeline[2]`), or `{"kind", "index"}`.
    private mutating func eventReference(_ v: JSONValue, _ path: String, scene: Scene) -> Expectation.EventReference? {
        if case .object = v.kind {
            guard let o = object(v, path, allowed: ["kind", "index"], what: "an object of kind and index") else { return nil }
            let kind = o["kind"].flatMap { oneOf($0, join(path, "kind"), Expectation.eventKinds) }
            let index = o["index"].flatMap { integer($0, join(path, "index"), min: 0, max: 1_000_000) }
            if o["kind"] == nil || o["index"] == nil { fail(v, path, "give both \"kind\" and \"index\" (0 for the first of that kind)") }
            guard let kind, let index else { return nil }
            return .nth(kind: kind, index: index)
        }
        guard let name = string(v, path) else { return nil }
        // Named events are the timeline's ids; a timer's id names its ticks, which are not events.
        let ids = scene.timeline.compactMap(\.id)
        if ids.contains(name) { return .id(name) }
        let places = scene.timeline.indices.map { "timeline[\($0)]" }
        if places.contains(name) { return .path(name) }
        let hint = nearest(name, in: ids + places).map { "; did you mean \"\($0)\"?" }
            ?? " (name a timeline id, a place such as timeline[0], or {\"kind\": \"haptic\", \"index\": 0})"
        fail(v, path, "the scene has no event \"\(name)\"\(hint)")
        return nil
    }

    /// A view property the motion track records (`Expectation.isProperty`), or a located problem with the nearest name.
    private mutating func viewProperty(_ v: JSONValue, _ path: String) -> String? {
        guard let s = string(v, path) else { return nil }
        guard Expectation.isProperty(s) else {
            let hint = nearest(s, in: Expectation.suggestedProperties).map { "; did you mean \"\($0)\"?" } ?? ""
            fail(v, path, "unknown property \"\(s)\"\(hint) (a property motion.json records: x, y, width, height, opacity, "
                + "scaleX, rotation, fill.red, shadows[0].radius…; docs/ci.md lists them)")
            return nil
        }
        return s
    }

    private mutating func stateFacts(_ v: JSONValue, _ path: String, scene: Scene) -> [Expectation.StateFact]? {
        guard let members = v.members else { fail(v, path, "expected an object of state variables and values, found \(v.typeName)"); return nil }
        var out: [Expectation.StateFact] = []
        for m in members {
            let p = join(path, m.key)
            guard let variable = scene.state.first(where: { $0.name == m.key }) else {
                let hint = nearest(m.key, in: scene.state.map(\.name)).map { "; did you mean \"\($0)\"?" } ?? ""
                fail(m.keyLocation, p, "the scene has no state variable \"\(m.key)\"\(hint)")
                continue
            }
            let value: Value?
            switch m.value.kind {
            case .number(let n): value = .number(n)
            case .bool(let b): value = .bool(b)
            case .string(let s): value = .string(s)
            default: value = nil
            }
            guard let x = value, x.type == variable.initial.type else {
                fail(m.value, p, "\"\(m.key)\" is \(variable.initial.type), found \(m.value.typeName)")
                continue
            }
            out.append(.init(name: m.key, value: x))
        }
        return out
    }
}
