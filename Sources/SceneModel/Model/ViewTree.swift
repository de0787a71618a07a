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
        forEachView(along: edges) { out.append($0) }
        return out
    }

    /// `body` on each of `allViews(along:)`, in its order, without collecting copies of them: for walks made at
    /// every frame.
    public func forEachView(along edges: ViewEdges = .all, _ body: (Self) -> Void) {
        func visit(_ v: Self) {
            body(v)
            for sub in v.subviews(along: edges) { visit(sub) }
        }
        visit(self)
    }
}
