import DisplayList
import Geometry
import SceneModel

/// A view after layout: where it is, in canvas points before any offset, scale or rotation
/// (those move the drawing, not the layout), with its laid-out children and decorations.
public final class LaidOutView: Sendable {
    public let identity: String
    public let kind: ResolvedKind
    public let modifiers: ResolvedModifiers
    /// The view's frame in canvas points: its content with padding and `frame` applied.
    /// Background, overlay, mask, `clip: true` and the anchor of scale and rotation refer to it.
    public let frame: Rect
    /// Where the view's own content (shape, text, image, stack) sits, in canvas points: inside the
    /// padding, aligned in the frame. A `fill` image or an unwrapped text may be larger than `frame`.
    public let contentFrame: Rect
    public let children: [LaidOutView]
    public let background: LaidOutView?
    public let overlay: LaidOutView?
    public let mask: LaidOutView?
    /// For a text view, how its lines were laid out for the size it was proposed (the width
    /// they wrap at, the height they are cut to): drawing uses the same, so it draws the lines measured.
    public let textLayout: TextLayout?

    public init(identity: String, kind: ResolvedKind, modifiers: ResolvedModifiers, frame: Rect, contentFrame: Rect,
                children: [LaidOutView], background: LaidOutView?, overlay: LaidOutView?, mask: LaidOutView?,
                textLayout: TextLayout? = nil) {
        self.identity = identity; self.kind = kind; self.modifiers = modifiers
        self.frame = frame; self.contentFrame = contentFrame; self.children = children
        self.background = background; self.overlay = overlay; self.mask = mask; self.textLayout = textLayout
    }

    /// This view and everything under it in painter's order: background, children, overlay, then mask.
    public var allViews: [LaidOutView] {
        var out = [self]
        if let background { out += background.allViews }
        for c in children { out += c.allViews }
        if let overlay { out += overlay.allViews }
        if let mask { out += mask.allViews }
        return out
    }
}
