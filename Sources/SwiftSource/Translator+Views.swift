import Foundation
import SceneJSON
internal import SwiftSyntax

/// Keys the translator puts on views while it works and removes before the scene is read: where a view's fill or
/// font came from the environment's default (so a later `.foregroundColor` or `.font` on an ancestor replaces it).
let defaultFillMarker = "__defaultFill"
/// The views of one if/else statement (their `if`s exclude each other), by the statement's place.
let ifChainMarker = "__ifChain"
/// A view's constant `.zIndex`, which its ZStack orders its views by.
let zIndexMarker = "__zIndex"
let defaultFontMarker = "__defaultFont"
/// A stroke whose paint is the default foreground style.
let defaultStrokeMarker = "__defaultStroke"
/// A Divider, which an HStack turns vertical.
let dividerMarker = "__divider"
/// A font weight or design set on the text itself (`.bold()`, `.fontWeight`, `.monospaced()`), which a `.font` on an
/// ancestor does not replace.
let ownWeightMarker = "__ownWeight"
let ownDesignMarker = "__ownDesign"

extension Translator {
    // MARK: Builders

    /// The views of a view-builder body (`VStack { … }`'s closure, a `body` getter).
    func children(_ stmts: CodeBlockItemListSyntax, _ s: Scope) throws -> [JSONValue] {
        var out: [JSONValue] = []
        var scope = s
        var failed = false
        for item in stmts {
            do {
                switch item.item {
                case .expr(let e): out += try builderItem(e, scope)
                case .stmt(let st):
                    if let e = st.as(ExpressionStmtSyntax.self)?.expression { out += try builderItem(e, scope) }
                    else if let r = st.as(ReturnStmtSyntax.self), let e = r.expression { out += try views(e, scope) }
                    else { throw fail(st, s.trail, text(st), "not supported in a view body (views, if/else and let constants are)") }
                case .decl(let d):
                    if let ic = d.as(IfConfigDeclSyntax.self) {
                        if let active = try activeClause(ic, s) { out += try children(active, scope) }
                        continue
                    }
                    guard let v = d.as(VariableDeclSyntax.self) else { throw fail(d, s.trail, text(d), "not supported in a view body") }
                    for b in v.bindings {
                        guard let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let e = b.initializer?.value else {
                            throw fail(b, s.trail, text(b), "only `let name = value` is supported in a view body")
                        }
                        scope.values[n] = .lazy(e, scope)
                    }
                @unknown default: throw fail(item, s.trail, text(item), "not supported in a view body")
                }
            } catch is Refused { failed = true }
        }
        if failed { throw Refused() }
        return out
    }

