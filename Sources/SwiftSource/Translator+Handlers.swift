import Foundation
import SceneJSON
internal import SwiftOperators
internal import SwiftParser
internal import SwiftSyntax

/// Handlers (gesture closures, onAppear, timer closures, asyncAfter closures and the methods they call) are not run:
/// they are executed symbolically. Every state variable's value is followed as an expression over the state at the
/// handler's start; `if`/`else` and `guard` become conditions on those values. What the handler does comes out as
/// a list of effects (assignments under a condition and an animation, haptics, timers started or invalidated, work
/// scheduled with asyncAfter), which are then lowered into the scene's events:
///
/// - the handler's own body (`set`, `animation`, `haptic`) holds the first run of effects that happen
///   unconditionally under one animation;
/// - every later run (another animation, a condition, a haptic, an asyncAfter) becomes a `when` event of its own,
///   triggered by a hidden counter the body sets, in program order, with the values it needs computed in the body
///   (hidden stash variables) when later state could change them: the same order and values as the Swift code;
/// - a timer is a hidden number per variable that holds it: starting the timer at call site k sets it to k, which
///   a `when` turns into the scene's timer, and `invalidate()` sets it to 0, which a `when` turns into a `stop`
///   at that same instant (an `until` would run one more tick after a reset).
extension Translator {
    struct Effect {
        enum Kind {
            case assign(String, Sym)
            case haptic(String)
            case after(delay: Double, body: CodeBlockItemListSyntax, scope: Scope)
        }
        var kind: Kind
        var guardCond: Sym
        var animation: JSONValue?
        var node: Syntax
    }

    /// The running state of one symbolic execution.
    final class Execution {
        var env: [String: Sym] = [:]
        var locals: [String: Sym] = [:]
        /// `let` names in the handler bound to what is not a value: an animation (`let a = Animation.linear(duration: 3)`),
        /// read where it is used (`withAnimation(a.repeatForever())`).
        var lazyLocals: [String: Binding] = [:]
        var effects: [Effect] = []
        var depth = 0
    }

    // MARK: Entry points

    /// A handler closure as an event body (`{set, animation, haptic}`); its later effects are added to the timeline.
    /// `sizeReadable`: an `onAppear`, whose events may read the enclosing GeometryReader's size (they name it with
    /// `geometry`); gesture handlers run in the simulation with no layout of their own.
    func handlerBody(_ c: CodeBlockItemListSyntax, _ s: Scope, params: [String: Binding], sizeReadable: Bool = false) throws -> JSONValue {
        var inner = s
        for (k, v) in params { inner.values[k] = v }
        let before = timeline.count
        var body = try lower(c, inner, at: loc(c))
        // (Later phases of the handler are events of their own, added to the timeline as it is lowered.)
        if Self.readsGeometry(body) || timeline[before...].contains(where: Self.readsGeometry) {
            guard sizeReadable, let use = s.geometryUse, !s.inForEach else {
                throw fail(c, s.trail, "GeometryReader size in a handler",
                           sizeReadable ? "not supported here: only an onAppear inside the GeometryReader itself (not in a ForEach's copies) can read its size"
                                        : "not supported: gesture handlers run before layout, so they cannot read the proxy's size; read it in the view instead (e.g. .offset(x: phase * proxy.size.width) with phase animated from 0 to 1)")
            }
            // A timer's ticks and a `when` condition are not events that can name a container.
            for k in before..<timeline.count where (timeline[k]["timer"].map(Self.readsGeometry) ?? false) || (timeline[k]["when"].map(Self.readsGeometry) ?? false) {
                throw fail(c, s.trail, "GeometryReader size in a handler", "not supported in a timer or a condition; read it once in the onAppear into a @State (x = proxy.size.width) and use that")
            }
            if use.id == nil {
                hiddenCounter += 1
                use.id = "_geometryReader\(hiddenCounter)"
            }
            let named = J.str(use.id ?? "", loc(c))
            if Self.readsGeometry(body) { body = body.setting("geometry", named) }
            for k in before..<timeline.count where Self.readsGeometry(timeline[k]) { timeline[k] = timeline[k].setting("geometry", named) }
        }
        return body
    }

    /// Whether an expression in a lowered handler reads `geometry.*` (directly or through the values it sets).
    static func readsGeometry(_ v: JSONValue) -> Bool {
        switch v.kind {
        case .string(let t): return t.hasPrefix("=") && t.contains("geometry.")
        case .array(let a): return a.contains(where: readsGeometry)
        case .object(let m): return m.contains { readsGeometry($0.value) }
        default: return false
        }
    }

    /// Executes `stmts` and lowers the effects; returns the body of the first phase.
    func lower(_ stmts: CodeBlockItemListSyntax, _ s: Scope, at: SceneJSON.SourceLocation) throws -> JSONValue {
        let x = Execution()
        _ = try exec(stmts, s, x, guardCond: .bool(true), animation: nil)
        return try phases(x, s, at: at)
    }

    // MARK: Statements

    /// Runs statements; returns the condition under which they returned early.
    func exec(_ stmts: CodeBlockItemListSyntax, _ s: Scope, _ x: Execution, guardCond: Sym, animation: JSONValue?) throws -> Sym {
        var g = guardCond
        var returned: Sym = .bool(false)
        var failed = false
        for item in stmts {
            if case .bool(false) = g { break }
            do {
                let r = try execItem(item, s, x, guardCond: g, animation: animation)
                if r != .bool(false) {
                    returned = Sym.binary("||", returned, r).folded
                    g = Sym.binary("&&", g, Sym.unary("!", r).folded).folded
                }
            } catch is Refused { failed = true }
        }
        if failed { throw Refused() }
        return returned
    }

