import Geometry
import SceneModel

// `"snapshot": true` on both views of a matched pair (§6): while the pair moves, one picture travels,
// a phantom, as UIKit's custom transitions do it. Which side: UIKit's `snapshotView(afterScreenUpdates:)`
// "captures the current rendered appearance of a view" to use "as a visual stand-in for the current
// view" in animations (Apple, UIView documentation); when a move starts, the view on screen is the
// leaving one (the entering one has never been drawn), so the phantom is the leaving view's picture,
// as it looked at rest when the move began. Its frame animates from the leaving view's frame to the
// entering view's, scaling its content; both real views are hidden until the move ends, when the
// entering one replaces the phantom. The phantom is drawn where the entering view is in the tree
// (over what the entering view would be over), as a transition adds its snapshots above both scenes.

extension ViewResolver {
    /// A view taking part in a snapshot move: hidden, keeping its place in its parent's layout; the
    /// entering one carries the phantom as an overlay that does not change its size.
    mutating func resolvePhantom(_ v: ViewSpec, identity: String, move m: MatchedMove) -> ResolvedView? {
        guard var hidden = build(v, identity: identity) else { return nil }
        hidden.modifiers.opacity = 0
        guard m.entering == (v.id?.resolve(loopVariables()) ?? identity), let picture = m.leavingView else { return hidden }
        let slot = ResolvedModifiers(overlay: Box(picture.phantom(from: m.leavingFrame, to: m.frame)))
        return ResolvedView(identity: identity + "~phantomSlot", kind: .zstack(alignment: .center), children: [hidden], modifiers: slot)
    }
}

extension ResolvedView {
    /// This view drawn as a picture of itself at rest in `rest` (canvas points), stretched and moved
    /// so that `rest` covers `frame`: scaled about its top-leading corner by the ratio of the frames'
    /// sizes, then moved by the difference of their origins (a snapshot view whose frame animates).
    /// Two pass-through containers carry the scale and the move, so the view's own modifiers stay.
    /// The picture is renamed so that the move's own frame (by identity) does not apply to it.
    func phantom(from rest: Rect, to frame: Rect) -> ResolvedView {
        var content = self
        content.identity += "~snapshot"
        content.modifiers.matchedFrame = rest
        var scaling = ResolvedModifiers(anchor: UnitPoint(0, 0), matchedFrame: rest)
        scaling.scale = Point(rest.width > 0 ? frame.width / rest.width : 1, rest.height > 0 ? frame.height / rest.height : 1)
        let scaled = ResolvedView(identity: identity + "~phantomScale", kind: .zstack(alignment: UnitPoint(0, 0)),
                                  children: [content], modifiers: scaling)
        let moving = ResolvedModifiers(offset: Point(frame.minX - rest.minX, frame.minY - rest.minY), matchedFrame: rest)
        return ResolvedView(identity: identity + "~phantom", kind: .zstack(alignment: UnitPoint(0, 0)),
                            children: [scaled], modifiers: moving)
    }
}
