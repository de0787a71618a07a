import SceneModel

extension SceneReader {
    /// An animation (§5.1): a name, or an object with one curve key plus modifiers.
    mutating func animation(_ v: JSONValue, _ path: String, _ scope: Scope) -> AnimationSpec? {
        if let s = v.string {
            if let a = AnimationSpec.named(s) { return a }
            let hint = nearest(s, in: AnimationSpec.names).map { "; did you mean \"\($0)\"?" } ?? ""
            fail(v, path, "unknown animation \"\(s)\"\(hint)")
            return nil
        }
        let curves = ["spring", "uikitSpring", "easeInOut", "easeIn", "easeOut", "linear", "bezier"]
        guard let o = object(v, path, allowed: curves + ["duration", "delay", "speed", "repeat", "autoreverses"],
                             what: "an animation name or object") else { return nil }
        let present = curves.filter { o[$0] != nil }
        guard present.count == 1, let key = present.first, let cv = o[key] else {
            fail(v, path, present.isEmpty ? "an animation needs one of \(curves.joined(separator: ", "))"
                 : "an animation takes one curve, found \(present.joined(separator: " and "))")
            return nil
        }
        let cp = join(path, key)
        var spec: AnimationSpec?
        switch key {
        case "spring":
            if let so = object(cv, cp, allowed: ["response", "dampingFraction", "mass", "stiffness", "damping", "duration", "bounce", "initialVelocity"]) {
                let keys = Set(so.keys).subtracting(["initialVelocity"])
                func num(_ r: inout SceneReader, _ k: String, _ def: Double, min: Double = 0, positive: Bool = false) -> Double {
                    guard let x = so[k] else { return def }
                    guard let n = r.number(x, join(cp, k), min: min) else { return def }
                    if positive && n <= 0 { r.fail(x, join(cp, k), "must be greater than 0"); return def }
                    return n
                }
                if !keys.isDisjoint(with: ["mass", "stiffness", "damping"]) {
                    if !keys.isDisjoint(with: ["response", "dampingFraction", "duration", "bounce"]) {
                        fail(cv, cp, "give a spring as response/dampingFraction, mass/stiffness/damping or duration/bounce, not a mix")
                    }
                    spec = AnimationSpec(curve: .springPhysical(mass: num(&self, "mass", 1, positive: true),
                                                                stiffness: num(&self, "stiffness", 100, positive: true),
                                                                damping: num(&self, "damping", 10)))
                } else if !keys.isDisjoint(with: ["duration", "bounce"]) {
                    if !keys.isDisjoint(with: ["response", "dampingFraction"]) {
                        fail(cv, cp, "give a spring as response/dampingFraction or duration/bounce, not a mix")
                    }
                    var b = 0.0
                    if let bv = so["bounce"] { b = number(bv, join(cp, "bounce"), min: -0.99, max: 1) ?? 0 }
                    spec = AnimationSpec(curve: .springDuration(duration: num(&self, "duration", 0.5, positive: true), bounce: b))
                } else {
                    spec = AnimationSpec(curve: .spring(response: num(&self, "response", 0.55, positive: true),
                                                        dampingFraction: num(&self, "dampingFraction", 0.825)))
                }
                if let iv = so["initialVelocity"] { spec?.initialVelocity = dynamicNumber(iv, join(cp, "initialVelocity"), scope) }
            }
        case "uikitSpring":
            // UIView.animate(withDuration:usingSpringWithDamping:initialSpringVelocity:), in UIKit's words.
            if let so = object(cv, cp, allowed: ["duration", "dampingRatio", "initialVelocity"]) {
                var d = 0.5, z = 1.0
                if let dv = so["duration"], let n = number(dv, join(cp, "duration"), min: 0) {
                    if n <= 0 { fail(dv, join(cp, "duration"), "must be greater than 0") } else { d = n }
                }
                if let zv = so["dampingRatio"], let n = number(zv, join(cp, "dampingRatio"), min: 0, max: 1) {
                    if n <= 0 { fail(zv, join(cp, "dampingRatio"), "must be greater than 0 (a spring without damping never comes to rest)") } else { z = n }
                }
                spec = AnimationSpec(curve: .springUIKit(duration: d, dampingRatio: z))
                if let iv = so["initialVelocity"] { spec?.initialVelocity = dynamicNumber(iv, join(cp, "initialVelocity"), scope) }
            }
        case "bezier":
            if let a = cv.elements, a.count == 4 {
                let ns = a.enumerated().compactMap { number($1, "\(cp)[\($0)]") }
                if ns.count == 4 {
                    if ns[0] < 0 || ns[0] > 1 || ns[2] < 0 || ns[2] > 1 {
                        fail(cv, cp, "the x values of the control points must be within 0…1")
                    }
                    let d = o["duration"].flatMap { number($0, join(path, "duration"), min: 0) } ?? 0.35
                    spec = AnimationSpec(curve: .bezier(x1: ns[0], y1: ns[1], x2: ns[2], y2: ns[3], duration: d))
                }
            } else { fail(cv, cp, "expected four numbers [x1, y1, x2, y2]") }
        default:
            if let d = number(cv, cp, min: 0), var a = AnimationSpec.named(key), case .bezier(let x1, let y1, let x2, let y2, _) = a.curve {
                a.curve = .bezier(x1: x1, y1: y1, x2: x2, y2: y2, duration: d)
                spec = a
            }
        }
        if key != "bezier", let dv = o["duration"] { fail(dv, join(path, "duration"), "\"duration\" goes with \"bezier\"; give other curves their duration as their value") }
        guard var s = spec else { return nil }
        if let d = o["delay"] { s.delay = number(d, join(path, "delay"), min: 0, max: 3600) ?? 0 }
        if let d = o["speed"] {
            if let n = number(d, join(path, "speed")) {
                if n <= 0 { fail(d, join(path, "speed"), "must be greater than 0") } else { s.speed = n }
            }
        }
        if let r = o["repeat"] {
            if r.string == "forever" { s.repeatCount = .max } else if r.number != nil {
                s.repeatCount = integer(r, join(path, "repeat"), min: 0, max: 10_000)
            } else { fail(r, join(path, "repeat"), "expected a count or \"forever\", found \(r.string.map { "\"\($0)\"" } ?? r.typeName)") }
        }
        if let a = o["autoreverses"] { s.autoreverses = bool(a, join(path, "autoreverses")) ?? true }
        return s
    }