    /// The statements of the `#if` clause that holds on an iPhone: `os(iOS)`, `canImport` of Apple's UI frameworks and
    /// `swift(…)`/`compiler(…)` are true; other platforms, `targetEnvironment(…)` and custom flags (`DEBUG`) are false.
    func activeClause(_ d: IfConfigDeclSyntax, _ s: Scope) throws -> CodeBlockItemListSyntax? {
        func holds(_ e: ExprSyntax) -> Bool {
            if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" { return !holds(p.expression) }
            if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let x = t.elements.first { return holds(x.expression) }
            if let inf = e.as(InfixOperatorExprSyntax.self), let op = inf.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
                if op == "&&" { return holds(inf.leftOperand) && holds(inf.rightOperand) }
                if op == "||" { return holds(inf.leftOperand) || holds(inf.rightOperand) }
            }
            if let c = e.as(FunctionCallExprSyntax.self) {
                let arg = c.arguments.first?.expression.trimmedDescription ?? ""
                switch c.calledExpression.trimmedDescription {
                case "os": return arg == "iOS"
                case "canImport": return ["UIKit", "SwiftUI", "Foundation", "Combine", "CoreGraphics"].contains(arg)
                case "swift", "compiler": return true
                default: return false
                }
            }
            return false
        }
        for clause in d.clauses {
            if let cond = clause.condition, !holds(cond) { continue }
            guard let elements = clause.elements else { return nil }
            if case .statements(let stmts) = elements { return stmts }
            throw fail(clause, s.trail, "#if", "only statements are supported in an #if clause here")
        }
        return nil
    }

    func builderItem(_ e: ExprSyntax, _ s: Scope) throws -> [JSONValue] {
        if let i = e.as(IfExprSyntax.self) { return try ifViews(i, s) }
        if e.is(SwitchExprSyntax.self) { throw fail(e, s.trail, "switch", "not supported in view bodies; use if/else") }
        return try views(e, s)
    }

    /// `if c { A } else { B }` in a builder: A present while c, B while !c.
    func ifViews(_ i: IfExprSyntax, _ s: Scope) throws -> [JSONValue] {
        var conds: [Sym] = []
        for c in i.conditions {
            guard case .expression(let e) = c.condition else {
                throw fail(c, s.trail, "if let", "optional binding is not supported; test a state variable instead")
            }
            conds.append(try sym(e, s))
        }
        let cond = conds.dropFirst().reduce(conds[0]) { Sym.binary("&&", $0, $1).folded }
        var thenScope = s
        thenScope.presence = Sym.binary("&&", s.presence, cond).folded
        var out = try children(i.body.statements, thenScope).map { present($0, cond) }
        if let eb = i.elseBody {
            let neg = Sym.unary("!", cond).folded
            var elseScope = s
            elseScope.presence = Sym.binary("&&", s.presence, neg).folded
            switch eb {
            case .ifExpr(let inner): out += try ifViews(inner, elseScope).map { present($0, neg) }
            case .codeBlock(let b): out += try children(b.statements, elseScope).map { present($0, neg) }
            @unknown default: break
            }
            // The branches of one if/else are present one at a time: marked as one chain (the outermost `if`'s place),
            // so that a root of only them stays in place rather than stacked.
            let chain = J.str("\(loc(i).line):\(loc(i).column)", loc(i))
            out = out.map { $0.setting(ifChainMarker, chain) }
        }
        return out
    }

    /// Adds a presence condition to a view (`if` key), joined with one it has.
    func present(_ v: JSONValue, _ cond: Sym) -> JSONValue {
        if case .bool(true) = cond { return v }
        let at = v.location
        if let old = v["if"]?.string {
            return v.setting("if", J.str("(\(old)) && (\(cond.source))", at))
        }
        return v.setting("if", J.str(cond.source, at))
    }

    /// One view where one is needed: several become a ZStack (as a `body` returning a group would lay them out).
    func oneView(_ vs: [JSONValue], _ node: some SyntaxProtocol) -> JSONValue {
        if vs.count == 1, vs[0]["if"] == nil { return vs[0] }
        return J.obj([("type", J.str("zstack", loc(node))), ("children", J.arr(vs, loc(node)))], loc(node))
    }

    func view(_ e: ExprSyntax, _ s: Scope) throws -> JSONValue { oneView(try views(e, s), e) }

    /// The name called at the root of a modifier chain (`ForEach` in `ForEach(…) { … }.padding().opacity(0.5)`).
    func rootCall(_ e: ExprSyntax) -> String? {
        var cur = e
        while let c = cur.as(FunctionCallExprSyntax.self) {
            guard let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base else { return c.calledExpression.trimmedDescription }
            cur = base
        }
        return nil
    }

    // MARK: Views

    static let viewConstructors = ["Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse", "Text", "Image", "Color",
                                   "VStack", "HStack", "ZStack", "Group", "Spacer", "ForEach", "GeometryReader", "Button",
                                   "Divider", "LinearGradient", "RadialGradient", "AngularGradient", "EmptyView", "Path",
                                   "ScrollView", "LazyVGrid", "Toggle", "PhaseAnimator"]

    /// Views refused with what to write instead.
    static let unsupportedViews: [String: String] = [
        "TimelineView": "TimelineView is not supported; animate a @State with withAnimation(.linear(duration: d).repeatForever(autoreverses: false)) instead",
        "Canvas": "Canvas is not supported; draw with shapes, a Path { … } view or the file's own Shape",
        "LazyHGrid": "LazyHGrid is not supported; use LazyVGrid or HStacks of VStacks",
        "Grid": "Grid is not supported; use LazyVGrid or stacks",
        "LazyVStack": "LazyVStack is not supported; use VStack",
        "LazyHStack": "LazyHStack is not supported; use HStack",
    ]

    func views(_ e: ExprSyntax, _ s: Scope) throws -> [JSONValue] { try deeper(e, s) { try viewsOf(e, s) } }

    func viewsOf(_ e: ExprSyntax, _ s: Scope) throws -> [JSONValue] {
        let at = loc(e)
        if let c = e.as(FunctionCallExprSyntax.self) {
            // `T.init(…)` is `T(…)`.
            let initOf = c.calledExpression.as(MemberAccessExprSyntax.self).flatMap { m in
                m.declName.baseName.text == "init" ? m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text : nil
            }
            if initOf == nil, let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base, base.trimmedDescription != "Color" {
                let name = m.declName.baseName.text
                let inner = try views(base, s)
                // On a ForEach or a Group, SwiftUI applies a modifier to each of its views (`ForEach(…) { … }.padding()`).
                if inner.count > 1, ["ForEach", "Group"].contains(rootCall(base)) {
                    return try inner.map { try modifier(name, c, $0, s.adding(".\(name)")) }
                }
                return [try modifier(name, c, oneView(inner, base), s.adding(".\(name)"))]
            }
            let name = initOf ?? c.calledExpression.trimmedDescription
            // Inside `extension View { func glow() -> some View { modifier(Glow()) } }`: a modifier of `self`.
            if case .views(let me)? = s.values["self"], Self.knownModifiers.contains(name) || extensionMembers["View"]?[name] != nil,
               !Self.viewConstructors.contains(name) {
                return [try modifier(name, c, oneView(me, c), s.adding(".\(name)"))]
            }
            if Self.viewConstructors.contains(name) || name.hasPrefix("Color") { return try constructor(name, c, s) }
            if let decl = structs[name], viewStructs.contains(name) { return try inlineStruct(name, decl, c, s) }
            if let decl = structs[name], shapeStructs.contains(name) { return [try inlineShape(name, decl, c, s)] }
            if let f = function(name, s) ?? (name.hasPrefix("self.") ? function(String(name.dropFirst(5)), s) : nil) {
                return try inlineViewFunction(f, c, s)
            }
            if name == "AnyView", let a = c.arguments.first { return try views(a.expression, s) }
            if let advice = Self.unsupportedViews[name] { throw fail(c, s.trail, name, advice) }
            let known = Self.viewConstructors + viewStructs
            throw fail(c, s.trail, name, "unknown view" + (NameSuggestion.nearest(to: name, among: known).map { "; nearest: \($0)" } ?? ""))
        }
        if let m = e.as(MemberAccessExprSyntax.self) {
            if m.base == nil || m.base!.trimmedDescription == "Color" {
                let col = try color(e, s)
                return [J.obj([("type", J.str("rect", at)), ("fill", col.json(at))], at)]
            }
            if m.base!.trimmedDescription == "self", let b = lookup(m.declName.baseName.text, s) { return try bindingViews(b, e, s) }
            // A modifier without arguments written without parentheses does not exist in SwiftUI; other members are unknown.
            throw fail(e, s.trail, text(e), "not a view")
        }
        if let r = e.as(DeclReferenceExprSyntax.self) {
            let name = r.baseName.text
            if let b = lookup(name, s) { return try bindingViews(b, e, s) }
            if let decl = structs[name], viewStructs.contains(name) {
                _ = decl
                throw fail(e, s.trail, name, "write \(name)() to make the view")
            }
            throw unknownName(name, e, s)
        }
        if let i = e.as(IfExprSyntax.self) { return try ifViews(i, s) }
        if let t = e.as(TernaryExprSyntax.self) {
            // `c ? A : B` of views: both, each present on its side.
            let c = try sym(t.condition, s)
            return [present(try view(t.thenExpression, s), c), present(try view(t.elseExpression, s), Sym.unary("!", c).folded)]
        }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first { return try views(only.expression, s) }
        throw fail(e, s.trail, text(e), "not a view the translator knows (\(e.kind.nameForMessage))")
    }

    func bindingViews(_ b: Binding, _ node: ExprSyntax, _ s: Scope) throws -> [JSONValue] {
        switch b {
        case .views(let v): return v
        case .lazy(let e, var sc):
            sc.environment = s.environment
            sc.presence = s.presence
            sc.trail = s.trail.adding(text(node))
            // A computed property with a body of several statements is a view builder.
            return try views(e, sc)
        case .closure(let c, var sc):
            sc.presence = s.presence
            return try children(c.statements, sc)
        default: throw fail(node, s.trail, text(node), "not a view")
        }
    }

    /// A shape written as a static member where a shape is expected (iOS 17: `.clipShape(.rect(cornerRadius: 12))`,
    /// `.background(.red, in: .capsule)`): `.rect`, `.circle`, `.capsule`, `.ellipse`, and `.rect(cornerRadius:style:)`,
    /// whose style defaults to `.continuous` (Apple: `static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle =
    /// .continuous)`). Nil for anything else.
    func shapeShorthand(_ e: ExprSyntax, _ s: Scope) throws -> JSONValue? {
        let at = loc(e)
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil {
            let name = m.declName.baseName.text
            return ["rect", "circle", "capsule", "ellipse"].contains(name) ? shape(name, at) : nil
        }
        guard let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), m.base == nil,
              m.declName.baseName.text == "rect" else { return nil }
        return try roundedRect(c, s, what: ".rect", defaultStyle: "continuous")
    }

    /// `RoundedRectangle(cornerRadius:style:)` or `.rect(cornerRadius:style:)` (or `cornerSize:`) with its style.
    func roundedRect(_ c: FunctionCallExprSyntax, _ s: Scope, what: String, defaultStyle: String) throws -> JSONValue {
        let at = loc(c)
        let args = Array(c.arguments)
        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        var r: JSONValue
        if let cr = arg("cornerRadius") { r = try sym(cr, s).json(loc(cr)) }
        else if let cs = arg("cornerSize") { r = try pair(cs, s).0.json(loc(cs)) }
        else { throw fail(c, s.trail, what, "expected cornerRadius: (per-corner radii are not supported)") }
        var style = defaultStyle
        if let st = arg("style")?.as(MemberAccessExprSyntax.self) {
            // SwiftUI's RoundedCornerStyle has these two; the scene format's layerContinuous is CALayer's, not SwiftUI's.
            style = st.declName.baseName.text
            guard style == "circular" || style == "continuous" else { throw fail(st, s.trail, what, "style: expected .circular or .continuous") }
        }
        return shape("roundedRect", at, [("cornerRadius", r), ("style", J.str(style, at))])
    }

    func shape(_ type: String, _ at: SceneJSON.SourceLocation, _ extra: [(String, JSONValue)] = []) -> JSONValue {
        J.obj([("type", J.str(type, at))] + extra + [("fill", systemColor("primary")!.json(at)), (defaultFillMarker, J.bool(true, at))], at)
    }

    func constructor(_ name: String, _ c: FunctionCallExprSyntax, _ s: Scope) throws -> [JSONValue] {
        let at = loc(c)
        let args = Array(c.arguments)
        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        let content = c.trailingClosure
        switch name {
        case "Rectangle": return [shape("rect", at)]
        case "Capsule": return [shape("capsule", at)]
        case "Circle": return [shape("circle", at)]
        case "Ellipse": return [shape("ellipse", at)]
        case "Path": return [shape("path", at, [("elements", J.arr(try pathElements(c, s), at))])]
        case "RoundedRectangle":
            // The contract writes SwiftUI's default style as .circular (the scene format's is continuous).
            return [try roundedRect(c, s, what: "RoundedRectangle", defaultStyle: "circular")]
        case "Text":
            guard let first = c.arguments.first?.expression else { throw fail(c, s.trail, "Text", "expected a string") }
            return [try textView(first, s, at: at)]
        case "Image":
            if let sn = arg("systemName") {
                throw fail(sn, s.trail, "Image(systemName:)", "SF Symbols cannot be drawn here (Apple's symbol font is not on this machine); use an image file beside the scene: Image(\"name\") reads name.png")
            }
            guard let first = args.first, first.label == nil, case .str(let n) = try sym(first.expression, s) else {
                throw fail(c, s.trail, "Image", "expected Image(\"name\") with a literal name (read as name.png beside the scene)")
            }
            // An image set of the project's asset catalogues: its PNG of the highest scale, at that scale.
            if let found = assetImages[n] {
                switch found {
                case .success(let img):
                    return [J.obj([("type", J.str("image", at)), ("src", J.str(img.path, at)), ("pixelsPerPoint", J.num(img.scale, at))], at)]
                case .failure(let p): throw fail(c, s.trail, "Image(\"\(n)\")", p.message)
                }
            }
            let src = n.hasSuffix(".png") ? n : n + ".png"
            return [J.obj([("type", J.str("image", at)), ("src", J.str(src, at))], at)]
        case "Color":
            let col = try color(ExprSyntax(c), s)
            return [J.obj([("type", J.str("rect", at)), ("fill", col.json(at))], at)]
        case "LinearGradient", "RadialGradient", "AngularGradient":
            return [J.obj([("type", J.str("rect", at)), ("fill", try paint(ExprSyntax(c), s))], at)]
        case "ScrollView":
            // At rest (scrolled to the top or leading edge); several views are stacked along the axis, as SwiftUI does.
            guard let content else { throw fail(c, s.trail, name, "expected its content in braces") }
            var horizontal = false
            if let a = c.arguments.first(where: { $0.label == nil })?.expression {
                let axes = a.as(ArrayExprSyntax.self).map { $0.elements.map { $0.expression.trimmedDescription } } ?? [a.trimmedDescription]
                let names = axes.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
                guard names.count == 1, ["horizontal", "vertical"].contains(names[0]) else {
                    throw fail(a, s.trail, "ScrollView(\(a.trimmedDescription))", "expected .vertical or .horizontal (scrolling both ways is not supported)")
                }
                horizontal = names[0] == "horizontal"
            }
            let kids = try children(content.statements, s.adding(name))
            let inner = kids.count == 1 && kids[0]["type"]?.string != "forEach" ? kids[0]
                : J.obj([("type", J.str(horizontal ? "hstack" : "vstack", at)), ("children", J.arr(kids, at))], at)
            return [J.obj([("type", J.str("scroll", at)), ("axis", J.str(horizontal ? "horizontal" : "vertical", at)),
                           ("children", J.arr([inner], at))], at)]
        case "LazyVGrid":
            guard let content else { throw fail(c, s.trail, name, "expected its content in braces") }
            guard let cols = arg("columns") else { throw fail(c, s.trail, name, "expected columns:") }
            if let a = arg("alignment"), a.trimmedDescription != ".center" {
                throw fail(a, s.trail, "LazyVGrid(alignment:)", "only .center is supported")
            }
            if let p = arg("pinnedViews") { warn(p, s.trail, "pinnedViews:", "ignored: nothing scrolls at rest") }
            var m: [(String, JSONValue)] = [("type", J.str("grid", at)), ("columns", J.arr(try gridColumns(cols, s.adding(name)), loc(cols)))]
            if let sp = arg("spacing") { m.append(("spacing", try sym(sp, s).json(loc(sp)))) }
            m.append(("children", J.arr(try children(content.statements, s.adding(name)), at)))
            return [J.obj(m, at)]
        case "Spacer":
            var m: [(String, JSONValue)] = [("type", J.str("spacer", at))]
            if let ml = arg("minLength") { m.append(("minLength", try sym(ml, s).json(loc(ml)))) }
            return [J.obj(m, at)]
        case "Divider":
            // A hairline across the stack it is in: horizontal in a VStack (and alone), vertical in an HStack (the
            // stack turns it when it takes its children).
            return [J.obj([("type", J.str("rect", at)), ("fill", J.str(dark ? "#54545899" : "#3C3C434A", at)),
                           ("frame", J.obj([("height", J.num(0.5, at)), ("maxWidth", J.str("infinity", at))], at)),
                           (dividerMarker, J.bool(true, at))], at)]
        case "EmptyView": return []
        case "VStack", "HStack", "ZStack", "Group":
            guard let content else { throw fail(c, s.trail, name, "expected its content in braces") }
            var kids = try children(content.statements, s.adding(name))
            if name == "Group" { return kids }
            let z = kids.map { $0[zIndexMarker]?.number ?? 0 }
            if z.contains(where: { $0 != 0 }) {
                if name == "ZStack" {
                    // SwiftUI draws a ZStack's views by zIndex, the written order among equals.
                    kids = kids.indices.sorted { (z[$0], $0) < (z[$1], $1) }.map { kids[$0] }
                } else {
                    warn(c, s.trail, name, ".zIndex is ignored in an \(name): its views are drawn in the order they are written")
                }
            }
            var m: [(String, JSONValue)] = [("type", J.str(name.lowercased(), at))]
            if let a = arg("alignment") {
                guard let am = a.as(MemberAccessExprSyntax.self) else { throw fail(a, s.trail, "\(name)(alignment:)", "expected a constant alignment") }
                let al = am.declName.baseName.text
                if name == "ZStack" {
                    guard let p = Self.unitPoints[al] else { throw fail(a, s.trail, "ZStack(alignment:)", "unknown alignment .\(al)") }
                    m.append(("alignment", al == "center" ? J.str("center", at) : J.arr(p.map { J.num($0, at) }, at)))
                } else {
                    let allowed = name == "VStack" ? ["leading", "center", "trailing"] : ["top", "center", "bottom"]
                    guard allowed.contains(al) else {
                        throw fail(a, s.trail, "\(name)(alignment:)", ".\(al) is not supported (supported: \(allowed.map { "." + $0 }.joined(separator: ", ")))")
                    }
                    m.append(("alignment", J.str(al, at)))
                }
            }
            if let sp = arg("spacing"), name != "ZStack" {
                m.append(("spacing", try sym(sp, s).json(loc(sp))))
            }
            let turned = name == "HStack" ? kids.map { k -> JSONValue in
                guard k[dividerMarker] != nil else { return k }
                return k.setting("frame", J.obj([("width", J.num(0.5, at)), ("maxHeight", J.str("infinity", at))], at))
            } : kids
            m.append(("children", J.arr(turned, at)))
            return [J.obj(m, at)]
        case "ForEach": return try forEach(c, s)
        case "GeometryReader":
            // `GeometryReader { proxy in … }`, or the closure as `content:`.
            guard let content = content ?? arg("content")?.as(ClosureExprSyntax.self) else { throw fail(c, s.trail, name, "expected { proxy in … }") }
            var inner = s.adding("GeometryReader")
            if let p = closureParameters(content).first { inner.values[p] = .geometry }
            let use = GeometryUse()
            inner.geometryUse = use
            let kids = try children(content.statements, inner)
            var m: [(String, JSONValue)] = [("type", J.str("geometry", at)), ("children", J.arr(kids, at))]
            // An onAppear inside reads its size: the event names it by this id, which stays on the container.
            if let id = use.id { m += [("id", J.str(id, at)), (geometryIdMarker, J.bool(true, at))] }
            return [J.obj(m, at)]
        case "Button":
            var action: CodeBlockItemListSyntax?
            var label: [JSONValue] = []
            var ls = s.adding("Button")
            if ls.environment.foreground == nil { ls.environment.foreground = systemColor("accentColor")!.json(at) }
            if let a = arg("action") {
                action = try actionBody(a, s)
                if let t = content { label = try children(t.statements, ls) }
                else if let l = c.additionalTrailingClosures.first(where: { $0.label.text == "label" }) { label = try children(l.closure.statements, ls) }
            } else if let title = args.first, title.label == nil {
                label = [try textView(title.expression, ls, at: at)]
                action = content?.statements
            } else if let t = content, let l = c.additionalTrailingClosures.first(where: { $0.label.text == "label" }) {
                action = t.statements
                label = try children(l.closure.statements, ls)
            }
            guard let action else { throw fail(c, s.trail, "Button", "expected an action closure and a label") }
            let lv = applyForeground(oneView(label, c), ls.environment.foreground!)
            let handler = try lower(action, s.adding("Button action"), at: at)
            return [appendGesture(lv, J.obj([("tap", J.obj([], at)), ("onEnded", handler)], at))]
        case "Toggle":
            return [try toggle(c, s)]
        case "PhaseAnimator":
            return try phaseAnimator(c, on: nil, s)
        default:
            throw fail(c, s.trail, name, "unknown view")
        }
    }

    /// `Toggle("Title", isOn: $on)`, `Toggle(isOn: $on) { label }`, `Toggle(isOn: $on.animation(a)) { … }`: the label
    /// and iOS's switch in a row that takes the width, as UIKit's UISwitch looks in the light appearance (51 × 31 pt,
    /// a white 27 pt knob 2 pt in from the ends, the track system green when on and systemFill when off). A tap on
    /// the switch flips the state, with the binding's animation if it has one; the knob slides and the track's colour
    /// changes with the switch's own animation whatever the transaction (UISwitch animates itself: drawn as a
    /// 0.25 s ease-in-out, which Apple does not document, so a warning says so).
    func toggle(_ c: FunctionCallExprSyntax, _ s: Scope) throws -> JSONValue {
        let at = loc(c)
        let args = Array(c.arguments)
        guard var isOn = args.first(where: { $0.label?.text == "isOn" })?.expression else {
            throw fail(c, s.trail, "Toggle", "expected isOn: $stateVariable")
        }
        var animation: JSONValue?
        if let call = isOn.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
           m.declName.baseName.text == "animation", let base = m.base {
            animation = try call.arguments.first.map { try self.animation($0.expression, s) } ?? J.str("default", at)
            isOn = base
        }
        guard let r = isOn.as(DeclReferenceExprSyntax.self), r.baseName.text.hasPrefix("$"),
              case .state(let n)? = lookup(String(r.baseName.text.dropFirst()), s) else {
            throw fail(isOn, s.trail, "Toggle(isOn:)", "expected $stateVariable (or $stateVariable.animation(…))")
        }
        var label: [JSONValue] = []
        if let title = args.first, title.label == nil { label = [try textView(title.expression, s.adding("Toggle"), at: at)] }
        else if let t = c.trailingClosure { label = try children(t.statements, s.adding("Toggle")) }
        warn(c, s.trail, "Toggle", "drawn as iOS's switch; its knob slides in 0.25 s ease-in-out (UISwitch's own animation is not documented)")
        let on = Sym.ref(n, .bool)
        let green = systemColor("green")!, offTrack = systemColor("fill")!
        let knob = J.obj([("type", J.str("circle", at)), ("fill", J.str("#FFFFFF", at)),
                          ("frame", J.obj([("width", J.num(27, at)), ("height", J.num(27, at))], at)),
                          ("offset", J.obj([("x", Sym.cond(on, .num(22), .num(2)).json(at)), ("y", J.num(0, at))], at)),
                          ("shadows", J.arr([J.obj([("color", J.str("#00000026", at)), ("radius", J.num(4, at)), ("y", J.num(3, at))], at)], at))], at)
        var switchView = J.obj([("type", J.str("zstack", at)), ("alignment", J.arr([J.num(0, at), J.num(0.5, at)], at)),
                                ("frame", J.obj([("width", J.num(51, at)), ("height", J.num(31, at))], at)),
                                ("children", J.arr([J.obj([("type", J.str("capsule", at)), ("fill", Sym.cond(on, green, offTrack).json(at))], at), knob], at))], at)
        switchView = scopeAnimation(J.obj([("easeInOut", J.num(0.25, at))], at), to: switchView, watching: [n])
        let x = Execution()
        record(n, Sym.unary("!", on), x, .bool(true), animation, Syntax(c))
        let handler = try phases(x, s, at: at)
        switchView = appendGesture(switchView, J.obj([("tap", J.obj([], at)), ("onEnded", handler)], at))
        // The label takes the row's width before the spacer does, as the switch style lays it out (one line where it fits).
        let labelView = label.isEmpty ? [] : [oneView(label, c).setting("layoutPriority", J.num(1, at))]
        return J.obj([("type", J.str("hstack", at)),
                      ("children", J.arr(labelView + [J.obj([("type", J.str("spacer", at))], at), switchView], at))], at)
    }

    func closureParameters(_ c: ClosureExprSyntax) -> [String] {
        // Without a signature the closure reads its arguments as $0, $1.
        guard let sig = c.signature?.parameterClause else { return ["$0", "$1"] }
        switch sig {
        case .simpleInput(let l): return l.map { $0.name.text }
        case .parameterClause(let p): return p.parameters.map { ($0.secondName ?? $0.firstName).text }
        @unknown default: return []
        }
    }

    func textView(_ first: ExprSyntax, _ s: Scope, at: SceneJSON.SourceLocation) throws -> JSONValue {
        var template = ""
        if let lit = first.as(StringLiteralExprSyntax.self) {
            for seg in lit.segments {
                if let t = seg.as(StringSegmentSyntax.self) {
                    template += t.content.text.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
                } else if let ex = seg.as(ExpressionSegmentSyntax.self), let e = ex.expressions.first?.expression {
                    if ex.expressions.count > 1 { throw fail(ex, s.trail, "Text interpolation", "format specifiers are not supported") }
                    let v = try sym(e, s)
                    switch v {
                    case .str(let str): template += str
                    case .num(let n): template += Sym.number(n)
                    case .bool(let b): template += b ? "true" : "false"
                    default: template += "{=" + v.source + "}"
                    }
                }
            }
        } else {
            let v = try sym(first, s)
            switch v {
            case .str(let str): template = str
            default:
                guard v.kind == .string else { throw fail(first, s.trail, "Text", "expected a string") }
                template = "{=" + v.source + "}"
            }
        }
        if template.contains("{{") || template.contains("}}") {
            if template.contains("{{") { throw fail(first, s.trail, "Text", "braces in text are not supported") }
        }
        var m: [(String, JSONValue)] = [("type", J.str("text", at)), ("text", J.str(template, loc(first)))]
        m.append(("font", J.obj([("size", J.num(17, at))], at)))
        m.append((defaultFontMarker, J.bool(true, at)))
        m.append(("fill", systemColor("primary")!.json(at)))
        m.append((defaultFillMarker, J.bool(true, at)))
        return J.obj(m, at)
    }

    func forEach(_ c: FunctionCallExprSyntax, _ s: Scope) throws -> [JSONValue] {
        let at = loc(c)
        guard let data = c.arguments.first?.expression, let content = c.trailingClosure else {
            throw fail(c, s.trail, "ForEach", "expected ForEach(a..<b) { i in … }")
        }
        guard let range = data.as(InfixOperatorExprSyntax.self), let op = range.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
              op == "..<" || op == "..." else {
            // A constant collection of values (an array literal, a `let` holding one, an enum's `allCases`): its items
            // written out one by one, each with its value.
            if let items = try constantItems(data, s) { return try writtenOut(items.map { .sym($0) }, content, s) }
            guard let records = try constantRecords(data, s) else {
                throw fail(data, s.trail, "ForEach", "only ranges and constant arrays (of numbers, strings, colours, enum cases, the file's structs or tuples) are supported; a collection in state is not")
            }
            return try writtenOut(records, content, s)
        }
        let lo = try sym(range.leftOperand, s), hi = try sym(range.rightOperand, s)
        let count = Sym.binary("-", op == "..." ? Sym.binary("+", hi, .num(1)).folded : hi, lo).folded
        let params = closureParameters(content)
        // An animation that depends on the item (a staggered `delay(Double(i) * 0.2)`) cannot be one animation for
        // all items: the items are written out one by one instead, each with its own constant.
        if let p = params.first, case .num(let n) = count, n >= 0, n <= 64, n == n.rounded(),
           AnimationReadsVisitor.reads(p, in: Syntax(content)) {
            return try writtenOut((0..<Int(n)).map { .sym(Sym.binary("+", .num(Double($0)), lo).folded) }, content, s)
        }
        hiddenCounter += 1
        let loopName = "i\(hiddenCounter)"
        var inner = s.adding("ForEach")
        inner.inForEach = true
        if let p = params.first { inner.values[p] = .sym(Sym.binary("+", .ref(loopName, .number), lo).folded) }
        let kids = try children(content.statements, inner)
        let one = oneView(kids, content)
        return [J.obj([("type", J.str("forEach", at)), ("count", count.json(at)), ("as", J.str(loopName, at)), ("content", one)], at)]
    }

    /// A ForEach's content written out once per item, its parameter bound to the item's value.
    func writtenOut(_ items: [Binding], _ content: ClosureExprSyntax, _ s: Scope) throws -> [JSONValue] {
        let p = closureParameters(content).first
        // Nested ForEach over constant arrays multiply: bounded by the scene's view limit.
        writtenOutItems += items.count
        guard writtenOutItems <= Self.maxWrittenOutItems else {
            throw fail(content, s.trail, "ForEach", "more than \(Self.maxWrittenOutItems) items written out in all")
        }
        return try items.enumerated().map { k, item in
            var inner = s.adding("ForEach[\(k)]")
            inner.copySuffix = s.copySuffix + "_\(k)"
            if let p { inner.values[p] = item }
            return oneView(try children(content.statements, inner), content)
        }
    }

    /// The items of a constant collection: an array literal of constant numbers, strings, colours or enum cases, a
    /// name bound to one (a `let` of the struct or the file), or `E.allCases` of one of the file's enums. Nil for
    /// anything else; at most 256 items.
    func constantItems(_ e: ExprSyntax, _ s: Scope, depth: Int = 0) throws -> [Sym]? {
        guard depth < 8 else { return nil }
        if let a = e.as(ArrayExprSyntax.self) {
            guard a.elements.count <= 256 else { return nil }
            var out: [Sym] = []
            for el in a.elements {
                guard let v = attempt({ try sym(el.expression, s) }) ?? attempt({ try color(el.expression, s) }), v.isConstant else { return nil }
                out.append(v)
            }
            return out
        }
        if let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "allCases", let base = m.base,
           let cases = enumOrder[base.trimmedDescription], let values = enums[base.trimmedDescription], cases.count <= 256 {
            return cases.compactMap { values[$0] }.map { .str($0) }
        }
        if let name = propertyName(e), case .lazy(let le, let ls)? = lookup(name, s) { return try constantItems(le, ls, depth: depth + 1) }
        return nil
    }

    /// The items of a constant array of the file's structs (`Item(name: "a", color: .red)`, memberwise) or of tuples
    /// (`("a", 1)` with the labels of the array's declared type, or labelled in place), each a record of its fields.
    /// Nil for anything else; at most 256 items.
    func constantRecords(_ e: ExprSyntax, _ s: Scope, labels declared: [String]? = nil, depth: Int = 0) throws -> [Binding]? {
        guard depth < 8 else { return nil }
        var name: String?
        if let r = e.as(DeclReferenceExprSyntax.self) { name = r.baseName.text }
        else if let m = e.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self" || m.base?.trimmedDescription == "Self" { name = m.declName.baseName.text }
        if let name, case .lazy(let le, let ls)? = lookup(name, s) {
            return try constantRecords(le, ls, labels: tupleLabels(declaredType(name, s)), depth: depth + 1)
        }
        guard let a = e.as(ArrayExprSyntax.self), a.elements.count <= 256 else { return nil }
        var out: [Binding] = []
        for el in a.elements {
            var fields: [String: Binding] = [:]
            if let t = el.expression.as(TupleExprSyntax.self) {
                for (i, part) in t.elements.enumerated() {
                    let b = Binding.lazy(part.expression, s)
                    fields["\(i)"] = b
                    if let l = part.label?.text { fields[l] = b } else if let d = declared, i < d.count { fields[d[i]] = b }
                }
            } else if let c = el.expression.as(FunctionCallExprSyntax.self), let decl = structs[c.calledExpression.trimmedDescription],
                      !viewStructs.contains(decl.name.text) {
                // A memberwise initialiser: the labelled arguments, the others at their defaults.
                for v in decl.memberBlock.members.compactMap({ $0.decl.as(VariableDeclSyntax.self) })
                    where !v.modifiers.contains(where: { $0.name.text == "static" }) {
                    for b in v.bindings where b.accessorBlock == nil {
                        if let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let d = b.initializer?.value {
                            fields[n] = .lazy(d, s)
                        }
                    }
                }
                for a in c.arguments { if let l = a.label?.text { fields[l] = .lazy(a.expression, s) } }
            } else {
                return nil
            }
            out.append(.record(fields))
        }
        return out
    }

    /// The declared type of a property or a file-level `let` named `name` (for a tuple array's labels).
    func declaredType(_ name: String, _ s: Scope) -> TypeSyntax? {
        var decls: [VariableDeclSyntax] = []
        if let t = s.instance?.type, let d = structs[t] { decls += d.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) } }
        if let g = globals[name]?.as(VariableDeclSyntax.self) { decls.append(g) }
        for d in decls {
            for b in d.bindings where b.pattern.trimmedDescription == name { return b.typeAnnotation?.type }
        }
        return nil
    }

    /// The labels of `[(a: A, b: B)]`.
    func tupleLabels(_ t: TypeSyntax?) -> [String]? {
        guard let element = t?.as(ArrayTypeSyntax.self)?.element.as(TupleTypeSyntax.self) else { return nil }
        return element.elements.map { $0.firstName?.text ?? "" }
    }

    // MARK: Inlining the file's own views

    func inlineStruct(_ name: String, _ decl: StructDeclSyntax, _ c: FunctionCallExprSyntax?, _ s: Scope, root: Bool = false) throws -> [JSONValue] {
        inlineDepth += 1
        defer { inlineDepth -= 1 }
        guard inlineDepth < 32 else { throw fail(decl, s.trail, name, "contains itself") }
        let inst = newInstance(name)
        let inner = s.inlined(instance: inst, trail: Trail(parts: [name + ".body"]))
        let isRoot = root || rootNamesFree
        rootNamesFree = false
        try bindProperties(decl, inst, c, s, root: isRoot)
        guard let body = bodyOf(decl) else { throw fail(decl, s.trail, name, "has no `var body: some View`") }
        return try children(body, inner)
    }

    func bodyOf(_ decl: StructDeclSyntax) -> CodeBlockItemListSyntax? {
        for m in decl.memberBlock.members {
            if let v = m.decl.as(VariableDeclSyntax.self), let b = v.bindings.first, b.pattern.trimmedDescription == "body",
               let acc = b.accessorBlock {
                switch acc.accessors {
                case .getter(let stmts): return stmts
                case .accessors(let list):
                    if let g = list.first(where: { $0.accessorSpecifier.text == "get" }), let body = g.body { return body.statements }
                @unknown default: break
                }
            }
        }
        return nil
    }

    /// Binds a struct's stored properties: `@State` to scene state, others to the call's arguments or their defaults.
    func bindProperties(_ decl: StructDeclSyntax, _ inst: Instance, _ c: FunctionCallExprSyntax?, _ s: Scope, root: Bool) throws {
        var args = c.map { Array($0.arguments) } ?? []
        var trailing: [ClosureExprSyntax] = c.map { ($0.trailingClosure.map { [$0] } ?? []) + $0.additionalTrailingClosures.map(\.closure) } ?? []
        let structScope = Scope(instance: inst, trail: Trail(parts: [decl.name.text]))
        // A custom initialiser: its parameters take the call's arguments, and what it assigns (`self.x = …`,
        // `_x = State(initialValue: …)`) stands for those properties; the rest keep their defaults.
        var assigned: [String: Binding] = [:]
        var stateInitial: [String: ExprSyntax] = [:]
        var initScope = structScope
        let inits = decl.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        if let i = inits.first {
            if inits.count > 1 { throw fail(inits[1], s.trail, "\(decl.name.text).init", "several initialisers are not supported") }
            try bindArguments(i.signature.parameterClause.parameters, "\(decl.name.text).init", c, s, into: &initScope)
            for item in i.body?.statements ?? [] {
                var e: ExprSyntax?
                if case .expr(let x) = item.item { e = x } else if case .stmt(let st) = item.item { e = st.as(ExpressionStmtSyntax.self)?.expression }
                guard let inf = e?.as(InfixOperatorExprSyntax.self), inf.operator.is(AssignmentExprSyntax.self) else {
                    throw fail(item, s.trail, "\(decl.name.text).init", "an initialiser may only assign properties (self.x = value, _x = State(initialValue: value))")
                }
                var target = inf.leftOperand.trimmedDescription
                if target.hasPrefix("self.") { target.removeFirst(5) }
                if target.hasPrefix("_") {
                    guard let call = inf.rightOperand.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription.hasPrefix("State"),
                          let v = call.arguments.first?.expression else {
                        throw fail(inf.rightOperand, s.trail, "\(decl.name.text).init", "expected State(initialValue: value)")
                    }
                    stateInitial[String(target.dropFirst())] = v
                } else {
                    assigned[target] = .lazy(inf.rightOperand, initScope)
                }
            }
            args = []
            trailing = []
            // What the init assigns is readable by the other properties whatever their order.
            for (k, b) in assigned { inst.properties[k] = b }
        }
        for m in decl.memberBlock.members {
            guard let v = m.decl.as(VariableDeclSyntax.self) else { continue }
            let attrs = v.attributes.map { $0.trimmedDescription }
            for b in v.bindings {
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if b.accessorBlock != nil { continue } // computed
                let type = b.typeAnnotation?.type.trimmedDescription ?? ""
                let initial = b.initializer?.value
                let gestureState = attrs.contains(where: { $0 == "@GestureState" || $0.hasPrefix("@GestureState(") })
                if gestureState {
                    // A value a gesture sets while it lasts (`.updating($x)`) and that returns to its initial value when
                    // the gesture ends: a state variable, reset by the gesture's end (`gesture(_:_:)`).
                    try declareState(name, type: type, initial: initial, decl: b, inst: inst, root: root, s)
                    if case .state(let st)? = inst.properties[name] { gestureStates.insert(st) }
                    continue
                }
                if attrs.contains(where: { $0 == "@State" || $0.hasPrefix("@State(") }) {
                    if let given = stateInitial[name] ?? assignedExpression(assigned[name]) {
                        try declareState(name, type: type, initial: given, decl: b, inst: inst, root: root, s, evaluateIn: initScope)
                    } else {
                        try declareState(name, type: type, initial: initial, decl: b, inst: inst, root: root, s)
                    }
                    continue
                }
                if let given = assigned[name] {
                    if case .lazy(let e, let sc) = given, let call = e.as(FunctionCallExprSyntax.self), let special = try specialValue(call, sc) {
                        inst.properties[name] = special
                    } else {
                        inst.properties[name] = given
                    }
                    continue
                }
                if attrs.contains("@Namespace") { inst.properties[name] = .namespace(name); continue }
                if attrs.contains(where: { $0.hasPrefix("@StateObject") || $0.hasPrefix("@ObservedObject") || $0.hasPrefix("@EnvironmentObject") }) {
                    throw fail(v, s.trail, attrs.first!, "ObservableObject models are not supported; keep the view's state in @State properties")
                }
                if attrs.contains(where: { $0.hasPrefix("@Environment") }) {
                    throw fail(v, s.trail, attrs.first!, "environment values are not supported")
                }
                // A value from the call site, by label.
                if let i = args.firstIndex(where: { $0.label?.text == name }) {
                    let a = args.remove(at: i)
                    if attrs.contains("@Binding") {
                        guard let r = a.expression.as(DeclReferenceExprSyntax.self), r.baseName.text.hasPrefix("$"),
                              case .state(let st)? = lookup(String(r.baseName.text.dropFirst()), s) else {
                            throw fail(a, s.trail, "\(name):", "a @Binding must be given as $stateVariable")
                        }
                        inst.properties[name] = .state(st)
                    } else if let cl = a.expression.as(ClosureExprSyntax.self) {
                        inst.properties[name] = .closure(cl, s)
                    } else {
                        inst.properties[name] = .lazy(a.expression, s)
                    }
                    continue
                }
                if !trailing.isEmpty, initial == nil, type.contains("->") || type.contains("View") || attrs.contains("@ViewBuilder") {
                    inst.properties[name] = .closure(trailing.removeFirst(), s)
                    continue
                }
                if let initial {
                    if let call = initial.as(FunctionCallExprSyntax.self) {
                        if let b = try specialValue(call, structScope) { inst.properties[name] = b; continue }
                    }
                    inst.properties[name] = .lazy(initial, structScope)
                    continue
                }
                if attrs.contains("@Binding") {
                    throw fail(b, s.trail, name, "a @Binding needs a value; give it from the parent view or the #Preview")
                }
                if type.hasPrefix("Timer") { inst.properties[name] = .timer(name); continue }
                throw fail(c.map { Syntax($0) } ?? Syntax(b), s.trail, "\(decl.name.text)", "missing argument \(name):")
            }
        }
        if let extra = args.first { throw fail(extra, s.trail, decl.name.text, "extra argument \(extra.label?.text ?? "_"):") }
    }

    func assignedExpression(_ b: Binding?) -> ExprSyntax? {
        if case .lazy(let e, _)? = b { return e }
        return nil
    }

    /// `Timer.publish(…).autoconnect()`, `UIImpactFeedbackGenerator(style:)` kept in a property.
    func specialValue(_ c: FunctionCallExprSyntax, _ s: Scope) throws -> Binding? {
        let callee = c.calledExpression.trimmedDescription
        if callee.hasSuffix(".autoconnect"), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
           let pub = m.base?.as(FunctionCallExprSyntax.self), pub.calledExpression.trimmedDescription == "Timer.publish",
           let every = pub.arguments.first(where: { $0.label?.text == "every" }) {
            return .publisher(try sym(every.expression, s))
        }
        if let h = try hapticOf(c, s) { return .haptic(h) }
        return nil
    }

    func hapticOf(_ c: FunctionCallExprSyntax, _ s: Scope) throws -> String? {
        let callee = c.calledExpression.trimmedDescription
        switch callee {
        case "UIImpactFeedbackGenerator":
            guard let st = c.arguments.first(where: { $0.label?.text == "style" })?.expression.as(MemberAccessExprSyntax.self) else { return "medium" }
            let n = st.declName.baseName.text
            guard ["light", "medium", "heavy", "soft", "rigid"].contains(n) else { throw fail(st, s.trail, "style", "unknown impact style .\(n)") }
            return n
        case "UINotificationFeedbackGenerator": return "notification"
        case "UISelectionFeedbackGenerator": return "light"
        default: return nil
        }
    }

    /// A `@State` property becomes a state variable of the scene (named by the property; prefixed by the struct when
    /// it is not the root view's).
    func declareState(_ name: String, type: String, initial: ExprSyntax?, decl: PatternBindingSyntax, inst: Instance, root: Bool, _ s: Scope,
                      evaluateIn: Scope? = nil) throws {
        let evalScope = evaluateIn ?? Scope(instance: inst, trail: s.trail)
        let stateName = root ? name : "\(inst.type)_\(name)\(s.copySuffix)"
        if type.hasPrefix("Timer") || (initial?.trimmedDescription == "nil" && type.contains("Timer")) {
            inst.properties[name] = .timer(stateName)
            return
        }
        guard let initial else { throw fail(decl, s.trail, "@State \(name)", "needs an initial value") }
        let initialText = initial.trimmedDescription
        if type.hasPrefix("CGSize") || type.hasPrefix("CGPoint") || initialText.hasPrefix("CGSize") || initialText.hasPrefix("CGPoint") {
            // Two number variables: `offset_width` and `offset_height` (`point_x`, `point_y`).
            let point = type.hasPrefix("CGPoint") || initialText.hasPrefix("CGPoint")
            let (w, h) = try pair(initial, evalScope)
            guard case .num(let wv) = w, case .num(let hv) = h else { throw fail(initial, s.trail, "@State \(name)", "the initial value must be a constant") }
            let names = point ? (stateName + "_x", stateName + "_y") : (stateName + "_width", stateName + "_height")
            addState(names.0, J.num(wv, loc(initial)), .number)
            addState(names.1, J.num(hv, loc(initial)), .number)
            pairStates[stateName] = names
            inst.properties[name] = .state(stateName)
            return
        }
        // A `Color` state: the scene's state holds no colours, but one the file never assigns (only its declaration or
        // the view's init set it) keeps its first value for the view's lifetime, so it is that colour.
        if type.hasPrefix("Color") || type.isEmpty && attempt({ try color(initial, evalScope) }) != nil {
            guard let d = structs[inst.type], !StateAssignmentVisitor.assigns(name, in: Syntax(d)) else {
                throw fail(initial, s.trail, "@State \(name)", "colour state that the view changes is not supported; keep a number or boolean and choose the colour with ?:")
            }
            let c = try color(initial, evalScope)
            guard c.isConstant else { throw fail(initial, s.trail, "@State \(name)", "the initial value must be a constant") }
            inst.properties[name] = .sym(c)
            return
        }
        let v = try sym(initial, evalScope)
        guard v.isConstant else { throw fail(initial, s.trail, "@State \(name)", "the initial value must be a constant") }
        if case .color = v { throw fail(initial, s.trail, "@State \(name)", "colour state is not supported; keep a number or boolean and choose the colour with ?:") }
        if stateKinds[stateName] != nil && !root { throw fail(decl, s.trail, "@State \(name)", "this view is used more than once; its @State would be shared (use the parent's state and pass it in)") }
        addState(stateName, v.json(loc(initial)), v.kind)
        if let d = structs[inst.type], !StateAssignmentVisitor.assigns(name, in: Syntax(d)) { unchangedStates[stateName] = v }
        inst.properties[name] = .state(stateName)
    }

    func inlineViewFunction(_ f: FunctionDeclSyntax, _ c: FunctionCallExprSyntax, _ s: Scope) throws -> [JSONValue] {
        var inner = s.inlined(instance: s.instance, trail: s.trail.adding("\(f.name.text)()"))
        try bindArguments(f, c, s, into: &inner)
        guard let body = f.body else { throw fail(f, s.trail, f.name.text, "has no body") }
        return try children(body.statements, inner)
    }

    // MARK: Environment applied after the fact

    /// Sets the fill of every text and shape below that has only the default one.
    func applyForeground(_ v: JSONValue, _ paint: JSONValue) -> JSONValue {
        rewrite(v) { node in
            var out = node
            if out[defaultFillMarker] != nil { out = out.setting("fill", paint).removing(defaultFillMarker) }
            if out[defaultStrokeMarker] != nil, let stroke = out["stroke"] {
                out = out.setting("stroke", stroke.setting("paint", paint)).removing(defaultStrokeMarker)
            }
            return out
        }
    }

    func applyFont(_ v: JSONValue, _ font: JSONValue) -> JSONValue {
        rewrite(v) { node in
            guard node[defaultFontMarker] != nil else { return node }
            var f = font
            if let w = node[ownWeightMarker] { f = f.setting("weight", w) }
            if let d = node[ownDesignMarker] { f = f.setting("design", d) }
            return node.setting("font", f).removing(defaultFontMarker)
        }
    }

    /// Applies `f` to a view and every view inside it (children, forEach content, overlay, background, mask).
    func rewrite(_ v: JSONValue, _ f: (JSONValue) -> JSONValue) -> JSONValue {
        guard v.members != nil, v["type"] != nil else { return v }
        var out = f(v)
        if let kids = out["children"]?.elements { out = out.setting("children", J.arr(kids.map { rewrite($0, f) }, out["children"]!.location)) }
        for k in ["content"] { if let c = out[k] { out = out.setting(k, rewrite(c, f)) } }
        return out
    }

    /// Removes the translator's own markers.
    func clean(_ v: JSONValue) -> JSONValue {
        switch v.kind {
        case .object(let m):
            var out = v
            out.kind = .object(m.filter { !$0.key.hasPrefix("__") }.map { JSONMember(key: $0.key, keyLocation: $0.keyLocation, value: clean($0.value)) })
            return out
        case .array(let a):
            var out = v
            out.kind = .array(a.map(clean))
            return out
        default: return v
        }
    }

    /// An action given as a closure or as the name of one of the struct's methods.
    func actionBody(_ e: ExprSyntax, _ s: Scope) throws -> CodeBlockItemListSyntax {
        if let cl = e.as(ClosureExprSyntax.self) { return cl.statements }
        let name = e.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? e.as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? $0.declName.baseName.text : nil }
        if let name, let f = function(name, s), let body = f.body, f.signature.parameterClause.parameters.isEmpty { return body.statements }
        throw fail(e, s.trail, text(e), "expected a closure or a method without parameters")
    }

    func appendGesture(_ v: JSONValue, _ g: JSONValue) -> JSONValue {
        let list = (v["gestures"]?.elements ?? []) + [g]
        return v.setting("gestures", J.arr(list, g.location))
    }
}

