/// An animation as written (§5.1). The timeline turns it into a `Motion.Animation`.
public struct AnimationSpec: Sendable {
    public enum Curve: Sendable {
        /// response (s) and dampingFraction.
        case spring(response: Double, dampingFraction: Double)
        case springPhysical(mass: Double, stiffness: Double, damping: Double)
        /// duration (s) and bounce.
        case springDuration(duration: Double, bounce: Double)
        /// UIKit's duration spring (`UIView.animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)`):
        /// settles at `duration` seconds; `dampingRatio` 0…1.
        case springUIKit(duration: Double, dampingRatio: Double)
        /// Cubic Bézier control points and duration in seconds.
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double, duration: Double)
    }
    public var curve: Curve
    /// Relative initial velocity of a spring (whole distance per second); may be an expression.
    public var initialVelocity: Dynamic<Double>?
    /// Seconds.
    public var delay: Double = 0
    public var speed: Double = 1
    /// nil: play once; 0 or more: that many plays in all; `.max`: forever.
    public var repeatCount: Int?
    public var autoreverses: Bool = true

    public init(curve: Curve) { self.curve = curve }

    /// The named presets of §5.1.
    public static func named(_ name: String) -> AnimationSpec? {
        switch name {
        case "spring": return AnimationSpec(curve: .spring(response: 0.55, dampingFraction: 0.825))
        case "default": return AnimationSpec(curve: .spring(response: 0.55, dampingFraction: 1))
        case "smooth": return AnimationSpec(curve: .springDuration(duration: 0.5, bounce: 0))
        case "snappy": return AnimationSpec(curve: .springDuration(duration: 0.5, bounce: 0.15))
        case "bouncy": return AnimationSpec(curve: .springDuration(duration: 0.5, bounce: 0.3))
        case "easeIn": return AnimationSpec(curve: .bezier(x1: 0.42, y1: 0, x2: 1, y2: 1, duration: 0.35))
        case "easeOut": return AnimationSpec(curve: .bezier(x1: 0, y1: 0, x2: 0.58, y2: 1, duration: 0.35))
        case "easeInOut": return AnimationSpec(curve: .bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1, duration: 0.35))
        case "linear": return AnimationSpec(curve: .bezier(x1: 0, y1: 0, x2: 1, y2: 1, duration: 0.35))
        case "caDefault": return AnimationSpec(curve: .bezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1, duration: 0.35))
        default: return nil
        }
    }

    public static let names = ["spring", "default", "smooth", "snappy", "bouncy", "easeIn", "easeOut", "easeInOut", "linear", "caDefault"]
}
