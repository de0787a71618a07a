import Geometry

/// A view with every value evaluated: the scene's view tree at one instant, after state,
/// animation, `forEach` and `if` have been applied. The timeline produces it and layout
/// consumes it; it holds numbers, colours and strings only, never expressions.
public struct ResolvedView: Hashable, Sendable {
    /// Stable identity across frames: the JSON path of the view in the scene, with the
    /// loop index for views inside `forEach` (`body.children[1].children[0]#3`; a background, overlay or mask without an id is named after its view, `label.overlay`), or its `id`.
    public var identity: String
    public var kind: ResolvedKind
    public var children: [ResolvedView]
    public var modifiers: ResolvedModifiers

    public init(identity: String, kind: ResolvedKind, children: [ResolvedView] = [],
                modifiers: ResolvedModifiers = ResolvedModifiers()) {
        self.identity = identity; self.kind = kind; self.children = children; self.modifiers = modifiers
    }
}

/// How a resizable image fits its frame.
public enum ContentMode: String, Hashable, Sendable { case fit, fill }

/// Vertical alignment of an hstack's children.
public enum VerticalAlignment: String, Hashable, Sendable { case top, center, bottom }
/// Horizontal alignment of a vstack's children.
public enum HorizontalAlignment: String, Hashable, Sendable { case leading, center, trailing }

/// A view's own content, before its modifiers.
public enum ResolvedKind: Hashable, Sendable {
    /// A shape: its outline (whose path `ShapeOutline.path(in:)` builds) and how it is filled and stroked.
    case shape(ShapeOutline, ShapeStyle)
    case text(String, TextStyleSpec, fill: Paint)
    /// `image` is nil when the file could not be loaded (reported at load time). `scale`: the file's pixels per
    /// point, nil for the scene's own `canvas.scale`.
    case image(RGBAImage?, contentMode: ContentMode?, resizable: Bool, src: String, scale: Double?)
    /// A frame of a Lottie animation (§3.3b), counted from the in point as rlottie counts; `document` is nil
    /// when the file could not be loaded (reported at load time). Laid out as a resizable image.
    case lottie(LottieDocument?, frame: Int, contentMode: ContentMode, src: String)
    case zstack(alignment: UnitPoint)
    /// `spacing` nil means the default of 8 points.
    case hstack(spacing: Double?, alignment: VerticalAlignment)
    case vstack(spacing: Double?, alignment: HorizontalAlignment)
    /// `minLength` in points (nil: the default of 8 inside stacks).
    case spacer(minLength: Double?)
    /// SwiftUI's `GeometryReader`: as large as its proposal, children at its top-leading corner. Its children were
    /// resolved with its laid-out size (`geometry.width`, `geometry.height`).
    case geometry
    /// SwiftUI's `ScrollView` at rest (see `ViewKindSpec.scroll`).
    case scroll(axis: ScrollAxis)
    /// SwiftUI's `LazyVGrid` (see `ViewKindSpec.grid`), its numbers at this instant.
    case grid(columns: [GridColumn], spacing: Double?)
    /// A paint used as a background or overlay: fills whatever it is proposed, like a shape.
    case paint(Paint)
}

/// Fill and stroke of a shape.
public struct ShapeStyle: Hashable, Sendable {
    public var fill: Paint?
    public var stroke: Paint?
    /// Stroke width in points.
    public var strokeWidth: Double
    /// The part of the outline that is drawn, filled and stroked (SwiftUI's `.trim(from:to:)`); nil for all of it.
    public var trim: ShapeTrim?
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public init(fill: Paint? = .color(.white), stroke: Paint? = nil, strokeWidth: Double = 1, trim: ShapeTrim? = nil,
                lineCap: LineCap = .butt, lineJoin: LineJoin = .miter) {
        self.fill = fill; self.stroke = stroke; self.strokeWidth = strokeWidth; self.trim = trim
        self.lineCap = lineCap; self.lineJoin = lineJoin
    }
}