/// Whether a struct changes its property `name` outside its initialisers: an assignment (`name = …`, `self.name += …`,
/// `_name = …`, `name.width = …`), a method called on it (`name.toggle()`) or a binding to it (`$name`), which a child
/// view may write.
final class StateAssignmentVisitor: SyntaxVisitor {
    let targets: Set<String>
    let binding: String
    var found = false
    init(_ name: String) {
        targets = [name, "self.\(name)", "_\(name)", "self._\(name)"]
        binding = "$\(name)"
        super.init(viewMode: .sourceAccurate)
    }

    static func assigns(_ name: String, in node: Syntax) -> Bool {
        let v = StateAssignmentVisitor(name)
        v.walk(node)
        return v.found
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        let isAssignment = node.operator.is(AssignmentExprSyntax.self)
            || ["+=", "-=", "*=", "/="].contains(node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
        let lhs = node.leftOperand.trimmedDescription
        if isAssignment, targets.contains(where: { lhs == $0 || lhs.hasPrefix($0 + ".") }) { found = true }
        return found ? .skipChildren : .visitChildren
    }

    /// A method called on it (`on.toggle()`, `items.append(x)`): mutating or not, it may change it.
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let m = node.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base, targets.contains(base.trimmedDescription) {
            found = true
        }
        return found ? .skipChildren : .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == binding { found = true }
        return .skipChildren
    }
}

