import Geometry
import SceneModel

// Blending the paint and light of a morphing matched pair (§6, `"morph": true`): every animatable
// value goes from the leaving view's to the entering view's by the move's progress, component-wise.
// Progress is not clamped (springs overshoot); colours clamp each component, lengths stay ≥ 0.

extension ResolvedView {
    /// This entering view of a morphing pair as it looks at `progress` of the move from `old` (the
    /// leaving view at rest): shape parameters, paints, shadow stack, opacity and blur in between.
    mutating func morph(from old: ResolvedView, progress p: Double) {
        kind = morphKind(from: old.kind, to: kind, progress: p)
        modifiers.shadows = morphShadows(from: old.modifiers.shadows, to: modifiers.shadows, progress: p)
        modifiers.opacity = min(1, max(0, old.modifiers.opacity + (modifiers.opacity - old.modifiers.opacity) * p))
        modifiers.blur = max(0, old.modifiers.blur + (modifiers.blur - old.modifiers.blur) * p)
    }
}

/// The shadow stacks of a morphing pair at `progress`: entries paired in order, an entry missing on
/// one side counting as the other side's shadow at zero opacity, so light never vanishes for a frame.
func morphShadows(from old: [ShadowSpec], to new: [ShadowSpec], progress p: Double) -> [ShadowSpec] {
    (0..<max(old.count, new.count)).map { i in
        let a = i < old.count ? old[i] : new[i].fadedOut
        let b = i < new.count ? new[i] : old[i].fadedOut
        return ShadowSpec(color: a.color.mixed(with: b.color, by: p), radius: max(0, a.radius + (b.radius - a.radius) * p),
                          x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p)
    }
}

extension ShadowSpec {
    /// The same shadow with no light: what a missing entry of a morphing stack stands for.
    var fadedOut: ShadowSpec { ShadowSpec(color: color.withAlphaMultiplied(by: 0), radius: radius, x: x, y: y) }
}

/// A paint of a morphing pair at `progress`: colours mix; gradients of one kind mix stop by stop
/// (a colour counts as a gradient of that colour), along with their geometry. Paints that cannot be
/// paired (different gradient kinds or stop counts) show the entering view's. A paint missing on one
/// side counts as the other side's at zero opacity (a stroke fades in rather than popping).
func morphPaint(from old: Paint?, to new: Paint?, progress p: Double) -> Paint? {
    guard let old = old ?? new?.fadedOut else { return nil }
    let new = new ?? old.fadedOut
    func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
    func mix(_ x: UnitPoint, _ y: UnitPoint) -> UnitPoint { UnitPoint(mix(x.x, y.x), mix(x.y, y.y)) }
    func stops(_ a: [GradientStop], _ b: [GradientStop]) -> [GradientStop]? {
        guard a.count == b.count else { return nil }
        return zip(a, b).map { GradientStop(color: $0.color.mixed(with: $1.color, by: p), location: mix($0.location, $1.location)) }
    }
    switch (old.asGradient(like: new), new.asGradient(like: old)) {
    case (.color(let a), .color(let b)):
        return .color(a.mixed(with: b, by: p))
    case (.linear(let s0, let a0, let b0), .linear(let s1, let a1, let b1)):
        return stops(s0, s1).map { .linear(stops: $0, start: mix(a0, a1), end: mix(b0, b1)) } ?? new
    case (.radial(let s0, let c0, let r0, let e0), .radial(let s1, let c1, let r1, let e1)):
        return stops(s0, s1).map { .radial(stops: $0, center: mix(c0, c1), startRadius: max(0, mix(r0, r1)), endRadius: max(0, mix(e0, e1))) } ?? new
    case (.angular(let s0, let c0, let a0, let e0), .angular(let s1, let c1, let a1, let e1)):
        return stops(s0, s1).map { .angular(stops: $0, center: mix(c0, c1), startAngle: mix(a0, a1), endAngle: mix(e0, e1)) } ?? new
    default:
        return new
    }
}

extension Paint {
    /// The same paint with every colour transparent.
    var fadedOut: Paint {
        func clear(_ s: [GradientStop]) -> [GradientStop] { s.map { GradientStop(color: $0.color.withAlphaMultiplied(by: 0), location: $0.location) } }
        switch self {
        case .color(let c): return .color(c.withAlphaMultiplied(by: 0))
        case .linear(let s, let a, let b): return .linear(stops: clear(s), start: a, end: b)
        case .radial(let s, let c, let r0, let r1): return .radial(stops: clear(s), center: c, startRadius: r0, endRadius: r1)
        case .angular(let s, let c, let a0, let a1): return .angular(stops: clear(s), center: c, startAngle: a0, endAngle: a1)
        }
    }

    /// A colour as a gradient of `other`'s kind and geometry with every stop that colour (so that it
    /// can blend stop by stop with `other`); any other paint unchanged.
    func asGradient(like other: Paint) -> Paint {
        guard case .color(let c) = self else { return self }
        func same(_ s: [GradientStop]) -> [GradientStop] { s.map { GradientStop(color: c, location: $0.location) } }
        switch other {
        case .color: return self
        case .linear(let s, let a, let b): return .linear(stops: same(s), start: a, end: b)
        case .radial(let s, let c0, let r0, let r1): return .radial(stops: same(s), center: c0, startRadius: r0, endRadius: r1)
        case .angular(let s, let c0, let a0, let a1): return .angular(stops: same(s), center: c0, startAngle: a0, endAngle: a1)
        }
    }
}