/// Fractions of a shape's outline length, measured from where its path starts (`Path.trimmed(from:to:)`).
public struct ShapeTrim: Hashable, Sendable {
    public var from: Double
    public var to: Double
    public init(from: Double = 0, to: Double = 1) { self.from = from; self.to = to }
}

/// Text style as the scene gives it (the same fields as the display list's `TextStyle`).
public struct TextStyleSpec: Hashable, Sendable {
    public var size: Double
    /// 100…900.
    public var weight: Int
    /// `default`, `rounded`, `monospaced` or `serif`.
    public var design: String
    public var monospacedDigit: Bool
    /// Extra points between glyphs.
    public var kerning: Double
    /// `multilineTextAlignment`: how the lines of wrapped text line up (leading by default, as in SwiftUI).
    public var alignment: HorizontalAlignment
    /// At most this many lines; nil for no limit.
    public var lineLimit: Int?
    public var truncationMode: TruncationMode
    /// Extra points between lines.
    public var lineSpacing: Double
    /// The axes on which the text refuses its proposal and takes its ideal size.
    public var fixedSize: FixedSizeAxes
    public init(size: Double = 17, weight: Int = 400, design: String = "default",
                monospacedDigit: Bool = false, kerning: Double = 0, alignment: HorizontalAlignment = .leading,
                lineLimit: Int? = nil, truncationMode: TruncationMode = .tail, lineSpacing: Double = 0,
                fixedSize: FixedSizeAxes = FixedSizeAxes()) {
        self.size = size; self.weight = weight; self.design = design
        self.monospacedDigit = monospacedDigit; self.kerning = kerning; self.alignment = alignment
        self.lineLimit = lineLimit; self.truncationMode = truncationMode; self.lineSpacing = lineSpacing
        self.fixedSize = fixedSize
    }
}

/// `frame` modifier; nil fields are unconstrained. `.infinity` is allowed for the max sizes.
public struct FrameSpec: Hashable, Sendable {
    public var width: Double?, height: Double?
    public var minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?
    public var alignment: UnitPoint
    public init(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
                minHeight: Double? = nil, maxHeight: Double? = nil, alignment: UnitPoint = .center) {
        self.width = width; self.height = height; self.minWidth = minWidth; self.maxWidth = maxWidth
        self.minHeight = minHeight; self.maxHeight = maxHeight; self.alignment = alignment
    }
    /// True when only `width` and/or `height` are given (SwiftUI's `.frame(width:height:)`).
    public var isFixed: Bool { minWidth == nil && maxWidth == nil && minHeight == nil && maxHeight == nil }
}

/// How a view is clipped.
public enum ClipMode: Hashable, Sendable {
    /// To the view's frame rectangle.
    case frame
    /// To the view's own shape (rounded rect, capsule…); a non-shape view clips to its frame.
    case shape
}

/// A shadow as the scene gives it: colour, σ in points, offset in points.
public struct ShadowSpec: Hashable, Sendable {
    public var color: Color, radius: Double, x: Double, y: Double
    public init(color: Color = Color(r: 0, g: 0, b: 0, a: 0.33), radius: Double, x: Double = 0, y: Double = 0) {
        self.color = color; self.radius = radius; self.x = x; self.y = y
    }
}

