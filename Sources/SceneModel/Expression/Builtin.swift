import Foundation
import Geometry
import Motion

/// The functions an expression can call. Every one of them is total: bad input gives NaN or
/// ±inf the IEEE way, never a trap.
public enum Builtin: String, CaseIterable, Sendable {
    case min, max, clamp, abs, sqrt, pow, exp, log, sin, cos, floor, ceil, round, sign
    case mix, alpha, rubberband, rubberbandScroll, project, nearest, uikitSpring
    /// Swift's `Int(x)`: the whole part, rounded toward zero (`"{=Int(progress*100)}%"`); NaN and
    /// ±inf stay as they are rather than trapping.
    case int = "Int"

    /// How many arguments the function takes; `nil` upper bound means "any number more".
    public var arity: (minimum: Int, maximum: Int?) {
        switch self {
        case .min, .max: (2, nil)
        case .clamp, .mix: (3, 3)
        case .uikitSpring: (4, 4)
        case .pow, .alpha, .rubberband, .rubberbandScroll, .project, .nearest: (2, 2)
        case .abs, .sqrt, .exp, .log, .sin, .cos, .floor, .ceil, .round, .sign, .int: (1, 1)
        }
    }

    /// For error messages: `clamp(x, lo, hi)`.
    public var signature: String {
        switch self {
        case .min, .max: "\(rawValue)(a, b, …)"
        case .clamp: "clamp(x, lo, hi)"
        case .pow: "pow(x, y)"
        case .mix: "mix(a, b, f)"
        case .alpha: "alpha(colour, a)"
        case .rubberband: "rubberband(x, e)"
        case .rubberbandScroll: "rubberbandScroll(x, d)"
        case .project: "project(v, rate)"
        case .nearest: "nearest(x, [a, b, …])"
        case .uikitSpring: "uikitSpring(t, duration, dampingRatio, initialVelocity)"
        default: "\(rawValue)(x)"
        }
    }

    /// One-argument numeric functions; NaN for any other.
    func numeric1(_ x: Double) -> Double {
        switch self {
        case .abs: Swift.abs(x)
        case .sqrt: Foundation.sqrt(x)
        case .exp: Foundation.exp(x)
        case .log: Foundation.log(x)
        case .sin: Foundation.sin(x)
        case .cos: Foundation.cos(x)
        case .floor: x.rounded(.down)
        case .int: x.rounded(.towardZero)
        case .ceil: x.rounded(.up)
        case .round: x.rounded(.toNearestOrAwayFromZero)
        case .sign: ExpressionMath.sign(x)
        default: .nan
        }
    }

    /// Two-argument numeric functions; NaN for any other.
    func numeric2(_ x: Double, _ y: Double) -> Double {
        switch self {
        case .min: x.isNaN || y.isNaN ? .nan : Swift.min(x, y)
        case .max: x.isNaN || y.isNaN ? .nan : Swift.max(x, y)
        case .pow: Foundation.pow(x, y)
        case .rubberband: ExpressionMath.rubberband(x, y)
        case .rubberbandScroll: ExpressionMath.rubberbandScroll(x, y)
        case .project: ExpressionMath.project(x, y)
        default: .nan
        }
    }

    /// Functions of numbers only, as a plain Double function of their arguments.
    /// `mix`, `alpha` and `nearest` are handled by the caller because of their colour and list forms.
    /// NaN when given fewer arguments than the function takes.
    func numeric(_ a: [Double]) -> Double {
        guard a.count >= arity.minimum else { return .nan }
        typealias M = ExpressionMath
        switch self {
        case .min: return M.minimum(a)
        case .max: return M.maximum(a)
        case .clamp: return M.clamp(a[0], a[1], a[2])
        case .mix: return M.mix(a[0], a[1], a[2])
        case .pow, .rubberband, .rubberbandScroll, .project: return numeric2(a[0], a[1])
        case .uikitSpring: return M.uikitSpring(a[0], duration: a[1], dampingRatio: a[2], initialVelocity: a[3])
        case .alpha, .nearest: return .nan
        default: return numeric1(a[0])
        }
    }
}