    /// A transition (§6).
    mutating func transition(_ v: JSONValue, _ path: String, _ scope: Scope) -> TransitionSpec? {
        if let s = v.string {
            switch s {
            case "opacity": return .opacity
            case "identity": return .identity
            case "scale": return .scale(0, anchor: .center)
            case "slide": return .slide
            default:
                let hint = nearest(s, in: ["opacity", "identity", "scale", "slide"]).map { "; did you mean \"\($0)\"?" } ?? ""
                fail(v, path, "unknown transition \"\(s)\"\(hint)")
                return nil
            }
        }
        let kinds = ["scale", "offset", "move", "blur", "modifier", "combined", "asymmetric", "opacity", "identity", "slide"]
        guard let o = object(v, path, allowed: kinds + ["anchor", "animation"], what: "a transition") else { return nil }
        let present = kinds.filter { o[$0] != nil }
        guard present.count == 1, let key = present.first, let tv = o[key] else {
            fail(v, path, present.isEmpty ? "a transition needs one of \(kinds.joined(separator: ", "))" : "a transition takes one kind, found \(present.joined(separator: " and "))")
            return nil
        }
        let p = join(path, key)
        var t: TransitionSpec?
        switch key {
        case "scale":
            let a = o["anchor"].flatMap { staticUnitPoint($0, join(path, "anchor")) } ?? .center
            if let n = number(tv, p, min: 0) { t = .scale(n, anchor: a) }
        case "offset":
            if let so = object(tv, p, allowed: ["x", "y"]) {
                t = .offset(x: so["x"].flatMap { number($0, join(p, "x")) } ?? 0, y: so["y"].flatMap { number($0, join(p, "y")) } ?? 0)
            }
        case "move": if let e = oneOf(tv, p, ["top", "bottom", "leading", "trailing"]) { t = .move(edge: e) }
        case "blur": if let n = number(tv, p, min: 0, max: maxEffectRadius) { t = .blur(n) }
        case "opacity", "identity", "slide":
            if tv.bool != true && tv.members?.isEmpty != true { fail(tv, p, "expected true") }
            t = key == "opacity" ? .opacity : key == "identity" ? .identity : .slide
        case "modifier":
            if let mo = object(tv, p, allowed: ["active", "identity"]) {
                let allowedKeys = ["padding", "frame", "shadows", "blur", "opacity", "offset", "scale", "rotation", "anchor"]
                func mods(_ r: inout SceneReader, _ k: String) -> ModifierSpec {
                    guard let x = mo[k] else { return ModifierSpec() }
                    guard let xo = r.object(x, join(p, k), allowed: allowedKeys, what: "view keys") else { return ModifierSpec() }
                    return r.modifierSpec(xo, join(p, k), scope, depth: 0)
                }
                t = .modifier(active: mods(&self, "active"), identity: mods(&self, "identity"))
            }
        case "combined":
            if let items = tv.elements {
                let parts = items.enumerated().compactMap { transition($1, "\(p)[\($0)]", scope) }
                if parts.count == items.count { t = .combined(parts) }
            } else { fail(tv, p, "expected a list of transitions") }
        case "asymmetric":
            if let ao = object(tv, p, allowed: ["insertion", "removal"]) {
                let ins = ao["insertion"].flatMap { transition($0, join(p, "insertion"), scope) } ?? .opacity
                let rem = ao["removal"].flatMap { transition($0, join(p, "removal"), scope) } ?? .opacity
                t = .asymmetric(insertion: ins, removal: rem)
            }
        default: break
        }
        if key != "scale", let a = o["anchor"] { fail(a, join(path, "anchor"), "\"anchor\" goes with \"scale\"") }
        if let av = o["animation"], let base = t, let anim = animation(av, join(path, "animation"), scope) {
            // A transition's animation starts when its view enters or leaves, with no state of its own to
            // evaluate an expression on: its spring's initial velocity is a number.
            if case .expression? = anim.initialVelocity {
                fail(av, join(path, "animation"), "a transition's animation takes a number for initialVelocity, not an expression")
                return nil
            }
            return .animated(base, anim)
        }
        return t
    }
}