/// The common view keys of §3 with their values; applied inner first in the order of the fields.
public struct ResolvedModifiers: Hashable, Sendable {
    public var padding: EdgeInsets?
    public var frame: FrameSpec?
    /// A background view laid out in this view's frame (a paint becomes a `.paint` view).
    public var background: Box<ResolvedView>?
    public var overlay: Box<ResolvedView>?
    public var mask: Box<ResolvedView>?
    public var clip: ClipMode?
    public var shadows: [ShadowSpec]
    /// How `shadows` are cast (§4).
    public var shadowMode: ShadowMode = .chained
    /// When false, a container's shadows and opacity apply to each drawn child separately (§3, §4).
    public var compositingGroup = false
    /// Gaussian σ in points.
    public var blur: Double
    public var opacity: Double
    /// Offset in points.
    public var offset: Point
    public var scale: Point
    /// Degrees, clockwise.
    public var rotation: Double
    public var anchor: UnitPoint
    /// `rotation3D`, drawn after offset, scale and rotation; nil for none.
    public var rotation3D: Rotation3D?
    /// `layoutPriority`: the parent stack proposes space to its children by it, highest first (0 by default).
    public var layoutPriority: Double = 0
    /// The view's matched-geometry id (after `{i}` substitution), whether it is the source, and
    /// whether shape parameters morph.
    public var matchedGeometry: MatchedGeometryInfo?
    /// The view's `gestures`, by the JSON path of its spec and the loop variables it was made with.
    public var gestures: GestureBinding?
    /// An offset in units of the view's own frame size (`[1, 0]` moves it right by its width):
    /// the `move` and `slide` transitions. Added to `offset`.
    public var relativeOffset: Point = .zero
    /// When set, layout proposes this frame (canvas points) to the view instead of the
    /// parent's placement: the matched-geometry frame of an in-flight move.
    public var matchedFrame: Rect?
    /// For a text while frames animate around it (its own, its parent's, or those of the view it decorates): the
    /// size (canvas points) its frame will have when the animation has settled. Its lines are laid out for that size, the target state's, and the laid-out
    /// text is placed in the presented frame as it is, never re-wrapped, cut or scaled on the way.
    public var targetSize: Size?

    public init(padding: EdgeInsets? = nil, frame: FrameSpec? = nil, background: Box<ResolvedView>? = nil,
                overlay: Box<ResolvedView>? = nil, mask: Box<ResolvedView>? = nil, clip: ClipMode? = nil,
                shadows: [ShadowSpec] = [], blur: Double = 0, opacity: Double = 1, offset: Point = .zero,
                scale: Point = Point(1, 1), rotation: Double = 0, anchor: UnitPoint = .center,
                matchedFrame: Rect? = nil) {
        self.padding = padding; self.frame = frame; self.background = background; self.overlay = overlay
        self.mask = mask; self.clip = clip; self.shadows = shadows; self.blur = blur; self.opacity = opacity
        self.offset = offset; self.scale = scale; self.rotation = rotation; self.anchor = anchor
        self.matchedFrame = matchedFrame
    }
}

/// A reference box so that a value type can hold itself (background, overlay and mask views).
public final class Box<T: Hashable & Sendable>: Hashable, @unchecked Sendable {
    public let value: T
    public init(_ value: T) { self.value = value }
    public static func == (a: Box, b: Box) -> Bool { a === b || a.value == b.value }
    public func hash(into h: inout Hasher) { h.combine(value) }
}

/// A view's `matchedGeometry` with its id resolved.
public struct MatchedGeometryInfo: Hashable, Sendable {
    public var id: String
    public var isSource: Bool
    public var morph: Bool
    /// While the pair moves, one picture of the leaving view travels (§6 `snapshot`).
    public var snapshot: Bool
    public init(id: String, isSource: Bool, morph: Bool, snapshot: Bool = false) {
        self.id = id; self.isSource = isSource; self.morph = morph; self.snapshot = snapshot
    }
}

/// Which gesture list a view carries: the identity of the view spec (`ViewSpec.identity`), and the values of the
/// forEach loop variables (outermost first) that the handlers see.
public struct GestureBinding: Hashable, Sendable {
    public var view: String
    public var loopValues: [Double]
    public init(view: String, loopValues: [Double]) { self.view = view; self.loopValues = loopValues }
}

/// A column of a grid at one instant.
public struct GridColumn: Hashable, Sendable {
    public enum Size: Hashable, Sendable {
        case fixed(Double)
        case flexible(minimum: Double, maximum: Double)
    }
    public var size: Size
    /// Points after this column; nil: 8.
    public var spacing: Double?
    public init(size: Size, spacing: Double?) { self.size = size; self.spacing = spacing }
}
