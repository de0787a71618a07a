import Geometry

/// Lays out a resolved view tree: the frames matched geometry moves between. Implemented by the layout stage and
/// handed to the timeline by the frame stage, so that neither of the two siblings depends on the other.
public protocol GeometryProvider {
    /// The frame, in canvas points, of every view by identity.
    func frames(of root: ResolvedView) -> [String: Rect]
    /// The content frame (inside `padding` and `frame`), in canvas points, of every view by identity: the size a
    /// `geometry` container reports to its children is its content frame's.
    func contentFrames(of root: ResolvedView) -> [String: Rect]
}

extension GeometryProvider {
    /// Stand-ins that know no padding: the frames themselves.
    public func contentFrames(of root: ResolvedView) -> [String: Rect] { frames(of: root) }
}

/// Everything the timeline needs from layout: frames for matched geometry and hit regions for scripted input.
/// `SceneTimeline` requires one, so no frame state can be resolved without its geometry.
public typealias SceneGeometry = GeometryProvider & HitTester