/// The arithmetic behind the built-in functions, shared by the compiled and the tree-walking evaluator.
public enum ExpressionMath {
    /// Smallest argument; NaN if any is NaN (as JavaScript's `Math.min`).
    public static func minimum(_ xs: [Double]) -> Double {
        var m = Double.infinity
        for x in xs { if x.isNaN { return .nan }; if x < m { m = x } }
        return m
    }

    /// Largest argument; NaN if any is NaN.
    public static func maximum(_ xs: [Double]) -> Double {
        var m = -Double.infinity
        for x in xs { if x.isNaN { return .nan }; if x > m { m = x } }
        return m
    }

    /// `min(max(x, lo), hi)`: when lo > hi the result is hi.
    public static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double {
        minimum([maximum([x, lo]), hi])
    }

    /// −1, 0 or 1 (0 for ±0); NaN stays NaN.
    public static func sign(_ x: Double) -> Double {
        x > 0 ? 1 : x < 0 ? -1 : x.isNaN ? .nan : 0
    }

    /// a + (b − a)·f, with f not clamped so springs can overshoot.
    public static func mix(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }

    /// sign(x)·|x|^e: e < 1 makes a drag resist more the further it goes.
    public static func rubberband(_ x: Double, _ e: Double) -> Double { sign(x) * Foundation.pow(Swift.abs(x), e) }

    /// UIScrollView's rubber band: (1 − 1/(|x|·0.55/d + 1))·d with the sign of x, where d is
    /// the dimension (points) of the scroll view along the drag; the result never reaches d.
    public static func rubberbandScroll(_ x: Double, _ d: Double) -> Double {
        sign(x) * (1 - 1 / (Swift.abs(x) * 0.55 / d + 1)) * d
    }

    /// Distance in points travelled while decelerating from `v` pt/s with the velocity
    /// multiplied by `rate` every millisecond: (v/1000)·rate/(1 − rate), the sum of the
    /// geometric series. 0.998 is UIScrollView's normal rate, 0.99 fast.
    public static func project(_ v: Double, _ rate: Double) -> Double { (v / 1000) * rate / (1 - rate) }

    /// The element of `xs` closest to `x`; the earlier one on a tie; NaN for an empty list.
    public static func nearest(_ x: Double, _ xs: [Double]) -> Double {
        guard var best = xs.first else { return .nan }
        for candidate in xs.dropFirst() where Swift.abs(candidate - x) < Swift.abs(best - x) { best = candidate }
        return best
    }

    /// The progress (0 → 1) at `t` seconds of UIKit's duration spring
    /// `UIView.animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)` (Motion's
    /// `SpringCurve(uikitDuration:dampingRatio:initialVelocity:)`): 0 before the animation starts, the
    /// spring's progress while it runs, and exactly 1 from `duration` on, where UIKit's animation is over.
    /// NaN for a NaN `t` or a duration that is not a positive finite number.
    public static func uikitSpring(_ t: Double, duration: Double, dampingRatio: Double, initialVelocity: Double) -> Double {
        guard !t.isNaN, duration.isFinite, duration > 0, !dampingRatio.isNaN, initialVelocity.isFinite else { return .nan }
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        let curve = UIKitSpringCache.shared.curve(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        return curve.progress(at: t, initialVelocity: initialVelocity)
    }

    /// Truncated remainder (C `fmod`, JavaScript `%`): the result has the sign of the dividend.
    public static func remainder(_ a: Double, _ b: Double) -> Double { a.truncatingRemainder(dividingBy: b) }
}

/// The springs `uikitSpring(…)` has solved for (each solve bisects on the natural frequency), by their
/// three parameters; scenes use one or two, so the cache stays tiny.
final class UIKitSpringCache: @unchecked Sendable {
    static let shared = UIKitSpringCache()
    private let lock = NSLock()
    private var curves: [[Double]: SpringCurve] = [:]

    func curve(duration: Double, dampingRatio: Double, initialVelocity: Double) -> SpringCurve {
        let key = [duration, dampingRatio, initialVelocity]
        lock.lock()
        defer { lock.unlock() }
        if let c = curves[key] { return c }
        let c = SpringCurve(uikitDuration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        if curves.count > 64 { curves.removeAll() }
        curves[key] = c
        return c
    }
}
