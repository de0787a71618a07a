// The edges of the resolved tree of an instant (see `ViewEdges`); the walk itself is `ViewTree.allViews(along:)`.

extension ResolvedView: ViewTree {
    /// The views directly inside this one along `edges`, in painter's order: the background, the children, the
    /// overlay, then the mask. Unlike the scene as written, a background or overlay that is a paint is a view here
    /// (a `.paint` view named after its key), since layout places and draws it like any other.
    public func subviews(along edges: ViewEdges = .all) -> [ResolvedView] {
        var out: [ResolvedView] = []
        if edges.contains(.background), let b = modifiers.background { out.append(b.value) }
        if edges.contains(.children) { out += children }
        if edges.contains(.overlay), let o = modifiers.overlay { out.append(o.value) }
        if edges.contains(.mask), let m = modifiers.mask { out.append(m.value) }
        return out
    }

    /// This view with each view directly inside it along `edges` replaced by `transform` of it, the others kept:
    /// how a pass that rewrites the tree (matched frames, presented frames) reaches every view it must.
    public func mappingSubviews(along edges: ViewEdges = .all, _ transform: (ResolvedView) -> ResolvedView) -> ResolvedView {
        var v = self
        if edges.contains(.background), let b = modifiers.background { v.modifiers.background = Box(transform(b.value)) }
        if edges.contains(.children) { v.children = children.map(transform) }
        if edges.contains(.overlay), let o = modifiers.overlay { v.modifiers.overlay = Box(transform(o.value)) }
        if edges.contains(.mask), let m = modifiers.mask { v.modifiers.mask = Box(transform(m.value)) }
        return v
    }
}
