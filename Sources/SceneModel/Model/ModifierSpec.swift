import Geometry

/// The common view keys of §3 as written, applied inner first in field order.
public struct ModifierSpec: Sendable {
    public var padding: PaddingSpec?
    public var frame: FrameKeySpec?
    public var background: LayerContentSpec?
    public var overlay: LayerContentSpec?
    public var mask: ViewSpec?
    public var clip: ClipMode?
    public var shadows: [ShadowKeySpec] = []
    /// `shadowMode`: chained (SwiftUI, the default) or independent (CSS/Figma).
    public var shadowMode: ShadowMode = .chained
    /// `compositingGroup`: a container's shadows and opacity apply to its flattened drawing
    /// instead of to each drawn child.
    public var compositingGroup = false
    /// σ in points.
    public var blur: Dynamic<Double>?
    public var opacity: Dynamic<Double>?
    public var offset: DynamicPoint?
    public var scale: DynamicPoint?
    /// Degrees, clockwise.
    public var rotation: Dynamic<Double>?
    public var anchor: DynamicPoint?
    /// `rotation3D`, drawn after offset, scale and rotation.
    public var rotation3D: Rotation3DSpec?
    /// `layoutPriority`: how the parent stack shares its space (SwiftUI's `.layoutPriority(_:)`); 0 when absent.
    public var layoutPriority: Dynamic<Double>?
    public init() {}
}

/// `rotation3D` as written (§3 item 9); every number may be an expression.
public struct Rotation3DSpec: Sendable {
    /// Degrees.
    public var angle: Dynamic<Double>
    /// Unitless direction; a literal zero axis is refused when the scene loads.
    public var axis: (x: Dynamic<Double>, y: Dynamic<Double>, z: Dynamic<Double>)
    /// Unit point of the laid-out frame; default the centre.
    public var anchor: DynamicPoint
    /// Points.
    public var anchorZ: Dynamic<Double>
    /// Unitless; the eye is max(w, h)/perspective points away; 0 for none.
    public var perspective: Dynamic<Double>
    public init(angle: Dynamic<Double>, axis: (x: Dynamic<Double>, y: Dynamic<Double>, z: Dynamic<Double>), anchor: DynamicPoint, anchorZ: Dynamic<Double>, perspective: Dynamic<Double>) {
        self.angle = angle; self.axis = axis; self.anchor = anchor; self.anchorZ = anchorZ; self.perspective = perspective
    }
}

/// `padding`: the four insets in points.
public struct PaddingSpec: Sendable {
    public var top: Dynamic<Double>, leading: Dynamic<Double>, bottom: Dynamic<Double>, trailing: Dynamic<Double>
    public init(top: Dynamic<Double>, leading: Dynamic<Double>, bottom: Dynamic<Double>, trailing: Dynamic<Double>) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
}

/// `frame` as written; `.infinity` is the value `Double.infinity`.
public struct FrameKeySpec: Sendable {
    public var width: Dynamic<Double>?, height: Dynamic<Double>?
    public var minWidth: Dynamic<Double>?, maxWidth: Dynamic<Double>?
    public var minHeight: Dynamic<Double>?, maxHeight: Dynamic<Double>?
    public var alignment: UnitPoint
    public init(width: Dynamic<Double>? = nil, height: Dynamic<Double>? = nil, minWidth: Dynamic<Double>? = nil,
                maxWidth: Dynamic<Double>? = nil, minHeight: Dynamic<Double>? = nil, maxHeight: Dynamic<Double>? = nil,
                alignment: UnitPoint) {
        self.width = width; self.height = height; self.minWidth = minWidth; self.maxWidth = maxWidth
        self.minHeight = minHeight; self.maxHeight = maxHeight; self.alignment = alignment
    }
}

/// A background or overlay: a paint filling the frame, or a view laid out in it.
public enum LayerContentSpec: Sendable {
    case paint(PaintSpec)
    case view(ViewSpec)
}

/// One entry of `shadows`.
public struct ShadowKeySpec: Sendable {
    public var color: Dynamic<Color>
    /// σ in points.
    public var radius: Dynamic<Double>
    public var x: Dynamic<Double>
    public var y: Dynamic<Double>
    public init(color: Dynamic<Color>, radius: Dynamic<Double>, x: Dynamic<Double>, y: Dynamic<Double>) {
        self.color = color; self.radius = radius; self.x = x; self.y = y
    }
}