/// Whether an animation in a ForEach's content (`.animation(…)`, `withAnimation(…)`, `.delay(…)`, `.speed(…)`)
/// reads the loop variable.
final class AnimationReadsVisitor: SyntaxVisitor {
    let name: String
    var found = false
    init(_ name: String) { self.name = name; super.init(viewMode: .sourceAccurate) }

    static func reads(_ name: String, in node: Syntax) -> Bool {
        let v = AnimationReadsVisitor(name)
        v.walk(node)
        return v.found
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? node.calledExpression.trimmedDescription
        if ["animation", "withAnimation", "delay", "speed", "repeatCount"].contains(callee),
           node.arguments.contains(where: { arg in arg.expression.tokens(viewMode: .sourceAccurate).contains { $0.text == name } }) {
            found = true
        }
        return found ? .skipChildren : .visitChildren
    }
}

extension Translator {
    /// The steps of `Path { path in … }` (`move(to:)`, `addLine(to:)`, `addLines(_:)`, `addQuadCurve(to:control:)`,
    /// `addCurve(to:control1:control2:)`, `addArc(center:radius:startAngle:endAngle:clockwise:)`, `addRect(_:)`,
    /// `addEllipse(in:)`, `closeSubpath()`, and `let` constants), or of `Path(CGRect)`, `Path(ellipseIn:)`, as a `path`
    /// view's `elements`.
    func pathElements(_ c: FunctionCallExprSyntax, _ s: Scope) throws -> [JSONValue] {
        let at = loc(c)
        func rect(_ e: ExprSyntax) throws -> JSONValue { try pathRect(e, s) }
        if c.trailingClosure == nil {
            let args = Array(c.arguments)
            if args.isEmpty { return [] }
            if args.count == 1, args[0].label == nil { return [J.obj([("rect", try rect(args[0].expression))], at)] }
            if args.count == 1, args[0].label?.text == "ellipseIn" { return [J.obj([("ellipse", try rect(args[0].expression))], at)] }
            throw fail(c, s.trail, "Path(…)", "expected Path { path in … }, Path(CGRect) or Path(ellipseIn:)")
        }
        let closure = c.trailingClosure!
        var name = "$0"
        if let p = closure.signature?.parameterClause {
            if let simple = p.as(ClosureShorthandParameterListSyntax.self), let first = simple.first { name = first.name.text }
            else if let full = p.as(ClosureParameterClauseSyntax.self), let first = full.parameters.first { name = first.firstName.text }
        }
        var scope = s
        return try pathSteps(closure.statements, path: name, &scope)
    }

