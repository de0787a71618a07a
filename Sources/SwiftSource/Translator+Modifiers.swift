import Foundation
import SceneJSON
internal import SwiftSyntax

extension Translator {
    /// The scene format applies a view's keys in one fixed order (§3): padding, frame, background/overlay, mask,
    /// clip, shadows, blur, opacity, offset, scale, rotation, rotation3D. A SwiftUI chain that applies them in
    /// another order is kept exact by wrapping the view built so far in a ZStack (which takes its size) before the
    /// modifier that would come too early.
    static let slots: [String: Int] = [
        "padding": 1, "frame": 2, "background": 3, "overlay": 3, "mask": 4, "clip": 5, "shadows": 6, "blur": 7,
        "opacity": 8, "offset": 9, "scale": 10, "anchor": 10, "rotation": 11, "rotation3D": 12,
    ]

    func highestSlot(_ v: JSONValue) -> Int {
        (v.members ?? []).compactMap { Self.slots[$0.key] }.max() ?? 0
    }

    /// `v` ready to take `key`: itself, or wrapped in a ZStack when `key` would otherwise apply too early.
    func ready(_ v: JSONValue, for key: String, _ at: SceneJSON.SourceLocation) -> JSONValue {
        let slot = Self.slots[key] ?? 0
        let high = highestSlot(v)
        let mergeable = key == "shadows" && high == 6
        if slot > high || mergeable || (slot == 3 && high == 3 && v[key] == nil) { return v }
        // Presence and identity stay with the outermost view.
        var inner = v
        var outer: [(String, JSONValue)] = [("type", J.str("zstack", at))]
        for k in ["if", "transition", "id", "gestures", "layoutPriority"] where !(k == "id" && v[geometryIdMarker] != nil) {
            if let x = v[k] { outer.append((k, x)); inner = inner.removing(k) }
        }
        outer.append(("children", J.arr([inner], at)))
        return J.obj(outer, at)
    }

    /// A shape with only `Shape.offset(…)` applied is still a shape in SwiftUI (an OffsetShape), so it takes `.fill`.
    func shapeStillShape(_ v: JSONValue) -> Bool {
        (v.members ?? []).allSatisfy { Self.slots[$0.key] == nil || $0.key == "offset" }
    }

    func isShape(_ v: JSONValue) -> Bool {
        ["rect", "roundedRect", "capsule", "circle", "ellipse", "path"].contains(v["type"]?.string ?? "") || v[customShapeMarker] != nil
    }

    /// `f` applied to the shape `v` is: itself, or the path inside one of the file's Shapes.
    func onShape(_ v: JSONValue, _ f: (JSONValue) throws -> JSONValue) rethrows -> JSONValue {
        guard v[customShapeMarker] != nil, let inner = v["children"]?.elements?.first else { return try f(v) }
        return v.setting("children", J.arr([try f(inner)], v.location))
    }

    /// Modifiers refused with what to write instead.
    static let unsupportedModifiers: [String: String] = [
        "contentTransition": "content transitions are not supported; the text changes at once",
    ]

    static let knownModifiers = [
        "frame", "padding", "offset", "position", "opacity", "scaleEffect", "rotationEffect", "rotation3DEffect", "shadow", "blur",
        "overlay", "background", "mask", "clipShape", "clipped", "cornerRadius", "fill", "stroke", "strokeBorder", "foregroundColor",
        "foregroundStyle", "tint", "font", "fontWeight", "bold", "kerning", "tracking", "monospacedDigit", "matchedGeometryEffect",
        "transition", "animation", "zIndex", "compositingGroup", "drawingGroup", "contentShape", "allowsHitTesting", "id", "modifier",
        "onAppear", "onTapGesture", "onLongPressGesture", "gesture", "simultaneousGesture", "highPriorityGesture", "onReceive",
        "ignoresSafeArea", "edgesIgnoringSafeArea", "fixedSize", "lineLimit", "multilineTextAlignment", "resizable", "aspectRatio",
        "scaledToFit", "scaledToFill", "buttonStyle", "labelsHidden", "trim", "monospaced", "italic", "layoutPriority",
        "keyframeAnimator", "phaseAnimator",
    ]

