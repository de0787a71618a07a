/// Corner style of a rounded rectangle: SwiftUI's `.continuous` and `.circular`, and UIKit's
/// `CALayer.cornerCurve = .continuous` (`layerContinuous`), another curve.
public enum CornerStyle: String, Hashable, Sendable, CaseIterable { case continuous, circular, layerContinuous }

/// The kind of a shape view, SwiftUI's built-in shapes, with its parameters of type `Value`: the scene model holds
/// `ShapeKind<Dynamic<Double>>` (values still expressions), the timeline evaluates it into a `ShapeOutline` with
/// `map`. `ShapeOutline.path(in:)` is the one place a shape's path is built: fill, stroke, `trim` and `clip: "shape"`
/// all draw it. A new shape is a case here (with its name, parameters and path) and its keys in the scene reader, and
/// every switch over it is exhaustive.
public enum ShapeKind<Value> {
    case rect
    /// `cornerRadius` in points.
    case roundedRect(cornerRadius: Value, style: CornerStyle)
    case capsule
    case circle
    case ellipse
    /// SwiftUI's `Path { path in … }` as a view: drawn steps in the view's own points, from its top-leading corner.
    case path([PathCommand<Value>])

    /// The scene format's name of the shape.
    public var typeName: String {
        switch self {
        case .rect: return "rect"
        case .roundedRect: return "roundedRect"
        case .capsule: return "capsule"
        case .circle: return "circle"
        case .ellipse: return "ellipse"
        case .path: return "path"
        }
    }

    /// The same shape with each parameter transformed (evaluated, at the timeline).
    public func map<T>(_ f: (Value) -> T) -> ShapeKind<T> {
        switch self {
        case .rect: return .rect
        case .roundedRect(let r, let style): return .roundedRect(cornerRadius: f(r), style: style)
        case .capsule: return .capsule
        case .circle: return .circle
        case .ellipse: return .ellipse
        case .path(let commands): return .path(commands.map { $0.map(f) })
        }
    }
}

extension ShapeKind: Equatable where Value: Equatable {}
extension ShapeKind: Hashable where Value: Hashable {}
extension ShapeKind: Sendable where Value: Sendable {}

/// A shape with its values at one instant.
public typealias ShapeOutline = ShapeKind<Double>

extension ShapeKind where Value == Double {
    /// The outline in `r` (the view's content frame), starting where SwiftUI's path for the shape starts and running
    /// clockwise on screen (what `trim` measures from): a rectangle at its top-left corner, a rounded rectangle and a
    /// capsule on the top edge after the top-left corner, a circle and an ellipse at the trailing point.
    public func path(in r: Rect) -> Path {
        switch self {
        case .rect: return .rect(r)
        case .roundedRect(let radius, let style): return .roundedRect(r, cornerRadius: radius, style: style)
        case .capsule: return .capsule(in: r)
        case .ellipse: return .ellipse(in: r)
        case .circle:
            // SwiftUI's Circle takes the whole proposal and draws the largest centred circle.
            let d = Swift.min(r.width, r.height)
            return .ellipse(in: Rect(x: r.midX - d / 2, y: r.midY - d / 2, width: d, height: d))
        case .path(let commands):
            // A Path takes the whole proposal, as a shape does, and draws its own coordinates in it, unscaled.
            return Path(commands: commands, origin: r.origin)
        }
    }

    /// The corner radius of a rectangle (0) or rounded rectangle, which matched-geometry morphs interpolate; nil for
    /// the other shapes.
    public var cornerRadius: Double? {
        switch self {
        case .rect: return 0
        case .roundedRect(let r, _): return r
        case .capsule, .circle, .ellipse, .path: return nil
        }
    }
}
