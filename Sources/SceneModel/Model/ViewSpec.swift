import Geometry

/// A view of the scene's tree as written, with its values still dynamic. The timeline
/// evaluates it into `ResolvedView`s at each instant.
public final class ViewSpec: Sendable {
    /// Where the view is written, as a JSON path of the scene (`body.children[1]`): for messages.
    public let path: String
    /// What the view is kept by from frame to frame (its animations, transitions, matched moves, gestures and the
    /// copies a `forEach` makes of it) when it has no `id`: unique in the scene. It is SwiftUI's structural identity,
    /// the view's place in the tree, which the front end that made the view names (the JSON reader names it by the
    /// view's JSON path); a separate field, so that where a view is written and what it is kept by can differ.
    public let identity: String
    public let location: SourceLocation
    public let kind: ViewKindSpec
    public let children: [ChildSpec]
    public let modifiers: ModifierSpec
    /// `if`: the view is present while this holds.
    public let condition: ExprRef?
    public let transition: TransitionSpec?
    public let matchedGeometry: MatchedGeometrySpec?
    /// `id`, possibly with `{i}` placeholders.
    public let id: TemplateString?
    public let gestures: [GestureSpec]

    public init(path: String, identity: String, location: SourceLocation, kind: ViewKindSpec, children: [ChildSpec],
                modifiers: ModifierSpec, condition: ExprRef?, transition: TransitionSpec?,
                matchedGeometry: MatchedGeometrySpec?, id: TemplateString?, gestures: [GestureSpec]) {
        self.path = path; self.identity = identity; self.location = location; self.kind = kind; self.children = children
        self.modifiers = modifiers; self.condition = condition; self.transition = transition
        self.matchedGeometry = matchedGeometry; self.id = id; self.gestures = gestures
    }
}

/// A child slot of a container: one view, or `forEach` standing for `count` views.
public enum ChildSpec: Sendable {
    case view(ViewSpec)
    /// `count` views of `content`, with the loop variable `variable` = 0, 1, … in scope.
    case forEach(count: Dynamic<Double>, variable: String, content: ViewSpec, path: String)
}

/// A string with `{name}` placeholders for loop variables (`"card{i}"`).
public struct TemplateString: Sendable, Hashable {
    public enum Part: Sendable, Hashable { case literal(String), variable(String) }
    public var parts: [Part]
    public init(parts: [Part]) { self.parts = parts }

    /// Fills the placeholders from the loop variables (integers print without a decimal point).
    public func resolve(_ loop: [String: Double]) -> String {
        parts.map {
            switch $0 {
            case .literal(let s): return s
            case .variable(let v):
                let x = loop[v] ?? 0
                return x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
            }
        }.joined()
    }

    /// Splits `s` at `{name}` placeholders; braces around anything but an identifier stay literal.
    public static func parse(_ s: String) -> TemplateString {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(s)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}") {
                let name = String(after[..<close])
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !(name.first?.isNumber ?? true) {
                    if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                    parts.append(.variable(name))
                    rest = after[after.index(after: close)...]
                    continue
                }
            }
            literal += "{"
            rest = after
        }
        literal += rest
        if !literal.isEmpty || parts.isEmpty { parts.append(.literal(literal)) }
        return TemplateString(parts: parts)
    }

    public var variables: [String] { parts.compactMap { if case .variable(let v) = $0 { return v } else { return nil } } }
}

/// The kind of a view and the keys that belong to it.
public enum ViewKindSpec: Sendable {
    /// A shape: its outline as written (the timeline evaluates it into a `ShapeOutline`) and its fill and stroke.
    case shape(ShapeKindSpec, ShapeSpec)
    case text(TextSpec)
    case image(ImageSpec)
    case lottie(LottieSpec)
    case zstack(alignment: UnitPoint)
    case hstack(spacing: Dynamic<Double>?, alignment: VerticalAlignment)
    case vstack(spacing: Dynamic<Double>?, alignment: HorizontalAlignment)
    case spacer(minLength: Dynamic<Double>?)
    /// SwiftUI's `GeometryReader`: takes the whole size proposed to it and places its children at its top-leading
    /// corner; expressions in its children read its laid-out size as `geometry.width` and `geometry.height`.
    case geometry
    /// SwiftUI's `ScrollView` at rest: as large as its proposal, its children proposed their ideal length along
    /// `axis` and its width (height) across it, placed at its top (leading) edge and centred across, clipped to it.
    case scroll(axis: ScrollAxis)
    /// SwiftUI's `LazyVGrid`: its children in rows of `columns.count`, each in its column's width and centred in its
    /// cell; rows as tall as their tallest child, `spacing` points apart (nil: 8).
    case grid(columns: [GridColumnSpec], spacing: Dynamic<Double>?)

    public var typeName: String {
        switch self {
        case .shape(let k, _): return k.typeName
        case .text: return "text"
        case .image: return "image"
        case .lottie: return "lottie"
        case .zstack: return "zstack"
        case .hstack: return "hstack"
        case .vstack: return "vstack"
        case .spacer: return "spacer"
        case .geometry: return "geometry"
        case .scroll: return "scroll"
        case .grid: return "grid"
        }
    }
}

