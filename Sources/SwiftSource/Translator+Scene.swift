import Foundation
import SceneJSON
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
        for p in previews {
            guard let e = singleExpression(p.statements) else { continue }
            let f = chainFacts(e)
            if f.call?.calledExpression.trimmedDescription == name {
                var out = f
                if out.size == nil { out.size = macroTraitsSize() }
                return out
            }
        }
        return PreviewFacts(size: macroTraitsSize())
    }

    /// Translates the root view twice: the first pass finds every `.animation(_:value:)` scope, which the second
    /// pass's handlers need wherever in the file they are.
    func translateRoot(_ node: some SyntaxProtocol, _ make: () throws -> [JSONValue]) throws -> JSONValue {
        func pass() throws -> JSONValue {
            state = []; stateKinds = [:]; pairStates = [:]; timeline = []; hiddenCounter = 0; timerSites = [:]; mirrors = [:]
            keyframeClocks = [:]; phaseFlags = [:]
            rootNamesFree = true
            let views = try make()
            // A body of loose views (an implicit TupleView) at the root of a window is laid out as a centred VStack
            // with the default spacing. Apple does not document it; SwiftUI on iOS does it (screenshots of real
            // SwiftUI in StitchDesign/Stitch's pull requests 1533 and 1537), and OpenSwiftUI and DanceUI implement it.
            let oneChain = views.allSatisfy { $0[ifChainMarker] != nil && $0[ifChainMarker]?.string == views.first?[ifChainMarker]?.string }
            if views.count > 1, !oneChain {
                let at = loc(node)
                return clean(J.obj([("type", J.str("vstack", at)), ("children", J.arr(views, at))], at))
            }
            return clean(oneView(views, node))
        }
        let keep = problems.count, keepWarnings = warnings.count
        _ = try? pass()
        problems.removeSubrange(keep...)
        warnings.removeSubrange(keepWarnings...)
        knownMirrors = mirrors
        knownKeyframeClocks = keyframeClocks
        knownPhaseFlags = phaseFlags
        return try pass()
    }

    /// The preview to render, when it is the root: the file's first `#Preview` / `PreviewProvider` unless `--view`
    /// names a struct; a preview whose view this file does not define (a catalogue's preview view from elsewhere) is
    /// passed over.
    func rootPreview(_ requested: String?) -> Preview? {
        guard requested == nil else { return nil }
        return previews.first { p in
            guard let e = singleExpression(p.statements), let call = chainFacts(e).call,
                  let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return true }
            return structs[name] != nil || Self.viewConstructors.contains(name)
        }
    }

    /// What the previews say about the root (canvas size, appearance, the struct's arguments), before translating it.
    func rootFacts(_ requested: String?) -> PreviewFacts {
        if let preview = rootPreview(requested) {
            var facts = singleExpression(preview.statements).map(chainFacts) ?? PreviewFacts()
            if facts.size == nil { facts.size = macroTraitsSize() }
            return facts
        }
        let name = requested ?? structOrder.first { viewStructs.contains($0) }
        return name.map(previewFacts) ?? PreviewFacts(size: macroTraitsSize())
    }

    /// The view to render: `--view NAME` (with the arguments a preview gives it); else what the file's preview
    /// shows, as Xcode's canvas does (its own modifiers and arguments included); else the first View struct.
    func root(_ requested: String?, _ facts: PreviewFacts) throws -> (body: JSONValue, at: SceneJSON.SourceLocation) {
        dark = dark || facts.dark
        if let preview = rootPreview(requested) {
            let body = try translateRoot(preview.node) { try children(preview.statements, Scope(trail: Trail(parts: ["#Preview"]))) }
            return (body, loc(preview.node))
        }
        let decl = try rootStruct(requested)
        let body = try translateRoot(decl) { try inlineStruct(decl.name.text, decl, facts.call, Scope(), root: true) }
        return (body, loc(decl))
    }

    /// `.frame(width:height:)`, `.previewLayout(.fixed(…))` and `.preferredColorScheme(.dark)` on a preview's view.
    func chainFacts(_ e: ExprSyntax) -> PreviewFacts {
        var f = PreviewFacts()
        var cur = e
        while let c = cur.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
            let args = Array(c.arguments)
            func num(_ l: String, _ a: [LabeledExprSyntax]) -> Double? {
                a.first { $0.label?.text == l }.flatMap { x in attempt { try sym(x.expression, Scope()) } }.flatMap { if case .num(let n) = $0 { return n } else { return nil } }
            }
            switch m.declName.baseName.text {
            case "frame": if f.size == nil, let w = num("width", args), let h = num("height", args) { f.size = (w, h) }
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
        f.call = cur.as(FunctionCallExprSyntax.self)
        return f
    }

    /// `#Preview(traits: .fixedLayout(width:height:))`.
    func macroTraitsSize() -> (Double, Double)? {
        for item in tree.statements {
            guard case .decl(let d) = item.item, let mac = d.as(MacroExpansionDeclSyntax.self), mac.macroName.text == "Preview" else { continue }
            for a in mac.arguments where a.label?.text == "traits" {
                if let c = a.expression.as(FunctionCallExprSyntax.self), c.calledExpression.trimmedDescription.hasSuffix("fixedLayout") {
                    let vals = c.arguments.compactMap { x -> Double? in if case .num(let n)? = attempt({ try sym(x.expression, Scope()) }) { return n } else { return nil } }
                    if vals.count == 2 { return (vals[0], vals[1]) }
                }
            }
        }
        return nil
    }

    func wholeScene(_ options: SwiftSceneOptions) throws -> JSONValue {
        dark = options.dark
        let facts = rootFacts(options.view)
        let size = options.canvas.map { ($0.width, $0.height) } ?? facts.size ?? (390, 844)
        canvasSize = size
        let (body, at) = try root(options.view, facts)
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
        let (body, at) = try root(view, rootFacts(view))
        return J.obj([("body", body), ("state", J.obj(state.map { ($0.name, $0.value) }, at)), ("timeline", J.arr(timeline, at))], at)
    }
}
