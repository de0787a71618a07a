import Geometry
import Motion
import SceneModel

/// How far a view is through its transition: 0 is fully present (identity), 1 fully absent (active).
/// One amount per part of a combined transition, since each part may have its own animation.
struct PresenceState {
    /// True while the view is drawn: present now, or leaving with its removal still playing.
    var visible: Bool
    /// Present in the current state (false while a removal plays).
    var present: Bool
    /// Window position of the last snapshot in which the view was present.
    var lastPresent: Int
    /// (effect, amount 0…1 and beyond for springs) for each part of the transition in effect.
    var parts: [(TransitionEffect, Double)]
}

/// One part of a transition, without combination.
enum TransitionEffect {
    case opacity
    case scale(Double, anchor: UnitPoint)
    case offset(x: Double, y: Double)
    /// In units of the view's own size.
    case relativeOffset(x: Double, y: Double)
    case blur(Double)
    case modifier(active: ModifierSpec, identity: ModifierSpec)
}

/// A transition flattened into its parts for one direction, each with its own animation if given.
struct TransitionPart {
    var effect: TransitionEffect?
    var animation: AnimationSpec?

    static func parts(of t: TransitionSpec?, inserting: Bool, animation: AnimationSpec? = nil) -> [TransitionPart] {
        switch t ?? .opacity {
        case .opacity: return [TransitionPart(effect: .opacity, animation: animation)]
        case .identity: return [TransitionPart(effect: nil, animation: animation)]
        case .scale(let s, let a): return [TransitionPart(effect: .scale(s, anchor: a), animation: animation)]
        case .offset(let x, let y): return [TransitionPart(effect: .offset(x: x, y: y), animation: animation)]
        case .move(let edge):
            let d: (Double, Double) = edge == "top" ? (0, -1) : edge == "bottom" ? (0, 1) : edge == "leading" ? (-1, 0) : (1, 0)
            return [TransitionPart(effect: .relativeOffset(x: d.0, y: d.1), animation: animation)]
        case .slide:
            return [TransitionPart(effect: .relativeOffset(x: inserting ? -1 : 1, y: 0), animation: animation)]
        case .blur(let r): return [TransitionPart(effect: .blur(r), animation: animation)]
        case .modifier(let a, let i): return [TransitionPart(effect: .modifier(active: a, identity: i), animation: animation)]
        case .combined(let list): return list.flatMap { parts(of: $0, inserting: inserting, animation: animation) }
        case .asymmetric(let ins, let rem): return parts(of: inserting ? ins : rem, inserting: inserting, animation: animation)
        case .animated(let base, let a): return parts(of: base, inserting: inserting, animation: a)
        }
    }
}

extension AnimatedValues {
    /// The presence of a view whose presence in each snapshot of the window is `present`.
    func presence(_ present: [Bool], transition: TransitionSpec?) -> PresenceState {
        let last = present.count - 1
        let lastPresent = present.lastIndex(of: true) ?? -1
        guard !atRest, present.contains(where: { $0 != present[0] }) else {
            return PresenceState(visible: present[last], present: present[last], lastPresent: lastPresent, parts: [])
        }
        // The direction of the latest change picks the insertion or removal side of the transition.
        let inserting = present[last]
        let parts = TransitionPart.parts(of: transition, inserting: inserting)
        var amounts: [(TransitionEffect, Double)] = []
        var finished = true
        for part in parts {
            var track = AnimationTrack(initialValue: present[0] ? 0 : 1)
            var end = 0.0
            for k in 1...last where present[k] != present[k - 1] {
                let s = history.snapshots[snapshotIndex(k)]
                let anim: Animation? = s.animation.map { change in part.animation.map { Animation(constantVelocity: $0) } ?? change }
                track.append(at: s.time, to: present[k] ? 0 : 1, animation: anim)
                end = s.time + (anim.map { $0.duration ?? .infinity } ?? 0)
            }
            if time < end { finished = false }
            if let e = part.effect { amounts.append((e, track.value(at: time))) }
        }
        let visible = present[last] || !finished
        return PresenceState(visible: visible, present: present[last], lastPresent: lastPresent, parts: visible ? amounts : [])
    }

    /// Wraps a resolved view in one pass-through container per transition part, each carrying
    /// the part's effect at its amount (a one-child zstack takes its child's size and place).
    func applyTransition(_ view: ResolvedView, _ parts: [(TransitionEffect, Double)]) -> ResolvedView {
        var v = view
        for (n, (effect, a)) in parts.enumerated() where a != 0 {
            var m = ResolvedModifiers()
            switch effect {
            case .opacity: m.opacity = min(1, max(0, 1 - a))
            case .scale(let s, let anchor):
                let k = 1 + (s - 1) * a
                m.scale = Point(k, k); m.anchor = anchor
            case .offset(let x, let y): m.offset = Point(x * a, y * a)
            case .relativeOffset(let x, let y): m.relativeOffset = Point(x * a, y * a)
            case .blur(let r):
                m.blur = max(0, r * a); m.opacity = min(1, max(0, 1 - a))
            case .modifier(let active, let identity):
                func mix(_ x: Dynamic<Double>?, _ y: Dynamic<Double>?, _ d: Double) -> Double {
                    let i = number(y, default: d), act = number(x, default: d)
                    return i + (act - i) * a
                }
                m.opacity = min(1, max(0, mix(active.opacity, identity.opacity, 1)))
                m.blur = max(0, mix(active.blur, identity.blur, 0))
                m.rotation = mix(active.rotation, identity.rotation, 0)
                m.offset = Point(mix(active.offset?.x, identity.offset?.x, 0), mix(active.offset?.y, identity.offset?.y, 0))
                m.scale = Point(mix(active.scale?.x, identity.scale?.x, 1), mix(active.scale?.y, identity.scale?.y, 1))
                if let an = active.anchor ?? identity.anchor { m.anchor = UnitPoint(number(an.x), number(an.y)) }
            }
            v = ResolvedView(identity: view.identity + "~transition\(n)", kind: .zstack(alignment: .center), children: [v], modifiers: m)
        }
        return v
    }
}
