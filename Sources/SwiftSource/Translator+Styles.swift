import Foundation
import SceneJSON
internal import SwiftSyntax

extension Translator {
    // MARK: Colours

    /// iOS system colours in the light appearance (Apple's Human Interface Guidelines, "Color": the default
    /// light-mode values of systemRed … systemGray), and the dark ones.
    static let systemColors: [String: (light: String, dark: String)] = [
        "red": ("#FF3B30", "#FF453A"), "orange": ("#FF9500", "#FF9F0A"), "yellow": ("#FFCC00", "#FFD60A"),
        "green": ("#34C759", "#30D158"), "mint": ("#00C7BE", "#63E6E2"), "teal": ("#30B0C7", "#40C8E0"),
        "cyan": ("#32ADE6", "#64D2FF"), "blue": ("#007AFF", "#0A84FF"), "indigo": ("#5856D6", "#5E5CE6"),
        "purple": ("#AF52DE", "#BF5AF2"), "pink": ("#FF2D55", "#FF375F"), "brown": ("#A2845E", "#AC8E68"),
        "gray": ("#8E8E93", "#8E8E93"), "black": ("#000000", "#000000"), "white": ("#FFFFFF", "#FFFFFF"),
        "clear": ("#00000000", "#00000000"),
        // Semantic colours: label, secondaryLabel, the default accent.
        "primary": ("#000000", "#FFFFFF"), "secondary": ("#3C3C4399", "#EBEBF599"), "accentColor": ("#007AFF", "#0A84FF"),
        // UIKit's other semantic and grey colours (UIColor's documented light and dark values), for `Color(.systemGray5)`.
        "tertiary": ("#3C3C434D", "#EBEBF54D"), "quaternary": ("#3C3C432E", "#EBEBF52E"),
        "gray2": ("#AEAEB2", "#636366"), "gray3": ("#C7C7CC", "#48484A"), "gray4": ("#D1D1D6", "#3A3A3C"),
        "gray5": ("#E5E5EA", "#2C2C2E"), "gray6": ("#F2F2F7", "#1C1C1E"), "background": ("#FFFFFF", "#000000"),
        "background2": ("#F2F2F7", "#1C1C1E"), "background3": ("#FFFFFF", "#2C2C2E"), "separator": ("#3C3C434A", "#54545899"),
        "fill": ("#78788033", "#7878805C"), "fill2": ("#78788029", "#78788052"),
    ]
    static let uiColors: [String: String] = [
        "systemRed": "red", "systemOrange": "orange", "systemYellow": "yellow", "systemGreen": "green", "systemMint": "mint",
        "systemTeal": "teal", "systemCyan": "cyan", "systemBlue": "blue", "systemIndigo": "indigo", "systemPurple": "purple",
        "systemPink": "pink", "systemBrown": "brown", "systemGray": "gray", "label": "primary", "secondaryLabel": "secondary",
        "black": "black", "white": "white", "clear": "clear", "systemGray2": "gray2", "systemGray3": "gray3", "systemGray4": "gray4",
        "systemGray5": "gray5", "systemGray6": "gray6", "systemBackground": "background", "secondarySystemBackground": "background2",
        "tertiarySystemBackground": "background3", "tertiaryLabel": "tertiary", "quaternaryLabel": "quaternary", "separator": "separator",
        "systemFill": "fill", "secondarySystemFill": "fill2",
    ]

