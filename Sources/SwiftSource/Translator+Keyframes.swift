import Foundation
import Motion
import SceneJSON
internal import SwiftSyntax

/// `.keyframeAnimator(initialValue:trigger:content:keyframes:)` and `(initialValue:repeating:…)`: each track becomes a
/// closed-form expression of the time since the trigger last changed, piece by piece (linear, cubic Hermite, damped
/// spring, move), so the keyframes are exact at every frame without new scene-format keys. The numbers follow what
/// SwiftUI's `KeyframeTimeline` measurably does (docs/swiftui-source.md, "Keyframe animations"):
///
/// - a segment starts from where the one before it ended; a spring keyframe with a duration shorter than its settling
///   ends unsettled and the next starts there; without a duration it lasts until within 1e-4 of its target;
/// - a cubic keyframe is a Hermite curve whose automatic velocities are Catmull-Rom between cubics (the difference of
///   the neighbouring keyframes over the time between them), the neighbouring linear or spring segment's velocity
///   next to one, and 0 at a run's start and end and next to a move;
/// - a run triggered from rest starts at `initialValue`, and the value holds where the last segment ended.
extension Translator {
    /// One keyframe as written.
    struct Keyframe {
        enum Kind { case linear, spring(SpringCurve), cubic, move }
        var kind: Kind
        var to: Double
        /// Nil: a spring's own length.
        var duration: Double?
        var startVelocity: Double?
        var endVelocity: Double?
    }

    /// A keyframe placed on the track: where it starts, how long it lasts, where it starts from and ends, and the
    /// velocities at its two ends (value units per second).
    struct KeyframeSegment {
        var kind: Keyframe.Kind
        var start: Double
        var duration: Double
        var from: Double
        var to: Double
        var end: Double
        var v0: Double
        var v1: Double
    }

    /// Most keyframes in one track: each is a level of the track's nested condition, and the expression language
    /// nests at most `ExpressionLimits.maximumDepth` deep (a segment's own formula takes up to 8 more).
    static let maxKeyframesPerTrack = ExpressionLimits.maximumDepth - 8

    /// Tolerance within which a spring keyframe without a duration ends (SwiftUI's keyframe springs: a
    /// `Spring(duration: 0.4, bounce: 0.3)` toward 10 lasts 1.273 s, ln(M/1e-4)/λ).
    static let keyframeSpringEpsilon = 1e-4

    /// The segments of a track run from `initial` (at rest).
    static func keyframeSegments(_ keys: [Keyframe], from initial: Double) -> [KeyframeSegment] {
        var out: [KeyframeSegment] = []
        var time = 0.0, value = initial, velocity = 0.0
        func isCubic(_ i: Int) -> Bool { if i < keys.count, case .cubic = keys[i].kind { return true }; return false }
        // A jump: a move, or a linear or cubic keyframe of no duration (SwiftUI gives NaN at its instant).
        func jump(to v: Double) {
            out.append(KeyframeSegment(kind: .move, start: time, duration: 0, from: value, to: v, end: v, v0: 0, v1: 0))
            value = v; velocity = 0
        }
        for (i, k) in keys.enumerated() {
            let from = value
            switch k.kind {
            case .move:
                jump(to: k.to)
            case .linear:
                let d = max(k.duration ?? 0, 0)
                guard d > 0 else { jump(to: k.to); continue }
                let v = (k.to - from) / d
                out.append(KeyframeSegment(kind: .linear, start: time, duration: d, from: from, to: k.to, end: k.to, v0: v, v1: v))
                time += d; value = k.to; velocity = v
            case .spring(let curve):
                let v0 = k.startVelocity ?? velocity
                let d = max(k.duration ?? springKeyframeLength(curve, distance: k.to - from, velocity: v0), 0)
                let s = curve.state(at: d, displacement: from - k.to, velocity: v0)
                out.append(KeyframeSegment(kind: .spring(curve), start: time, duration: d, from: from, to: k.to,
                                           end: k.to + s.displacement, v0: v0, v1: s.velocity))
                time += d; value = k.to + s.displacement; velocity = s.velocity
            case .cubic:
                let d = max(k.duration ?? 0, 0)
                guard d > 0 else { jump(to: k.to); continue }
                // Start: given; else Catmull-Rom after a cubic, the previous segment's end velocity otherwise (0 at the
                // run's start and after a move).
                var v0 = velocity
                if let g = k.startVelocity { v0 = g } else if i > 0, isCubic(i - 1), let prev = out.last, case .cubic = prev.kind, keys[i - 1].endVelocity == nil {
                    v0 = (k.to - prev.from) / (prev.duration + d)
                }
                // End: given; else the next segment's start velocity: Catmull-Rom into a cubic, a linear keyframe's
                // slope, a spring's given start velocity (or the Catmull-Rom guess from this segment, as its
                // automatic one is this), 0 into a move or at the end.
                var v1 = 0.0
                if let g = k.endVelocity { v1 = g } else if i + 1 < keys.count {
                    let n = keys[i + 1]
                    switch n.kind {
                    case .cubic:
                        if let g = n.startVelocity { v1 = g } else if let nd = n.duration, nd > 0 { v1 = (n.to - from) / (d + nd) }
                    case .linear:
                        if let nd = n.duration, nd > 0 { v1 = (n.to - k.to) / nd }
                    case .spring:
                        v1 = n.startVelocity ?? (n.to - from) / (2 * d)
                    case .move: v1 = 0
                    }
                }
                out.append(KeyframeSegment(kind: .cubic, start: time, duration: d, from: from, to: k.to, end: k.to, v0: v0, v1: v1))
                time += d; value = k.to; velocity = v1
            }
        }
        return out
    }