    func execItem(_ item: CodeBlockItemSyntax, _ s: Scope, _ x: Execution, guardCond g: Sym, animation a: JSONValue?) throws -> Sym {
        let trail = s.trail
        switch item.item {
        case .decl(let d):
            if let ic = d.as(IfConfigDeclSyntax.self) {
                guard let active = try activeClause(ic, s) else { return .bool(false) }
                return try exec(active, s, x, guardCond: g, animation: a)
            }
            guard let v = d.as(VariableDeclSyntax.self) else { throw fail(d, trail, text(d), "declarations other than let/var are not supported in handlers") }
            for b in v.bindings {
                guard let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let e = b.initializer?.value else {
                    throw fail(b, trail, text(b), "only `let name = value` is supported in handlers")
                }
                if let call = e.as(FunctionCallExprSyntax.self), let h = try hapticOf(call, s) {
                    x.locals[n] = .str("__haptic:" + h)
                    continue
                }
                if attempt({ try animation(e, s.with(x.lazyLocals)) }) != nil {
                    x.lazyLocals[n] = .lazy(e, s.with(x.lazyLocals))
                    continue
                }
                x.locals[n] = try value(e, s, x)
            }
            return .bool(false)
        case .stmt(let st):
            if let e = st.as(ExpressionStmtSyntax.self)?.expression { return try execExpr(e, s, x, g, a) }
            if st.is(ReturnStmtSyntax.self) { return g }
            if let gs = st.as(GuardStmtSyntax.self) {
                var cond: Sym = .bool(true)
                for c in gs.conditions {
                    guard case .expression(let e) = c.condition else { throw fail(c, trail, "guard let", "optional binding is not supported in handlers") }
                    cond = Sym.binary("&&", cond, try value(e, s, x)).folded
                }
                let elseGuard = Sym.binary("&&", g, Sym.unary("!", cond).folded).folded
                _ = try exec(gs.body.statements, s, x, guardCond: elseGuard, animation: a)
                return elseGuard
            }
            if st.is(ForStmtSyntax.self) || st.is(WhileStmtSyntax.self) || st.is(RepeatStmtSyntax.self) {
                throw fail(st, trail, st.is(ForStmtSyntax.self) ? "for-in loop" : "loop", "not supported in handlers (handlers may assign state, branch with if/else, call methods, start or invalidate timers, use withAnimation and asyncAfter)")
            }
            throw fail(st, trail, text(st), "not supported in handlers")
        case .expr(let e):
            return try execExpr(e, s, x, g, a)
        @unknown default: throw fail(item, trail, text(item), "not supported in handlers")
        }
    }

    /// The value of an expression at this point of the handler: state read as the handler has left it so far.
    func value(_ e: ExprSyntax, _ s: Scope, _ x: Execution) throws -> Sym {
        var inner = s
        for (k, v) in x.locals { inner.values[k] = .sym(v) }
        return try sym(e, inner).substitute(x.env)
    }

    func execExpr(_ e: ExprSyntax, _ s: Scope, _ x: Execution, _ g: Sym, _ a: JSONValue?) throws -> Sym {
        let trail = s.trail
        if let i = e.as(IfExprSyntax.self) { return try execIf(i, s, x, g, a) }
        if e.is(SwitchExprSyntax.self) { throw fail(e, trail, "switch", "not supported in handlers; use if/else") }
        if let inf = e.as(InfixOperatorExprSyntax.self) {
            let opText: String
            if inf.operator.is(AssignmentExprSyntax.self) { opText = "=" }
            else if let b = inf.operator.as(BinaryOperatorExprSyntax.self) { opText = b.operator.text }
            else { throw fail(e, trail, text(e), "not supported as a statement") }
            guard ["=", "+=", "-=", "*=", "/="].contains(opText) else { throw fail(e, trail, text(e), "an expression whose value is unused") }
            return try assign(inf.leftOperand, opText, inf.rightOperand, s, x, g, a, node: Syntax(e))
        }
        if let oc = e.as(OptionalChainingExprSyntax.self) { return try execExpr(oc.expression, s, x, g, a) }
        guard let c = e.as(FunctionCallExprSyntax.self) else {
            if e.is(AwaitExprSyntax.self) { throw fail(e, trail, "await", "async code is not supported in handlers") }
            throw fail(e, trail, text(e), "not supported as a statement in handlers")
        }
        return try execCall(c, s, x, g, a)
    }

    func execIf(_ i: IfExprSyntax, _ s: Scope, _ x: Execution, _ g: Sym, _ a: JSONValue?) throws -> Sym {
        var cond: Sym = .bool(true)
        for c in i.conditions {
            guard case .expression(let e) = c.condition else { throw fail(c, s.trail, "if let", "optional binding is not supported in handlers") }
            cond = Sym.binary("&&", cond, try value(e, s, x)).folded
        }
        let before = x.env, beforeLocals = x.locals
        let thenReturned = try exec(i.body.statements, s, x, guardCond: Sym.binary("&&", g, cond).folded, animation: a)
        let thenEnv = x.env, thenLocals = x.locals
        x.env = before
        x.locals = beforeLocals
        var elseReturned: Sym = .bool(false)
        let neg = Sym.unary("!", cond).folded
        if let eb = i.elseBody {
            let eg = Sym.binary("&&", g, neg).folded
            switch eb {
            case .ifExpr(let inner): elseReturned = try execIf(inner, s, x, eg, a)
            case .codeBlock(let b): elseReturned = try exec(b.statements, s, x, guardCond: eg, animation: a)
            @unknown default: break
            }
        }
        // Join: each variable is the branch's value under its condition.
        for k in Set(thenEnv.keys).union(x.env.keys) {
            let t = thenEnv[k] ?? before[k] ?? .ref(k, stateKinds[k] ?? .number)
            let f = x.env[k] ?? before[k] ?? .ref(k, stateKinds[k] ?? .number)
            if t != f { x.env[k] = Sym.cond(cond, t, f).folded } else { x.env[k] = t }
        }
        for k in Set(thenLocals.keys).intersection(x.locals.keys) {
            if let t = thenLocals[k], let f = x.locals[k], t != f { x.locals[k] = Sym.cond(cond, t, f).folded }
        }
        return Sym.binary("||", thenReturned, elseReturned).folded
    }