    static func hex(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> String {
        func c(_ x: Double) -> String { String(format: "%02X", Int((min(max(x, 0), 1) * 255).rounded())) }
        return "#" + c(r) + c(g) + c(b) + (a >= 1 ? "" : c(a))
    }

    static func components(_ hex: String) -> (Double, Double, Double, Double)? {
        var d = Array(hex.dropFirst())
        if d.count == 3 { d = d.flatMap { [$0, $0] } }
        guard d.count == 6 || d.count == 8, hex.hasPrefix("#") else { return nil }
        func byte(_ i: Int) -> Double? { UInt8(String(d[i..<i + 2]), radix: 16).map { Double($0) / 255 } }
        guard let r = byte(0), let g = byte(2), let b = byte(4) else { return nil }
        return (r, g, b, d.count == 8 ? byte(6) ?? 1 : 1)
    }

    func systemColor(_ name: String) -> Sym? {
        guard let c = Self.systemColors[name] else { return nil }
        return .color(dark ? c.dark : c.light)
    }

    /// A colour expression: `.red`, `Color.accent`, `Color(red:green:blue:)`, `c.opacity(a)`, `cond ? a : b`.
    func color(_ e: ExprSyntax, _ s: Scope) throws -> Sym { try deeper(e, s) { try colorValue(e, s) } }

    /// SwiftUI's materials, from thinnest to thickest, as the opacity of the white they are drawn as (an
    /// approximation, warned about: light mode, no blur of what is behind).
    static let materials: [String: Double] = ["ultraThinMaterial": 0.3, "thinMaterial": 0.45, "regularMaterial": 0.6,
                                              "bar": 0.6, "thickMaterial": 0.75, "ultraThickMaterial": 0.85]

    func colorValue(_ e: ExprSyntax, _ s: Scope) throws -> Sym {
        if let b = recordField(e, s) { return try colorBinding(b, e, s) }
        if let m = e.as(MemberAccessExprSyntax.self) {
            let name = m.declName.baseName.text
            let baseText = m.base?.trimmedDescription
            if (baseText == nil || baseText == "Material"), let a = Self.materials[name] {
                // A material blurs what is behind it and tints it; the scene format has no backdrop blur.
                warn(e, s.trail, text(e), "drawn as white at \(Int((a * 100).rounded())) % opacity, without blurring what is behind it (materials are not supported)")
                return .color(Self.hex(1, 1, 1, a))
            }
            if baseText == nil || baseText == "Color" || baseText == "SwiftUI.Color" {
                if let c = systemColor(name) { return c }
                if let c = try extensionColor(name, e, s) { return c }
                if baseText == nil, let b = lookup(name, s) { return try colorBinding(b, e, s) }
                // Xcode's generated symbol for a colour set of the project's asset catalogues (`Color.brand`).
                if let set = assetColors.keys.sorted().first(where: { !$0.contains("/") && SwiftProject.assetSymbol($0) == name }) {
                    return try assetColor(set, e, s)
                }
                let names = Array(Self.systemColors.keys) + Array(extensionMembers["Color"]?.keys ?? [:].keys)
                    + assetColors.keys.filter { !$0.contains("/") }.map(SwiftProject.assetSymbol)
                throw fail(e, s.trail, text(e), "unknown colour" + (NameSuggestion.nearest(to: name, among: names).map { "; nearest: .\($0)" } ?? ""))
            }
            if let baseText, ["ShapeStyle", "UIColor"].contains(baseText), let n = Self.uiColors[name] ?? (Self.systemColors[name] != nil ? name : nil),
               let c = systemColor(n) { return c }
            if baseText == "self", let b = lookup(name, s) { return try colorBinding(b, e, s) }
        }
        if let r = e.as(DeclReferenceExprSyntax.self) {
            if let b = lookup(r.baseName.text, s) { return try colorBinding(b, e, s) }
            throw unknownName(r.baseName.text, e, s)
        }
        if let t = e.as(TernaryExprSyntax.self) {
            return Sym.cond(try sym(t.condition, s), try color(t.thenExpression, s), try color(t.elseExpression, s)).folded
        }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first { return try color(only.expression, s) }
        // `UIColor(named: "x")!`: the optional is the asset's colour.
        if let f = e.as(ForceUnwrapExprSyntax.self) { return try color(f.expression, s) }
        if let c = e.as(FunctionCallExprSyntax.self) {
            let args = Array(c.arguments)
            func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base, m.declName.baseName.text == "opacity", args.count == 1 {
                let col = try color(base, s)
                let a = try sym(args[0].expression, s)
                // Folded into #RRGGBBAA only when that is exact; otherwise alpha(c, a) keeps SwiftUI's value.
                if case .color(let h) = col, case .num(let k) = a, let (r, g, b, al) = Self.components(h),
                   abs((al * k * 255).rounded() - al * k * 255) < 1e-6 { return .color(Self.hex(r, g, b, al * k)) }
                return .call("alpha", [col, a], .color)
            }
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base, m.declName.baseName.text == "mix",
               let other = arg("with"), let by = arg("by") {
                // iOS 18's Color.mix(with:by:in:): the scene format mixes sRGB components, which is `in: .device`.
                if let space = arg("in"), space.trimmedDescription != ".device" {
                    throw fail(space, s.trail, "mix(in:)", "only .device (component-wise) mixing is supported")
                }
                if arg("in") == nil { warn(c, s.trail, ".mix(with:by:)", "mixed component-wise in sRGB (as in: .device), not perceptually") }
                return Sym.call("mix", [try color(base, s), try color(other, s), try sym(by, s)], .color)
            }
            let callee = c.calledExpression.trimmedDescription
            if callee == "Color" || callee == "UIColor" || callee == ".init" || callee == "self.init" || callee == "Color.init" {
                // The project's own initialisers first, as Swift prefers them where they fit (an `init(red: Int, …)`
                // taking 0…255 over SwiftUI's Double one); one being expanded is not entered again, so its
                // `self.init(red:…)` reaches SwiftUI's below.
                if callee != "UIColor", let col = try fileColorInit(c, s) { return col }
                if let r = arg("red"), let g = arg("green"), let b = arg("blue") {
                    let vals = try [r, g, b].map { try sym($0, s) }
                    let a = try (arg("opacity") ?? arg("alpha")).map { try sym($0, s) } ?? .num(1)
                    guard case .num(let rv) = vals[0], case .num(let gv) = vals[1], case .num(let bv) = vals[2], case .num(let av) = a else {
                        throw fail(c, s.trail, "Color(red:green:blue:)", "components must be constants (animate with .opacity or a ternary of colours instead)")
                    }
                    return .color(Self.hex(rv, gv, bv, av))
                }
                if let w = arg("white") {
                    let a = try (arg("opacity") ?? arg("alpha")).map { try sym($0, s) } ?? .num(1)
                    guard case .num(let wv) = try sym(w, s), case .num(let av) = a else {
                        throw fail(c, s.trail, "Color(white:)", "components must be constants")
                    }
                    return .color(Self.hex(wv, wv, wv, av))
                }
                if let h = arg("hue"), let sa = arg("saturation"), let br = arg("brightness") {
                    guard case .num(let hv) = try sym(h, s), case .num(let sv) = try sym(sa, s), case .num(let bv) = try sym(br, s) else {
                        throw fail(c, s.trail, "Color(hue:saturation:brightness:)", "components must be constants")
                    }
                    let a: Double
                    if let o = arg("opacity") { guard case .num(let x) = try sym(o, s) else { throw fail(o, s.trail, "opacity", "must be a constant") }; a = x } else { a = 1 }
                    let (r, g, b) = Self.hsb(hv, sv, bv)
                    return .color(Self.hex(r, g, b, a))
                }
                if let h = arg("hex") ?? arg("uiColor") ?? (args.count == 1 && args[0].label == nil ? args[0].expression : nil) {
                    // `Color(hex: 0x8A7CFF)` / `Color(hex: "#8A7CFF")` / `Color(.systemBlue)`: the file's own hex initialiser
                    // (read as the usual 0xRRGGBB / "#RRGGBB" convention), or a UIColor.
                    if let m = h.as(MemberAccessExprSyntax.self), m.base == nil || m.base!.trimmedDescription == "UIColor",
                       let n = Self.uiColors[m.declName.baseName.text], let col = systemColor(n) { return col }
                    // `Color(UIColor(named: "x")!)`, `Color(uiColor: UIColor(red:…))`: a UIColor value.
                    if h.is(ForceUnwrapExprSyntax.self) || h.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription == "UIColor" {
                        return try color(h, s)
                    }
                    if let lit = h.as(IntegerLiteralExprSyntax.self), lit.literal.text.lowercased().hasPrefix("0x"),
                       let v = UInt32(lit.literal.text.dropFirst(2), radix: 16) {
                        return .color(Self.hex(Double((v >> 16) & 0xFF) / 255, Double((v >> 8) & 0xFF) / 255, Double(v & 0xFF) / 255, 1))
                    }
                    if case .str(let str)? = attempt({ try sym(h, s) }) {
                        let t = str.hasPrefix("#") ? str : "#" + str
                        if Self.components(t) != nil { return .color(t.uppercased()) }
                    }
                }
                if let first = args.first, first.label == nil || first.label?.text == "named", first.expression.is(StringLiteralExprSyntax.self),
                   args.dropFirst().allSatisfy({ $0.label?.text == "bundle" }) {
                    guard case .str(let name) = try sym(first.expression, s) else { throw fail(c, s.trail, "Color(\"…\")", "expected a literal name") }
                    if assetColors.isEmpty {
                        throw fail(c, s.trail, "Color(\"…\")", "no asset catalogue in the file's project to read the colour set \(name) from (the project is the folder of the nearest .xcodeproj, or the Package.swift target); define the colour in the file (Color(red:green:blue:))")
                    }
                    return try assetColor(name, c, s)
                }
            }
        }
        throw fail(e, s.trail, text(e), "not a colour the translator knows (named colours, Color(red:green:blue:), Color(white:), .opacity(_), the file's Color constants)")
    }

    static func hsb(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
        let i = Int((h * 6).rounded(.down)) % 6, f = h * 6 - (h * 6).rounded(.down)
        let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    func colorBinding(_ b: Binding, _ node: some SyntaxProtocol, _ s: Scope) throws -> Sym {
        switch b {
        case .lazy(let e, let sc): return try color(e, sc)
        case .sym(let v) where v.kind == .color: return v
        default: throw fail(node, s.trail, text(node), "not a colour")
        }
    }

    /// A call of one of the project's own Color initialisers (`extension Color { init(r:g:b:) { self.init(red: r / 255, …) } }`):
    /// its arguments bound, its `let` constants evaluated, and the `self.init(…)` it ends with read as a colour. Nil
    /// when no initialiser takes these arguments or its body is more than that (then `Color(hex:)` is read by the
    /// usual 0xRRGGBB convention, below).
    func fileColorInit(_ c: FunctionCallExprSyntax, _ s: Scope) throws -> Sym? {
        guard let inits = extensionInits["Color"] else { return nil }
        for (_, i) in inits.sorted(by: { $0.key < $1.key }) {
            // An initialiser is not entered again from within itself (two overloads calling each other would
            // otherwise branch at every level).
            guard let body = i.body, let last = body.statements.last, !colorInitsInProgress.contains(i.id) else { continue }
            // Swift would not pass a fractional literal to an integer parameter: that overload is not this call's.
            let intParams = Set(i.signature.parameterClause.parameters.filter {
                ["Int", "UInt", "Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64"].contains($0.type.trimmedDescription)
            }.map { $0.firstName.text })
            if c.arguments.contains(where: { intParams.contains($0.label?.text ?? "_") && $0.expression.is(FloatLiteralExprSyntax.self) }) { continue }
            colorInitsInProgress.insert(i.id)
            defer { colorInitsInProgress.remove(i.id) }
            let found: Sym? = attempt {
                var inner = Scope(instance: nil, trail: s.trail.adding("Color.init()"))
                try bindArguments(i.signature.parameterClause.parameters, "Color.init", c, s, into: &inner)
                for item in body.statements.dropLast() {
                    guard case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self) else { throw Refused() }
                    for b in v.bindings {
                        guard let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let e = b.initializer?.value else { throw Refused() }
                        inner.values[n] = .sym(try sym(e, inner))
                    }
                }
                guard case .expr(let e) = last.item, let call = e.as(FunctionCallExprSyntax.self),
                      call.calledExpression.trimmedDescription == "self.init" else { throw Refused() }
                return try color(ExprSyntax(call), inner)
            }
            if let found { return found }
        }
        return nil
    }

    /// A colour set of the project's asset catalogues: its light colour, or its dark one when the scene is dark.
    func assetColor(_ name: String, _ node: some SyntaxProtocol, _ s: Scope) throws -> Sym {
        switch assetColors[name] {
        case .success(let c)?: return .color(dark ? c.dark ?? c.light : c.light)
        case .failure(let p)?: throw fail(node, s.trail, "Color(\"\(name)\")", p.message)
        case nil:
            throw fail(node, s.trail, "Color(\"\(name)\")", "no colour set named \(name) in the project's asset catalogues"
                       + (NameSuggestion.nearest(to: name, among: Array(assetColors.keys)).map { "; nearest: \($0)" } ?? ""))
        }
    }

    /// `Color.accent` defined by the file (`extension Color { static let accent = … }`).
    func extensionColor(_ name: String, _ node: some SyntaxProtocol, _ s: Scope) throws -> Sym? {
        for type in ["Color", "ShapeStyle"] {
            if let d = extensionMembers[type]?[name]?.as(VariableDeclSyntax.self),
               let b = d.bindings.first(where: { $0.pattern.trimmedDescription == name }) {
                var e = b.initializer?.value
                if e == nil, let acc = b.accessorBlock, case .getter(let stmts) = acc.accessors { e = singleExpression(stmts) }
                if let e { return try color(e, Scope(trail: s.trail)) }
            }
        }
        return nil
    }

    // MARK: Paints

    /// A paint (scene format §3.6): a colour or a gradient.
    func paint(_ e: ExprSyntax, _ s: Scope) throws -> JSONValue {
        let at = loc(e)
        if let c = e.as(FunctionCallExprSyntax.self) {
            let callee = c.calledExpression.trimmedDescription
            let kinds = ["LinearGradient": "linear", ".linearGradient": "linear", "RadialGradient": "radial", ".radialGradient": "radial",
                         "AngularGradient": "angular", ".angularGradient": "angular", ".conicGradient": "angular"]
            // `AngularGradient.init(…)` is the same call.
            let type = callee.hasSuffix(".init") ? String(callee.dropLast(5)) : callee
            if let kind = kinds[type] { return try gradient(kind, c, s) }
        }
        // A property or constant holding a gradient (`let trackGradient = LinearGradient(…)`, `.fill(trackGradient)`).
        if let name = propertyName(e), case .lazy(let x, let sc)? = lookup(name, s), x.is(FunctionCallExprSyntax.self) {
            return try deeper(e, s) { try paint(x, sc) }
        }
        return try color(e, s).json(at)
    }

    func gradient(_ kind: String, _ c: FunctionCallExprSyntax, _ s: Scope) throws -> JSONValue {
        let at = loc(c)
        let args = Array(c.arguments)
        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        var stops: [JSONValue] = []
        if let cols = arg("colors") {
            stops = try colorList(cols, s).map { $0.json(loc(cols)) }
        } else if let st = arg("stops") {
            stops = try stopList(st, s)
        } else if let g = arg("gradient"), let gc = g.as(FunctionCallExprSyntax.self) {
            if let cols = gc.arguments.first(where: { $0.label?.text == "colors" })?.expression {
                stops = try colorList(cols, s).map { $0.json(loc(cols)) }
            } else if let st = gc.arguments.first(where: { $0.label?.text == "stops" })?.expression {
                stops = try stopList(st, s)
            } else { throw fail(g, s.trail, "Gradient", "expected Gradient(colors:) or Gradient(stops:)") }
        } else {
            throw fail(c, s.trail, c.calledExpression.trimmedDescription, "expected colors:, stops: or gradient:")
        }
        var members: [(String, JSONValue)] = [("stops", J.arr(stops, at))]
        switch kind {
        case "linear":
            members.append(("start", try unitPoint(arg("startPoint"), s, default: [0.5, 0], at)))
            members.append(("end", try unitPoint(arg("endPoint"), s, default: [0.5, 1], at)))
        case "radial":
            members.append(("center", try unitPoint(arg("center"), s, default: [0.5, 0.5], at)))
            if let r = arg("startRadius") { members.append(("startRadius", try sym(r, s).json(loc(r)))) }
            if let r = arg("endRadius") { members.append(("endRadius", try sym(r, s).json(loc(r)))) }
        default:
            members.append(("center", try unitPoint(arg("center"), s, default: [0.5, 0.5], at)))
            // `angle:` (and `.conicGradient`'s) is one whole turn from there; `startAngle:`/`endAngle:` default to
            // zero, and equal angles are one whole turn, as the scene format's default 0…360 is.
            if let a = arg("angle") {
                let start = try angle(a, s)
                members.append(("startAngle", start.json(loc(a))))
                members.append(("endAngle", Sym.binary("+", start, .num(360)).folded.json(loc(a))))
            } else if arg("startAngle") != nil || arg("endAngle") != nil {
                let start = try arg("startAngle").map { try angle($0, s) } ?? .num(0)
                let end = try arg("endAngle").map { try angle($0, s) } ?? .num(0)
                members.append(("startAngle", start.json(arg("startAngle").map(loc) ?? at)))
                members.append(("endAngle", end.json(arg("endAngle").map(loc) ?? at)))
            }
        }
        return J.obj([(kind, J.obj(members, at))], at)
    }

    func colorList(_ e: ExprSyntax, _ s: Scope) throws -> [Sym] {
        guard let a = e.as(ArrayExprSyntax.self) else { throw fail(e, s.trail, text(e), "expected a list of colours [a, b, …]") }
        return try a.elements.map { try color($0.expression, s) }
    }

    func stopList(_ e: ExprSyntax, _ s: Scope) throws -> [JSONValue] {
        guard let a = e.as(ArrayExprSyntax.self) else { throw fail(e, s.trail, text(e), "expected a list of stops") }
        return try a.elements.map { el in
            guard let c = el.expression.as(FunctionCallExprSyntax.self),
                  let col = c.arguments.first(where: { $0.label?.text == "color" })?.expression,
                  let l = c.arguments.first(where: { $0.label?.text == "location" })?.expression else {
                throw fail(el, s.trail, "Gradient.Stop", "expected .init(color:location:)")
            }
            let at = loc(el)
            return J.obj([("color", try color(col, s).json(loc(col))), ("at", try sym(l, s).json(loc(l)))], at)
        }
    }

    static let unitPoints: [String: [Double]] = [
        "center": [0.5, 0.5], "top": [0.5, 0], "bottom": [0.5, 1], "leading": [0, 0.5], "trailing": [1, 0.5],
        "topLeading": [0, 0], "topTrailing": [1, 0], "bottomLeading": [0, 1], "bottomTrailing": [1, 1], "zero": [0, 0],
    ]

    func unitPoint(_ e: ExprSyntax?, _ s: Scope, default d: [Double], _ at: SceneJSON.SourceLocation) throws -> JSONValue {
        guard let e else { return J.arr(d.map { J.num($0, at) }, at) }
        let (x, y) = try unitPointSyms(e, s)
        return J.arr([x.json(loc(e)), y.json(loc(e))], loc(e))
    }

    func unitPointSyms(_ e: ExprSyntax, _ s: Scope) throws -> (Sym, Sym) {
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil || m.base!.trimmedDescription == "UnitPoint",
           let p = Self.unitPoints[m.declName.baseName.text] { return (.num(p[0]), .num(p[1])) }
        if let c = e.as(FunctionCallExprSyntax.self), ["UnitPoint", ".init"].contains(c.calledExpression.trimmedDescription),
           let x = c.arguments.first(where: { $0.label?.text == "x" }), let y = c.arguments.first(where: { $0.label?.text == "y" }) {
            return (try sym(x.expression, s), try sym(y.expression, s))
        }
        if let r = e.as(DeclReferenceExprSyntax.self), case .lazy(let le, let ls)? = lookup(r.baseName.text, s) { return try unitPointSyms(le, ls) }
        if let t = e.as(TernaryExprSyntax.self) {
            // `c ? .trailing : .leading`: each component chosen by the condition.
            let c = try sym(t.condition, s)
            let a = try unitPointSyms(t.thenExpression, s), b = try unitPointSyms(t.elseExpression, s)
            return (Sym.cond(c, a.0, b.0).folded, Sym.cond(c, a.1, b.1).folded)
        }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first { return try unitPointSyms(only.expression, s) }
        throw fail(e, s.trail, text(e), "expected a UnitPoint (.center, .topLeading, UnitPoint(x:y:))")
    }

    // MARK: Animations

    /// An `Animation` (scene format §5.1).
    func animation(_ e: ExprSyntax, _ s: Scope) throws -> JSONValue {
        let at = loc(e)
        // `c ? a : b` whose condition is known here (a phase animator's phase): that branch.
        if let t = e.as(TernaryExprSyntax.self), case .bool(let c)? = attempt({ try sym(t.condition, s) }) {
            return try animation(c ? t.thenExpression : t.elseExpression, s)
        }
        // Modifiers first: `.easeInOut(duration: 1).delay(0.2).repeatForever(autoreverses: false)`.
        if let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
           ["delay", "speed", "repeatCount", "repeatForever"].contains(m.declName.baseName.text) {
            var inner = try objectForm(try animation(base, s), at)
            let args = Array(c.arguments)
            switch m.declName.baseName.text {
            case "delay": inner = inner.setting("delay", try constant(args.first?.expression, c, s, "delay"))
            case "speed": inner = inner.setting("speed", try constant(args.first?.expression, c, s, "speed"))
            case "repeatCount":
                inner = inner.setting("repeat", try constant(args.first?.expression, c, s, "repeatCount"))
                let ar = args.first { $0.label?.text == "autoreverses" }
                inner = inner.setting("autoreverses", try ar.map { try constant($0.expression, c, s, "autoreverses") } ?? J.bool(true, at))
            default:
                inner = inner.setting("repeat", J.str("forever", at))
                let ar = args.first { $0.label?.text == "autoreverses" }
                inner = inner.setting("autoreverses", try ar.map { try constant($0.expression, c, s, "autoreverses") } ?? J.bool(true, at))
            }
            return inner
        }
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil || m.base!.trimmedDescription == "Animation" {
            switch m.declName.baseName.text {
            case "default": return J.str("default", at)
            // iOS 17's `.spring` property: spring(duration: 0.5, bounce: 0).
            case "spring": return J.obj([("spring", J.obj([("duration", J.num(0.5, at)), ("bounce", J.num(0, at))], at))], at)
            case "smooth", "snappy", "bouncy", "easeIn", "easeOut", "easeInOut", "linear": return J.str(m.declName.baseName.text, at)
            case "interactiveSpring": return J.obj([("spring", J.obj([("response", J.num(0.15, at)), ("dampingFraction", J.num(0.86, at))], at))], at)
            default: break
            }
        }
        if let r = e.as(DeclReferenceExprSyntax.self), case .lazy(let le, let ls)? = lookup(r.baseName.text, s) { return try animation(le, ls) }
        if case .lazy(let le, let ls)? = recordField(e, s) { return try animation(le, ls) }
        guard let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
              m.base == nil || m.base!.trimmedDescription == "Animation" else {
            throw fail(e, s.trail, text(e), "not an animation the translator knows")
        }
        let args = Array(c.arguments)
        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        func num(_ label: String) throws -> JSONValue? { try arg(label).map { try constant($0, c, s, label) } }
        let name = m.declName.baseName.text
        switch name {
        case "spring", "interactiveSpring", "interpolatingSpring":
            var members: [(String, JSONValue)] = []
            if args.isEmpty {
                if name == "spring" { return J.str("spring", at) }
                if name == "interactiveSpring" { return try animation(ExprSyntax(m), s) }
                return J.obj([("spring", J.obj([("mass", J.num(1, at)), ("stiffness", J.num(170, at)), ("damping", J.num(15, at))], at))], at)
            }
            if arg("stiffness") != nil || arg("damping") != nil || arg("mass") != nil {
                members = [("mass", try num("mass") ?? J.num(1, at)), ("stiffness", try num("stiffness") ?? J.num(100, at)),
                           ("damping", try num("damping") ?? J.num(10, at))]
            } else if arg("duration") != nil || arg("bounce") != nil {
                members = [("duration", try num("duration") ?? J.num(0.5, at)), ("bounce", try num("bounce") ?? J.num(0, at))]
            } else {
                let dr = name == "interactiveSpring" ? 0.15 : 0.55, df = name == "interactiveSpring" ? 0.86 : 0.825
                members = [("response", try num("response") ?? J.num(dr, at)), ("dampingFraction", try num("dampingFraction") ?? J.num(df, at))]
            }
            if let v = arg("initialVelocity") { members.append(("initialVelocity", try sym(v, s).json(loc(v)))) }
            for k in ["blendDuration", "extraBounce"] where arg(k) != nil {
                warn(arg(k)!, s.trail, k, "ignored: blending of interrupted springs follows SwiftUI's spring merging without it")
            }
            return J.obj([("spring", J.obj(members, at))], at)
        case "smooth", "snappy", "bouncy":
            let bounce = ["smooth": 0.0, "snappy": 0.15, "bouncy": 0.3][name]!
            var b = J.num(bounce, at)
            if let x = arg("extraBounce"), case .num(let v) = try sym(x, s) { b = J.num(bounce + v, at) }
            return J.obj([("spring", J.obj([("duration", try num("duration") ?? J.num(0.5, at)), ("bounce", b)], at))], at)
        case "easeIn", "easeOut", "easeInOut", "linear":
            return J.obj([(name, try num("duration") ?? (args.first.map { try constant($0.expression, c, s, "duration") }) ?? J.num(0.35, at))], at)
        case "timingCurve":
            guard args.count >= 4 else { throw fail(c, s.trail, ".timingCurve", "expected four control values and a duration") }
            let pts = try args.prefix(4).map { try constant($0.expression, c, s, "timingCurve") }
            return J.obj([("bezier", J.arr(pts, at)), ("duration", try num("duration") ?? J.num(0.35, at))], at)
        default:
            throw fail(e, s.trail, ".\(name)", "unknown animation" + (NameSuggestion.nearest(to: name, among: ["spring", "easeInOut", "easeIn", "easeOut", "linear", "interpolatingSpring", "smooth", "snappy", "bouncy", "timingCurve"]).map { "; nearest: .\($0)" } ?? ""))
        }
    }

    /// A named animation as its object form, so that modifiers can be added.
    func objectForm(_ a: JSONValue, _ at: SceneJSON.SourceLocation) throws -> JSONValue {
        guard let name = a.string else { return a }
        switch name {
        case "spring": return J.obj([("spring", J.obj([("response", J.num(0.55, at)), ("dampingFraction", J.num(0.825, at))], at))], at)
        case "default": return J.obj([("spring", J.obj([("response", J.num(0.55, at)), ("dampingFraction", J.num(1, at))], at))], at)
        case "smooth": return J.obj([("spring", J.obj([("duration", J.num(0.5, at)), ("bounce", J.num(0, at))], at))], at)
        case "snappy": return J.obj([("spring", J.obj([("duration", J.num(0.5, at)), ("bounce", J.num(0.15, at))], at))], at)
        case "bouncy": return J.obj([("spring", J.obj([("duration", J.num(0.5, at)), ("bounce", J.num(0.3, at))], at))], at)
        default: return J.obj([(name, J.num(0.35, at))], at)
        }
    }

    /// A value that must be known without running anything.
    func constant(_ e: ExprSyntax?, _ node: some SyntaxProtocol, _ s: Scope, _ what: String) throws -> JSONValue {
        guard let e else { throw fail(node, s.trail, what, "missing value") }
        // A state the file never changes is its initial value here (`unchangedStates`).
        let v = try sym(e, s).substitute(unchangedStates)
        guard v.isConstant else { throw fail(e, s.trail, what, "must be a constant here (it reads \(v.reads.sorted().joined(separator: ", ")))") }
        return v.json(loc(e))
    }

    // MARK: Transitions

    func transition(_ e: ExprSyntax, _ s: Scope) throws -> JSONValue {
        let at = loc(e)
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil || m.base!.trimmedDescription == "AnyTransition" {
            let name = m.declName.baseName.text
            switch name {
            case "opacity", "identity", "slide": return J.str(name, at)
            case "scale": return J.str("scale", at)
            default:
                if let t = try extensionTransition(name, nil, e, s) { return t }
                throw fail(e, s.trail, ".\(name)", "unknown transition")
            }
        }
        guard let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self) else {
            throw fail(e, s.trail, text(e), "not a transition the translator knows")
        }
        let args = Array(c.arguments)
        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        let name = m.declName.baseName.text
        if let base = m.base, base.trimmedDescription != "AnyTransition" {
            switch name {
            case "combined":
                guard let other = args.first?.expression else { throw fail(c, s.trail, ".combined", "expected with:") }
                let a = try transition(base, s), b = try transition(other, s)
                var parts: [JSONValue] = []
                for t in [a, b] { if let inner = t["combined"]?.elements, t.members?.count == 1 { parts += inner } else { parts.append(t) } }
                return J.obj([("combined", J.arr(parts, at))], at)
            case "animation":
                guard let a = args.first?.expression else { throw fail(c, s.trail, ".animation", "expected an animation") }
                var t = try transition(base, s)
                if let str = t.string { t = J.obj([(str, J.bool(true, at))], at) }
                if t.string == nil, t["scale"] == nil, ["scale"].contains(t.string ?? "") { }
                return t.setting("animation", try animation(a, s))
            default: throw fail(c, s.trail, ".\(name)", "unknown transition modifier (supported: .combined(with:), .animation(_:))")
            }
        }
        switch name {
        case "scale":
            let k = try arg("scale").map { try constant($0, c, s, "scale") } ?? args.first.map { try constant($0.expression, c, s, "scale") } ?? J.num(0, at)
            var members: [(String, JSONValue)] = [("scale", k)]
            if let a = arg("anchor") { members.append(("anchor", try unitPoint(a, s, default: [0.5, 0.5], at))) }
            return J.obj(members, at)
        case "move":
            guard let ed = arg("edge")?.as(MemberAccessExprSyntax.self) else { throw fail(c, s.trail, ".move", "expected edge: .top, .bottom, .leading or .trailing") }
            return J.obj([("move", J.str(ed.declName.baseName.text, loc(ed)))], at)
        case "offset":
            if let sz = args.first?.expression, args.first?.label == nil, let p = attempt({ try pair(sz, s) }) {
                return J.obj([("offset", J.obj([("x", p.0.json(at)), ("y", p.1.json(at))], at))], at)
            }
            return J.obj([("offset", J.obj([("x", try arg("x").map { try constant($0, c, s, "x") } ?? J.num(0, at)),
                                             ("y", try arg("y").map { try constant($0, c, s, "y") } ?? J.num(0, at))], at))], at)
        case "asymmetric":
            guard let i = arg("insertion"), let r = arg("removal") else { throw fail(c, s.trail, ".asymmetric", "expected insertion: and removal:") }
            return J.obj([("asymmetric", J.obj([("insertion", try transition(i, s)), ("removal", try transition(r, s))], at))], at)
        case "modifier":
            guard let a = arg("active"), let i = arg("identity") else { throw fail(c, s.trail, ".modifier", "expected active: and identity:") }
            return J.obj([("modifier", J.obj([("active", try modifierKeys(a, s)), ("identity", try modifierKeys(i, s))], at))], at)
        case "push":
            guard let ed = arg("from")?.as(MemberAccessExprSyntax.self) else { throw fail(c, s.trail, ".push", "expected from: an edge") }
            let edge = ed.declName.baseName.text
            let opposite = ["top": "bottom", "bottom": "top", "leading": "trailing", "trailing": "leading"][edge] ?? edge
            // Apple's documentation of push(from:): in from the edge while fading in, out toward the opposite edge
            // while fading out.
            func moveAndFade(_ e: String) -> JSONValue {
                J.obj([("combined", J.arr([J.obj([("move", J.str(e, at))], at), J.str("opacity", at)], at))], at)
            }
            return J.obj([("asymmetric", J.obj([("insertion", moveAndFade(edge)), ("removal", moveAndFade(opposite))], at))], at)
        default:
            if let t = try extensionTransition(name, c, e, s) { return t }
            throw fail(e, s.trail, ".\(name)", "unknown transition")
        }
    }

