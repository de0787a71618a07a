import Foundation
import SceneJSON
internal import SwiftSyntax

/// `PhaseAnimator(phases) { phase in … } animation: { phase in … }` and `.phaseAnimator(phases) { content, phase in … }`,
/// with or without `trigger:`: a hidden state variable holds the index of the current phase, which timeline events
/// step with the animation the closure gives for the phase being entered; the content reads the phase as a value of
/// that index. As Apple documents PhaseAnimator (docs/swiftui-source.md, "Phase animations"): without a trigger, the
/// first phase shows when the view appears, the animator moves at once to the second and on to the next each time an
/// animation completes, from the last back to the first, forever; with one, each change of the trigger runs every
/// phase once from the second and back to the first. An animation "completes" when it is logically complete: a timing
/// curve after its duration, a spring after its response (or duration), delays added and speeds divided by.
extension Translator {
    /// Most phases of one animator (each a level of the nested condition the phase is read by).
    static let maxPhases = ExpressionLimits.maximumDepth / 2

    /// `PhaseAnimator(…)` as a view, or `.phaseAnimator(…)` on `base`.
    func phaseAnimator(_ c: FunctionCallExprSyntax, on base: JSONValue?, _ s: Scope) throws -> [JSONValue] {
        let what = base == nil ? "PhaseAnimator" : ".phaseAnimator"
        let trail = s.trail.adding(what)
        let args = Array(c.arguments)
        let closures = labelledClosures(c)
        guard let phasesExpr = args.first(where: { $0.label == nil && !$0.expression.is(ClosureExprSyntax.self) })?.expression,
              let content = closures.first(where: { $0.0 == "content" })?.1 else {
            throw fail(c, trail, what, "expected the phases, a content closure and optionally animation:")
        }
        guard let phases = try constantItems(phasesExpr, s), phases.count >= 2 else {
            throw fail(phasesExpr, trail, "phases", "expected a constant array of at least two numbers, booleans, strings or enum cases (a literal, a let, E.allCases)")
        }
        // The phase is read as a condition per phase, nested: the expression language's depth bounds their number.
        guard phases.count <= Self.maxPhases else {
            throw fail(phasesExpr, trail, "phases", "\(phases.count) phases; at most \(Self.maxPhases) are supported")
        }
        // The animation into each phase, and when it is logically complete.
        var animations: [JSONValue] = []
        var lengths: [Double] = []
        for (k, phase) in phases.enumerated() {
            var a = J.str("default", loc(c))
            if let closure = closures.first(where: { $0.0 == "animation" })?.1 {
                guard let e = singleExpression(closure.statements) else {
                    throw fail(closure, trail, "animation:", "expected one animation expression (a ternary on the phase, not a switch)")
                }
                var inner = s.adding("animation:")
                if let p = closureParameters(closure).first, p != "_" { inner.values[p] = .sym(phase) }
                a = try animation(e, inner)
            }
            guard let length = AnimationCompletion.logicalCompletion(a), length > 0 else {
                throw fail(c, trail, "animation: (phase \(k))", "the animation must complete (no repeat) and take time, or the phases would never move on")
            }
            animations.append(a)
            lengths.append(length)
        }
        // The index of the phase shown.
        let at = loc(c)
        let index = newHidden("phase")
        addState(index, J.num(0, at), .number)
        func set(_ k: Int) -> JSONValue { J.obj([(index, J.num(Double(k), at))], at) }
        // Entering phases 1, 2, …, n−1 and then 0, each after the one before has completed.
        let order = Array(1..<phases.count) + [0]
        var starts: [Double] = []
        var t = 0.0
        for k in order { starts.append(t); t += lengths[k] }
        if let trig = args.first(where: { $0.label?.text == "trigger" })?.expression {
            let flag = phaseFlag(for: try triggerState(trig, trail, s))
            addState(flag, J.num(0, at), .number)
            let start = newHidden("phaseRun")
            timeline.append(J.obj([("when", J.str("\(flag) == 1", at)), ("id", J.str(start, at)),
                                   ("set", J.obj([(flag, J.num(0, at)), (index, J.num(Double(order[0]), at))], at)), ("animation", animations[order[0]])], at))
            for (i, k) in order.enumerated().dropFirst() {
                timeline.append(J.obj([("after", J.str(start, at)), ("delay", J.num(starts[i], at)), ("set", set(k)), ("animation", animations[k])], at))
            }
        } else {
            guard s.presence == .bool(true) else {
                throw fail(c, trail, what, "a phase animator without a trigger in a view that appears later is not supported (its cycle starts with the scene)")
            }
            // The cycle from the view's appearance at 0 s, repeated every `period` by a timer per step.
            let period = t
            for (i, k) in order.enumerated() {
                timeline.append(J.obj([("at", J.num(starts[i], at)), ("set", set(k)), ("animation", animations[k])], at))
                let timer = J.obj([("id", J.str(newHidden("phaseCycle"), at)), ("interval", J.num(period, at)), ("set", set(k)), ("animation", animations[k])], at)
                timeline.append(J.obj([("at", J.num(starts[i], at)), ("timer", timer)], at))
            }
        }
        // The phase, as a value of the index.
        var value = phases[phases.count - 1]
        for k in stride(from: phases.count - 2, through: 0, by: -1) {
            value = Sym.cond(.binary("==", .ref(index, .number), .num(Double(k))), phases[k], value)
        }
        let names = closureParameters(content)
        var inner = s.adding(what + " content")
        if let base {
            if let cn = names.first { inner.values[cn] = .views([base]) }
            if names.count > 1 { inner.values[names[1]] = .sym(value) }
        } else if let p = names.first {
            inner.values[p] = .sym(value)
        }
        return try children(content.statements, inner)
    }

    /// The hidden flag an assignment to `trigger` raises when it changes the value (see `record`), which starts a
    /// trigger-driven phase animator's run.
    func phaseFlag(for trigger: String) -> String {
        let name = "_phaseTrigger_\(trigger)_\((phaseFlags[trigger]?.count ?? 0) + 1)"
        phaseFlags[trigger, default: []].append(name)
        return name
    }
}

/// When SwiftUI considers an animation finished for a phase animator.
public enum AnimationCompletion {
    /// When an animation (scene format form) is logically complete, in seconds: a timing curve after its duration, a
    /// spring after its response (SwiftUI's `duration` of a duration/bounce spring is its response), plus a delay,
    /// divided by a speed. Nil for one that repeats, which never completes.
    public static func logicalCompletion(_ a: JSONValue) -> Double? {
        if let name = a.string {
            switch name {
            case "default", "spring": return 0.55
            case "smooth", "snappy", "bouncy": return 0.5
            case "easeIn", "easeOut", "easeInOut", "linear": return 0.35
            default: return nil
            }
        }
        guard a.members != nil, a["repeat"] == nil else { return nil }
        var length: Double?
        for curve in ["easeIn", "easeOut", "easeInOut", "linear"] {
            if let d = a[curve]?.number { length = d }
        }
        if a["bezier"] != nil { length = a["duration"]?.number ?? 0.35 }
        if let s = a["spring"] {
            if let r = s["response"]?.number { length = r }
            else if let d = s["duration"]?.number { length = d }
            else if let k = s["stiffness"]?.number, k > 0 { length = 2 * .pi * ((s["mass"]?.number ?? 1) / k).squareRoot() }
        }
        guard var l = length else { return nil }
        if let d = a["delay"]?.number { l += d }
        if let sp = a["speed"]?.number, sp > 0 { l /= sp }
        return l
    }
}
