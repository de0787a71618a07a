import Geometry

/// A view that takes gestures, as drawn: its layout frame in its own space, the transform
/// from that space to canvas points (offset, scale, rotation of it and its ancestors), and the
/// `rotation3D` maps (canvas points to canvas points) of it and its ancestors that act after it.
public struct HitRegion: Sendable {
    public var identity: String
    public var frame: Rect
    public var transform: AffineTransform
    public var gestures: GestureBinding
    /// The projections drawn after `transform`, outermost first: the screen point of a point q of the view
    /// is projections[0](projections[1](… transform(q))).
    public var projections: [Homography]
    public init(identity: String, frame: Rect, transform: AffineTransform, gestures: GestureBinding,
                projections: [Homography] = []) {
        self.identity = identity; self.frame = frame; self.transform = transform; self.gestures = gestures
        self.projections = projections
    }

    /// True when the canvas point lies inside the drawn frame (turned by any `rotation3D`), grown by
    /// `margin` (in the view's own points) on every side. A point is only on a turned view where the view
    /// is in front of the eye (W > 0), as only there is it drawn.
    public func contains(_ p: Point, margin: Double = 0) -> Bool {
        var p = p
        for h in projections {
            guard let inv = h.inverted, let q = inv.apply(p), h.homogeneous(q).w > 0 else { return false }
            p = q
        }
        guard let inv = transform.inverted else { return false }
        let q = inv.apply(p)
        return q.x >= frame.minX - margin && q.x <= frame.maxX + margin && q.y >= frame.minY - margin && q.y <= frame.maxY + margin
    }
}

/// Hit testing for scripted input: the regions of views with gestures, back to front.
public protocol HitTester {
    func hitRegions(of root: ResolvedView) -> [HitRegion]
}
