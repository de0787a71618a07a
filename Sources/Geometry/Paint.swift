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
    /// A conic sweep around `center` from `startAngle` to `endAngle`, in degrees clockwise from the trailing side, as
    /// SwiftUI's AngularGradient: a span of more than a turn draws only its last complete turn (equal angles, SwiftUI's default,
    /// are one whole turn); a shorter span fills the missing part with the colours at locations 1 and 0, changing
    /// halfway across it (developer.apple.com/documentation/swiftui/angulargradient). `AngularSweep` maps angles.
    case angular(stops: [GradientStop], center: UnitPoint, startAngle: Double, endAngle: Double)

    public var description: String {
        func st(_ s: [GradientStop]) -> String {
            s.map { "\($0.color)@\(fmt($0.location))" }.joined(separator: " ")
        }
        switch self {
        case .color(let c): return c.description
        case .linear(let s, let a, let b): return "linear(\(st(s)) from \(a) to \(b))"
        case .radial(let s, let c, let r0, let r1): return "radial(\(st(s)) at \(c) r \(fmt(r0))…\(fmt(r1)))"
        case .angular(let s, let c, let a0, let a1):
            return "angular(\(st(s)) at \(c)" + (a0 == 0 && a1 == 360 ? ")" : " \(fmt(a0))°…\(fmt(a1))°)")
        }
    }
}

/// Where an angle falls along an angular gradient from `startAngle` to `endAngle` (SwiftUI's AngularGradient rules,
/// see `Paint.angular`): the location 0…1 of the colour drawn at `angle`, all in degrees clockwise from the trailing
/// side.
public struct AngularSweep: Hashable, Sendable {
    public var startAngle: Double, endAngle: Double
    public init(startAngle: Double, endAngle: Double) { self.startAngle = startAngle; self.endAngle = endAngle }

    public func location(at angle: Double) -> Double {
        // A sweep that runs anticlockwise is the clockwise one seen in a mirror.
        var a = angle, s = startAngle, e = endAngle
        if e < s { a = -a; s = -s; e = -e }
        func turns(_ x: Double) -> Double { let f = x / 360 - (x / 360).rounded(.down); return f < 1 ? f : 0 }
        let span = e - s
        guard span.isFinite, a.isFinite else { return 0 }
        if span == 0 || span == 360 { return turns(a - e) }   // one whole turn (equal angles: SwiftUI's default)
        if span > 360 {
            // Only the last complete turn is drawn: the locations (span − 360)/span … 1 over the turn ending at `e`.
            return (span - 360 + turns(a - e) * 360) / span
        }
        let d = turns(a - s) * 360
        if d <= span { return d / span }
        return d - span < (360 - span) / 2 ? 1 : 0
    }
}