    /// How long a spring keyframe without a duration lasts: until the move is within 1e-4 of its target. Bouncing
    /// springs: ln(M/ε)/λ with M = |Δ·λ − v₀| + |Δ| (the envelope bound); others: the first multiple of 0.1 s from
    /// which the distance stays below ε for the next second (at most 1024 steps), as SwiftUI's `settlingDuration`
    /// searches.
    static func springKeyframeLength(_ curve: SpringCurve, distance: Double, velocity: Double) -> Double {
        let eps = keyframeSpringEpsilon
        if curve.dampingFraction < 1 {
            let lambda = curve.dampingFraction * 2 * .pi / curve.response
            let m = abs(distance * lambda - velocity) + abs(distance)
            // An undamped spring (bounce 1) never settles: nil, refused where the keyframe is.
            guard lambda > 0 else { return .infinity }
            return max(0, log(m / eps) / lambda)
        }
        func far(_ t: Double) -> Bool { abs(curve.displacement(at: t, from: -distance, initialVelocity: velocity)) >= eps }
        var step = 0
        while step < 1024 {
            let t = Double(step) / 10
            if !far(t), !(1...10).contains(where: { far(t + Double($0) / 10) }) { return t }
            step += 1
        }
        // Not settled within the search (a very slow spring): its end, 102.4 s.
        return Double(step) / 10
    }

    /// The track's value at `tau` seconds into the run: the segments as nested conditions (a boundary belongs to the
    /// segment that ends there), and the last end value after them.
    static func keyframeExpression(_ segs: [KeyframeSegment], initial: Double, tau: Sym) -> Sym {
        var result = Sym.num(segs.last?.end ?? initial)
        for seg in segs.reversed() {
            let local = Sym.binary("-", tau, .num(seg.start)).folded
            let piece: Sym
            switch seg.kind {
            case .move:
                continue
            case .linear:
                piece = Sym.binary("+", .num(seg.from), .binary("*", .num((seg.to - seg.from) / seg.duration), local)).folded
            case .cubic:
                // Hermite in s = local/d: from + s·(m0 + s·(c2 + s·c3)), tangents m = v·d.
                let d = seg.duration, m0 = seg.v0 * d, m1 = seg.v1 * d
                let c2 = 3 * (seg.to - seg.from) - 2 * m0 - m1, c3 = 2 * (seg.from - seg.to) + m0 + m1
                let s = Sym.binary("/", local, .num(d)).folded
                let inner = Sym.binary("+", .num(m0), .binary("*", s, .binary("+", .num(c2), .binary("*", s, .num(c3)))))
                piece = Sym.binary("+", .num(seg.from), .binary("*", s, inner)).folded
            case .spring(let curve):
                piece = Sym.binary("+", .num(seg.to), springDisplacement(curve, x0: seg.from - seg.to, v0: seg.v0, at: local)).folded
            }
            result = Sym.cond(.binary("<=", local, .num(seg.duration)), piece, result)
        }
        return result
    }