    /// The state variable (or timer variable) an assignment target names.
    enum Target { case state(String), timer(String), local(String), pair(String) }

    func target(_ e: ExprSyntax, _ s: Scope, _ x: Execution) throws -> Target {
        // `offset.width = …` on a CGSize state: that component's variable.
        if let m = e.as(MemberAccessExprSyntax.self), let base = m.base, base.trimmedDescription != "self",
           case .pair(let p) = try target(base, s, x), let comps = pairStates[p] {
            let c = m.declName.baseName.text
            if ["width", "x"].contains(c) { return .state(comps.0) }
            if ["height", "y"].contains(c) { return .state(comps.1) }
            throw fail(m, s.trail, text(m), "a CGSize or CGPoint has width/height or x/y")
        }
        guard let n = propertyName(e) else { throw fail(e, s.trail, text(e), "only state variables can be assigned in handlers") }
        if x.locals[n] != nil { return .local(n) }
        switch lookup(n, s) {
        case .state(let st)?:
            if pairStates[st] != nil { return .pair(st) }
            return .state(st)
        case .timer(let t)?: return .timer(t)
        default: throw fail(e, s.trail, n, "is not a @State variable (only @State variables can change)")
        }
    }

    func assign(_ lhs: ExprSyntax, _ op: String, _ rhs: ExprSyntax, _ s: Scope, _ x: Execution, _ g: Sym, _ a: JSONValue?, node: Syntax) throws -> Sym {
        let t = try target(lhs, s, x)
        switch t {
        case .timer(let v):
            if rhs.trimmedDescription == "nil" { return .bool(false) } // dropping the reference does not stop a timer
            guard op == "=", let call = rhs.as(FunctionCallExprSyntax.self) else { throw fail(rhs, s.trail, text(rhs), "expected Timer.scheduledTimer(…)") }
            try startTimer(call, holder: v, s, x, g, a)
            return .bool(false)
        case .local(let n):
            var v = try value(rhs, s, x)
            if op != "=", let cur = x.locals[n] { v = Sym.binary(String(op.dropLast()), cur, v).folded }
            x.locals[n] = Sym.cond(g, v, x.locals[n] ?? v).folded
            return .bool(false)
        case .pair(let n):
            let (w, h) = try pairValue(rhs, s, x)
            let comps = pairStates[n]!
            for (name, v) in [(comps.0, w), (comps.1, h)] {
                var val = v
                if op != "=" { val = Sym.binary(String(op.dropLast()), x.env[name] ?? .ref(name, .number), v).folded }
                record(name, val, x, g, a, node)
            }
            return .bool(false)
        case .state(let n):
            var v = try value(rhs, s, x)
            if op != "=" {
                let cur = x.env[n] ?? .ref(n, stateKinds[n] ?? .number)
                v = Sym.binary(String(op.dropLast()), cur, v).folded
            }
            if let k = stateKinds[n], v.kind != k, !(k == .number && v.kind == .number) {
                throw fail(rhs, s.trail, text(rhs), "a \(k) cannot be assigned a \(v.kind)")
            }
            record(n, v, x, g, a, node)
            return .bool(false)
        }
    }

    func record(_ n: String, _ v: Sym, _ x: Execution, _ g: Sym, _ a: JSONValue?, _ node: Syntax) {
        let cur = x.env[n] ?? .ref(n, stateKinds[n] ?? .number)
        x.env[n] = Sym.cond(g, v, cur).folded
        x.effects.append(Effect(kind: .assign(n, v), guardCond: g, animation: a, node: node))
        // The copies read below `.animation(_:value:)` modifiers change too, with their animation (which replaces
        // the transaction's, as the modifier does in SwiftUI).
        for m in knownMirrors[n] ?? [] {
            x.env[m.name] = Sym.cond(g, v, x.env[m.name] ?? .ref(m.name, stateKinds[n] ?? .number)).folded
            x.effects.append(Effect(kind: .assign(m.name, v), guardCond: g, animation: m.animation, node: node))
        }
        // An animator's run starts when its trigger changes, never animated: a keyframe animator's clock takes the
        // time, a phase animator's flag goes up.
        let hooks = (knownKeyframeClocks[n] ?? []).map { ($0, Sym.ref("t", .number)) } + (knownPhaseFlags[n] ?? []).map { ($0, Sym.num(1)) }
        for (hidden, onChange) in hooks {
            let old = x.env[hidden] ?? .ref(hidden, .number)
            let changed = Sym.cond(.binary("!=", v, cur), onChange, old).folded
            x.env[hidden] = Sym.cond(g, changed, old).folded
            x.effects.append(Effect(kind: .assign(hidden, changed), guardCond: g, animation: nil, node: node))
        }
    }

    /// A CGSize/CGPoint value for a pair of state variables: `value.translation`, `.zero`, `CGSize(width:height:)`.
    func pairValue(_ e: ExprSyntax, _ s: Scope, _ x: Execution) throws -> (Sym, Sym) {
        if let path = dottedPath(e), let root = path.first, case .gesture? = lookup(root, s), path.count == 2 {
            let k = path[1]
            let (a, b) = ["location", "startLocation"].contains(k) ? ("x", "y") : ("width", "height")
            return (try gestureValue([k, a], e, s), try gestureValue([k, b], e, s))
        }
        if let r = e.as(DeclReferenceExprSyntax.self), case .state(let n)? = lookup(r.baseName.text, s), let (a, b) = pairStates[n] {
            return (x.env[a] ?? .ref(a, .number), x.env[b] ?? .ref(b, .number))
        }
        var inner = s
        for (k, v) in x.locals { inner.values[k] = .sym(v) }
        let (a, b) = try pair(e, inner)
        return (a.substitute(x.env), b.substitute(x.env))
    }

