import Foundation
import SceneJSON
internal import SwiftSyntax

extension Translator {
    /// Looks a name up: locals and parameters, then the struct's properties, then the file's top-level constants.
    func lookup(_ name: String, _ s: Scope) -> Binding? {
        if let b = s.values[name] { return b }
        if let inst = s.instance {
            if let b = inst.properties[name] { return b }
            if let b = member(name, of: inst, s) { return b }
        }
        if let d = globals[name]?.as(VariableDeclSyntax.self), let b = d.bindings.first(where: { $0.pattern.trimmedDescription == name }),
           let v = b.initializer?.value {
            return .lazy(v, Scope(trail: s.trail))
        }
        return nil
    }

    /// A stored or computed property of the struct an instance is of (those not bound at the call site).
    func member(_ name: String, of inst: Instance, _ s: Scope) -> Binding? {
        guard let decl = structs[inst.type] else { return nil }
        for m in decl.memberBlock.members {
            guard let v = m.decl.as(VariableDeclSyntax.self) else { continue }
            for b in v.bindings where b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                var inner = Scope(instance: inst, trail: s.trail)
                inner.environment = s.environment
                if let acc = b.accessorBlock, case .getter(let stmts) = acc.accessors {
                    if let e = singleExpression(stmts) { return .lazy(e, inner) }
                    return nil
                }
                if let e = b.initializer?.value { return .lazy(e, inner) }
            }
        }
        return nil
    }

    /// The one expression of a body `{ x }` or `{ return x }`.
    func singleExpression(_ stmts: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard stmts.count == 1, let item = stmts.first else { return nil }
        switch item.item {
        case .expr(let e): return e
        case .stmt(let st):
            if let r = st.as(ReturnStmtSyntax.self) { return r.expression }
            if let e = st.as(ExpressionStmtSyntax.self) { return e.expression }
            return nil
        case .decl: return nil
        @unknown default: return nil
        }
    }

    func resolve(_ b: Binding, _ node: some SyntaxProtocol, _ s: Scope, _ what: String) throws -> Sym {
        switch b {
        case .sym(let v): return v
        case .lazy(let e, let sc): return try sym(e, sc)
        case .state(let n):
            if pairStates[n] != nil { throw fail(node, s.trail, what, "is a CGSize/CGPoint; use its .width/.height (.x/.y) here") }
            return .ref(n, stateKinds[n] ?? .number)
        default: throw fail(node, s.trail, what, "is not a number, boolean or string here")
        }
    }

    /// A Swift expression as a value (scene format §2).
    func sym(_ e: ExprSyntax, _ s: Scope, infinityAllowed: Bool = false) throws -> Sym {
        let v = try deeper(e, s) { try symValue(e, s) }
        // `infinity` in a changing expression is a frame's maxWidth/maxHeight only (`c ? .infinity : 0`).
        if !v.isConstant && v.hasNonFiniteNumber && (!infinityAllowed || v.hasNaNOrNegativeInfinity) {
            throw fail(e, s.trail, text(e), "`.infinity` inside an expression that changes is not supported; give a finite size (e.g. the container's width) or use .infinity alone")
        }
        return v
    }

    /// `item.field` of a struct or tuple item: the field's binding.
    func recordField(_ e: ExprSyntax, _ s: Scope) -> Binding? {
        guard let m = e.as(MemberAccessExprSyntax.self), let r = m.base?.as(DeclReferenceExprSyntax.self) else { return nil }
        // Followed through arguments that pass the item on (`Card(item: item)` then `item.name` inside).
        var binding = lookup(r.baseName.text, s)
        for _ in 0..<8 {
            guard case .lazy(let le, let ls)? = binding, let next = le.as(DeclReferenceExprSyntax.self) else { break }
            binding = lookup(next.baseName.text, ls)
        }
        guard case .record(let fields)? = binding else { return nil }
        return fields[m.declName.baseName.text]
    }

    func symValue(_ e: ExprSyntax, _ s: Scope) throws -> Sym {
        if let b = recordField(e, s) { return try resolve(b, e, s, text(e)) }
        if let i = e.as(IntegerLiteralExprSyntax.self) {
            guard let n = Double(i.literal.text.replacingOccurrences(of: "_", with: "")) else { throw fail(e, s.trail, text(e), "not a number") }
            return .num(n)
        }
        if let f = e.as(FloatLiteralExprSyntax.self) {
            guard let n = Double(f.literal.text.replacingOccurrences(of: "_", with: "")) else { throw fail(e, s.trail, text(e), "not a number") }
            return .num(n)
        }
        if let b = e.as(BooleanLiteralExprSyntax.self) { return .bool(b.literal.tokenKind == .keyword(.true)) }
        if let str = e.as(StringLiteralExprSyntax.self) {
            var out = ""
            for seg in str.segments {
                guard let t = seg.as(StringSegmentSyntax.self) else {
                    throw fail(seg, s.trail, "string interpolation", "is supported in Text only")
                }
                out += t.content.text
            }
            return .str(out)
        }
        if let r = e.as(DeclReferenceExprSyntax.self) {
            let name = r.baseName.text
            if let b = lookup(name, s) { return try resolve(b, e, s, name) }
            throw unknownName(name, e, s)
        }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first, only.label == nil {
            return try sym(only.expression, s)
        }
        if let p = e.as(PrefixOperatorExprSyntax.self) {
            let op = p.operator.text
            guard ["-", "!", "+"].contains(op) else { throw fail(e, s.trail, "prefix \(op)", "unsupported operator") }
            return Sym.unary(op, try sym(p.expression, s)).folded
        }
        if let t = e.as(TernaryExprSyntax.self) {
            return Sym.cond(try sym(t.condition, s), try sym(t.thenExpression, s), try sym(t.elseExpression, s)).folded
        }
        if let inf = e.as(InfixOperatorExprSyntax.self) {
            guard let opTok = inf.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
                throw fail(e, s.trail, text(e), "an assignment is not a value")
            }
            let ops = ["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"]
            guard ops.contains(opTok) else {
                throw fail(inf.operator, s.trail, "operator \(opTok)", "not supported in expressions (supported: \(ops.joined(separator: " ")))")
            }
            let a = try sym(inf.leftOperand, s), b = try sym(inf.rightOperand, s)
            return Sym.binary(opTok, a, b).folded
        }
        if let m = e.as(MemberAccessExprSyntax.self) { return try memberSym(m, s) }
        if let c = e.as(FunctionCallExprSyntax.self) { return try callSym(c, s) }
        if let f = e.as(ForceUnwrapExprSyntax.self) { return try sym(f.expression, s) }
        if let a = e.as(AsExprSyntax.self) { return try sym(a.expression, s) }
        if e.is(NilLiteralExprSyntax.self) { throw fail(e, s.trail, "nil", "optional values are not supported; give the state a value of its own (a number, boolean or string)") }
        throw fail(e, s.trail, text(e), "this kind of expression is not supported (\(e.kind.nameForMessage))")
    }

    func unknownName(_ name: String, _ node: some SyntaxProtocol, _ s: Scope) -> Refused {
        var names = Array(s.values.keys)
        if let inst = s.instance, let d = structs[inst.type] {
            names += inst.properties.keys
            for m in d.memberBlock.members {
                if let v = m.decl.as(VariableDeclSyntax.self) {
                    names += v.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
                }
            }
        }
        let hint = NameSuggestion.nearest(to: name, among: names).map { "; nearest: \($0)" } ?? ""
        return fail(node, s.trail, name, "unknown name\(hint)")
    }

    /// `a.b.c` as a dotted path when its root is a plain name: `value.translation.width` → ["value", "translation", "width"].
    func dottedPath(_ e: ExprSyntax) -> [String]? {
        if let r = e.as(DeclReferenceExprSyntax.self) { return [r.baseName.text] }
        if let m = e.as(MemberAccessExprSyntax.self), let b = m.base, let p = dottedPath(b) { return p + [m.declName.baseName.text] }
        return nil
    }

    func memberSym(_ m: MemberAccessExprSyntax, _ s: Scope) throws -> Sym {
        let name = m.declName.baseName.text
        guard let base = m.base else {
            switch name {
            case "pi": return .num(Double.pi)
            case "zero": return .num(0)
            case "infinity": return .num(Double.infinity)
            default:
                // A case of one of the file's enums: its string.
                let owners = enums.values.compactMap { $0[name] }
                if let only = owners.first, owners.allSatisfy({ $0 == only }) { return .str(only) }
                throw fail(m, s.trail, ".\(name)", "unknown value here")
            }
        }
        let baseText = base.trimmedDescription
        if let cases = enums[baseText] {
            guard let v = cases[name] else { throw fail(m, s.trail, "\(baseText).\(name)", "not a case of \(baseText) (cases with associated values are not supported)") }
            return .str(v)
        }
        // An enum value's `rawValue` is the string it already is (String raw values), its name otherwise.
        if name == "rawValue", case let v = try sym(base, s), v.kind == .string { return v }
        // `proxy.frame(in: .local).width` and the other edges of the proxy's own frame (origin 0, 0).
        if let fc = base.as(FunctionCallExprSyntax.self), let fm = fc.calledExpression.as(MemberAccessExprSyntax.self),
           fm.declName.baseName.text == "frame", let root = fm.base.flatMap({ dottedPath($0) })?.first, case .geometry? = lookup(root, s) {
            guard fc.arguments.first?.expression.trimmedDescription == ".local" else {
                throw fail(fc, s.trail, "frame(in:)", "only .local is supported (the scene has no named coordinate spaces)")
            }
            guard let v = Self.localFrameValue([name]) else {
                throw fail(m, s.trail, ".\(name)", "unknown frame value (width, height, minX, midX, maxX, minY, midY, maxY)")
            }
            return v
        }
        // The screen's size: the canvas of a file rendered alone.
        if ["UIScreen.main.bounds.width", "UIScreen.main.bounds.size.width"].contains(m.trimmedDescription), let c = canvasSize { return .num(c.0) }
        if ["UIScreen.main.bounds.height", "UIScreen.main.bounds.size.height"].contains(m.trimmedDescription), let c = canvasSize { return .num(c.1) }
        // `Angle.zero` (angles are kept in degrees).
        if baseText == "Angle" && name == "zero" { return .num(0) }
        if ["CGFloat", "Double", "Float"].contains(baseText) {
            switch name {
            case "pi": return .num(Double.pi)
            case "zero": return .num(0)
            case "infinity": return .num(Double.infinity)
            default: break
            }
        }
        if baseText == "self" {
            guard let inst = s.instance else { throw fail(m, s.trail, "self", "no struct here") }
            var inner = s
            inner.values = [:]
            inner.instance = inst
            if let b = lookup(name, inner) { return try resolve(b, m, s, "self.\(name)") }
            throw unknownName(name, m, inner)
        }
        if let path = dottedPath(ExprSyntax(m)), let root = path.first, let b = lookup(root, s) {
            if case .state(let n) = b, path.count == 2, let (c0, c1) = pairStates[n] {
                if ["width", "x"].contains(path[1]) { return .ref(c0, .number) }
                if ["height", "y"].contains(path[1]) { return .ref(c1, .number) }
            }
            switch b {
            case .gesture: return try gestureValue(Array(path.dropFirst()), m, s)
            case .geometry: return try geometryValue(Array(path.dropFirst()), m, s)
            case .rect: return try rectValue(Array(path.dropFirst()), m, s)
            default: break
            }
        }
        if name == "degrees" || name == "radians" {
            // An Angle's value: angles are kept in degrees.
            let v = try sym(base, s)
            return name == "degrees" ? v : Sym.binary("*", v, .num(Double.pi / 180)).folded
        }
        // A constant of the file's extensions (`CGFloat.cardWidth`, `Double.springResponse`).
        if let d = extensionMembers[baseText]?[name]?.as(VariableDeclSyntax.self),
           let b = d.bindings.first(where: { $0.pattern.trimmedDescription == name }) {
            if let v = b.initializer?.value { return try sym(v, Scope(trail: s.trail)) }
            if let acc = b.accessorBlock, case .getter(let stmts) = acc.accessors, let e = singleExpression(stmts) {
                return try sym(e, Scope(trail: s.trail))
            }
        }
        // A component of a CGSize / CGPoint value (`let frame = CGSize(width: 40, height: 40)`, `frame.height`).
        if ["width", "height", "x", "y"].contains(name), let p = attempt({ try pair(base, s) }) {
            return ["width", "x"].contains(name) ? p.0 : p.1
        }
        throw fail(m, s.trail, text(m), "unknown member .\(name)")
    }

    func gestureValue(_ path: [String], _ node: some SyntaxProtocol, _ s: Scope) throws -> Sym {
        let joined = path.joined(separator: ".")
        let map: [String: String] = [
            "translation.width": "gesture.translation.x", "translation.height": "gesture.translation.y",
            "location.x": "gesture.x", "location.y": "gesture.y",
            "velocity.width": "gesture.velocity.x", "velocity.height": "gesture.velocity.y",
        ]
        if let v = map[joined] { return .ref(v, .number) }
        switch joined {
        case "startLocation.x": return Sym.binary("-", .ref("gesture.x", .number), .ref("gesture.translation.x", .number))
        case "startLocation.y": return Sym.binary("-", .ref("gesture.y", .number), .ref("gesture.translation.y", .number))
        case "predictedEndTranslation.width", "predictedEndTranslation.height", "predictedEndLocation.x", "predictedEndLocation.y":
            // SwiftUI does not document how it predicts; UIScrollView's normal deceleration (0.998) is the
            // documented projection of "Designing Fluid Interfaces", and is what this stands for.
            let axis = joined.hasSuffix("width") || joined.hasSuffix(".x") ? "x" : "y"
            warn(node, s.trail, joined, "projected with UIScrollView's normal deceleration rate (0.998), as \"Designing Fluid Interfaces\" does; SwiftUI's own prediction is not documented")
            let base: Sym = joined.hasPrefix("predictedEndTranslation") ? .ref("gesture.translation.\(axis)", .number) : .ref("gesture.\(axis)", .number)
            return Sym.binary("+", base, .call("project", [.ref("gesture.velocity.\(axis)", .number), .num(0.998)], .number))
        default:
            throw fail(node, s.trail, joined, "unknown gesture value (supported: translation, location, startLocation, velocity, predictedEndTranslation, predictedEndLocation, with .width/.height or .x/.y)")
        }
    }

    func geometryValue(_ path: [String], _ node: some SyntaxProtocol, _ s: Scope) throws -> Sym {
        switch path.joined(separator: ".") {
        case "size.width": return .ref("geometry.width", .number)
        case "size.height": return .ref("geometry.height", .number)
        // The canvas has no safe area (no status bar, notch or home indicator): every inset is 0.
        case "safeAreaInsets.top", "safeAreaInsets.bottom", "safeAreaInsets.leading", "safeAreaInsets.trailing": return .num(0)
        default: throw fail(node, s.trail, path.joined(separator: "."), "unknown GeometryProxy value (supported: size.width, size.height, safeAreaInsets (0: the canvas has no safe area), frame(in: .local))")
        }
    }

    /// A member of a custom Shape's `rect`: the shape's frame in its own space, origin 0, 0.
    func rectValue(_ path: [String], _ node: some SyntaxProtocol, _ s: Scope) throws -> Sym {
        guard let v = Self.localFrameValue(path) else {
            throw fail(node, s.trail, path.joined(separator: "."), "unknown CGRect value (supported: width, height, size, minX, midX, maxX, minY, midY, maxY, origin)")
        }
        return v
    }

    /// A member of a frame in its own space (origin 0, 0, the size of the nearest geometry container): a custom
    /// Shape's `rect` and a GeometryProxy's `frame(in: .local)`. Nil for anything else.
    static func localFrameValue(_ path: [String]) -> Sym? {
        let w: Sym = .ref("geometry.width", .number), h: Sym = .ref("geometry.height", .number)
        switch path.joined(separator: ".") {
        case "width", "size.width", "maxX": return w
        case "height", "size.height", "maxY": return h
        case "midX": return Sym.binary("/", w, .num(2)).folded
        case "midY": return Sym.binary("/", h, .num(2)).folded
        case "minX", "minY", "origin.x", "origin.y": return .num(0)
        default: return nil
        }
    }

    static let numericFunctions: [String: Int] = ["min": -2, "max": -2, "abs": 1, "sqrt": 1, "pow": 2, "sin": 1, "cos": 1,
                                                   "floor": 1, "ceil": 1, "round": 1, "exp": 1, "log": 1]

    func callSym(_ c: FunctionCallExprSyntax, _ s: Scope) throws -> Sym {
        let args = Array(c.arguments)
        if let r = c.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = r.baseName.text
            if let arity = Self.numericFunctions[name] {
                if arity > 0 && args.count != arity || arity < 0 && args.count < -arity {
                    throw fail(c, s.trail, "\(name)()", "expected \(abs(arity)) arguments")
                }
                let vals = try args.map { try sym($0.expression, s) }
                return Sym.call(name, vals, .number).folded
            }
            if ["CGFloat", "Double", "Float"].contains(name), args.count == 1 { return try sym(args[0].expression, s) }
            if name == "Int", args.count == 1 { return Sym.call("Int", [try sym(args[0].expression, s)], .number).folded }
            if name == "Angle", args.count == 1 {
                let v = try sym(args[0].expression, s)
                return args[0].label?.text == "radians" ? Sym.binary("*", v, .num(180 / Double.pi)).folded : v
            }
            // A function of the struct or file returning a value.
            if let f = function(name, s) { return try inlineFunction(f, c, s) { try sym($0, $1) } }
            throw fail(c, s.trail, "\(name)()", "unknown function")
        }
        if let m = c.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = m.declName.baseName.text
            if (name == "degrees" || name == "radians") && args.count == 1 && (m.base == nil || m.base!.trimmedDescription == "Angle") {
                let v = try sym(args[0].expression, s)
                return name == "degrees" ? v : Sym.binary("*", v, .num(180 / Double.pi)).folded
            }
            // `.init(degrees:)` / `.init(radians:)` where an Angle is expected, and `Angle.init(…)`: Angle's initialisers.
            if name == "init", m.base == nil || m.base!.trimmedDescription == "Angle", args.count == 1,
               let label = args[0].label?.text, label == "degrees" || label == "radians" {
                let v = try sym(args[0].expression, s)
                return label == "degrees" ? v : Sym.binary("*", v, .num(180 / Double.pi)).folded
            }
            if let base = m.base, base.trimmedDescription == "self", let f = function(name, s) { return try inlineFunction(f, c, s) { try sym($0, $1) } }
            // `"20 sections".uppercased()`: a constant string's case changed here (Swift's full Unicode mapping).
            if (name == "uppercased" || name == "lowercased"), args.isEmpty, let base = m.base, case .str(let str) = try sym(base, s) {
                return .str(name == "uppercased" ? str.uppercased() : str.lowercased())
            }
        }
        throw fail(c, s.trail, text(c.calledExpression) + "()", "this call is not supported in an expression")
    }

    /// The name `e` reads: `x` or `self.x` (nil for anything else).
    func propertyName(_ e: ExprSyntax) -> String? {
        if let r = e.as(DeclReferenceExprSyntax.self) { return r.baseName.text }
        if let m = e.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self" { return m.declName.baseName.text }
        return nil
    }

    /// A function of the current struct or of the file.
    func function(_ name: String, _ s: Scope) -> FunctionDeclSyntax? {
        if let inst = s.instance, let d = structs[inst.type] {
            for m in d.memberBlock.members {
                if let f = m.decl.as(FunctionDeclSyntax.self), f.name.text == name { return f }
            }
        }
        return globals[name]?.as(FunctionDeclSyntax.self)
    }

    /// Binds a call's arguments to a function's parameters (labels, defaults).
    func bindArguments(_ f: FunctionDeclSyntax, _ c: FunctionCallExprSyntax, _ s: Scope, into inner: inout Scope) throws {
        try bindArguments(f.signature.parameterClause.parameters, f.name.text, c, s, into: &inner)
    }

    func bindArguments(_ parameters: FunctionParameterListSyntax, _ name: String, _ c: FunctionCallExprSyntax?, _ s: Scope,
                       into inner: inout Scope) throws {
        var args = c.map { Array($0.arguments) } ?? []
        var closures: [ClosureExprSyntax] = []
        if let t = c?.trailingClosure { closures.append(t) }
        closures += c?.additionalTrailingClosures.map(\.closure) ?? []
        for p in parameters {
            let label = p.firstName.text
            let local = (p.secondName ?? p.firstName).text
            if let i = args.firstIndex(where: { ($0.label?.text ?? "_") == label }) {
                let a = args.remove(at: i)
                if let cl = a.expression.as(ClosureExprSyntax.self) { inner.values[local] = .closure(cl, s) }
                else { inner.values[local] = .lazy(a.expression, s) }
            } else if p.type.trimmedDescription.contains("->") || p.attributes.trimmedDescription.contains("ViewBuilder"), !closures.isEmpty {
                inner.values[local] = .closure(closures.removeFirst(), s)
            } else if let d = p.defaultValue?.value {
                inner.values[local] = .lazy(d, Scope(instance: s.instance, trail: s.trail))
            } else {
                throw fail(c.map { Syntax($0) } ?? Syntax(p), s.trail, "\(name)()", "missing argument \(label)")
            }
        }
        if let extra = args.first { throw fail(extra, s.trail, "\(name)()", "extra argument \(extra.label?.text ?? "_")") }
    }

    /// The file's function a call names (`f(…)` or `self.f(…)`), if any.
    func calledFunction(_ c: FunctionCallExprSyntax, _ s: Scope) -> FunctionDeclSyntax? {
        if let r = c.calledExpression.as(DeclReferenceExprSyntax.self) { return function(r.baseName.text, s) }
        if let m = c.calledExpression.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self" { return function(m.declName.baseName.text, s) }
        return nil
    }

    /// A call of a value function of the struct or file: its arguments bound, its `let` constants evaluated, and its
    /// returned expression read by `result` (a value, a CGSize pair).
    func inlineFunction<T>(_ f: FunctionDeclSyntax, _ c: FunctionCallExprSyntax, _ s: Scope,
                           _ result: (ExprSyntax, Scope) throws -> T) throws -> T {
        var inner = Scope(instance: s.instance, trail: s.trail.adding("\(f.name.text)()"))
        inner.environment = s.environment
        try bindArguments(f, c, s, into: &inner)
        guard let body = f.body else { throw fail(f, s.trail, "\(f.name.text)()", "has no body") }
        // `let` constants, then one returned expression.
        for item in body.statements {
            if case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self) {
                for b in v.bindings {
                    guard let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let e = b.initializer?.value else {
                        throw fail(b, inner.trail, "declaration", "only `let name = value` is supported here")
                    }
                    inner.values[n] = .sym(try sym(e, inner))
                }
                continue
            }
            if case .stmt(let st) = item.item, let r = st.as(ReturnStmtSyntax.self), let e = r.expression { return try result(e, inner) }
            if case .expr(let e) = item.item { return try result(e, inner) }
            throw fail(item, inner.trail, text(item), "a value function may hold only `let` constants and one returned expression")
        }
        throw fail(f, s.trail, "\(f.name.text)()", "returns nothing")
    }
}

extension SyntaxKind {
    var nameForMessage: String {
        let s = "\(self)"
        return s.replacingOccurrences(of: "Syntax", with: "")
    }
}