    /// A rectangle for a path: `CGRect(x:y:width:height:)`, `CGRect(origin:size:)`, or a custom Shape's `rect`, as
    /// `[x, y, width, height]`.
    func pathRect(_ e: ExprSyntax, _ s: Scope) throws -> JSONValue {
        let at = loc(e)
        func nums(_ xs: [Sym]) -> JSONValue { J.arr(xs.map { $0.json(at) }, at) }
        if let r = e.as(DeclReferenceExprSyntax.self), case .rect? = lookup(r.baseName.text, s) {
            return nums([.num(0), .num(0), .ref("geometry.width", .number), .ref("geometry.height", .number)])
        }
        guard let r = e.as(FunctionCallExprSyntax.self), ["CGRect", ".init"].contains(r.calledExpression.trimmedDescription) else {
            throw fail(e, s.trail, text(e), "expected CGRect(x:y:width:height:)")
        }
        let args = Array(r.arguments)
        func arg(_ l: String) -> ExprSyntax? { args.first { $0.label?.text == l }?.expression }
        if let x = arg("x"), let y = arg("y"), let w = arg("width"), let h = arg("height") {
            return nums([try sym(x, s), try sym(y, s), try sym(w, s), try sym(h, s)])
        }
        if let o = arg("origin"), let z = arg("size") {
            let (x, y) = try pair(o, s), (w, h) = try pair(z, s)
            return nums([x, y, w, h])
        }
        throw fail(e, s.trail, text(e), "expected CGRect(x:y:width:height:) or CGRect(origin:size:)")
    }