    func execCall(_ c: FunctionCallExprSyntax, _ s: Scope, _ x: Execution, _ g: Sym, _ a: JSONValue?) throws -> Sym {
        let trail = s.trail
        let callee = c.calledExpression.trimmedDescription
        let args = Array(c.arguments)
        let closure = c.trailingClosure ?? args.last?.expression.as(ClosureExprSyntax.self)
        switch callee {
        case "withAnimation":
            var anim: JSONValue = J.str("default", loc(c))
            if let first = args.first, !first.expression.is(ClosureExprSyntax.self) { anim = try animation(first.expression, s.with(x.lazyLocals)) }
            guard let body = closure else { throw fail(c, trail, "withAnimation", "expected a closure") }
            return try exec(body.statements, s.adding("withAnimation"), x, guardCond: g, animation: anim)
        case "DispatchQueue.main.asyncAfter":
            guard let body = closure, let dl = args.first(where: { $0.label?.text == "deadline" })?.expression else {
                throw fail(c, trail, "asyncAfter", "expected asyncAfter(deadline: .now() + seconds) { … }")
            }
            let d = try deadline(dl, s, x)
            var captured = s.adding("asyncAfter closure")
            for (k, v) in x.locals where v.isConstant { captured.values[k] = .sym(v) }
            x.effects.append(Effect(kind: .after(delay: d, body: body.statements, scope: captured), guardCond: g, animation: nil, node: Syntax(c)))
            return .bool(false)
        case "DispatchQueue.main.async":
            guard let body = closure else { throw fail(c, trail, "async", "expected a closure") }
            return try exec(body.statements, s, x, guardCond: g, animation: a)
        case "Timer.scheduledTimer":
            try startTimer(c, holder: nil, s, x, g, a)
            return .bool(false)
        case "print", "debugPrint":
            return .bool(false)
        default: break
        }
        if let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
            let method = m.declName.baseName.text
            let baseExpr = base.as(OptionalChainingExprSyntax.self)?.expression ?? base
            // Haptics.
            if ["impactOccurred", "notificationOccurred", "selectionChanged"].contains(method) {
                var kind: String?
                if let call = baseExpr.as(FunctionCallExprSyntax.self) { kind = try hapticOf(call, s) }
                else if let r = baseExpr.as(DeclReferenceExprSyntax.self) {
                    if case .str(let h)? = x.locals[r.baseName.text], h.hasPrefix("__haptic:") { kind = String(h.dropFirst(9)) }
                    else if case .haptic(let h)? = lookup(r.baseName.text, s) { kind = h }
                } else if let mm = baseExpr.as(MemberAccessExprSyntax.self), mm.base?.trimmedDescription == "self",
                          case .haptic(let h)? = lookup(mm.declName.baseName.text, s) { kind = h }
                guard var k = kind else { throw fail(c, trail, text(c), "unknown feedback generator") }
                if method == "notificationOccurred" {
                    guard let t = args.first?.expression.as(MemberAccessExprSyntax.self) else { throw fail(c, trail, "notificationOccurred", "expected .success, .warning or .error") }
                    k = t.declName.baseName.text
                }
                if k == "notification" { throw fail(c, trail, text(c), "expected notificationOccurred(.success/.warning/.error)") }
                x.effects.append(Effect(kind: .haptic(k), guardCond: g, animation: nil, node: Syntax(c)))
                return .bool(false)
            }
            if method == "prepare" { return .bool(false) }
            if method == "invalidate" {
                let holder: String?
                if let r = baseExpr.as(DeclReferenceExprSyntax.self) {
                    if case .timer(let t)? = lookup(r.baseName.text, s) { holder = t } else { holder = nil }
                } else if let mm = baseExpr.as(MemberAccessExprSyntax.self), mm.base?.trimmedDescription == "self",
                          case .timer(let t)? = lookup(mm.declName.baseName.text, s) { holder = t } else { holder = nil }
                guard let h = holder else { throw fail(c, trail, text(c), "invalidate() of something that is not a Timer variable") }
                record(timerVar(h), .num(0), x, g, nil, Syntax(c))
                return .bool(false)
            }
            if method == "toggle", case .state(let n) = try target(baseExpr, s, x) {
                let cur = x.env[n] ?? .ref(n, .bool)
                record(n, Sym.unary("!", cur).folded, x, g, a, Syntax(c))
                return .bool(false)
            }
            if baseExpr.trimmedDescription == "self", let f = function(method, s) { return try execMethod(f, c, s, x, g, a) }
            if method == "cancel" || method == "connect" {
                throw fail(c, trail, text(c), "publishers cannot be cancelled here; use a Timer.scheduledTimer and invalidate()")
            }
        }
        if let r = c.calledExpression.as(DeclReferenceExprSyntax.self), let f = function(r.baseName.text, s) {
            return try execMethod(f, c, s, x, g, a)
        }
        if callee == "Task" { throw fail(c, trail, "Task", "async code is not supported in handlers; use DispatchQueue.main.asyncAfter") }
        throw fail(c, trail, text(c.calledExpression) + "()", "not supported in handlers (handlers may assign state, branch with if/else, call methods, start or invalidate timers, use withAnimation and asyncAfter)")
    }

    func execMethod(_ f: FunctionDeclSyntax, _ c: FunctionCallExprSyntax, _ s: Scope, _ x: Execution, _ g: Sym, _ a: JSONValue?) throws -> Sym {
        x.depth += 1
        defer { x.depth -= 1 }
        guard x.depth < 16 else { throw fail(c, s.trail, "\(f.name.text)()", "calls itself (recursion is not supported)") }
        var inner = Scope(instance: s.instance, trail: Trail(parts: ["\(f.name.text)()"]))
        inner.environment = s.environment
        inner.values = s.values.filter { if case .gesture = $0.value { return true }; return false }
        try bindArguments(f, c, s, into: &inner)
        // Arguments are values at the call.
        for (k, v) in inner.values { if case .lazy(let e, let sc) = v { inner.values[k] = .sym(try value(e, sc, x)) } }
        guard let body = f.body else { throw fail(f, s.trail, f.name.text, "has no body") }
        let savedLocals = x.locals
        x.locals = [:]
        defer { x.locals = savedLocals }
        _ = try exec(body.statements, inner, x, guardCond: g, animation: a)
        return .bool(false)
    }

    /// `.now() + 1.5` → 1.5.
    func deadline(_ e: ExprSyntax, _ s: Scope, _ x: Execution) throws -> Double {
        guard let inf = e.as(InfixOperatorExprSyntax.self), inf.leftOperand.trimmedDescription.hasSuffix(".now()"),
              inf.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else {
            throw fail(e, s.trail, "deadline", "expected .now() + seconds")
        }
        var r = inf.rightOperand
        var factor = 1.0
        if let c = r.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let a = c.arguments.first {
            factor = ["seconds": 1, "milliseconds": 0.001, "microseconds": 0.000001][m.declName.baseName.text] ?? 1
            r = a.expression
        }
        guard case .num(let d) = try value(r, s, x) else { throw fail(r, s.trail, "deadline", "the delay must be a constant") }
        return d * factor
    }

    // MARK: Timers

    func timerVar(_ holder: String) -> String { "_timer_" + holder }

    /// `Timer.scheduledTimer(withTimeInterval: d, repeats: true) { t in … }`: timer call site k of `holder`.
    func startTimer(_ c: FunctionCallExprSyntax, holder: String?, _ s: Scope, _ x: Execution, _ g: Sym, _ a: JSONValue?) throws {
        guard c.calledExpression.trimmedDescription == "Timer.scheduledTimer" else {
            throw fail(c, s.trail, text(c.calledExpression), "expected Timer.scheduledTimer(withTimeInterval:repeats:)")
        }
        let args = Array(c.arguments)
        guard let iv = args.first(where: { $0.label?.text == "withTimeInterval" })?.expression,
              let body = c.trailingClosure ?? args.first(where: { $0.label?.text == "block" })?.expression.as(ClosureExprSyntax.self) else {
            throw fail(c, s.trail, "Timer.scheduledTimer", "expected withTimeInterval:repeats: and a closure")
        }
        guard case .num(let interval) = try value(iv, s, x) else { throw fail(iv, s.trail, "withTimeInterval", "must be a constant") }
        let repeats = args.first(where: { $0.label?.text == "repeats" })?.expression.trimmedDescription != "false"
        if !repeats {
            // A one-shot timer is an asyncAfter.
            var captured = s.adding("Timer closure")
            for (k, v) in x.locals where v.isConstant { captured.values[k] = .sym(v) }
            x.effects.append(Effect(kind: .after(delay: interval, body: body.statements, scope: captured), guardCond: g, animation: nil, node: Syntax(c)))
            return
        }
        let h = holder ?? "anon\(hiddenCounter + 1)"
        let flag = timerVar(h)
        addState(flag, J.num(0, loc(c)), .number)
        timerSites[flag, default: 0] += 1
        let k = timerSites[flag]!
        let id = "\(h)\(k == 1 ? "" : String(k))"
        var inner = s.adding("Timer closure")
        inner.values = s.values
        if let p = closureParameters(body).first { inner.values[p] = .timer(h) }
        for (kk, v) in x.locals where v.isConstant { inner.values[kk] = .sym(v) }
        let at = loc(c)
        // Placeholder: the timer's own events go in before its body's phases.
        let index = timeline.count
        timeline.append(J.obj([], at))
        timeline.append(J.obj([("when", J.str("\(flag) != \(k)", at)), ("stop", J.str(id, at))], at))
        let tickBody = try lower(body.statements, inner, at: loc(body))
        var timer: [(String, JSONValue)] = [("id", J.str(id, at)), ("interval", J.num(interval, loc(iv)))]
        for m in tickBody.members ?? [] { timer.append((m.key, m.value)) }
        timeline[index] = J.obj([("when", J.str("\(flag) == \(k)", at)), ("timer", J.obj(timer, at))], at)
        record(flag, .num(Double(k)), x, g, nil, Syntax(c))
    }

    // MARK: Lowering

    /// Groups the effects into phases and writes them as the handler's body and `when` events.
    func phases(_ x: Execution, _ s: Scope, at: SceneJSON.SourceLocation) throws -> JSONValue {
        struct Phase {
            var guardCond: Sym
            var animation: JSONValue?
            var assigns: [(String, Sym)] = []
            var haptic: String?
            var afters: [(Double, CodeBlockItemListSyntax, Scope)] = []
            var node: Syntax
        }
        var list: [Phase] = []
        func sameAnimation(_ a: JSONValue?, _ b: JSONValue?) -> Bool { a?.compactDescription == b?.compactDescription }
        for e in x.effects {
            if case .bool(false) = e.guardCond { continue }
            let neutral: Bool
            switch e.kind {
            case .assign(let n, _): neutral = n.hasPrefix("_")
            default: neutral = true
            }
            if var last = list.last, last.guardCond == e.guardCond, neutral || sameAnimation(last.animation, e.animation) || (last.assigns.allSatisfy { $0.0.hasPrefix("_") } && last.animation == nil) {
                var ok = true
                switch e.kind {
                case .assign(let n, let v):
                    if !neutral && last.animation == nil { last.animation = e.animation }
                    last.assigns.removeAll { $0.0 == n }
                    last.assigns.append((n, v))
                case .haptic(let h): if last.haptic == nil { last.haptic = h } else { ok = false }
                case .after(let d, let b, let sc): last.afters.append((d, b, sc))
                }
                if ok { list[list.count - 1] = last; continue }
            }
            var p = Phase(guardCond: e.guardCond, animation: nil, node: e.node)
            switch e.kind {
            case .assign(let n, let v): p.assigns = [(n, v)]; if !neutral { p.animation = e.animation }
            case .haptic(let h): p.haptic = h
            case .after(let d, let b, let sc): p.afters = [(d, b, sc)]
            }
            list.append(p)
        }
        var main: [(String, JSONValue)] = []
        var mainAnimation: JSONValue?
        var mainHaptic: String?
        var start = 0
        if let first = list.first, first.guardCond == .bool(true), first.afters.isEmpty {
            for (n, v) in first.assigns { main.append((n, v.json(at))) }
            mainAnimation = first.animation
            mainHaptic = first.haptic
            start = 1
        }
        var written = Set(main.map(\.0))
        for p in list.dropFirst(start) {
            let at = loc(p.node)
            let trigger = newHidden("fx")
            addState(trigger, J.num(0, at), .number)
            main.append((trigger, Sym.cond(p.guardCond, .num(1), .num(0)).folded.json(at)))
            var sets: [(String, JSONValue)] = []
            for (n, v) in p.assigns {
                // A value that reads only state no earlier run changed is computed where it is set; others (gesture values
                // exist only in the handler) are computed by the handler into a stash.
                if v.isConstant || (v.reads.isDisjoint(with: written) && v.reads.allSatisfy { stateKinds[$0] != nil }) {
                    sets.append((n, v.json(at)))
                } else {
                    let stash = newHidden("v")
                    addState(stash, v.kind == .bool ? J.bool(false, at) : v.kind == .string ? J.str("", at) : J.num(0, at), v.kind)
                    main.append((stash, v.json(at)))
                    sets.append((n, J.str("=" + stash, at)))
                }
            }
            for (n, _) in p.assigns { written.insert(n) }
            sets.append((trigger, J.num(0, at)))
            var event: [(String, JSONValue)] = [("when", J.str("\(trigger) == 1", at))]
            let id = p.afters.isEmpty ? nil : newHidden("after")
            if let id { event.append(("id", J.str(id, at))) }
            event.append(("set", J.obj(sets, at)))
            if let a = p.animation { event.append(("animation", a)) }
            if let h = p.haptic { event.append(("haptic", J.str(h, at))) }
            timeline.append(J.obj(event, at))
            for (d, body, sc) in p.afters {
                let index = timeline.count
                timeline.append(J.obj([], at))
                let b = try lower(body, sc, at: loc(body))
                timeline[index] = J.obj([("after", J.str(id!, at)), ("delay", J.num(d, at))] + (b.members ?? []).map { ($0.key, $0.value) }, at)
            }
        }
        var body: [(String, JSONValue)] = []
        if !main.isEmpty { body.append(("set", J.obj(main, at))) }
        if let a = mainAnimation { body.append(("animation", a)) }
        if let h = mainHaptic { body.append(("haptic", J.str(h, at))) }
        return J.obj(body, at)
    }

    // MARK: Handler modifiers

    func handlerModifier(_ name: String, _ c: FunctionCallExprSyntax, _ v: JSONValue, _ s: Scope) throws -> JSONValue {
        let at = loc(c)
        let args = Array(c.arguments)
        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        func closureArg(_ label: String) throws -> CodeBlockItemListSyntax? {
            guard let e = arg(label) else { return nil }
            return try actionBody(e, s)
        }
        let trailing = c.trailingClosure?.statements
        switch name {
        case "onAppear":
            guard let body = try trailing ?? closureArg("perform") else { return v }
            let b = try handlerBody(body, s.adding(".onAppear"), params: [:], sizeReadable: true)
            addEvent(trigger: s.presence, body: b, at)
            return v
        case "onReceive":
            guard let pubArg = args.first?.expression, let closure = c.trailingClosure ?? arg("perform")?.as(ClosureExprSyntax.self) else {
                throw fail(c, s.trail, ".onReceive", "expected a Timer.publish(…).autoconnect() and a closure")
            }
            var interval: Sym?
            if let r = pubArg.as(DeclReferenceExprSyntax.self), case .publisher(let iv)? = lookup(r.baseName.text, s) { interval = iv }
            else if let m = pubArg.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self",
                    case .publisher(let iv)? = lookup(m.declName.baseName.text, s) { interval = iv }
            else if let call = pubArg.as(FunctionCallExprSyntax.self), case .publisher(let iv)? = try specialValue(call, s) { interval = iv }
            guard case .num(let d)? = interval else { throw fail(pubArg, s.trail, ".onReceive", "only Timer.publish(every:on:in:).autoconnect() with a constant interval is supported") }
            hiddenCounter += 1
            let id = "receive\(hiddenCounter)"
            var inner = s.adding(".onReceive closure")
            if let p = closureParameters(closure).first { inner.values[p] = .sym(.num(0)) }
            let index = timeline.count
            timeline.append(J.obj([], at))
            let b = try lower(closure.statements, inner, at: loc(closure))
            let timer = J.obj([("id", J.str(id, at)), ("interval", J.num(d, at))] + (b.members ?? []).map { ($0.key, $0.value) }, at)
            if case .bool(true) = s.presence {
                timeline[index] = J.obj([("at", J.num(0, at)), ("timer", timer)], at)
            } else {
                timeline[index] = J.obj([("when", J.str(s.presence.source, at)), ("initial", J.bool(true, at)), ("timer", timer)], at)
                timeline.append(J.obj([("when", J.str(Sym.unary("!", s.presence).folded.source, at)), ("stop", J.str(id, at))], at))
            }
            return v
        case "onTapGesture":
            if let n = arg("count"), n.trimmedDescription != "1" { throw fail(n, s.trail, ".onTapGesture(count:)", "only single taps are supported") }
            guard let body = try trailing ?? closureArg("perform") else { throw fail(c, s.trail, ".onTapGesture", "expected a closure") }
            let b = try handlerBody(body, s.adding(".onTapGesture"), params: [:])
            return appendGesture(v, J.obj([("tap", J.obj([], at)), ("onEnded", b)], at))
        case "onLongPressGesture":
            var out = v
            var lp: [(String, JSONValue)] = []
            if let d = arg("minimumDuration") { lp.append(("minimumDuration", try constant(d, c, s, "minimumDuration"))) }
            if let d = arg("maximumDistance") { lp.append(("maximumDistance", try constant(d, c, s, "maximumDistance"))) }
            let perform = try closureArg("perform") ?? (arg("onPressingChanged") != nil ? nil : trailing)
            let pressing = arg("onPressingChanged")?.as(ClosureExprSyntax.self) ?? c.additionalTrailingClosures.first(where: { $0.label.text == "onPressingChanged" })?.closure
                ?? (arg("onPressingChanged") != nil ? c.trailingClosure : nil)
            if let pressing {
                // Pressing begins at touch-down and ends when the long press succeeds (before `perform`, so this
                // gesture comes first), is lifted early or moves too far: hackingwithswift.com's account of
                // onPressingChanged ("In progress: false" printed, then "Long pressed!").
                let p = closureParameters(pressing).first ?? "_"
                let began = try handlerBody(pressing.statements, s.adding("onPressingChanged"), params: [p: .sym(.bool(true))])
                let ended = try handlerBody(pressing.statements, s.adding("onPressingChanged"), params: [p: .sym(.bool(false))])
                out = appendGesture(out, J.obj([("longPress", J.obj(lp, at)), ("onBegan", began), ("onEnded", ended), ("onFailed", ended)], at))
            }
            if let perform {
                let b = try handlerBody(perform, s.adding(".onLongPressGesture"), params: [:])
                out = appendGesture(out, J.obj([("longPress", J.obj(lp, at)), ("onEnded", b)], at))
            }
            return out
        case "gesture", "simultaneousGesture", "highPriorityGesture":
            guard let g = args.first?.expression else { throw fail(c, s.trail, ".\(name)", "expected a gesture") }
            return try gesture(g, s.adding(".\(name)")).reduce(v) { appendGesture($0, $1) }
        default:
            throw fail(c, s.trail, name, "unknown handler")
        }
    }

    /// An event for `onAppear`: at 0 for a view present from the start, else when its condition turns true.
    func addEvent(trigger: Sym, body: JSONValue, _ at: SceneJSON.SourceLocation) {
        let members = (body.members ?? []).map { ($0.key, $0.value) }
        if case .bool(true) = trigger {
            timeline.append(J.obj([("at", J.num(0, at))] + members, at))
        } else {
            timeline.append(J.obj([("when", J.str(trigger.source, at)), ("initial", J.bool(true, at))] + members, at))
        }
    }

    /// `DragGesture(minimumDistance: 0).onChanged { … }.onEnded { … }` and the other gestures.
    /// (A `LongPressGesture` with `.updating` is two long presses: one that sets the value from touch-down until the
    /// gesture ends, and the gesture's own.)
    func gesture(_ e: ExprSyntax, _ s: Scope) throws -> [JSONValue] {
        // A gesture kept in a `let` of the body or a property (`var drag: some Gesture { DragGesture()… }`).
        var name: String?, scope = s
        if let r = e.as(DeclReferenceExprSyntax.self) { name = r.baseName.text }
        else if let m = e.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self", s.instance != nil {
            name = m.declName.baseName.text
            scope.values = [:]
        }
        if let name, case .lazy(let le, var ls)? = lookup(name, scope) {
            ls.trail = s.trail
            return try deeper(e, s) { try gesture(le, ls) }
        }
        let at = loc(e)
        var handlers: [(String, ClosureExprSyntax)] = []
        // `.updating($x) { value, state, transaction in … }`: the @GestureState x and the closure.
        var updatings: [(state: String, closure: ClosureExprSyntax)] = []
        var cur = e
        while let c = cur.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
            let n = m.declName.baseName.text
            guard ["onChanged", "onEnded", "updating"].contains(n) else {
                throw fail(m.declName, s.trail, ".\(n)", "not supported on gestures (onChanged, onEnded and updating are)")
            }
            guard let cl = c.trailingClosure ?? c.arguments.last?.expression.as(ClosureExprSyntax.self) else { throw fail(c, s.trail, ".\(n)", "expected a closure") }
            if n == "updating" {
                guard let r = c.arguments.first?.expression.as(DeclReferenceExprSyntax.self), r.baseName.text.hasPrefix("$"),
                      case .state(let st)? = lookup(String(r.baseName.text.dropFirst()), s), gestureStates.contains(st) else {
                    throw fail(c, s.trail, ".updating", "expected $x of a @GestureState property x")
                }
                updatings.insert((st, cl), at: 0)
            } else {
                handlers.insert((n, cl), at: 0)
            }
            cur = base
        }
        guard let ctor = cur.as(FunctionCallExprSyntax.self) else { throw fail(cur, s.trail, text(cur), "expected a gesture (DragGesture, TapGesture, LongPressGesture)") }
        let args = Array(ctor.arguments)
        func arg(_ l: String) -> ExprSyntax? { args.first { $0.label?.text == l }?.expression }
        var kind: (String, JSONValue)
        switch ctor.calledExpression.trimmedDescription {
        case "DragGesture":
            var m: [(String, JSONValue)] = []
            if let d = arg("minimumDistance") { m.append(("minimumDistance", try constant(d, ctor, s, "minimumDistance"))) }
            if let cs = arg("coordinateSpace"), !cs.trimmedDescription.contains("local"), !cs.trimmedDescription.contains("global") {
                throw fail(cs, s.trail, "coordinateSpace:", "only .local and .global are supported")
            }
            kind = ("drag", J.obj(m, at))
        case "TapGesture":
            if let n = arg("count"), n.trimmedDescription != "1" { throw fail(n, s.trail, "TapGesture(count:)", "only single taps are supported") }
            kind = ("tap", J.obj([], at))
        case "LongPressGesture":
            var m: [(String, JSONValue)] = []
            if let d = arg("minimumDuration") { m.append(("minimumDuration", try constant(d, ctor, s, "minimumDuration"))) }
            if let d = arg("maximumDistance") { m.append(("maximumDistance", try constant(d, ctor, s, "maximumDistance"))) }
            kind = ("longPress", J.obj(m, at))
        case let other:
            throw fail(ctor, s.trail, other, "unknown gesture (supported: DragGesture, TapGesture, LongPressGesture)")
        }
        var bodies: [String: JSONValue] = [:]
        for (n, cl) in handlers {
            let p = closureParameters(cl).first ?? "_"
            bodies[n] = try mergeHandlers(bodies[n], try handlerBody(cl.statements, s.adding(".\(n)"), params: [p: .gesture]), cl, s)
        }
        var extra: [JSONValue] = []
        for u in updatings {
            let ps = closureParameters(u.closure)
            let (value, state) = (ps.first ?? "_", ps.count > 1 ? ps[1] : "_")
            let trail = s.adding(".updating")
            // SwiftUI puts the value back when the gesture ends (or is cancelled).
            let reset = try gestureReset(u.state, trail)
            switch kind.0 {
            case "drag":
                let b = try handlerBody(u.closure.statements, trail, params: [value: .gesture, state: .state(u.state)])
                bodies["onChanged"] = try mergeHandlers(bodies["onChanged"], b, u.closure, s)
                bodies["onEnded"] = try mergeHandlers(bodies["onEnded"], reset, u.closure, s)
            case "longPress":
                // A long press's value is true from touch-down until the gesture ends: it succeeds, is lifted early or
                // moves too far. Apple's LongPressGesture example turns its circle green at success, the finger
                // still down (developer.apple.com/documentation/swiftui/longpressgesture). A second long press with
                // the same settings, ahead of this one, so the value is back before `onEnded` runs.
                let b = try handlerBody(u.closure.statements, trail, params: [value: .sym(.bool(true)), state: .state(u.state)])
                extra.append(J.obj([("longPress", kind.1), ("onBegan", b), ("onEnded", reset), ("onFailed", reset)], at))
            default:
                throw fail(u.closure, s.trail, ".updating", "supported on DragGesture and LongPressGesture")
            }
        }
        var out: [(String, JSONValue)] = [kind]
        for n in ["onChanged", "onEnded"] { if let b = bodies[n] { out.append((n, b)) } }
        return extra + [J.obj(out, at)]
    }

    /// The handler that gives a @GestureState its initial value back: the assignment `x = initial` lowered as a handler's
    /// own (so that what follows x, such as the animated copies behind `.animation(_:value:)`, follows the reset too).
    func gestureReset(_ st: String, _ s: Scope) throws -> JSONValue {
        func initial(_ n: String) -> String {
            guard let v = state.first(where: { $0.name == n })?.value else { return "0" }
            if let b = v.bool { return b ? "true" : "false" }
            if let x = v.number { return Sym.number(x) }
            return "\"" + (v.string ?? "").replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let value = pairStates[st].map { "CGSize(width: \(initial($0.0)), height: \(initial($0.1)))" } ?? initial(st)
        let name = "__gestureState"
        let parsed = Parser.parse(source: "\(name) = \(value)")
        guard let tree = OperatorTable.standardOperators.foldAll(parsed, errorHandler: { _ in }).as(SourceFileSyntax.self) else {
            return J.obj([], loc(parsed))
        }
        return try withExtendedLifetime(tree) { try handlerBody(tree.statements, s, params: [name: .state(st)]) }
    }

    /// Two handler bodies of one gesture phase (`onChanged` and `updating`) as one: their `set`s joined (the second's
    /// value wins for a variable both set); at most one of them may animate or play a haptic.
    func mergeHandlers(_ a: JSONValue?, _ b: JSONValue, _ node: some SyntaxProtocol, _ s: Scope) throws -> JSONValue {
        guard let a else { return b }
        var members: [(String, JSONValue)] = []
        let sets = (a["set"]?.members ?? []).filter { m in b["set"]?[m.key] == nil } + (b["set"]?.members ?? [])
        if !sets.isEmpty { members.append(("set", J.obj(sets.map { ($0.key, $0.value) }, b.location))) }
        for k in ["animation", "haptic"] {
            if a[k] != nil && b[k] != nil { throw fail(node, s.trail, "gesture handlers", "two handlers of the same phase that both set `\(k)` are not supported") }
            if let v = a[k] ?? b[k] { members.append((k, v)) }
        }
        return J.obj(members, b.location)
    }
}
