import Geometry

/// Draw commands for one frame, in painter's order. Coordinates are canvas points;
/// each command carries the transform from its local space to canvas points, and the
/// raster stage multiplies by the canvas scale. Layers nest: every `beginLayer` is
/// closed by one `endLayer`, and the commands between them are drawn into the layer.
public struct DisplayList: Hashable, Sendable {
    public var commands: [DisplayCommand]
    public init(_ commands: [DisplayCommand] = []) { self.commands = commands }

    public mutating func append(_ c: DisplayCommand) { commands.append(c) }
    public mutating func append(contentsOf l: DisplayList) { commands += l.commands }
}

/// One draw command.
public enum DisplayCommand: Hashable, Sendable {
    case fill(FillCommand)
    case stroke(StrokeCommand)
    case text(TextCommand)
    case image(ImageCommand)
    /// A frame of a Lottie animation, drawn by rlottie at the rect's size in device pixels.
    case lottie(LottieCommand)
    /// Starts a layer: the commands up to the matching `endLayer` are drawn into an
    /// offscreen group, then its effects are applied in the fixed order mask → clip →
    /// shadows → blur → opacity, and the result is composited (source-over).
    case beginLayer(Layer)
    case endLayer
}

/// Fills `path` (in local coordinates, even-odd never: non-zero winding) with `paint`.
/// Gradient unit points are resolved against `paintBounds` (local coordinates).
public struct FillCommand: Hashable, Sendable {
    public var path: Path
    public var paint: Paint
    public var paintBounds: Rect
    public var transform: AffineTransform
    public init(path: Path, paint: Paint, paintBounds: Rect, transform: AffineTransform) {
        self.path = path; self.paint = paint; self.paintBounds = paintBounds; self.transform = transform
    }
}

/// Strokes `path` centred on its outline with a line `lineWidth` points wide (local units).
public struct StrokeCommand: Hashable, Sendable {
    public var path: Path
    public var paint: Paint
    public var paintBounds: Rect
    public var lineWidth: Double
    public var transform: AffineTransform
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public init(path: Path, paint: Paint, paintBounds: Rect, lineWidth: Double, transform: AffineTransform,
                lineCap: LineCap = .butt, lineJoin: LineJoin = .miter) {
        self.path = path; self.paint = paint; self.paintBounds = paintBounds
        self.lineWidth = lineWidth; self.transform = transform; self.lineCap = lineCap; self.lineJoin = lineJoin
    }
}

/// The style of a run of text. `weight` is 100…900 (400 regular, 700 bold).
public struct TextStyle: Hashable, Sendable {
    public enum Design: String, Hashable, Sendable, CaseIterable { case `default`, rounded, monospaced, serif }
    /// Font size in points.
    public var size: Double
    public var weight: Int
    public var design: Design
    /// Tabular (fixed-width) digits, OpenType feature `tnum`.
    public var monospacedDigit: Bool
    /// Extra space between glyphs, in points.
    public var kerning: Double

    public init(size: Double = 17, weight: Int = 400, design: Design = .default,
                monospacedDigit: Bool = false, kerning: Double = 0) {
        self.size = size; self.weight = weight; self.design = design
        self.monospacedDigit = monospacedDigit; self.kerning = kerning
    }
}

/// Measures text; implemented by the raster backend (Pango) so that layout and drawing agree.
public protocol TextMeasurer: Sendable {
    /// The size of the text box with no width limit, in points: the widest paragraph's advance width
    /// × the height of its lines (one line per paragraph).
    func measure(_ text: String, style: TextStyle) -> Size
    /// The size of the text block laid out as `layout` says, in points: the width of its widest
    /// line (at most `layout.width`: a word wider than a line is broken between characters) × the
    /// height of its lines and the spacing between them. A line cut with an ellipsis counts as
    /// the whole width.
    func measure(_ text: String, style: TextStyle, layout: TextLayout) -> Size
}

extension TextMeasurer {
    /// A measurer that only knows unwrapped text ignores the block layout.
    public func measure(_ text: String, style: TextStyle, layout: TextLayout) -> Size { measure(text, style: style) }
}

/// Draws a block of text whose box (as measured by `TextMeasurer` with the same `layout`) has
/// its top-left corner at `origin` (local coordinates). `paint` fills the glyphs; gradient unit
/// points are resolved against `paintBounds`.
public struct TextCommand: Hashable, Sendable {
    public var text: String
    public var style: TextStyle
    /// Line breaking, alignment and truncation; the default is one unwrapped line.
    public var layout: TextLayout
    public var origin: Point
    public var paint: Paint
    public var paintBounds: Rect
    public var transform: AffineTransform
    public init(text: String, style: TextStyle, layout: TextLayout = TextLayout(), origin: Point, paint: Paint,
                paintBounds: Rect, transform: AffineTransform) {
        self.text = text; self.style = style; self.layout = layout; self.origin = origin; self.paint = paint
        self.paintBounds = paintBounds; self.transform = transform
    }
}