    func modifier(_ name: String, _ c: FunctionCallExprSyntax, _ v: JSONValue, _ s: Scope) throws -> JSONValue {
        let at = c.calledExpression.as(MemberAccessExprSyntax.self).map { loc($0.declName) } ?? loc(c)
        let args = Array(c.arguments)
        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        func unlabeled(_ i: Int = 0) -> ExprSyntax? {
            let u = args.filter { $0.label == nil }
            return i < u.count ? u[i].expression : nil
        }
        func value(_ e: ExprSyntax) throws -> JSONValue { try sym(e, s).json(loc(e)) }
        /// The content of `.overlay(X)`, `.overlay { X }`, `.background(alignment:) { X }`: a paint, or a view.
        func content() throws -> JSONValue {
            var inner = s
            inner.environment = s.environment
            var vs: [JSONValue]
            if let t = c.trailingClosure {
                vs = try children(t.statements, inner)
            } else if let e = unlabeled() {
                if arg("in") == nil, let p = attempt({ try paint(e, s) }) { return p }
                vs = try views(e, inner)
            } else if let e = arg("content") {
                vs = try views(e, inner)
            } else { throw fail(c, s.trail, ".\(name)", "expected a view or a colour") }
            var view = oneView(vs, c)
            if let shapeArg = arg("in") {
                // `.background(.red, in: RoundedRectangle(…))`: the shape filled with the paint.
                let shape = try shapeShorthand(shapeArg, s) ?? self.view(shapeArg, s)
                let fill = vs.count == 1 && vs[0]["type"]?.string == "rect" ? vs[0]["fill"] : nil
                view = shape.setting("fill", fill ?? systemColor("primary")!.json(at)).removing(defaultFillMarker)
            }
            if let a = arg("alignment")?.as(MemberAccessExprSyntax.self), let p = Self.unitPoints[a.declName.baseName.text], a.declName.baseName.text != "center" {
                view = J.obj([("type", J.str("zstack", at)), ("alignment", J.arr(p.map { J.num($0, at) }, at)),
                              ("frame", J.obj([("maxWidth", J.str("infinity", at)), ("maxHeight", J.str("infinity", at))], at)),
                              ("children", J.arr([view], at))], at)
            }
            return view
        }

        switch name {
        // MARK: Layout
        case "frame":
            var m: [(String, JSONValue)] = []
            for k in ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight"] {
                if let e = arg(k) {
                    let v = try sym(e, s, infinityAllowed: k.hasPrefix("max"))
                    if case .num(let n) = v, n.isInfinite { m.append((k, J.str("infinity", loc(e)))) } else { m.append((k, v.json(loc(e)))) }
                }
            }
            for k in ["idealWidth", "idealHeight"] where arg(k) != nil { warn(arg(k)!, s.trail, k, "ignored (ideal sizes matter only to fixedSize)") }
            if let a = arg("alignment") {
                guard let am = a.as(MemberAccessExprSyntax.self), let p = Self.unitPoints[am.declName.baseName.text] else {
                    throw fail(a, s.trail, "alignment", "expected a constant alignment")
                }
                m.append(("alignment", am.declName.baseName.text == "center" ? J.str("center", at) : J.arr(p.map { J.num($0, at) }, at)))
            }
            return ready(v, for: "frame", at).setting("frame", J.obj(m, at))
        case "padding":
            var amount: JSONValue = J.num(16, at)
            var edges: [String]? = nil
            if let e = args.first(where: { $0.label == nil })?.expression {
                if let m = e.as(MemberAccessExprSyntax.self), m.base == nil || m.base!.trimmedDescription == "Edge.Set" {
                    edges = [m.declName.baseName.text]
                } else if let arr = e.as(ArrayExprSyntax.self) {
                    edges = arr.elements.compactMap { $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text }
                } else if let ins = e.as(FunctionCallExprSyntax.self), ins.calledExpression.trimmedDescription == "EdgeInsets" {
                    var m: [(String, JSONValue)] = []
                    for k in ["top", "leading", "bottom", "trailing"] {
                        m.append((k, try ins.arguments.first { $0.label?.text == k }.map { try value($0.expression) } ?? J.num(0, at)))
                    }
                    return ready(v, for: "padding", at).setting("padding", J.obj(m, at))
                } else { amount = try value(e) }
                if edges != nil, args.count > 1, let e2 = args.dropFirst().first?.expression { amount = try value(e2) }
            }
            var p: JSONValue = amount
            if let edges {
                var m: [(String, JSONValue)] = []
                for e in edges {
                    switch e {
                    case "all": m += [("top", amount), ("leading", amount), ("bottom", amount), ("trailing", amount)]
                    case "horizontal": m += [("leading", amount), ("trailing", amount)]
                    case "vertical": m += [("top", amount), ("bottom", amount)]
                    case "top", "leading", "bottom", "trailing": m.append((e, amount))
                    default: throw fail(c, s.trail, ".padding", "unknown edge .\(e)")
                    }
                }
                p = J.obj(m, at)
            }
            return ready(v, for: "padding", at).setting("padding", p)
        case "fixedSize":
            guard v["type"]?.string == "text" else {
                warn(c, s.trail, ".fixedSize()", "applies to Text only here; ignored on other views")
                return v
            }
            if args.isEmpty { return v.setting("fixedSize", J.bool(true, at)) }
            return v.setting("fixedSize", J.obj([("horizontal", try arg("horizontal").map(value) ?? J.bool(false, at)),
                                                  ("vertical", try arg("vertical").map(value) ?? J.bool(false, at))], at))
        case "position":
            // SwiftUI: the view's centre at (x, y) of its parent's space, and the modified view takes all the space
            // proposed to it. Here: a 0×0 frame at (x, y) from the top-leading corner of a flexible frame; a frame
            // centres what overflows it, so the view's centre is that point.
            var x: Sym = .num(0), y: Sym = .num(0)
            if arg("x") != nil || arg("y") != nil {
                if let e = arg("x") { x = try sym(e, s) }
                if let e = arg("y") { y = try sym(e, s) }
            } else if let e = unlabeled() {
                (x, y) = try pair(e, s)
            } else { throw fail(c, s.trail, ".position", "expected x:, y: or a CGPoint") }
            let point = J.obj([("type", J.str("zstack", at)), ("frame", J.obj([("width", J.num(0, at)), ("height", J.num(0, at))], at)),
                               ("offset", J.obj([("x", x.json(at)), ("y", y.json(at))], at)), ("children", J.arr([v], at))], at)
            return J.obj([("type", J.str("zstack", at)),
                          ("frame", J.obj([("maxWidth", J.str("infinity", at)), ("maxHeight", J.str("infinity", at)),
                                           ("alignment", J.arr([J.num(0, at), J.num(0, at)], at))], at)),
                          ("children", J.arr([point], at))], at)
        case "preferredColorScheme":
            // The preview's own `.preferredColorScheme` sets the appearance (chainFacts); one inside a view does not.
            let inPreview = previews.contains { p in c.position >= p.node.position && c.endPosition <= p.node.endPosition }
            if !inPreview { warn(c, s.trail, ".preferredColorScheme(\(unlabeled()?.trimmedDescription ?? ""))",
                 "not applied inside a view: the appearance is the preview's (put .preferredColorScheme(.dark) on the preview's view); an appearance that changes is not supported") }
            return v
        case "ignoresSafeArea", "edgesIgnoringSafeArea", "labelsHidden", "drawingGroup",
             "previewLayout", "previewDisplayName", "previewDevice", "previewInterfaceOrientation":
            // The canvas has no safe area; a drawing group is a compositing group here.
            if name == "drawingGroup" { return v.setting("compositingGroup", J.bool(true, at)) }
            return v
        case "buttonStyle":
            // A Button becomes its label in the accent colour: iOS's default style, `.automatic`, which is borderless.
            // Any other style (`.plain`, `.bordered`, `.borderedProminent`, the file's own ButtonStyle) draws
            // something else, which is not drawn here: said, not guessed.
            let style = unlabeled()?.trimmedDescription ?? ""
            if ![".automatic", ".borderless", "DefaultButtonStyle()", "BorderlessButtonStyle()"].contains(style) {
                warn(c, s.trail, ".buttonStyle(\(style))",
                     "not drawn: the button keeps the default look (its label in the accent colour), without this style's background, colours or pressed effect")
            }
            return v
        // MARK: Drawing
        case "opacity":
            guard let e = unlabeled() else { throw fail(c, s.trail, ".opacity", "expected a value") }
            return ready(v, for: "opacity", at).setting("opacity", try value(e))
        case "offset":
            var x: JSONValue = J.num(0, at), y: JSONValue = J.num(0, at)
            if let e = unlabeled() {
                let p = try offsetPair(e, s)
                x = p.0.json(loc(e)); y = p.1.json(loc(e))
            } else {
                if let e = arg("x") { x = try value(e) }
                if let e = arg("y") { y = try value(e) }
            }
            return ready(v, for: "offset", at).setting("offset", J.obj([("x", x), ("y", y)], at))
        case "scaleEffect":
            var out = v
            var scale: JSONValue
            if let e = unlabeled() {
                if e.is(FunctionCallExprSyntax.self), let p = attempt({ try pair(e, s) }) { scale = J.obj([("x", p.0.json(at)), ("y", p.1.json(at))], at) }
                else { scale = try value(e) }
            } else {
                scale = J.obj([("x", try arg("x").map(value) ?? J.num(1, at)), ("y", try arg("y").map(value) ?? J.num(1, at))], at)
            }
            out = ready(out, for: "scale", at)
            if let a = arg("anchor") {
                let ap = try unitPoint(a, s, default: [0.5, 0.5], at)
                if out["rotation"] != nil || out["anchor"] != nil { out = ready(out, for: "offset", at) }
                out = out.setting("anchor", ap)
            }
            return out.setting("scale", scale)
        case "rotationEffect":
            guard let e = unlabeled() else { throw fail(c, s.trail, ".rotationEffect", "expected an angle") }
            var out = ready(v, for: "rotation", at)
            if let a = arg("anchor") {
                let ap = try unitPoint(a, s, default: [0.5, 0.5], at)
                if let old = out["anchor"], old.compactDescription != ap.compactDescription { out = ready(out, for: "offset", at) }
                out = out.setting("anchor", ap)
            } else if out["anchor"] != nil, out["scale"] != nil { out = ready(out, for: "offset", at) }
            return out.setting("rotation", try angle(e, s).json(loc(e)))
        case "rotation3DEffect":
            guard let e = unlabeled() else { throw fail(c, s.trail, ".rotation3DEffect", "expected an angle") }
            var m: [(String, JSONValue)] = [("angle", try angle(e, s).json(loc(e)))]
            guard let ax = arg("axis"), let tuple = ax.as(TupleExprSyntax.self), tuple.elements.count == 3 else {
                throw fail(c, s.trail, ".rotation3DEffect", "expected axis: (x: …, y: …, z: …)")
            }
            m.append(("axis", J.arr(try tuple.elements.map { try value($0.expression) }, loc(ax))))
            if let a = arg("anchor") { m.append(("anchor", try unitPoint(a, s, default: [0.5, 0.5], at))) }
            if let a = arg("anchorZ") { m.append(("anchorZ", try value(a))) }
            if let a = arg("perspective") { m.append(("perspective", try value(a))) }
            return ready(v, for: "rotation3D", at).setting("rotation3D", J.obj(m, at))
        case "shadow":
            var m: [(String, JSONValue)] = []
            if let col = arg("color") { m.append(("color", try color(col, s).json(loc(col)))) }
            m.append(("radius", try arg("radius").map(value) ?? J.num(0, at)))
            if let x = arg("x") { m.append(("x", try value(x))) }
            if let y = arg("y") { m.append(("y", try value(y))) }
            let out = ready(v, for: "shadows", at)
            let list = (out["shadows"]?.elements ?? []) + [J.obj(m, at)]
            return out.setting("shadows", J.arr(list, at))
        case "blur":
            guard let r = arg("radius") else { throw fail(c, s.trail, ".blur", "expected radius:") }
            if let o = arg("opaque"), o.trimmedDescription == "true" { warn(o, s.trail, "opaque: true", "drawn as opaque: false (edges fade)") }
            return ready(v, for: "blur", at).setting("blur", try value(r))
        case "background":
            return ready(v, for: "background", at).setting("background", try content())
        case "overlay":
            return ready(v, for: "overlay", at).setting("overlay", try content())
        case "mask":
            let mv = try content()
            return ready(v, for: "mask", at).setting("mask", mv.members?.first?.key == "type" || mv["type"] != nil ? mv : J.obj([("type", J.str("rect", at)), ("fill", mv)], at))
        case "clipShape", "cornerRadius":
            var shape: JSONValue
            if name == "cornerRadius" {
                guard let r = unlabeled() else { throw fail(c, s.trail, ".cornerRadius", "expected a radius") }
                shape = J.obj([("type", J.str("roundedRect", at)), ("cornerRadius", try value(r)), ("style", J.str("circular", at))], at)
            } else {
                guard let e = unlabeled() else { throw fail(c, s.trail, ".clipShape", "expected a shape") }
                shape = try shapeShorthand(e, s) ?? view(e, s)
                guard isShape(shape) else { throw fail(e, s.trail, ".clipShape", "expected a shape (Rectangle, RoundedRectangle, Capsule, Circle, Ellipse)") }
            }
            shape = shape.setting("fill", J.str("#000000", at)).removing(defaultFillMarker)
            return ready(v, for: "mask", at).setting("mask", shape)
        case "clipped":
            return ready(v, for: "clip", at).setting("clip", J.bool(true, at))
        case "compositingGroup":
            return v.setting("compositingGroup", J.bool(true, at))
        // MARK: Shapes and text
        case "fill":
            guard isShape(v), shapeStillShape(v) else { throw fail(c, s.trail, ".fill", "applies to a shape (before its other modifiers)") }
            let p = try unlabeled().map { try paint($0, s) } ?? systemColor("primary")!.json(at)
            return onShape(v) { v in
                // iOS 17: a stroked shape is a shape (its outline), so `.stroke(…).fill(p)` paints the stroke with p.
                if v["fill"] == nil, let stroke = v["stroke"] {
                    return v.setting("stroke", stroke.setting("paint", p)).removing(defaultStrokeMarker)
                }
                return v.setting("fill", p).removing(defaultFillMarker)
            }
        case "stroke", "strokeBorder":
            guard isShape(v), shapeStillShape(v) else { throw fail(c, s.trail, ".\(name)", "applies to a shape (before its other modifiers)") }
            var width: JSONValue = J.num(1, at)
            var lineStyle: [(String, JSONValue)] = []
            if let w = arg("lineWidth") { width = try value(w) }
            if let st = arg("style") {
                guard let sc = st.as(FunctionCallExprSyntax.self), sc.calledExpression.trimmedDescription.hasSuffix("StrokeStyle") else {
                    throw fail(st, s.trail, "style:", "expected StrokeStyle(lineWidth:)")
                }
                if let w = sc.arguments.first(where: { $0.label?.text == "lineWidth" }) { width = try value(w.expression) }
                for a in sc.arguments where a.label?.text != "lineWidth" {
                    let label = a.label?.text ?? "_"
                    let choices = label == "lineCap" ? ["butt", "round", "square"] : label == "lineJoin" ? ["miter", "round", "bevel"] : []
                    guard !choices.isEmpty else {
                        warn(a, s.trail, "StrokeStyle(\(label):)", "not supported; drawn without dashes (miter limit 10)")
                        continue
                    }
                    guard let m = a.expression.as(MemberAccessExprSyntax.self), choices.contains(m.declName.baseName.text) else {
                        throw fail(a.expression, s.trail, "StrokeStyle(\(label):)", "expected one of " + choices.map { ".\($0)" }.joined(separator: ", "))
                    }
                    lineStyle.append((label, J.str(m.declName.baseName.text, loc(a.expression))))
                }
            }
            let given = try unlabeled().map { try paint($0, s) }
            let paintValue = given ?? systemColor("primary")!.json(at)
            if name == "strokeBorder", v[customShapeMarker] != nil {
                throw fail(c, s.trail, ".strokeBorder", "not supported on the file's own Shapes (it needs their inset(by:)); use .stroke")
            }
            return onShape(v) { v in
            // iOS 17's `.fill(a).stroke(b)` keeps the fill; a stroke alone has none.
            var out = (v[defaultFillMarker] != nil ? v.removing("fill") : v).removing(defaultFillMarker).setting("stroke", J.obj([("paint", paintValue), ("width", width)] + lineStyle, at))
            // A stroke without a paint is the foreground style: a later `.foregroundColor` sets it.
            if given == nil { out = out.setting(defaultStrokeMarker, J.bool(true, at)) }
            if name == "strokeBorder" {
                // Inside the shape's edge: the same shape inset by half the line width, stroked on its centre line.
                if let w = width.number { out = out.setting("padding", J.num(w / 2, at)) }
                else if let ws = width.string { out = out.setting("padding", J.str("=(\(ws.dropFirst())) / 2", at)) }
            }
            return out
            }
        case "trim":
            guard isShape(v) else { throw fail(c, s.trail, ".trim", "applies to a shape") }
            let trim = J.obj([("from", try arg("from").map(value) ?? J.num(0, at)), ("to", try arg("to").map(value) ?? J.num(1, at))], at)
            return onShape(v) { $0.setting("trim", trim) }
        case "foregroundColor", "foregroundStyle", "tint":
            guard let e = unlabeled() else { throw fail(c, s.trail, ".\(name)", "expected a colour") }
            if name == "tint" { return v }
            return applyForeground(v, try paint(e, s))
        case "font":
            guard let e = unlabeled() else { throw fail(c, s.trail, ".font", "expected a font") }
            let (font, mono) = try self.font(e, s)
            var out = applyFont(v, font)
            if mono { out = rewrite(out) { $0["type"]?.string == "text" ? $0.setting("monospacedDigit", J.bool(true, at)) : $0 } }
            return out
        case "fontWeight", "bold":
            var w: JSONValue = J.str("bold", at)
            if name == "fontWeight", let e = unlabeled() {
                guard let m = e.as(MemberAccessExprSyntax.self) else { throw fail(e, s.trail, ".fontWeight", "expected a weight (.bold, .semibold, …)") }
                w = J.str(m.declName.baseName.text, loc(e))
            }
            return rewrite(v) { node in
                guard node["type"]?.string == "text", let f = node["font"] else { return node }
                return node.setting("font", f.setting("weight", w)).setting(ownWeightMarker, w)
            }
        case "monospaced":
            return rewrite(v) { node in
                guard node["type"]?.string == "text", let f = node["font"] else { return node }
                return node.setting("font", f.setting("design", J.str("monospaced", at))).setting(ownDesignMarker, J.str("monospaced", at))
            }
        case "italic":
            warn(c, s.trail, ".italic()", "italic faces are not installed; drawn upright")
            return v
        case "kerning", "tracking":
            guard let e = unlabeled() else { throw fail(c, s.trail, ".\(name)", "expected a value") }
            if name == "tracking" { warn(c, s.trail, ".tracking", "drawn as kerning (the same extra space after each glyph)") }
            let k = try value(e)
            return rewrite(v) { $0["type"]?.string == "text" ? $0.setting("kerning", k) : $0 }
        case "monospacedDigit":
            return rewrite(v) { $0["type"]?.string == "text" ? $0.setting("monospacedDigit", J.bool(true, at)) : $0 }
        case "lineLimit":
            guard let e = unlabeled() else { return v }
            if e.trimmedDescription == "nil" { return v }
            return rewrite(v) { $0["type"]?.string == "text" ? $0.setting("lineLimit", J.num(self.attempt({ try self.constant(e, c, s, "lineLimit") })?.number ?? 1, at)) : $0 }
        case "multilineTextAlignment":
            guard let m = unlabeled()?.as(MemberAccessExprSyntax.self) else { throw fail(c, s.trail, ".multilineTextAlignment", "expected .leading, .center or .trailing") }
            return rewrite(v) { $0["type"]?.string == "text" ? $0.setting("multilineTextAlignment", J.str(m.declName.baseName.text, at)) : $0 }
        case "resizable":
            guard v["type"]?.string == "image" else { throw fail(c, s.trail, ".resizable", "applies to an Image") }
            return v.setting("resizable", J.bool(true, at))
        case "aspectRatio", "scaledToFit", "scaledToFill":
            guard v["type"]?.string == "image" else {
                warn(c, s.trail, ".\(name)", "applies to images only here; ignored")
                return v
            }
            var mode = name == "scaledToFill" ? "fill" : "fit"
            if let m = arg("contentMode")?.as(MemberAccessExprSyntax.self) { mode = m.declName.baseName.text }
            return v.setting("contentMode", J.str(mode, at))
        // MARK: Identity, presence, animation
        case "id":
            guard let e = unlabeled() else { throw fail(c, s.trail, ".id", "expected a value") }
            if v[geometryIdMarker] != nil {
                throw fail(c, s.trail, ".id", "not supported on a GeometryReader whose size an onAppear reads (the event names it by an id of its own)")
            }
            return v.setting("id", try identifier(e, s))
        case "matchedGeometryEffect":
            guard let idArg = arg("id") else { throw fail(c, s.trail, ".matchedGeometryEffect", "expected id:") }
            var id = try identifier(idArg, s)
            if let ns = arg("in"), let r = ns.as(DeclReferenceExprSyntax.self), case .namespace(let n)? = lookup(r.baseName.text, s),
               namespaceCount() > 1, let str = id.string {
                id = J.str(n + "." + str, id.location)
            }
            var m: [(String, JSONValue)] = [("id", id)]
            if let src = arg("isSource") { m.append(("isSource", try value(src))) }
            if isShape(v) { m.append(("morph", J.bool(true, at))) }
            if let p = arg("properties") { warn(p, s.trail, "properties:", "matched geometry here moves the whole frame") }
            return v.setting("matchedGeometry", J.obj(m, at))
        case "transition":
            guard let e = unlabeled() else { throw fail(c, s.trail, ".transition", "expected a transition") }
            return v.setting("transition", try transition(e, s))
        case "animation":
            guard let e = unlabeled() else { throw fail(c, s.trail, ".animation", "expected an animation") }
            let a = e.trimmedDescription == "nil" ? nil : try animation(e, s)
            var watched: Set<String>
            if let valueArg = arg("value"), valueArg.trimmedDescription == "UUID()" {
                // A new UUID on every update is never equal to the last one, so every change this view reads
                // animates with it: the older form below.
                watched = stateReads(v)
            } else if let valueArg = arg("value") {
                // Changes of what `value` reads animate this view with this animation.
                watched = attempt({ try sym(valueArg, s) })?.reads ?? []
                if watched.isEmpty { warn(valueArg, s.trail, "value:", "reads no state variable, so nothing animates by it") }
            } else {
                // The older form: every change this view reads.
                watched = stateReads(v)
            }
            return scopeAnimation(a, to: v, watching: watched.filter { stateKinds[$0] != nil && !$0.hasPrefix("_") })
        case "zIndex":
            // A constant z order among a ZStack's views is their drawing order (the ZStack sorts them); one that
            // changes is not modelled.
            guard let e = unlabeled() else { throw fail(c, s.trail, ".zIndex", "expected a number") }
            guard case .num(let z) = try sym(e, s).substitute(unchangedStates) else {
                warn(c, s.trail, ".zIndex", "a z order that changes is not supported: views are drawn in the order they are written")
                return v
            }
            return v.setting(zIndexMarker, J.num(z, at))
        case "layoutPriority":
            // A trait of the view as its parent sees it: it stays on the outermost view when later modifiers wrap it.
            guard let e = unlabeled() else { throw fail(c, s.trail, ".layoutPriority", "expected a number") }
            return v.setting("layoutPriority", try value(e))
        case "contentShape":
            warn(c, s.trail, ".contentShape(\(unlabeled().map { text($0) } ?? ""))", "changes only the hit area")
            return v
        case "allowsHitTesting":
            warn(c, s.trail, ".allowsHitTesting", "ignored: every view with a gesture takes touches")
            return v
        case "modifier":
            guard let e = unlabeled() else { throw fail(c, s.trail, ".modifier", "expected a ViewModifier") }
            return try applyViewModifier(e, v, s)
        case "keyframeAnimator":
            return try keyframeAnimator(c, v, s)
        case "phaseAnimator":
            return oneView(try phaseAnimator(c, on: v, s), c)
        // MARK: Handlers
        case "onAppear", "onTapGesture", "onLongPressGesture", "gesture", "simultaneousGesture", "highPriorityGesture", "onReceive":
            return try handlerModifier(name, c, v, s)
        default:
            if let f = extensionMembers["View"]?[name]?.as(FunctionDeclSyntax.self), let body = f.body {
                var inner = s.inlined(instance: s.instance, trail: s.trail.adding("View.\(name)()"))
                try bindArguments(f, c, s, into: &inner)
                inner.values["self"] = .views([v])
                return oneView(try children(body.statements, inner), c)
            }
            let trail = s.trail.parts.isEmpty ? s.trail : Trail(parts: s.trail.parts.dropLast())
            if let advice = Self.unsupportedModifiers[name] { throw fail(c.calledExpression, trail, ".\(name)", advice) }
            throw fail(c.calledExpression, trail, ".\(name)(\(text(c.arguments)))",
                       "unknown modifier" + (NameSuggestion.nearest(to: name, among: Self.knownModifiers).map { "; nearest: .\($0)" } ?? ""))
        }
    }

    func namespaceCount() -> Int {
        structs.values.reduce(0) { n, d in
            n + d.memberBlock.members.filter { $0.decl.as(VariableDeclSyntax.self)?.attributes.trimmedDescription.contains("@Namespace") == true }.count
        }
    }

    /// An angle in degrees: `.degrees(x)`, `.radians(x)`, `Angle(degrees:)`, an Angle property.
    func angle(_ e: ExprSyntax, _ s: Scope) throws -> Sym { try sym(e, s) }

    func offsetPair(_ e: ExprSyntax, _ s: Scope) throws -> (Sym, Sym) { try pair(e, s) }

    /// An id or matched-geometry id: a string, with `{i}` for loop variables.
    func identifier(_ e: ExprSyntax, _ s: Scope) throws -> JSONValue {
        // A `@Namespace` used as an id (`matchedGeometryEffect(id: circleID, in: ns)`, a Namespace.ID is Hashable):
        // its name.
        if let r = e.as(DeclReferenceExprSyntax.self), case .namespace(let n)? = lookup(r.baseName.text, s) { return J.str(n, loc(e)) }
        if let lit = e.as(StringLiteralExprSyntax.self) {
            var out = ""
            for seg in lit.segments {
                if let t = seg.as(StringSegmentSyntax.self) { out += t.content.text }
                else if let ex = seg.as(ExpressionSegmentSyntax.self), let inner = ex.expressions.first?.expression {
                    let v = try sym(inner, s)
                    switch v {
                    case .num(let n): out += Sym.number(n)
                    case .str(let str): out += str
                    case .ref(let n, _): out += "{\(n)}"
                    default: out += "{=" + v.source + "}"
                    }
                }
            }
            return J.str(out, loc(e))
        }
        let v = try sym(e, s)
        switch v {
        case .num(let n): return J.str(Sym.number(n), loc(e))
        case .str(let str): return J.str(str, loc(e))
        case .ref(let n, _): return J.str("{\(n)}", loc(e))
        default: return J.str("{=" + v.source + "}", loc(e))
        }
    }

    /// The state variables a translated view reads in its expressions.
    func stateReads(_ v: JSONValue) -> Set<String> {
        var out: Set<String> = []
        func walk(_ j: JSONValue) {
            switch j.kind {
            case .string(let str):
                guard str.hasPrefix("=") || str.contains("{=") else { return }
                let words = str.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                for w in words where stateKinds[String(w)] != nil { out.insert(String(w)) }
            case .array(let a): a.forEach(walk)
            case .object(let m): for x in m { if x.key == "if" { walk(J.str("=" + (x.value.string ?? ""), x.value.location)) } else { walk(x.value) } }
            default: break
            }
        }
        walk(v)
        return out
    }

    /// The view reads its own copy of each watched state variable; every change of the variable sets the copy too,
    /// with `a` (see `mirrors`).
    func scopeAnimation(_ a: JSONValue?, to v: JSONValue, watching names: Set<String>) -> JSONValue {
        var out = v
        // A copy an inner `.animation` already reads keeps that modifier's animation: in SwiftUI the modifier nearest
        // the view sets the transaction for it.
        let copies = Set(mirrors.values.flatMap { $0.map(\.name) })
        for n in names.sorted() where !copies.contains(n) {
            let reads = stateReads(out)
            guard reads.contains(n) else { continue }
            let copy = "\(n)__\((mirrors[n]?.count ?? 0) + 1)"
            mirrors[n, default: []].append((copy, a))
            if let initial = state.first(where: { $0.name == n })?.value { addState(copy, initial, stateKinds[n] ?? .number) }
            out = renameVariable(n, to: copy, in: out)
        }
        return out
    }

    /// Replaces the state variable `old` by `new` in every expression, condition and text template of a view.
    func renameVariable(_ old: String, to new: String, in v: JSONValue) -> JSONValue {
        func rename(_ text: String) -> String {
            var out = "", word = ""
            var quoted = false, member = false
            func flush() { out += (word == old && !quoted && !member) ? new : word; word = "" }
            var previous: Character = " "
            for ch in text {
                if ch.isLetter || ch.isNumber || ch == "_" {
                    if word.isEmpty { member = previous == "." }
                    word.append(ch)
                } else {
                    flush()
                    if ch == "'" { quoted.toggle() }
                    out.append(ch)
                }
                previous = ch
            }
            flush()
            return out
        }
        func walk(_ j: JSONValue, key: String?) -> JSONValue {
            var out = j
            switch j.kind {
            case .string(let str):
                if key == "if" || str.hasPrefix("=") || str.contains("{=") { out.kind = .string(rename(str)) }
            case .array(let a): out.kind = .array(a.map { walk($0, key: nil) })
            case .object(let m):
                out.kind = .object(m.map { JSONMember(key: $0.key, keyLocation: $0.keyLocation, value: ($0.key == "gestures") ? $0.value : walk($0.value, key: $0.key)) })
            default: break
            }
            return out
        }
        return walk(v, key: nil)
    }

    /// `.font(…)` as the scene's font object; true when it asks for tabular digits.
    func font(_ e: ExprSyntax, _ s: Scope) throws -> (JSONValue, Bool) {
        let at = loc(e)
        // Text styles at the default Dynamic Type size (Apple's Human Interface Guidelines, "Typography", iOS "Large").
        let styles: [String: (Double, String)] = [
            "largeTitle": (34, "regular"), "title": (28, "regular"), "title2": (22, "regular"), "title3": (20, "regular"),
            "headline": (17, "semibold"), "body": (17, "regular"), "callout": (16, "regular"), "subheadline": (15, "regular"),
            "footnote": (13, "regular"), "caption": (12, "regular"), "caption2": (11, "regular"),
        ]
        var size: JSONValue = J.num(17, at), weight: JSONValue? = nil, design: JSONValue? = nil
        var mono = false
        var cur = e
        var mods: [(String, [LabeledExprSyntax])] = []
        while let c = cur.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
            mods.insert((m.declName.baseName.text, Array(c.arguments)), at: 0)
            cur = base
        }
        while let m = cur.as(MemberAccessExprSyntax.self), let base = m.base, base.trimmedDescription != "Font", styles[m.declName.baseName.text] == nil {
            mods.insert((m.declName.baseName.text, []), at: 0)
            cur = base
        }
        if let m = cur.as(MemberAccessExprSyntax.self), let st = styles[m.declName.baseName.text] {
            size = J.num(st.0, at)
            if st.1 != "regular" { weight = J.str(st.1, at) }
        } else if let c = cur.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self) {
            let args = Array(c.arguments)
            switch m.declName.baseName.text {
            case "system":
                if let sz = args.first(where: { $0.label?.text == "size" }) { size = try sym(sz.expression, s).json(loc(sz)) }
                else if let st = args.first?.expression.as(MemberAccessExprSyntax.self), let x = styles[st.declName.baseName.text] {
                    size = J.num(x.0, at)
                    if x.1 != "regular" { weight = J.str(x.1, at) }
                }
                if let w = args.first(where: { $0.label?.text == "weight" })?.expression.as(MemberAccessExprSyntax.self) { weight = J.str(w.declName.baseName.text, at) }
                if let d = args.first(where: { $0.label?.text == "design" })?.expression.as(MemberAccessExprSyntax.self) { design = J.str(d.declName.baseName.text, at) }
            case "custom":
                warn(c, s.trail, ".custom", "custom fonts are not installed; drawn with the system font at the same size")
                if let sz = args.first(where: { $0.label?.text == "size" }) { size = try sym(sz.expression, s).json(loc(sz)) }
            default: throw fail(e, s.trail, text(e), "unknown font")
            }
        } else {
            throw fail(e, s.trail, text(e), "unknown font (supported: text styles, .system(size:weight:design:), .custom)")
        }
        for (name, args) in mods {
            switch name {
            case "weight": if let w = args.first?.expression.as(MemberAccessExprSyntax.self) { weight = J.str(w.declName.baseName.text, at) }
            case "bold": weight = J.str("bold", at)
            case "monospaced": design = J.str("monospaced", at)
            case "monospacedDigit": mono = true
            case "italic": warn(e, s.trail, ".italic()", "italic faces are not installed; drawn upright")
            default: throw fail(e, s.trail, "Font.\(name)", "unknown font modifier")
            }
        }
        var m: [(String, JSONValue)] = [("size", size)]
        if let weight { m.append(("weight", weight)) }
        if let design, design.string != "default" { m.append(("design", design)) }
        return (J.obj(m, at), mono)
    }

    /// `.modifier(M(args))`: M's `body(content:)` inlined around the view.
    func applyViewModifier(_ e: ExprSyntax, _ v: JSONValue, _ s: Scope) throws -> JSONValue {
        guard let c = e.as(FunctionCallExprSyntax.self), let decl = structs[c.calledExpression.trimmedDescription] else {
            throw fail(e, s.trail, ".modifier", "expected one of the file's ViewModifier structs")
        }
        let inst = newInstance(decl.name.text)
        try bindProperties(decl, inst, c, s, root: false)
        guard let f = decl.memberBlock.members.compactMap({ $0.decl.as(FunctionDeclSyntax.self) }).first(where: { $0.name.text == "body" }),
              let body = f.body else { throw fail(decl, s.trail, decl.name.text, "has no body(content:)") }
        var inner = s.inlined(instance: inst, trail: s.trail.adding("\(decl.name.text).body"))
        let contentName = f.signature.parameterClause.parameters.first.map { ($0.secondName ?? $0.firstName).text } ?? "content"
        inner.values[contentName] = .views([v])
        return oneView(try children(body.statements, inner), c)
    }

    /// The view keys a ViewModifier sets, for `.modifier(active:identity:)` transitions.
    func modifierKeys(_ e: ExprSyntax, _ s: Scope) throws -> JSONValue {
        let at = loc(e)
        let placeholder = J.obj([("type", J.str("rect", at))], at)
        let applied = try applyViewModifier(e, placeholder, s)
        guard applied["type"]?.string == "rect", applied["children"] == nil else {
            throw fail(e, s.trail, ".modifier(active:identity:)", "the modifier must change the view's own keys only")
        }
        let allowed = ["padding", "frame", "shadows", "blur", "opacity", "offset", "scale", "rotation", "anchor"]
        var m: [(String, JSONValue)] = []
        for x in applied.members ?? [] where x.key != "type" {
            guard allowed.contains(x.key) else {
                throw fail(e, s.trail, ".modifier(active:identity:)", "a transition modifier may set only \(allowed.joined(separator: ", ")); this one sets \(x.key)")
            }
            m.append((x.key, x.value))
        }
        return J.obj(m, at)
    }
}

extension JSONValue {
    var compactDescription: String { sceneText() }
}
