/// A tree of views: the scene as written (`ViewSpec`) and the tree of one instant (`ResolvedView`). Each says once
/// which views hang directly from a view along which edges (`subviews(along:)`); the walk over the whole tree is
/// written here, once, for both.
public protocol ViewTree {
    /// The views directly inside this one along `edges`, in painter's order: background, children, overlay, mask.
    func subviews(along edges: ViewEdges) -> [Self]
}

extension ViewTree {
    /// This view and every view under it along `edges`, each before the views inside it, siblings in painter's
    /// order: where a walk finds matched pairs, gestures, ids, images, Lottie files and transitions, wherever they sit.
    public func allViews(along edges: ViewEdges = .all) -> [Self] {
        var out: [Self] = []
        func visit(_ v: Self) {
            out.append(v)
            v.subviews(along: edges).forEach(visit)
        }
        visit(self)
        return out
    }
}
