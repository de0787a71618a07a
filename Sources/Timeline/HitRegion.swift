import Geometry
import SceneModel

/// A view that takes gestures, as drawn: its layout frame in its own space and the transform
/// from that space to canvas points (offset, scale, rotation of it and its ancestors).
public struct HitRegion: Sendable {
    public var identity: String
    public var frame: Rect
    public var transform: AffineTransform
    public var gestures: GestureBinding
    public init(identity: String, frame: Rect, transform: AffineTransform, gestures: GestureBinding) {
        self.identity = identity; self.frame = frame; self.transform = transform; self.gestures = gestures
    }

    /// True when the canvas point lies inside the drawn frame, grown by `margin` (in the view's own
    /// points) on every side.
    public func contains(_ p: Point, margin: Double = 0) -> Bool {
        guard let inv = transform.inverted else { return false }
        let q = inv.apply(p)
        return q.x >= frame.minX - margin && q.x <= frame.maxX + margin && q.y >= frame.minY - margin && q.y <= frame.maxY + margin
    }
}

/// Hit testing for scripted input: the regions of views with gestures, back to front.
public protocol HitTester {
    func hitRegions(of root: ResolvedView) -> [HitRegion]
}