    /// The steps a statement list adds to the path variable `name` (`let` constants are bound in `scope`). In a
    /// Shape's `path(in:)` (`shapeBody`), `var name = Path()` starts the path and `return name` ends it.
    func pathSteps(_ statements: CodeBlockItemListSyntax, path name: String, _ scope: inout Scope, shapeBody: Bool = false) throws -> [JSONValue] {
        let s = scope
        var out: [JSONValue] = []
        func nums(_ xs: [Sym], _ at: SceneJSON.SourceLocation) -> JSONValue { J.arr(xs.map { $0.json(at) }, at) }
        func rect(_ e: ExprSyntax) throws -> JSONValue { try pathRect(e, scope) }
        for item in statements {
            if shapeBody, case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self), v.bindingSpecifier.text == "var",
               v.bindings.first?.pattern.trimmedDescription == name {
                continue
            }
            if shapeBody, case .stmt(let st) = item.item, let r = st.as(ReturnStmtSyntax.self), r.expression?.trimmedDescription == name {
                break
            }
            if case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self), v.bindingSpecifier.text == "let" {
                for b in v.bindings {
                    guard let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let e = b.initializer?.value else {
                        throw fail(b, s.trail, text(b), "only `let name = value` is supported in a Path")
                    }
                    scope.values[n] = .lazy(e, scope)
                }
                continue
            }
            var expr: ExprSyntax?
            if case .expr(let e) = item.item { expr = e }
            if case .stmt(let st) = item.item { expr = st.as(ExpressionStmtSyntax.self)?.expression }
            guard let call = expr?.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
                  m.base?.trimmedDescription == name else {
                throw fail(item, s.trail, text(item), "expected \(name).move(to:), \(name).addLine(to:), \(name).addCurve(…), \(name).addArc(…) or another Path step")
            }
            let args = Array(call.arguments)
            func arg(_ l: String) -> ExprSyntax? { args.first { $0.label?.text == l }?.expression }
            func point(_ l: String) throws -> [Sym] {
                guard let e = arg(l) else { throw fail(call, s.trail, ".\(m.declName.baseName.text)", "expected \(l):") }
                let (x, y) = try pair(e, scope)
                return [x, y]
            }
            let here = loc(call)
            switch m.declName.baseName.text {
            case "move": out.append(J.obj([("move", nums(try point("to"), here))], here))
            case "addLine": out.append(J.obj([("line", nums(try point("to"), here))], here))
            case "addLines":
                guard let a = args.first?.expression.as(ArrayExprSyntax.self) else { throw fail(call, s.trail, ".addLines", "expected a list of points [CGPoint(…), …]") }
                for (i, el) in a.elements.enumerated() {
                    let (x, y) = try pair(el.expression, scope)
                    out.append(J.obj([(i == 0 ? "move" : "line", nums([x, y], loc(el)))], loc(el)))
                }
            case "addQuadCurve":
                out.append(J.obj([("quadCurve", J.obj([("to", nums(try point("to"), here)), ("control", nums(try point("control"), here))], here))], here))
            case "addCurve":
                out.append(J.obj([("curve", J.obj([("to", nums(try point("to"), here)), ("control1", nums(try point("control1"), here)),
                                                   ("control2", nums(try point("control2"), here))], here))], here))
            case "addArc":
                guard let r = arg("radius"), let a0 = arg("startAngle"), let a1 = arg("endAngle") else {
                    throw fail(call, s.trail, ".addArc", "expected addArc(center:radius:startAngle:endAngle:clockwise:) (the tangent form is not supported)")
                }
                var members: [(String, JSONValue)] = [("center", nums(try point("center"), here)), ("radius", try sym(r, scope).json(loc(r))),
                                                      ("startAngle", try angle(a0, scope).json(loc(a0))), ("endAngle", try angle(a1, scope).json(loc(a1)))]
                if let cw = arg("clockwise") {
                    guard case .bool(let b) = try sym(cw, scope).substitute(unchangedStates) else {
                        throw fail(cw, s.trail, "clockwise:", "expected true or false (a direction that changes is not supported)")
                    }
                    members.append(("clockwise", J.bool(b, loc(cw))))
                }
                out.append(J.obj([("arc", J.obj(members, here))], here))
            case "addRect":
                guard let e = args.first?.expression else { throw fail(call, s.trail, ".addRect", "expected a CGRect") }
                out.append(J.obj([("rect", try rect(e))], here))
            case "addEllipse":
                guard let e = arg("in") else { throw fail(call, s.trail, ".addEllipse", "expected in: CGRect") }
                out.append(J.obj([("ellipse", try rect(e))], here))
            case "closeSubpath": out.append(J.str("close", here))
            default:
                let known = ["move", "addLine", "addLines", "addQuadCurve", "addCurve", "addArc", "addRect", "addEllipse", "closeSubpath"]
                throw fail(m.declName, s.trail, ".\(m.declName.baseName.text)", "not a supported Path step" + (NameSuggestion.nearest(to: m.declName.baseName.text, among: known).map { "; nearest: \($0)" } ?? ""))
            }
        }
        return out
    }
}