/// The direction a `scroll` view scrolls in.
public enum ScrollAxis: String, Hashable, Sendable, CaseIterable { case vertical, horizontal }

/// A column of a `grid` (SwiftUI's `GridItem`): its size and the spacing after it (nil: 8 points).
public struct GridColumnSpec: Sendable {
    public enum Size: Sendable {
        /// `.fixed(width)`
        case fixed(Dynamic<Double>)
        /// `.flexible(minimum:maximum:)`: a share of what the fixed columns and the spacing leave, within these.
        case flexible(minimum: Dynamic<Double>, maximum: Dynamic<Double>)
    }
    public var size: Size
    public var spacing: Dynamic<Double>?
    public init(size: Size, spacing: Dynamic<Double>?) { self.size = size; self.spacing = spacing }
}

/// A shape's outline as written: its parameters may be expressions.
public typealias ShapeKindSpec = ShapeKind<Dynamic<Double>>

/// `fill` and `stroke` of a shape.
public struct ShapeSpec: Sendable {
    public var fill: PaintSpec?
    public var stroke: PaintSpec?
    /// Stroke width in points.
    public var strokeWidth: Dynamic<Double>
    /// `trim`: the part of the outline drawn; nil for the whole outline.
    public var trim: TrimSpec?
    /// The stroke's ends and corners (SwiftUI's `StrokeStyle(lineCap:lineJoin:)`).
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public init(fill: PaintSpec?, stroke: PaintSpec?, strokeWidth: Dynamic<Double>, trim: TrimSpec? = nil,
                lineCap: LineCap = .butt, lineJoin: LineJoin = .miter) {
        self.fill = fill; self.stroke = stroke; self.strokeWidth = strokeWidth; self.trim = trim
        self.lineCap = lineCap; self.lineJoin = lineJoin
    }
}

/// `trim` of a shape as written (SwiftUI's `.trim(from:to:)`): fractions of the outline's length.
public struct TrimSpec: Sendable {
    public var from: Dynamic<Double>
    public var to: Dynamic<Double>
    public init(from: Dynamic<Double>, to: Dynamic<Double>) { self.from = from; self.to = to }
}

/// The keys of a `text` view.
public struct TextSpec: Sendable {
    public var text: TextTemplate
    public var size: Dynamic<Double>
    public var weight: Int
    public var design: String
    public var monospacedDigit: Bool
    /// Extra points between glyphs.
    public var kerning: Dynamic<Double>
    public var fill: PaintSpec
    /// `multilineTextAlignment`: how the lines of wrapped text line up.
    public var alignment: HorizontalAlignment
    /// At most this many lines; nil for no limit.
    public var lineLimit: Int?
    public var truncationMode: TruncationMode
    /// Extra points between lines.
    public var lineSpacing: Dynamic<Double>
    public var fixedSize: FixedSizeAxes
    public init(text: TextTemplate, size: Dynamic<Double>, weight: Int, design: String, monospacedDigit: Bool, kerning: Dynamic<Double>, fill: PaintSpec, alignment: HorizontalAlignment, lineLimit: Int?, truncationMode: TruncationMode, lineSpacing: Dynamic<Double>, fixedSize: FixedSizeAxes) {
        self.text = text; self.size = size; self.weight = weight; self.design = design; self.monospacedDigit = monospacedDigit; self.kerning = kerning; self.fill = fill; self.alignment = alignment; self.lineLimit = lineLimit; self.truncationMode = truncationMode; self.lineSpacing = lineSpacing; self.fixedSize = fixedSize
    }
}

/// The keys of an `image` view. `src` is resolved against the scene's folder at load time.
public struct ImageSpec: Sendable {
    public var src: String
    /// Absolute path of the file.
    public var resolvedPath: String
    public var contentMode: ContentMode?
    public var resizable: Bool
    /// Pixels per point of the file (an asset's @2x / @3x), nil for the scene's `canvas.scale`.
    public var scale: Double?
    public init(src: String, resolvedPath: String, contentMode: ContentMode?, resizable: Bool, scale: Double? = nil) {
        self.src = src; self.resolvedPath = resolvedPath; self.contentMode = contentMode; self.resizable = resizable
        self.scale = scale
    }
}

/// The keys of a `lottie` view (§3.3b). `src` is resolved against the scene's folder at load time, where the
/// file is read and checked.
public struct LottieSpec: Sendable {
    public var src: String
    /// Absolute path of the file.
    public var resolvedPath: String
    /// Where `src` is written, for messages about the file.
    public var srcLocation: SourceLocation
    public var contentMode: ContentMode
    /// What chooses the frame: `progress` 0…1 over the in–out range, or a Lottie frame number.
    public var time: LottieTime
    public init(src: String, resolvedPath: String, srcLocation: SourceLocation, contentMode: ContentMode, time: LottieTime) {
        self.src = src; self.resolvedPath = resolvedPath; self.srcLocation = srcLocation; self.contentMode = contentMode; self.time = time
    }
}

/// How a `lottie` view chooses its frame.
public enum LottieTime: Sendable {
    /// 0…1 over the file's in–out range (ip + p·(op − ip)).
    case progress(Dynamic<Double>)
    /// A Lottie frame number, counted as the file counts (the in point is frame `ip`).
    case frame(Dynamic<Double>)
}