/// Draws a bitmap stretched to fill `rect` (local coordinates), clipped to `clip` when given.
public struct ImageCommand: Hashable, Sendable {
    public var image: RGBAImage
    public var rect: Rect
    public var clip: Rect?
    public var transform: AffineTransform
    public init(image: RGBAImage, rect: Rect, clip: Rect? = nil, transform: AffineTransform) {
        self.image = image; self.rect = rect; self.clip = clip; self.transform = transform
    }
}

/// Draws frame `frame` (counted from the animation's in point) of a Lottie animation into `rect` (local
/// coordinates): rlottie renders it at `rect`'s size in device pixels (canvas points × scale, rounded), and that
/// picture is then drawn like an `ImageCommand`'s bitmap.
public struct LottieCommand: Hashable, Sendable {
    public var document: LottieDocument
    public var frame: Int
    public var rect: Rect
    public var transform: AffineTransform
    public init(document: LottieDocument, frame: Int, rect: Rect, transform: AffineTransform) {
        self.document = document; self.frame = frame; self.rect = rect; self.transform = transform
    }
}

/// A shadow: the layer's alpha filled with `color`, blurred with an untruncated Gaussian of
/// standard deviation `sigma` = 0.95 × `radius` points (SwiftUI's `.shadow(radius:)`), moved by `offset` points.
public struct Shadow: Hashable, Sendable {
    /// σ / radius for SwiftUI's `.shadow(radius: r)` as iOS draws it on screen (scene-format §4): fitted on
    /// simulator screen captures of a circle with four chained shadows of radius 10 — two 1x recordings on
    /// different Macs and one 3x (paulz/ViewSnapshots, `AppTests/Snapshots/LayeringShadowsView.png`, in
    /// `../shared/device-refs/`) — at 0.945, 0.946 and 0.957, and agreeing with single shadows on rounded
    /// squares from a second suite. σ = r (CALayer's nominal `shadowRadius`) leaves 5–7 % too much light.
    /// Every shadow σ in the renderer comes from here; `blur` keeps σ = radius.
    public static let sigmaPerRadius = 0.95

    public var color: Color
    public var radius: Double
    public var offset: Point
    public init(color: Color, radius: Double, offset: Point = .zero) {
        self.color = color; self.radius = radius; self.offset = offset
    }

    /// The blur's standard deviation in points.
    public var sigma: Double { radius * Self.sigmaPerRadius }
}

/// The edge of a projected view that lies on its rotation axis, in canvas points: the line x = `position`
/// (`vertical`) or y = `position`, with the view on the side of greater coordinates when `viewAfter`. Only edges
/// that stay upright or level on the canvas are named (the view's parent neither rotates nor skews it).
public struct Hinge: Hashable, Sendable {
    public var vertical: Bool
    public var position: Double
    public var viewAfter: Bool

    public init(vertical: Bool, position: Double, viewAfter: Bool) {
        self.vertical = vertical; self.position = position; self.viewAfter = viewAfter
    }
}

/// The effects of a layer, applied in this order to its content: `mask`, `clip`,
/// `shadows` (all under the content; chained or independent as `shadowMode` says), `blur`, `opacity`.
/// Paths and the mask are in the space given by `transform` (local → canvas points);
/// shadow offsets and radii, and the blur radius, are in that local space too, so a
/// scaled layer has scaled shadows (σ in pixels = `Shadow.sigma` × transform scale × canvas scale).
public struct Layer: Hashable, Sendable {
    public var transform: AffineTransform
    /// Content alpha is multiplied by the alpha of this list's drawing (each command has its own transform).
    public var mask: DisplayList?
    public var clip: Path?
    public var shadows: [Shadow]
    /// `.chained` (SwiftUI): shadow k is cast by the content with shadows 1…k−1 under it and is
    /// drawn below them. `.independent` (CSS): each is cast by the content alone, the first lowest.
    public var shadowMode: ShadowMode
    /// Gaussian σ in points; 0 for none.
    public var blur: Double
    /// 0…1, applied to the whole layer as a group.
    public var opacity: Double
    /// Applied last, to the finished layer (its effects included): a projective map from canvas
    /// points to canvas points, row-vector convention ([x, y, 1] · m = [X, Y, W], drawn at
    /// (X/W, Y/W)); the commands inside are positioned as if it were not there. Pixels whose
    /// pre-image has W ≤ 0 (behind the eye) stay empty; a singular matrix draws nothing.
    public var projection: Homography?
    /// With `projection`: the view's edge that lies on its rotation axis, which the map leaves in place (a cube's
    /// shared edge). Drawn so that a picture turning about the same line from the other side meets it without a crack.
    public var hinge: Hinge?

    public init(transform: AffineTransform = .identity, mask: DisplayList? = nil, clip: Path? = nil,
                shadows: [Shadow] = [], shadowMode: ShadowMode = .chained, blur: Double = 0, opacity: Double = 1,
                projection: Homography? = nil, hinge: Hinge? = nil) {
        self.transform = transform; self.mask = mask; self.clip = clip
        self.shadows = shadows; self.shadowMode = shadowMode; self.blur = blur; self.opacity = opacity
        self.projection = projection; self.hinge = hinge
    }

    /// True when the layer changes nothing and could be dropped.
    public var isPassThrough: Bool {
        mask == nil && clip == nil && shadows.isEmpty && blur == 0 && opacity == 1 && projection == nil
    }
}
