import Foundation

// MARK: - Named animations of §5.1

extension Animation {
    /// Timing curves without a duration play for 0.35 s, as SwiftUI's do.
    public static let defaultTimingDuration = 0.35

    /// `"spring"`: response 0.55 s, dampingFraction 0.825 (SwiftUI's `.spring()` through iOS 16).
    public static let spring = Animation.spring(response: 0.55, dampingFraction: 0.825)
    /// `"default"`: response 0.55 s, dampingFraction 1 (SwiftUI's iOS 17 default).
    public static let `default` = Animation.spring(response: 0.55, dampingFraction: 1)
    /// `"smooth"`: duration 0.5 s, bounce 0.
    public static let smooth = Animation.spring(duration: 0.5, bounce: 0)
    /// `"snappy"`: duration 0.5 s, bounce 0.15.
    public static let snappy = Animation.spring(duration: 0.5, bounce: 0.15)
    /// `"bouncy"`: duration 0.5 s, bounce 0.3.
    public static let bouncy = Animation.spring(duration: 0.5, bounce: 0.3)
    /// `"easeIn"`: CoreAnimation's ease-in over 0.35 s.
    public static let easeIn = Animation.easeIn(duration: defaultTimingDuration)
    /// `"easeOut"`: CoreAnimation's ease-out over 0.35 s.
    public static let easeOut = Animation.easeOut(duration: defaultTimingDuration)
    /// `"easeInOut"`: CoreAnimation's ease-in-ease-out over 0.35 s.
    public static let easeInOut = Animation.easeInOut(duration: defaultTimingDuration)
    /// `"linear"`: constant speed over 0.35 s.
    public static let linear = Animation.linear(duration: defaultTimingDuration)
    /// `"caDefault"`: CoreAnimation's default timing function over 0.35 s.
    public static let caDefault = Animation.bezier(.caDefault, duration: defaultTimingDuration)

    /// The animation a bare name stands for in a scene (`"spring"`, `"default"`, `"smooth"`, `"snappy"`,
    /// `"bouncy"`, `"easeIn"`, `"easeOut"`, `"easeInOut"`, `"linear"`, `"caDefault"`); nil for any other name.
    public static func named(_ name: String) -> Animation? {
        switch name {
        case "spring": return .spring
        case "default": return .default
        case "smooth": return .smooth
        case "snappy": return .snappy
        case "bouncy": return .bouncy
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInOut": return .easeInOut
        case "linear": return .linear
        case "caDefault": return .caDefault
        default: return nil
        }
    }

    // MARK: - Builders

    /// A spring from response (seconds) and dampingFraction; `initialVelocity` in whole changes per second.
    public static func spring(response: Double, dampingFraction: Double, initialVelocity: Double = 0) -> Animation {
        Animation(curve: .spring(SpringCurve(response: response, dampingFraction: dampingFraction),
                                 initialVelocity: initialVelocity))
    }

    /// A spring from duration (seconds) and bounce; `initialVelocity` in whole changes per second.
    public static func spring(duration: Double, bounce: Double, initialVelocity: Double = 0) -> Animation {
        Animation(curve: .spring(SpringCurve(duration: duration, bounce: bounce), initialVelocity: initialVelocity))
    }

    /// A spring from mass, stiffness and damping; `initialVelocity` in whole changes per second.
    public static func spring(mass: Double = 1, stiffness: Double, damping: Double,
                              initialVelocity: Double = 0) -> Animation
    {
        Animation(curve: .spring(SpringCurve(mass: mass, stiffness: stiffness, damping: damping),
                                 initialVelocity: initialVelocity))
    }

    /// A timing curve over `duration` seconds.
    public static func bezier(_ curve: CubicBezierCurve, duration: Double) -> Animation {
        Animation(curve: .bezier(curve, duration: duration))
    }

    /// Ease-in over `duration` seconds.
    public static func easeIn(duration: Double) -> Animation { bezier(.easeIn, duration: duration) }
    /// Ease-out over `duration` seconds.
    public static func easeOut(duration: Double) -> Animation { bezier(.easeOut, duration: duration) }
    /// Ease-in-ease-out over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation { bezier(.easeInOut, duration: duration) }
    /// Constant speed over `duration` seconds.
    public static func linear(duration: Double) -> Animation { Animation(curve: .linear(duration: duration)) }

    // MARK: - Modifiers (as SwiftUI's)

    /// The same animation starting `seconds` later.
    public func delay(_ seconds: Double) -> Animation {
        Animation(curve: curve, delay: seconds, speed: speed, repeatCount: repeatCount, autoreverses: autoreverses)
    }

    /// The same animation running `factor` times faster.
    public func speed(_ factor: Double) -> Animation {
        Animation(curve: curve, delay: delay, speed: factor, repeatCount: repeatCount, autoreverses: autoreverses)
    }

    /// The same animation played `count` times in all.
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
        Animation(curve: curve, delay: delay, speed: speed, repeatCount: .count(count), autoreverses: autoreverses)
    }

    /// The same animation played forever.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        Animation(curve: curve, delay: delay, speed: speed, repeatCount: .forever, autoreverses: autoreverses)
    }
}
