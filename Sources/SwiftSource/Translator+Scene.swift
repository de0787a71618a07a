import Foundation
import SceneModel
internal import SwiftSyntax

extension Translator {
    /// The View struct to render: `--view`, else the first in the file.
    func rootStruct(_ requested: String?) throws -> StructDeclSyntax {
        let found = structOrder.filter { viewStructs.contains($0) }
        if let requested {
            if let d = structs[requested], viewStructs.contains(requested) { return d }
            let hint = NameSuggestion.nearest(to: requested, among: found).map { "; nearest: \($0)" } ?? ""
            problems.append(error(at: 0, "", "no View struct named \(requested); found: \(found.isEmpty ? "none" : found.joined(separator: ", "))\(hint)"))
            throw Refused()
        }
        guard let first = found.first, let d = structs[first] else {
            problems.append(error(at: 0, "", "no View struct in the file (a struct that conforms to View, with var body: some View)"))
            throw Refused()
        }
        return d
    }

    /// What the file's previews say about `name`: the call that makes it, a fixed size, dark appearance.
    struct PreviewFacts {
        var call: FunctionCallExprSyntax?
        var size: (Double, Double)?
        var dark = false
    }

    func previewFacts(_ name: String) -> PreviewFacts {
        var facts = PreviewFacts()
        for p in previews {
            guard let e = singleExpression(p.statements) else { continue }
            var cur = e
            var f = PreviewFacts()
            while let c = cur.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
                let args = Array(c.arguments)
                func num(_ l: String, _ a: [LabeledExprSyntax] = args) -> Double? {
                    a.first { $0.label?.text == l }.flatMap { x in attempt { try sym(x.expression, Scope()) } }.flatMap { if case .num(let n) = $0 { return n } else { return nil } }
                }
                switch m.declName.baseName.text {
                case "frame": if let w = num("width"), let h = num("height") { f.size = (w, h) }
                case "previewLayout":
                    if let inner = args.first?.expression.as(FunctionCallExprSyntax.self) {
                        let a = Array(inner.arguments)
                        if let w = num("width", a), let h = num("height", a) { f.size = (w, h) }
                    }
                case "preferredColorScheme": f.dark = args.first?.expression.trimmedDescription == ".dark"
                default: break
                }
                cur = base
            }
            guard let call = cur.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == name else { continue }
            f.call = call
            facts = f
            break
        }
        // `#Preview(traits: .fixedLayout(width:height:))`.
        if facts.size == nil {
            for item in tree.statements {
                var m: MacroExpansionDeclSyntax?
                if case .decl(let d) = item.item { m = d.as(MacroExpansionDeclSyntax.self) }
                guard let mac = m, mac.macroName.text == "Preview" else { continue }
                for a in mac.arguments where a.label?.text == "traits" {
                    if let c = a.expression.as(FunctionCallExprSyntax.self), c.calledExpression.trimmedDescription.hasSuffix("fixedLayout") {
                        let vals = c.arguments.compactMap { x -> Double? in if case .num(let n)? = attempt({ try sym(x.expression, Scope()) }) { return n } else { return nil } }
                        if vals.count == 2 { facts.size = (vals[0], vals[1]) }
                    }
                }
            }
        }
        return facts
    }

    /// Translates the root view twice: the first pass finds every `.animation(_:value:)` scope, which the second
    /// pass's handlers need wherever in the file they are.
    func translateRoot(_ decl: StructDeclSyntax, call: FunctionCallExprSyntax?) throws -> JSONValue {
        func pass() throws -> JSONValue {
            state = []; stateKinds = [:]; pairStates = [:]; timeline = []; hiddenCounter = 0; timerSites = [:]; mirrors = [:]
            let vs = try inlineStruct(decl.name.text, decl, call, Scope(), root: true)
            return clean(oneView(vs, decl))
        }
        let keep = problems.count, keepWarnings = warnings.count
        _ = try? pass()
        problems.removeSubrange(keep...)
        warnings.removeSubrange(keepWarnings...)
        knownMirrors = mirrors
        return try pass()
    }

    func wholeScene(_ options: SwiftSceneOptions) throws -> JSONValue {
        let decl = try rootStruct(options.view)
        let facts = previewFacts(decl.name.text)
        dark = options.dark || facts.dark
        let body = try translateRoot(decl, call: facts.call)
        let at = loc(decl)
        let size = options.canvas.map { ($0.width, $0.height) } ?? facts.size ?? (390, 844)
        let scale = options.scale ?? 3
        let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var scene: [(String, JSONValue)] = [
            ("scene", J.num(1, at)),
            ("name", J.str(name, at)),
            ("canvas", J.obj([("width", J.num(size.0, at)), ("height", J.num(size.1, at)), ("scale", J.num(scale, at)),
                              ("background", J.str(dark ? "#000000" : "#FFFFFF", at))], at)),
            ("fps", J.num(60, at)),
            ("duration", J.str("auto", at)),
        ]
        scene.append(("state", J.obj(state.map { ($0.name, $0.value) }, at)))
        scene.append(("body", body))
        if !timeline.isEmpty { scene.append(("timeline", J.arr(timeline, at))) }
        return J.obj(scene, at)
    }

    func bodyParts(view: String?) throws -> JSONValue {
        let decl = try rootStruct(view)
        let facts = previewFacts(decl.name.text)
        let body = try translateRoot(decl, call: facts.call)
        let at = loc(decl)
        return J.obj([("body", body), ("state", J.obj(state.map { ($0.name, $0.value) }, at)), ("timeline", J.arr(timeline, at))], at)
    }
}
