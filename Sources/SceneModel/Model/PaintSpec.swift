import Geometry

/// A paint as written: a colour or a gradient whose numbers and colours may be expressions.
public enum PaintSpec: Sendable {
    case color(Dynamic<Color>)
    case linear(stops: [StopSpec], start: DynamicPoint, end: DynamicPoint)
    case radial(stops: [StopSpec], center: DynamicPoint, startRadius: Dynamic<Double>, endRadius: Dynamic<Double>)
    /// Angles in degrees, clockwise from the trailing side (default 0 and 360: one turn).
    case angular(stops: [StopSpec], center: DynamicPoint, startAngle: Dynamic<Double>, endAngle: Dynamic<Double>)
}

/// A gradient stop; `location` nil means evenly spaced.
public struct StopSpec: Sendable {
    public var color: Dynamic<Color>
    public var location: Dynamic<Double>?
    public init(color: Dynamic<Color>, location: Dynamic<Double>?) { self.color = color; self.location = location }
}
