// The edges of the scene's tree as written (see `ViewEdges`); the walk itself is `ViewTree.allViews(along:)`.

extension ViewSpec: ViewTree {
    /// The views directly inside this one along `edges`, in painter's order: the background view, the children,
    /// the overlay view, then the mask. Each comes with the `forEach` count that repeats it (nil for a view that is
    /// there once): a `forEach`'s content is met once, as it is written, and the count says how often it stands.
    /// A background or overlay that is a paint is no view, and is not met.
    public func subviewsWithCounts(along edges: ViewEdges = .all) -> [(view: ViewSpec, forEachCount: Dynamic<Double>?)] {
        var out: [(view: ViewSpec, forEachCount: Dynamic<Double>?)] = []
        if edges.contains(.background), case .view(let b)? = modifiers.background { out.append((b, nil)) }
        if edges.contains(.children) {
            for c in children {
                switch c {
                case .view(let v): out.append((v, nil))
                case .forEach(let count, _, let content, _): out.append((content, count))
                }
            }
        }
        if edges.contains(.overlay), case .view(let o)? = modifiers.overlay { out.append((o, nil)) }
        if edges.contains(.mask), let m = modifiers.mask { out.append((m, nil)) }
        return out
    }

    /// The views directly inside this one along `edges`, in painter's order (see `subviewsWithCounts(along:)`).
    public func subviews(along edges: ViewEdges = .all) -> [ViewSpec] {
        subviewsWithCounts(along: edges).map(\.view)
    }
}
