import Geometry
import SceneModel

extension LayoutResult {
    /// The views that take gestures, in painter's order (back to front), each with its frame and the
    /// transform that draws it, so a point can be tested against where the view is on screen.
    public func hitRegions() -> [HitRegion] {
        var out: [HitRegion] = []
        // `projections`: the rotation3D maps of the enclosing views, outermost first (each acts on the
        // finished picture of its view, so on everything inside it).
        func visit(_ v: LaidOutView, _ parent: AffineTransform, _ projections: [Homography]) {
            var projections = projections
            switch projection(of: v, parent: parent) {
            case .none: break
            case .hidden: return   // seen edge-on or squashed flat: drawn nowhere, hit nowhere
            case .map(let h): projections.append(h)
            }
            let t = ownTransform(of: v).concatenating(parent)
            if let b = v.background { visit(b, t, projections) }
            if let g = v.modifiers.gestures, v.modifiers.opacity > 0 {
                out.append(HitRegion(identity: v.identity, frame: v.frame, transform: t, gestures: g, projections: projections))
            }
            for c in v.children { visit(c, t, projections) }
            if let o = v.overlay { visit(o, t, projections) }
        }
        visit(root, .identity, [])
        return out
    }
}
