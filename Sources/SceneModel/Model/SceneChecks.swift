import Geometry

/// The checks a scene needs once it is read whole, on the model alone: whichever front end read it, each problem is
/// located where the model says the value is written (a JSON file, or a `.swift` file the SwiftUI front end read).
public enum SceneChecks {
    /// `after` must name an existing event or timer id, ids must be unique, `after` chains must not loop, and `stop`
    /// must name a timer.
    public static func eventReferences(_ events: [EventSpec], file: String) -> [SceneError] {
        var problems: [SceneError] = []
        var ids: [String: Int] = [:]
        for (i, e) in events.enumerated() {
            for id in [e.id, e.timer?.id].compactMap({ $0 }) {
                if ids[id] != nil { problems.append(SceneError(file: file, at: e.location, path: e.path, message: "the id \"\(id)\" is used by more than one event or timer")) }
                ids[id] = i
            }
        }
        for e in events {
            guard case .after(let target, _) = e.trigger else { continue }
            let path = e.path + ".after"
            let at = e.afterLocation ?? e.location
            guard ids[target] != nil else {
                let hint = nearest(target, in: Array(ids.keys)).map { "; did you mean \"\($0)\"?" } ?? ""
                problems.append(SceneError(file: file, at: at, path: path, message: "no event or timer has the id \"\(target)\"\(hint)"))
                continue
            }
            // Follow the chain from this event. Each event on a loop reports it, starting from
            // its own id; an event that merely leads into a loop stays quiet (the loop is reported).
            guard let own = e.id ?? e.timer?.id else { continue }
            var chain = [own]
            var cur = e
            while case .after(let t, _) = cur.trigger, let j = ids[t] {
                chain.append(t)
                if t == own {
                    problems.append(SceneError(file: file, at: at, path: path,
                                               message: "the \"after\" chain loops: \(chain.joined(separator: " → ")) (each waits for the next)"))
                    break
                }
                if chain.count > events.count + 1 || chain.dropLast().contains(t) { break }
                cur = events[j]
            }
        }
        for e in events {
            if let s = e.stop, !events.contains(where: { $0.timer?.id == s }) {
                let timers = events.compactMap { $0.timer?.id }
                let hint = nearest(s, in: timers).map { "; did you mean \"\($0)\"?" } ?? ""
                problems.append(SceneError(file: file, at: e.stopLocation ?? e.location, path: e.path + ".stop",
                                           message: "no timer has the id \"\(s)\"\(hint)"))
            }
        }
        return problems
    }

    /// Scripted input may expand to at most `SceneLimits.maxPointerSamples` pointer positions (a drag moves the
    /// pointer once per frame of the scene's fps); `at` is where the input is written.
    public static func pointerSamples(_ input: [InputSpec], fps: Double, at: SourceLocation, file: String) -> [SceneError] {
        var n = 0.0
        for i in input {
            if case .drag(_, _, _, _, let d) = i.action { n += d * fps + 3 } else { n += 2 }
        }
        guard n > Double(SceneLimits.maxPointerSamples) else { return [] }
        return [SceneError(file: file, at: at, path: "input", message: "the input moves the pointer about \(Int(n.rounded())) times (each drag once per frame at \(fmt(fps)) fps); at most \(SceneLimits.maxPointerSamples) are allowed")]
    }

    /// The number of views a scene can show at once, counting forEach repetitions at their literal counts, is at most
    /// `SceneLimits.maxViews`.
    public static func viewCount(_ body: ViewSpec, file: String) -> [SceneError] {
        func count(_ v: ViewSpec) -> Double {
            var n = 1.0
            for (s, repeats) in v.subviewsWithCounts() {
                if case .constant(let k)? = repeats { n += k * count(s) } else { n += count(s) }
            }
            return n
        }
        let n = count(body)
        guard n > Double(SceneLimits.maxViews) else { return [] }
        return [SceneError(file: file, at: body.location, path: body.path,
                           message: "the scene has up to \(Int(min(n, 1e12))) views; at most \(SceneLimits.maxViews) are allowed")]
    }

    /// Matched-geometry ids that can never work: an id only one view carries (there is nothing to
    /// match it with), and one id on two source views that are always present together (which frame
    /// would win?). Ids with `{i}` placeholders are compared by their shape (`card{}`), so `card{i}`
    /// in one forEach matches `card{j}` in another.
    /// Each event's `geometry` names a `geometry` container by its `id` (a plain id: the container is one view).
    public static func eventGeometry(_ events: [EventSpec], body: ViewSpec, file: String) -> [SceneError] {
        var containers: Set<String> = []
        var others: Set<String> = []
        func visit(_ v: ViewSpec) {
            if let id = v.id, id.variables.isEmpty {
                if case .geometry = v.kind { containers.insert(id.resolve([:])) } else { others.insert(id.resolve([:])) }
            }
            for s in v.subviews() { visit(s) }
        }
        visit(body)
        return events.compactMap { e in
            guard let g = e.geometry, !containers.contains(g) else { return nil }
            let what = others.contains(g) ? "the view \"\(g)\" is not a geometry container"
                : "no geometry container has the id \"\(g)\"" + (NameSuggestion.nearest(to: g, among: containers.sorted()).map { "; did you mean \"\($0)\"?" } ?? "")
            return SceneError(file: file, at: e.geometryLocation ?? e.location, path: e.path + ".geometry", message: what)
        }
    }

    public static func matchedGeometry(_ body: ViewSpec, file: String) -> [SceneError] {
        struct Use { var view: ViewSpec; var conditions: [String]; var isSource: Bool }
        var problems: [SceneError] = []
        var uses: [String: [Use]] = [:]
        func key(_ t: TemplateString) -> String {
            t.parts.map { if case .literal(let s) = $0 { return s } else { return "{}" } }.joined()
        }
        func visit(_ v: ViewSpec, _ conditions: [String]) {
            var here = conditions
            if let c = v.condition { here.append(c.source) }
            if let m = v.matchedGeometry {
                uses[key(m.id), default: []].append(Use(view: v, conditions: here, isSource: m.isSource))
            }
            for s in v.subviews() { visit(s, here) }
        }
        visit(body, [])
        for (id, list) in uses.sorted(by: { $0.key < $1.key }) {
            if list.count == 1, let only = list.first {
                problems.append(SceneError(file: file, at: only.view.location, path: only.view.path + ".matchedGeometry",
                    message: "the id \"\(id)\" is used by this view only, so it can never match; give the view it should move to or from the same id"))
                continue
            }
            // Two sources under exactly the same conditions are always present together.
            for (a, first) in list.enumerated() where first.isSource {
                if let second = list[(a + 1)...].first(where: { $0.isSource && $0.conditions == first.conditions }) {
                    problems.append(SceneError(file: file, at: second.view.location, path: second.view.path + ".matchedGeometry",
                        message: "the id \"\(id)\" is also used by \(first.view.path), and both are present at the same time; "
                            + "give one of them \"isSource\": false (or an \"if\" so they take turns)"))
                    break
                }
            }
        }
        return problems
    }
}
