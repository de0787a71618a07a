import Foundation

/// A CSS / CoreAnimation timing curve: the cubic Bézier from (0, 0) to (1, 1) with control points
/// (x1, y1) and (x2, y2). It maps a fraction of the duration (x, 0…1) to a fraction of the change (y,
/// unclamped, since y1 and y2 may lie outside 0…1).
public struct CubicBezierCurve: Sendable, Hashable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// x1 and x2 are clamped to 0…1, as CSS requires, so that x grows monotonically along the curve and
    /// every progress has exactly one parameter.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = min(max(x1.isFinite ? x1 : 0, 0), 1)
        self.y1 = y1.isFinite ? y1 : 0
        self.x2 = min(max(x2.isFinite ? x2 : 1, 0), 1)
        self.y2 = y2.isFinite ? y2 : 1
    }

    /// CoreAnimation's `easeIn` (0.42, 0, 1, 1).
    public static let easeIn = CubicBezierCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// CoreAnimation's `easeOut` (0, 0, 0.58, 1).
    public static let easeOut = CubicBezierCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// CoreAnimation's `easeInEaseOut` (0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezierCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// CoreAnimation's `default` timing function (0.25, 0.1, 0.25, 1).
    public static let caDefault = CubicBezierCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    /// The straight line (0, 0, 1, 1).
    public static let linear = CubicBezierCurve(x1: 0, y1: 0, x2: 1, y2: 1)

    // MARK: - Curve at a parameter

    /// Bernstein form of one coordinate: 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³.
    private static func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private static func derivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The curve's point at parameter `t` (0…1).
    public func point(atParameter t: Double) -> (x: Double, y: Double) {
        (Self.coordinate(t, x1, x2), Self.coordinate(t, y1, y2))
    }

    // MARK: - Progress

    /// The parameter t whose x equals `progress` (clamped to 0…1), to 1e-12 in x: Newton's method from
    /// t = x, falling back to bisection (x is monotone) when Newton stalls on a flat stretch or leaves 0…1.
    public func parameter(forProgress progress: Double) -> Double {
        let x = min(max(progress, 0), 1)
        if x == 0 || x == 1 { return x }
        var t = x
        for _ in 0..<8 {
            let error = Self.coordinate(t, x1, x2) - x
            if abs(error) < 1e-12 { return t }
            let slope = Self.derivative(t, x1, x2)
            if abs(slope) < 1e-9 { break }
            let next = t - error / slope
            if next < 0 || next > 1 { break }
            t = next
        }
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-15 {
            let mid = (lo + hi) / 2
            if Self.coordinate(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The fraction of the change at `progress` (fraction of the duration, clamped to 0…1).
    public func value(at progress: Double) -> Double {
        Self.coordinate(parameter(forProgress: progress), y1, y2)
    }

    /// dy/dx at `progress`: the rate of change per whole duration. Where dx/dt vanishes (only possible at the
    /// ends or with x1 or x2 at 0 or 1) the slope is taken a hair inside the curve, which gives the limit
    /// when it is finite.
    public func slope(at progress: Double) -> Double {
        var t = parameter(forProgress: progress)
        var dx = Self.derivative(t, x1, x2)
        if abs(dx) < 1e-9 {
            t = t < 0.5 ? t + 1e-7 : t - 1e-7
            dx = Self.derivative(t, x1, x2)
        }
        return Self.derivative(t, y1, y2) / max(dx, 1e-12)
    }
}
