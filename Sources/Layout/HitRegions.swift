import Geometry
import SceneModel
import Timeline

extension LayoutResult {
    /// The views that take gestures, in painter's order (back to front), each with its frame and the
    /// transform that draws it, so a point can be tested against where the view is on screen.
    public func hitRegions() -> [HitRegion] {
        var out: [HitRegion] = []
        func visit(_ v: LaidOutView, _ parent: AffineTransform) {
            let t = ownTransform(of: v).concatenating(parent)
            if let b = v.background { visit(b, t) }
            if let g = v.modifiers.gestures, v.modifiers.opacity > 0 {
                out.append(HitRegion(identity: v.identity, frame: v.frame, transform: t, gestures: g))
            }
            for c in v.children { visit(c, t) }
            if let o = v.overlay { visit(o, t) }
        }
        visit(root, .identity)
        return out
    }
}