    /// The file's own `extension AnyTransition { static var x: AnyTransition { … } }`.
    func extensionTransition(_ name: String, _ call: FunctionCallExprSyntax?, _ node: ExprSyntax, _ s: Scope) throws -> JSONValue? {
        guard let d = extensionMembers["AnyTransition"]?[name] else { return nil }
        if let v = d.as(VariableDeclSyntax.self), let b = v.bindings.first {
            if let e = b.initializer?.value { return try transition(e, Scope(trail: s.trail.adding("AnyTransition.\(name)"))) }
            if let acc = b.accessorBlock, case .getter(let stmts) = acc.accessors, let e = singleExpression(stmts) {
                return try transition(e, Scope(trail: s.trail.adding("AnyTransition.\(name)")))
            }
        }
        if let f = d.as(FunctionDeclSyntax.self), let call, let body = f.body, let e = singleExpression(body.statements) {
            var inner = Scope(trail: s.trail.adding("AnyTransition.\(name)()"))
            try bindArguments(f, call, s, into: &inner)
            return try transition(e, inner)
        }
        return nil
    }

    /// A pair from `CGSize(width:height:)`, `CGPoint(x:y:)`, `.zero`, a CGSize/CGPoint `@State` (also as `self.x`), a
    /// property or argument holding one, a GeometryProxy's `size`, a gesture value's `translation`/`location`, or a
    /// function of the file returning one.
    func pair(_ e: ExprSyntax, _ s: Scope) throws -> (Sym, Sym) {
        try deeper(e, s) {
            if case .lazy(let le, let ls)? = recordField(e, s) { return try pair(le, ls) }
            if let m = e.as(MemberAccessExprSyntax.self), m.base == nil || ["CGSize", "CGPoint"].contains(m.base!.trimmedDescription),
               m.declName.baseName.text == "zero" { return (.num(0), .num(0)) }
            if let c = e.as(FunctionCallExprSyntax.self) {
                if let f = calledFunction(c, s) { return try inlineFunction(f, c, s) { try pair($0, $1) } }
                let args = Array(c.arguments)
                if args.count == 2 {
                    return (try sym(args[0].expression, s), try sym(args[1].expression, s))
                }
                // `CGSize()`, `CGPoint()`: zero.
                if args.isEmpty, c.trailingClosure == nil, ["CGSize", "CGPoint"].contains(c.calledExpression.trimmedDescription) { return (.num(0), .num(0)) }
            }
            var name: String?, scope = s
            if let r = e.as(DeclReferenceExprSyntax.self) { name = r.baseName.text }
            else if let m = e.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self", s.instance != nil {
                name = m.declName.baseName.text
                scope.values = [:]
            }
            if let name {
                switch lookup(name, scope) {
                case .state(let n)?: if let (a, b) = pairStates[n] { return (.ref(a, .number), .ref(b, .number)) }
                case .lazy(let le, let ls)?: return try pair(le, ls)
                default: break
                }
            }
            if let path = dottedPath(e), path.count == 2, let root = lookup(path[0], s) {
                switch root {
                case .geometry where path[1] == "size": return (.ref("geometry.width", .number), .ref("geometry.height", .number))
                case .gesture:
                    let (a, b) = ["location", "startLocation"].contains(path[1]) ? ("x", "y") : ("width", "height")
                    return (try gestureValue([path[1], a], e, s), try gestureValue([path[1], b], e, s))
                default: break
                }
            }
            throw fail(e, s.trail, text(e), "expected CGSize(width:height:) or CGPoint(x:y:)")
        }
    }
}