extension Translator {
    /// A LazyVGrid's `columns:`: a list of `GridItem(.flexible(minimum:maximum:), spacing:)` or `GridItem(.fixed(w))`
    /// (a literal, a property or `let` holding one, or `Array(repeating: GridItem(…), count: n)`), as `grid` columns.
    func gridColumns(_ e: ExprSyntax, _ s: Scope) throws -> [JSONValue] {
        if let name = propertyName(e), case .lazy(let le, let ls)? = lookup(name, s) { return try deeper(e, s) { try gridColumns(le, ls) } }
        if let a = e.as(ArrayExprSyntax.self) { return try a.elements.map { try gridItem($0.expression, s) } }
        if let c = e.as(FunctionCallExprSyntax.self), ["Array", "[GridItem]"].contains(c.calledExpression.trimmedDescription),
           let item = c.arguments.first(where: { $0.label?.text == "repeating" })?.expression,
           let n = c.arguments.first(where: { $0.label?.text == "count" })?.expression {
            guard case .num(let k) = try sym(n, s).substitute(unchangedStates), k >= 1, k <= 100, k == k.rounded() else {
                throw fail(n, s.trail, "count:", "expected a constant number of columns, 1 to 100")
            }
            let one = try gridItem(item, s)
            return Array(repeating: one, count: Int(k))
        }
        throw fail(e, s.trail, text(e), "expected a list of GridItem(…) columns")
    }