    /// The spring's displacement from its target `time` seconds in, from displacement `x0` and velocity `v0`: the
    /// closed form SpringCurve evaluates, written as an expression.
    static func springDisplacement(_ c: SpringCurve, x0: Double, v0: Double, at time: Sym) -> Sym {
        let w0 = 2 * .pi / c.response, zeta = c.dampingFraction, sigma = zeta * w0
        func e(_ rate: Double) -> Sym { .call("exp", [Sym.binary("*", .num(rate), time).folded], .number) }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let angle = Sym.binary("*", .num(wd), time)
            let osc = Sym.binary("+", .binary("*", .num(x0), .call("cos", [angle], .number)),
                                 .binary("*", .num((v0 + sigma * x0) / wd), .call("sin", [angle], .number)))
            return .binary("*", e(-sigma), osc)
        }
        if zeta > 1 {
            let split = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -sigma + split, r2 = -sigma - split
            let a = (v0 - r2 * x0) / (r1 - r2), b = x0 - a
            return .binary("+", .binary("*", .num(a), e(r1)), .binary("*", .num(b), e(r2)))
        }
        return .binary("*", e(-sigma), .binary("+", .num(x0), .binary("*", .num(v0 + sigma * x0), time)))
    }

    /// `.keyframeAnimator(…)` on the view `v`.
    func keyframeAnimator(_ c: FunctionCallExprSyntax, _ v: JSONValue, _ s: Scope) throws -> JSONValue {
        let trail = s.trail.adding(".keyframeAnimator")
        let args = Array(c.arguments)
        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        let closures = labelledClosures(c)
        guard let initialExpr = arg("initialValue"), let content = closures.first(where: { $0.0 == "content" })?.1,
              let keyframes = closures.first(where: { $0.0 == "keyframes" })?.1 else {
            throw fail(c, trail, ".keyframeAnimator", "expected initialValue:, trigger: or repeating:, a content closure and keyframes:")
        }
        // The value: a number, an angle, or one of the file's structs of them (each track names a field).
        let fields = try keyframeFields(initialExpr, s.adding(".keyframeAnimator"))
        // The tracks.
        var tracks: [String: [Keyframe]] = [:]
        try keyframeTracks(keyframes, whole: fields.count == 1 && fields[0].name == "", trail, s, into: &tracks)
        for name in tracks.keys.sorted() where !fields.contains(where: { $0.name == name }) {
            throw fail(keyframes, trail, "KeyframeTrack(\\.\(name))", "no field \(name) in the value; it has \(fields.map(\.name).joined(separator: ", "))")
        }
        // The run's clock: since the trigger last changed, or looping from the start.
        let at = loc(c)
        var tau: Sym
        var notStarted: Sym? = nil
        if let rep = arg("repeating") {
            guard case .bool(let on) = try sym(rep, s) else { throw fail(rep, trail, "repeating:", "must be a constant true or false") }
            guard s.presence == .bool(true) else {
                throw fail(rep, trail, "repeating:", "a repeating keyframe animation in a view that appears later is not supported (it loops from the scene's start)")
            }
            let total = fields.map { f in Self.keyframeSegments(tracks[f.name] ?? [], from: f.initial).last.map { $0.start + $0.duration } ?? 0 }.max() ?? 0
            tau = on && total > 0 ? Sym.binary("%", .ref("t", .number), .num(total)) : .num(0)
        } else if let trig = arg("trigger") {
            let clock = keyframeClock(for: try triggerState(trig, trail, s))
            addState(clock, J.num(-1, at), .number)
            tau = Sym.binary("-", .ref("t", .number), .ref(clock, .number))
            notStarted = Sym.binary("<", .ref(clock, .number), .num(0))
        } else {
            throw fail(c, trail, ".keyframeAnimator", "expected trigger: or repeating:")
        }
        func value(_ f: KeyframeField) throws -> Sym {
            let e = Self.keyframeExpression(Self.keyframeSegments(tracks[f.name] ?? [], from: f.initial), initial: f.initial, tau: tau)
            let out = notStarted.map { Sym.cond($0, .num(f.initial), e).folded } ?? e.folded
            // The track is one expression of the scene's language, which has a length limit: refused here, where the
            // keyframes are, rather than by the scene loader inside the expression.
            let length = out.source.unicodeScalars.count + 1
            if out.height > ExpressionLimits.maximumDepth - 2 {
                throw fail(keyframes, trail, f.name.isEmpty ? "keyframes" : "KeyframeTrack(\\.\(f.name))",
                           "the track's keyframes nest \(out.height) deep as an expression; at most \(ExpressionLimits.maximumDepth - 2) are supported (use fewer keyframes)")
            }
            if length > ExpressionLimits.maximumLength {
                throw fail(keyframes, trail, f.name.isEmpty ? "keyframes" : "KeyframeTrack(\\.\(f.name))",
                           "the track's keyframes make an expression of \(length) characters; at most \(ExpressionLimits.maximumLength) are supported (use fewer keyframes)")
            }
            return out
        }
        // The content closure: `{ content, value in content.offset(y: value) }`.
        let names = closureParameters(content)
        var inner = s.adding(".keyframeAnimator content")
        if let cn = names.first { inner.values[cn] = .views([v]) }
        if names.count > 1 {
            if fields.count == 1 && fields[0].name == "" { inner.values[names[1]] = .sym(try value(fields[0])) } else {
                inner.values[names[1]] = .record(Dictionary(uniqueKeysWithValues: try fields.map { ($0.name, Binding.sym(try value($0))) }))
            }
        }
        return oneView(try children(content.statements, inner), c)
    }

    /// An animator's closures by label, in order: those given as arguments, the trailing one as `content`, the further
    /// trailing ones by their labels (`keyframes:`, `animation:`).
    func labelledClosures(_ c: FunctionCallExprSyntax) -> [(String, ClosureExprSyntax)] {
        var closures: [(String, ClosureExprSyntax)] = c.arguments.compactMap { a in a.expression.as(ClosureExprSyntax.self).map { (a.label?.text ?? "", $0) } }
        if let t = c.trailingClosure { closures.append(("content", t)) }
        for extra in c.additionalTrailingClosures { closures.append((extra.label.text, extra.closure)) }
        return closures
    }

    /// The state variable an animator's `trigger:` names (`trigger: taps`, `trigger: self.taps`).
    func triggerState(_ trig: ExprSyntax, _ trail: Trail, _ s: Scope) throws -> String {
        guard let name = propertyName(trig), case .state(let n)? = lookup(name, s) else {
            throw fail(trig, trail, "trigger:", "the trigger must be a @State variable of the view")
        }
        return n
    }

    /// The hidden state variable holding the time at which `trigger` last changed (−1 before it does), which every
    /// assignment to the trigger sets when the value changes (see `record`). Named like the `.animation(_:value:)`
    /// copies, without the leading `_` of the handler's bookkeeping variables: those join an animated change, and
    /// the clock must change without animation (a `withAnimation { trigger.toggle() }` does not animate keyframes).
    func keyframeClock(for trigger: String) -> String {
        let k = (keyframeClocks[trigger]?.count ?? 0) + 1
        let name = "\(trigger)__keyframes\(k)"
        keyframeClocks[trigger, default: []].append(name)
        return name
    }

    struct KeyframeField {
        /// "" for the whole value.
        var name: String
        var initial: Double
        var isAngle: Bool
    }

    /// The animated value's parts and their initial values: a number or angle (one part, ""), or a struct of the
    /// file whose stored properties are numbers or angles (`AnimationValues()`, `AnimationValues(scale: 2)`).
    func keyframeFields(_ e: ExprSyntax, _ s: Scope) throws -> [KeyframeField] {
        if let c = e.as(FunctionCallExprSyntax.self), let decl = structs[c.calledExpression.trimmedDescription] {
            var out: [KeyframeField] = []
            let args = Array(c.arguments)
            for m in decl.memberBlock.members {
                guard let v = m.decl.as(VariableDeclSyntax.self), !v.modifiers.contains(where: { $0.name.text == "static" }) else { continue }
                for b in v.bindings where b.accessorBlock == nil {
                    guard let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if out.contains(where: { $0.name == n }) { throw fail(b, s.trail, "\(decl.name.text).\(n)", "declared twice") }
                    let type = b.typeAnnotation?.type.trimmedDescription ?? ""
                    guard let x = args.first(where: { $0.label?.text == n })?.expression ?? b.initializer?.value else {
                        throw fail(c, s.trail, "\(decl.name.text)()", "missing argument \(n)")
                    }
                    let isAngle = type == "Angle" || x.trimmedDescription.contains("degrees") || x.trimmedDescription.contains("radians")
                        || x.trimmedDescription.hasPrefix("Angle")
                    out.append(KeyframeField(name: n, initial: try keyframeNumber(x, s), isAngle: isAngle))
                }
            }
            guard !out.isEmpty else { throw fail(c, s.trail, "\(decl.name.text)()", "has no stored properties to animate") }
            return out
        }
        let t = e.trimmedDescription
        return [KeyframeField(name: "", initial: try keyframeNumber(e, s), isAngle: t.contains("degrees") || t.contains("radians") || t.hasPrefix("Angle"))]
    }

    /// A constant number (or angle, in degrees) of a keyframe.
    func keyframeNumber(_ e: ExprSyntax, _ s: Scope) throws -> Double {
        let v = try sym(e, s)
        guard case .num(let n) = v, n.isFinite else {
            throw fail(e, s.trail, text(e), "keyframe values must be constant numbers or angles")
        }
        return n
    }

    /// The keyframes closure: `KeyframeTrack(\.field) { … }` statements, or keyframes alone for the whole value.
    func keyframeTracks(_ closure: ClosureExprSyntax, whole: Bool, _ trail: Trail, _ s: Scope, into tracks: inout [String: [Keyframe]]) throws {
        var loose: [Keyframe] = []
        for item in closure.statements {
            guard case .expr(let e) = item.item, let c = e.as(FunctionCallExprSyntax.self) else {
                throw fail(item, trail, text(item), "a keyframes closure may hold only KeyframeTrack { … } and keyframes; conditions and loops in keyframes are not supported")
            }
            let callee = c.calledExpression.trimmedDescription
            if callee == "KeyframeTrack" {
                var field = ""
                if let kp = c.arguments.first?.expression {
                    guard let path = kp.as(KeyPathExprSyntax.self), path.components.count == 1,
                          let name = path.components.first?.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text else {
                        throw fail(kp, trail, "KeyframeTrack(\(text(kp)))", "expected a key path to one field (\\.scale)")
                    }
                    field = name == "self" ? "" : name
                }
                guard let body = c.trailingClosure else { throw fail(c, trail, "KeyframeTrack", "expected its keyframes in { … }") }
                if field == "" && !whole { throw fail(c, trail, "KeyframeTrack", "the value has fields: name one (KeyframeTrack(\\.scale))") }
                tracks[field, default: []] += try body.statements.map { try keyframe($0, trail, s) }
            } else {
                loose.append(try keyframe(item, trail, s))
            }
        }
        if !loose.isEmpty {
            guard whole else { throw fail(closure, trail, "keyframes", "the value has fields: put the keyframes in KeyframeTrack(\\.field) { … }") }
            tracks["", default: []] += loose
        }
        for (field, keys) in tracks.sorted(by: { $0.key < $1.key }) where keys.count > Self.maxKeyframesPerTrack {
            throw fail(closure, trail, field.isEmpty ? "keyframes" : "KeyframeTrack(\\.\(field))",
                       "\(keys.count) keyframes in one track; at most \(Self.maxKeyframesPerTrack) are supported")
        }
    }

    /// One keyframe: `LinearKeyframe(to, duration:)`, `SpringKeyframe(to, duration:spring:startVelocity:)`,
    /// `CubicKeyframe(to, duration:startVelocity:endVelocity:)`, `MoveKeyframe(to)`.
    func keyframe(_ item: CodeBlockItemSyntax, _ trail: Trail, _ s: Scope) throws -> Keyframe {
        guard case .expr(let e) = item.item, let c = e.as(FunctionCallExprSyntax.self) else {
            throw fail(item, trail, text(item), "expected a keyframe (LinearKeyframe, SpringKeyframe, CubicKeyframe, MoveKeyframe); conditions and loops in keyframes are not supported")
        }
        let name = c.calledExpression.trimmedDescription
        let args = Array(c.arguments)
        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        func num(_ label: String) throws -> Double? { try arg(label).map { try keyframeNumber($0, s) } }
        guard let first = args.first, first.label == nil else { throw fail(c, trail, name, "expected the keyframe's value first") }
        let to = try keyframeNumber(first.expression, s)
        switch name {
        case "LinearKeyframe":
            guard let d = try num("duration") else { throw fail(c, trail, name, "missing argument duration") }
            if let curve = arg("timingCurve"), curve.trimmedDescription != ".linear", curve.trimmedDescription != "UnitCurve.linear" {
                throw fail(curve, trail, "timingCurve:", "only .linear timing curves are supported in keyframes")
            }
            return Keyframe(kind: .linear, to: to, duration: d)
        case "CubicKeyframe":
            guard let d = try num("duration") else { throw fail(c, trail, name, "missing argument duration") }
            return Keyframe(kind: .cubic, to: to, duration: d, startVelocity: try num("startVelocity"), endVelocity: try num("endVelocity"))
        case "SpringKeyframe":
            let curve = try arg("spring").map { try keyframeSpring($0, trail, s) } ?? SpringCurve(duration: 0.5, bounce: 0)
            let duration = try num("duration")
            if duration == nil && curve.dampingFraction <= 0 {
                throw fail(c, trail, name, "an undamped spring never settles; give the keyframe a duration:")
            }
            return Keyframe(kind: .spring(curve), to: to, duration: duration, startVelocity: try num("startVelocity"))
        case "MoveKeyframe":
            return Keyframe(kind: .move, to: to)
        default:
            throw fail(c, trail, name, "not a keyframe; expected LinearKeyframe, SpringKeyframe, CubicKeyframe or MoveKeyframe")
        }
    }

    /// A `Spring`: `Spring(duration:bounce:)`, `Spring(response:dampingRatio:)`, `Spring(mass:stiffness:damping:)`,
    /// `.smooth` / `.snappy` / `.bouncy` (with `duration:` and `extraBounce:`).
    func keyframeSpring(_ e: ExprSyntax, _ trail: Trail, _ s: Scope) throws -> SpringCurve {
        let call = e.as(FunctionCallExprSyntax.self)
        let callee = call?.calledExpression ?? e
        let args = call.map { Array($0.arguments) } ?? []
        func num(_ label: String) throws -> Double? {
            try args.first { $0.label?.text == label }.map { try keyframeNumber($0.expression, s) }
        }
        func unknownLabels(_ labels: Set<String>) -> Refused {
            fail(e, trail, text(e), "a Spring of duration:bounce:, response:dampingRatio: or mass:stiffness:damping:allowOverDamping: (not \(labels.sorted().joined(separator: ", ")))")
        }
        let name = callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? callee.trimmedDescription
        let base = callee.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription
        guard base == nil || base == "Spring" else { throw fail(e, trail, text(e), "expected a Spring") }
        switch name {
        case "smooth", "snappy", "bouncy":
            let bounce = ["smooth": 0.0, "snappy": 0.15, "bouncy": 0.3][name]! + (try num("extraBounce") ?? 0)
            return SpringCurve(duration: try num("duration") ?? 0.5, bounce: bounce)
        case "Spring", "init":
            let labels = Set(args.map { $0.label?.text ?? "_" })
            if let k = try num("stiffness") {
                guard labels.isSubset(of: ["mass", "stiffness", "damping", "allowOverDamping"]) else { throw unknownLabels(labels) }
                let m = try num("mass") ?? 1
                var d = try num("damping") ?? 10
                // Apple: without allowOverDamping: true, an overdamped spring is treated as critically damped.
                let allow = args.first { $0.label?.text == "allowOverDamping" }?.expression.trimmedDescription == "true"
                if !allow { d = min(d, 2 * (max(k, 0) * max(m, 0)).squareRoot()) }
                return SpringCurve(mass: m, stiffness: k, damping: d)
            }
            if let r = try num("response") {
                guard labels.isSubset(of: ["response", "dampingRatio"]) else { throw unknownLabels(labels) }
                return SpringCurve(response: r, dampingFraction: try num("dampingRatio") ?? 1)
            }
            guard labels.isSubset(of: ["duration", "bounce"]) else { throw unknownLabels(labels) }
            return SpringCurve(duration: try num("duration") ?? 0.5, bounce: try num("bounce") ?? 0)
        default:
            throw fail(e, trail, text(e), "not a Spring the translator knows (Spring(duration:bounce:), .smooth, .snappy, .bouncy)")
        }
    }
}

extension Sym {
    /// How deep the expression nests (1 for a constant or a name), as the expression language counts its limit.
    var height: Int {
        switch self {
        case .num, .bool, .str, .color, .ref: return 1
        case .call(_, let a, _): return 1 + (a.map(\.height).max() ?? 0)
        case .unary(_, let x): return 1 + x.height
        case .binary(_, let a, let b): return 1 + max(a.height, b.height)
        case .cond(let c, let a, let b): return 1 + max(c.height, a.height, b.height)
        }
    }
}
