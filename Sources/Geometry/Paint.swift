/// A colour stop of a gradient; `location` is 0…1 along the gradient.
public struct GradientStop: Hashable, Sendable {
    public var color: Color
    public var location: Double
    public init(color: Color, location: Double) { self.color = color; self.location = location }
}

/// What fills or strokes a shape or text. Gradient geometry is given in unit points
/// of a reference rectangle (the view's frame), as SwiftUI's gradients are; radii are in points.
public enum Paint: Hashable, Sendable, CustomStringConvertible {
    case color(Color)
    case linear(stops: [GradientStop], start: UnitPoint, end: UnitPoint)
    case radial(stops: [GradientStop], center: UnitPoint, startRadius: Double, endRadius: Double)
    /// A conic sweep around `center`, starting at angle 0 (pointing to the trailing side)
    /// and going clockwise through 360°, as SwiftUI's AngularGradient with default angles.
    case angular(stops: [GradientStop], center: UnitPoint)

    public var description: String {
        func st(_ s: [GradientStop]) -> String {
            s.map { "\($0.color)@\(fmt($0.location))" }.joined(separator: " ")
        }
        switch self {
        case .color(let c): return c.description
        case .linear(let s, let a, let b): return "linear(\(st(s)) from \(a) to \(b))"
        case .radial(let s, let c, let r0, let r1): return "radial(\(st(s)) at \(c) r \(fmt(r0))…\(fmt(r1)))"
        case .angular(let s, let c): return "angular(\(st(s)) at \(c))"
        }
    }
}
