import Geometry

/// A scene value that is either fixed in the file or computed from state by an expression
/// (lottie's "static or animated value is one type").
public enum Dynamic<T: Sendable>: Sendable {
    case constant(T)
    case expression(ExprRef)

    public var isConstant: Bool { if case .constant = self { return true } else { return false } }
}

/// An x/y pair whose parts may each be dynamic: offsets, scales, unit points.
public struct DynamicPoint: Sendable {
    public var x: Dynamic<Double>
    public var y: Dynamic<Double>
    public init(x: Dynamic<Double>, y: Dynamic<Double>) { self.x = x; self.y = y }
    public static func constant(_ x: Double, _ y: Double) -> DynamicPoint { DynamicPoint(x: .constant(x), y: .constant(y)) }
}