    func gridItem(_ e: ExprSyntax, _ s: Scope) throws -> JSONValue {
        let at = loc(e)
        guard let c = e.as(FunctionCallExprSyntax.self), ["GridItem", ".init"].contains(c.calledExpression.trimmedDescription) else {
            throw fail(e, s.trail, text(e), "expected GridItem(…)")
        }
        var members: [(String, JSONValue)] = []
        if let size = c.arguments.first(where: { $0.label == nil })?.expression {
            guard let call = size.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self) else {
                throw fail(size, s.trail, text(size), "expected .flexible(…) or .fixed(w)")
            }
            let args = Array(call.arguments)
            func arg(_ l: String) -> ExprSyntax? { args.first { $0.label?.text == l }?.expression }
            switch m.declName.baseName.text {
            case "fixed":
                guard let w = args.first?.expression else { throw fail(size, s.trail, ".fixed", "expected a width") }
                members.append(("fixed", try sym(w, s).json(loc(w))))
            case "flexible":
                var f: [(String, JSONValue)] = []
                if let lo = arg("minimum") { f.append(("minimum", try sym(lo, s).json(loc(lo)))) }
                if let hi = arg("maximum") {
                    let v = try sym(hi, s)
                    if case .num(let n) = v, n.isInfinite { f.append(("maximum", J.str("infinity", loc(hi)))) } else { f.append(("maximum", v.json(loc(hi)))) }
                }
                members.append(("flexible", J.obj(f, at)))
            case "adaptive":
                throw fail(size, s.trail, ".adaptive", "adaptive columns (as many as fit) are not supported; use .flexible() or .fixed(w) columns")
            default:
                throw fail(size, s.trail, text(size), "expected .flexible(…) or .fixed(w)")
            }
        } else {
            members.append(("flexible", J.obj([], at)))
        }
        if let sp = c.arguments.first(where: { $0.label?.text == "spacing" })?.expression {
            members.append(("spacing", try sym(sp, s).json(loc(sp))))
        }
        if let a = c.arguments.first(where: { $0.label?.text == "alignment" })?.expression, a.trimmedDescription != ".center" {
            throw fail(a, s.trail, "GridItem(alignment:)", "only .center is supported")
        }
        return J.obj(members, at)
    }
}

extension Translator {
    /// One of the file's `Shape`s: its `path(in rect:)` as a `path` view inside a `geometry` container, `rect` reading
    /// the container's size (a shape, like a GeometryReader, takes the whole proposal). The shape's properties take
    /// the call's arguments; `.fill`, `.stroke` and `.trim` go to the path inside.
    func inlineShape(_ name: String, _ decl: StructDeclSyntax, _ c: FunctionCallExprSyntax, _ s: Scope) throws -> JSONValue {
        let at = loc(c)
        inlineDepth += 1
        defer { inlineDepth -= 1 }
        guard inlineDepth < 32 else { throw fail(decl, s.trail, name, "contains itself") }
        let inst = newInstance(name)
        try bindProperties(decl, inst, c, s, root: false)
        // Inside, `geometry.*` is the shape's own size: an argument that reads an enclosing GeometryReader's would be
        // read as the shape's.
        for a in c.arguments {
            if let v = attempt({ try sym(a.expression, s) }), v.reads.contains(where: { $0.hasPrefix("geometry.") }) {
                throw fail(a.expression, s.trail, text(a.expression), "a GeometryReader's size passed to one of the file's Shapes is not supported (inside it, sizes are the shape's own rect); use the rect in path(in:)")
            }
        }
        let funcs = decl.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.filter { $0.name.text == "path" }
        guard let f = funcs.first, let param = f.signature.parameterClause.parameters.first, let body = f.body else {
            throw fail(decl, s.trail, name, "a Shape needs func path(in rect: CGRect) -> Path")
        }
        let rectName = (param.secondName ?? param.firstName).text
        let stored = decl.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.filter { v in
            !v.modifiers.contains { $0.name.text == "static" } && v.bindings.allSatisfy { $0.accessorBlock == nil }
        }
        let animatable = decl.memberBlock.members.contains { m in
            m.decl.as(VariableDeclSyntax.self)?.bindings.contains { $0.pattern.trimmedDescription == "animatableData" } ?? false
        }
        if !stored.isEmpty && !animatable {
            warn(c, s.trail, name, "has no animatableData: SwiftUI draws a change of its properties at once, here the path's numbers animate with the change")
        }
        var scope = Scope(instance: inst, trail: Trail(parts: [name + ".path(in:)"]))
        scope.values[rectName] = .rect
        var elements: [JSONValue]
        let statements = body.statements
        // `Path { p in … }` or `Path(…)` alone (or returned); otherwise steps on a `var path = Path()`.
        var single: ExprSyntax?
        if statements.count == 1, let only = statements.first {
            if case .expr(let e) = only.item { single = e }
            if case .stmt(let st) = only.item { single = st.as(ReturnStmtSyntax.self)?.expression ?? st.as(ExpressionStmtSyntax.self)?.expression }
        }
        if let call = single?.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Path" {
            elements = try pathElements(call, scope)
        } else {
            let pathVar = statements.lazy.compactMap { item -> String? in
                guard case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self), v.bindingSpecifier.text == "var",
                      let b = v.bindings.first, b.initializer?.value.trimmedDescription == "Path()" else { return nil }
                return b.pattern.trimmedDescription
            }.first
            guard let pathVar else {
                throw fail(body, scope.trail, "\(name).path(in:)", "expected `var path = Path()`, steps on it and `return path`, or a returned Path { … }")
            }
            elements = try pathSteps(statements, path: pathVar, &scope, shapeBody: true)
        }
        let path = shape("path", at, [("elements", J.arr(elements, at))])
        return J.obj([("type", J.str("geometry", at)), ("children", J.arr([path], at)), (customShapeMarker, J.bool(true, at))], at)
    }
}

/// Marks a GeometryReader's generated `id`, which an event names: it stays on the container when modifiers wrap it.
let geometryIdMarker = "__geometryId"

/// Marks the `geometry` container a custom Shape becomes: shape modifiers reach the `path` inside it.
let customShapeMarker = "__customShape"
