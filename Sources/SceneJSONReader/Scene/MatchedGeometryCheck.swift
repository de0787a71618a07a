import SceneModel

extension SceneLoader {
    /// Matched-geometry ids that can never work: an id only one view carries (there is nothing to
    /// match it with), and one id on two source views that are always present together (which frame
    /// would win?). Ids with `{i}` placeholders are compared by their shape (`card{}`), so `card{i}`
    /// in one forEach matches `card{j}` in another.
    static func checkMatchedGeometry(_ body: ViewSpec, _ r: inout SceneReader) {
        struct Use { var view: ViewSpec; var conditions: [String]; var isSource: Bool }
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
                r.fail(only.view.location, only.view.path + ".matchedGeometry",
                       "the id \"\(id)\" is used by this view only, so it can never match; give the view it should move to or from the same id")
                continue
            }
            // Two sources under exactly the same conditions are always present together.
            for (a, first) in list.enumerated() where first.isSource {
                if let second = list[(a + 1)...].first(where: { $0.isSource && $0.conditions == first.conditions }) {
                    r.fail(second.view.location, second.view.path + ".matchedGeometry",
                           "the id \"\(id)\" is also used by \(first.view.path), and both are present at the same time; "
                           + "give one of them \"isSource\": false (or an \"if\" so they take turns)")
                    break
                }
            }
        }
    }
}
