import Geometry
import SceneModel

/// Keys every view accepts (§3).
let commonViewKeys = ["type", "padding", "frame", "background", "overlay", "mask", "clip", "shadows", "shadowMode", "blur", "opacity",
                      "offset", "scale", "rotation", "anchor", "rotation3D", "matchedGeometry", "if", "transition", "id", "gestures",
                      "compositingGroup", "layoutPriority"]

/// Keys that belong to each view type, besides the common ones.
let viewTypeKeys: [String: [String]] = [
    "rect": ["fill", "stroke", "trim"], "roundedRect": ["fill", "stroke", "trim", "cornerRadius", "style"],
    "capsule": ["fill", "stroke", "trim"], "circle": ["fill", "stroke", "trim"], "ellipse": ["fill", "stroke", "trim"],
    "path": ["fill", "stroke", "trim", "elements"],
    "text": ["text", "font", "monospacedDigit", "kerning", "fill", "alignment", "multilineTextAlignment", "lineLimit",
             "truncationMode", "lineSpacing", "fixedSize"],
    "image": ["src", "contentMode", "resizable", "pixelsPerPoint"],
    "lottie": ["src", "contentMode", "progress", "lottieFrame"],
    "zstack": ["alignment", "children"], "hstack": ["spacing", "alignment", "children"],
    "vstack": ["spacing", "alignment", "children"], "spacer": ["minLength"], "geometry": ["children"],
    "scroll": ["axis", "children"], "grid": ["columns", "spacing", "children"],
    "forEach": ["count", "as", "content", "itemState"],
]


extension SceneReader {
    mutating func view(_ v: JSONValue, _ path: String, _ scope: Scope, depth: Int = 0) -> ViewSpec? {
        if depth > SceneLimits.maxViewDepth {
            fail(v, path, "views nest deeper than \(SceneLimits.maxViewDepth) levels")
            return nil
        }
        guard let members = v.members else { fail(v, path, "expected a view (an object with a \"type\"), found \(v.typeName)"); return nil }
        guard let typeValue = members.first(where: { $0.key == "type" })?.value else {
            fail(v, path, "missing required key \"type\"")
            return nil
        }
        guard let type = typeValue.string else { fail(typeValue, join(path, "type"), "expected a string, found \(typeValue.typeName)"); return nil }
        guard let own = viewTypeKeys[type], type != "forEach" else {
            if type == "forEach" {
                fail(typeValue, join(path, "type"), "forEach may only appear in a container's children")
            } else {
                let types = viewTypeKeys.keys.filter { $0 != "forEach" }.sorted()
                let hint = nearest(type, in: Array(viewTypeKeys.keys)).map { "; did you mean \"\($0)\"?" } ?? " (view types: \(types.joined(separator: ", ")))"
                fail(typeValue, join(path, "type"), "unknown view type \"\(type)\"\(hint)")
            }
            return nil
        }
        guard let o = object(v, path, allowed: commonViewKeys + own) else { return nil }

        var kind: ViewKindSpec?
        var children: [ChildSpec] = []
        switch type {
        case "rect": kind = .shape(.rect, shapeSpec(o, path, scope))
        case "capsule": kind = .shape(.capsule, shapeSpec(o, path, scope))
        case "circle": kind = .shape(.circle, shapeSpec(o, path, scope))
        case "ellipse": kind = .shape(.ellipse, shapeSpec(o, path, scope))
        case "path":
            let commands = require(o, "elements", in: v, path).flatMap { pathCommands($0, join(path, "elements"), scope) }
            let style = shapeSpec(o, path, scope)
            if let commands { kind = .shape(.path(commands), style) }
        case "roundedRect":
            let r = o["cornerRadius"].flatMap { dynamicNumber($0, join(path, "cornerRadius"), scope, min: 0) } ?? .constant(0)
            let style = o["style"].flatMap { oneOf($0, join(path, "style"), CornerStyle.allCases.map(\.rawValue)) } ?? "continuous"
            kind = .shape(.roundedRect(cornerRadius: r, style: CornerStyle(rawValue: style) ?? .continuous), shapeSpec(o, path, scope))
        case "text": kind = textSpec(o, v, path, scope).map { .text($0) }
        case "image": kind = imageSpec(o, v, path).map { .image($0) }
        case "lottie": kind = lottieSpec(o, v, path, scope).map { .lottie($0) }
        case "zstack":
            let a = o["alignment"].flatMap { staticUnitPoint($0, join(path, "alignment")) } ?? .center
            kind = .zstack(alignment: a)
        case "hstack":
            let s = o["spacing"].flatMap { dynamicNumber($0, join(path, "spacing"), scope) }
            let a = o["alignment"].flatMap { oneOf($0, join(path, "alignment"), ["top", "center", "bottom"]) } ?? "center"
            kind = .hstack(spacing: s, alignment: VerticalAlignment(rawValue: a) ?? .center)
        case "vstack":
            let s = o["spacing"].flatMap { dynamicNumber($0, join(path, "spacing"), scope) }
            let a = o["alignment"].flatMap { oneOf($0, join(path, "alignment"), ["leading", "center", "trailing"]) } ?? "center"
            kind = .vstack(spacing: s, alignment: HorizontalAlignment(rawValue: a) ?? .center)
        case "spacer":
            kind = .spacer(minLength: o["minLength"].flatMap { dynamicNumber($0, join(path, "minLength"), scope, min: 0) })
        case "geometry": kind = .geometry
        case "grid":
            let s = o["spacing"].flatMap { dynamicNumber($0, join(path, "spacing"), scope, min: 0) }
            if let c = require(o, "columns", in: v, path), let columns = gridColumns(c, join(path, "columns"), scope) {
                kind = .grid(columns: columns, spacing: s)
            }
        case "scroll":
            let axis = o["axis"].flatMap { oneOf($0, join(path, "axis"), ScrollAxis.allCases.map(\.rawValue)) }
            kind = .scroll(axis: axis.flatMap(ScrollAxis.init) ?? .vertical)
        default: break
        }
        if ["zstack", "hstack", "vstack", "geometry", "scroll", "grid"].contains(type), let c = o["children"] {
            // A geometry container's children read its size; its own keys (frame, padding…) read the enclosing one's.
            var inner = scope
            if type == "geometry" { inner.geometry = true }
            children = self.children(c, join(path, "children"), inner, depth: depth)
        }

        let modifiers = modifierSpec(o, path, scope, depth: depth)
        let presence = o["if"].flatMap { self.condition($0, join(path, "if"), scope) }
        let entering = o["transition"].flatMap { self.transition($0, join(path, "transition"), scope) }
        let matched = o["matchedGeometry"].flatMap { self.matchedGeometry($0, join(path, "matchedGeometry"), scope) }
        var id: TemplateString?
        if let iv = o["id"], let s = string(iv, join(path, "id")) {
            let t = TemplateString.parse(s)
            checkTemplate(t, iv, join(path, "id"), scope)
            id = t
        }
        let gestures = o["gestures"].map { gestureList($0, join(path, "gestures"), scope) } ?? []
        guard let k = kind else { return nil }
        return ViewSpec(path: path, identity: path, location: v.location, kind: k, children: children, modifiers: modifiers,
                        condition: presence, transition: entering, matchedGeometry: matched, id: id, gestures: gestures)
    }

    mutating func checkTemplate(_ t: TemplateString, _ v: JSONValue, _ path: String, _ scope: Scope) {
        // Point at each offending `{name}` inside the string, in order of appearance.
        let text = v.string ?? ""
        var searchFrom = text.startIndex
        for name in t.variables {
            let found = text.range(of: "{\(name)}", range: searchFrom..<text.endIndex)
            if let r = found { searchFrom = r.upperBound }
            guard !scope.loopVariables.contains(name) else { continue }
            let at = found.map { v.location(ofScalar: text.unicodeScalars.distance(from: text.startIndex, to: $0.lowerBound)) } ?? v.location
            fail(at, path, "\"{\(name)}\" names no loop variable in scope" + (scope.loopVariables.isEmpty ? "" : " (in scope: \(scope.loopVariables.joined(separator: ", ")))"))
        }
    }

    mutating func children(_ v: JSONValue, _ path: String, _ scope: Scope, depth: Int) -> [ChildSpec] {
        guard let items = v.elements else { fail(v, path, "expected a list of views, found \(v.typeName)"); return [] }
        var out: [ChildSpec] = []
        for (i, item) in items.enumerated() {
            let p = "\(path)[\(i)]"
            if item.members?.first(where: { $0.key == "type" })?.value.string == "forEach" {
                if let f = forEach(item, p, scope, depth: depth + 1) { out.append(f) }
            } else if let view = view(item, p, scope, depth: depth + 1) {
                out.append(.view(view))
            }
        }
        return out
    }

    mutating func forEach(_ v: JSONValue, _ path: String, _ scope: Scope, depth: Int) -> ChildSpec? {
        guard let o = object(v, path, allowed: ["type", "count", "as", "content", "itemState"]) else { return nil }
        var count = require(o, "count", in: v, path).flatMap { dynamicNumber($0, join(path, "count"), scope, min: 0, max: Double(SceneLimits.maxViews)) }
        // A literal count must be whole: "2.5 copies" has no meaning (an expression's value is rounded down when evaluated).
        if case .constant(let n)? = count, n != n.rounded(.down), let cv = o["count"] {
            fail(cv, join(path, "count"), "expected a whole number of views, found \(fmt(n))")
            count = nil
        }
        var name = "i"
        if let a = o["as"], let s = string(a, join(path, "as")) {
            if !(s.first.map { $0.isLetter || $0 == "_" } ?? false) || !s.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                fail(a, join(path, "as"), "\"\(s)\" is not a valid variable name")
            } else if ["true", "false", "infinity"].contains(s) {
                fail(a, join(path, "as"), "\"\(s)\" is reserved")
            } else if stateTypes[s] != nil || s == "t" {
                fail(a, join(path, "as"), "loop variable \"\(s)\" would hide a state variable")
            } else { name = s }
        }
        var inner = scope
        inner.loopVariables.append(name)
        for d in itemStateDeclarations[path] ?? [] {
            inner.itemState[d.name] = ItemStateSlot(base: d.base, count: d.count, type: d.type, loopDepth: inner.loopVariables.count - 1)
        }
        guard let cv = require(o, "content", in: v, path) else { return nil }
        let content = view(cv, join(path, "content"), inner, depth: depth + 1)
        guard let c = count, let body = content else { return nil }
        return .forEach(count: c, variable: name, content: body, path: path)
    }

    /// A `path` view's `elements`: `"close"`, or one-key objects `{"move": [x, y]}`, `{"line": [x, y]}`,
    /// `{"quadCurve": {"to": [x, y], "control": [x, y]}}`, `{"curve": {"to", "control1", "control2"}}`,
    /// `{"arc": {"center": [x, y], "radius", "startAngle", "endAngle", "clockwise"}}`, `{"rect": [x, y, w, h]}`,
    /// `{"ellipse": [x, y, w, h]}`; every number may be an expression.
    mutating func pathCommands(_ v: JSONValue, _ path: String, _ scope: Scope) -> [PathCommand<Dynamic<Double>>]? {
        guard let items = v.elements else { fail(v, path, "expected a list of path elements, found \(v.typeName)"); return nil }
        let names = ["move", "line", "quadCurve", "curve", "arc", "rect", "ellipse", "close"]
        var out: [PathCommand<Dynamic<Double>>] = []
        var ok = true
        for (i, item) in items.enumerated() {
            let p = "\(path)[\(i)]"
            if let word = item.string {
                if word == "close" { out.append(.close) } else {
                    fail(item, p, "expected \"close\" or an object such as {\"line\": [x, y]}" + (nearest(word, in: names).map { "; did you mean \"\($0)\"?" } ?? ""))
                    ok = false
                }
                continue
            }
            guard let members = item.members, members.count == 1, let m = members.first else {
                fail(item, p, "expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")) as the only key"); ok = false; continue
            }
            let q = join(p, m.key)
            func nums(_ v: JSONValue, _ path: String, _ n: Int) -> [Dynamic<Double>]? {
                guard let a = v.elements, a.count == n else { fail(v, path, "expected \(n) numbers"); return nil }
                let parts = a.indices.compactMap { dynamicNumber(a[$0], "\(path)[\($0)]", scope) }
                return parts.count == n ? parts : nil
            }
            var command: PathCommand<Dynamic<Double>>?
            switch m.key {
            case "move": if let a = nums(m.value, q, 2) { command = .move(x: a[0], y: a[1]) }
            case "line": if let a = nums(m.value, q, 2) { command = .line(x: a[0], y: a[1]) }
            case "rect": if let a = nums(m.value, q, 4) { command = .rect(x: a[0], y: a[1], width: a[2], height: a[3]) }
            case "ellipse": if let a = nums(m.value, q, 4) { command = .ellipse(x: a[0], y: a[1], width: a[2], height: a[3]) }
            case "quadCurve":
                if let o = object(m.value, q, allowed: ["to", "control"], what: "{to, control}"),
                   let to = require(o, "to", in: m.value, q).flatMap({ nums($0, join(q, "to"), 2) }),
                   let c = require(o, "control", in: m.value, q).flatMap({ nums($0, join(q, "control"), 2) }) {
                    command = .quadCurve(x: to[0], y: to[1], cx: c[0], cy: c[1])
                }
            case "curve":
                if let o = object(m.value, q, allowed: ["to", "control1", "control2"], what: "{to, control1, control2}"),
                   let to = require(o, "to", in: m.value, q).flatMap({ nums($0, join(q, "to"), 2) }),
                   let c1 = require(o, "control1", in: m.value, q).flatMap({ nums($0, join(q, "control1"), 2) }),
                   let c2 = require(o, "control2", in: m.value, q).flatMap({ nums($0, join(q, "control2"), 2) }) {
                    command = .curve(x: to[0], y: to[1], c1x: c1[0], c1y: c1[1], c2x: c2[0], c2y: c2[1])
                }
            case "arc":
                if let o = object(m.value, q, allowed: ["center", "radius", "startAngle", "endAngle", "clockwise"],
                                  what: "{center, radius, startAngle, endAngle, clockwise}"),
                   let c = require(o, "center", in: m.value, q).flatMap({ nums($0, join(q, "center"), 2) }),
                   let r = require(o, "radius", in: m.value, q).flatMap({ dynamicNumber($0, join(q, "radius"), scope, min: 0) }) {
                    let a0 = o["startAngle"].flatMap { dynamicNumber($0, join(q, "startAngle"), scope) } ?? .constant(0)
                    let a1 = o["endAngle"].flatMap { dynamicNumber($0, join(q, "endAngle"), scope) } ?? .constant(360)
                    let cw = o["clockwise"].flatMap { bool($0, join(q, "clockwise")) } ?? false
                    command = .arc(cx: c[0], cy: c[1], radius: r, startAngle: a0, endAngle: a1, clockwise: cw)
                }
            default:
                fail(m.keyLocation, q, "unknown path element \"\(m.key)\"" + (nearest(m.key, in: names).map { "; did you mean \"\($0)\"?" } ?? ""))
            }
            if let command { out.append(command) } else { ok = false }
        }
        return ok ? out : nil
    }

    /// A grid's `columns`: a non-empty list of `{"fixed": w}` or `{"flexible": {"minimum", "maximum"}}` (both optional:
    /// 10 and infinity, SwiftUI's defaults), each with an optional `"spacing"` after it.
    mutating func gridColumns(_ v: JSONValue, _ path: String, _ scope: Scope) -> [GridColumnSpec]? {
        guard let items = v.elements, !items.isEmpty else { fail(v, path, "expected a non-empty list of columns"); return nil }
        var out: [GridColumnSpec] = []
        for (i, item) in items.enumerated() {
            let p = "\(path)[\(i)]"
            guard let o = object(item, p, allowed: ["fixed", "flexible", "spacing"], what: "{fixed: w} or {flexible: {minimum, maximum}}") else { return nil }
            let spacing = o["spacing"].flatMap { dynamicNumber($0, join(p, "spacing"), scope, min: 0) }
            if let w = o["fixed"], o["flexible"] == nil {
                guard let width = dynamicNumber(w, join(p, "fixed"), scope, min: 0) else { return nil }
                out.append(GridColumnSpec(size: .fixed(width), spacing: spacing))
            } else if let f = o["flexible"], o["fixed"] == nil {
                let q = join(p, "flexible")
                guard let fo = object(f, q, allowed: ["minimum", "maximum"], what: "{minimum, maximum}") else { return nil }
                let lo = fo["minimum"].flatMap { dynamicNumber($0, join(q, "minimum"), scope, min: 0) } ?? .constant(10)
                let hi = fo["maximum"].flatMap { $0.string == "infinity" ? .constant(.infinity) : dynamicNumber($0, join(q, "maximum"), scope, min: 0) } ?? .constant(.infinity)
                out.append(GridColumnSpec(size: .flexible(minimum: lo, maximum: hi), spacing: spacing))
            } else {
                fail(item, p, "expected one of \"fixed\" or \"flexible\""); return nil
            }
        }
        return out
    }

    mutating func shapeSpec(_ o: [String: JSONValue], _ path: String, _ scope: Scope) -> ShapeSpec {
        let fill = o["fill"].flatMap { paint($0, join(path, "fill"), scope) }
        var stroke: PaintSpec?
        var width: Dynamic<Double> = .constant(1)
        var cap = LineCap.butt, corner = LineJoin.miter
        if let s = o["stroke"] {
            let p = join(path, "stroke")
            if let so = object(s, p, allowed: ["paint", "width", "lineCap", "lineJoin"], what: "{paint, width, lineCap, lineJoin}") {
                stroke = so["paint"].flatMap { paint($0, join(p, "paint"), scope) } ?? .color(.constant(.white))
                width = so["width"].flatMap { dynamicNumber($0, join(p, "width"), scope, min: 0) } ?? .constant(1)
                cap = so["lineCap"].flatMap { oneOf($0, join(p, "lineCap"), LineCap.allCases.map(\.rawValue)) }.flatMap(LineCap.init) ?? .butt
                corner = so["lineJoin"].flatMap { oneOf($0, join(p, "lineJoin"), LineJoin.allCases.map(\.rawValue)) }.flatMap(LineJoin.init) ?? .miter
            }
        }
        // A shape with only a stroke is not filled (SwiftUI's .stroke()); otherwise the fill defaults to white.
        let f: PaintSpec? = fill ?? (o["stroke"] != nil && o["fill"] == nil ? nil : .color(.constant(.white)))
        var trim: TrimSpec?
        if let t = o["trim"] {
            // SwiftUI's .trim(from:to:): fractions of the outline, 0 and 1 by default; a literal outside 0…1 is a typo
            // (an expression is clamped to 0…1 when drawn, as SwiftUI clamps).
            let p = join(path, "trim")
            if let to = object(t, p, allowed: ["from", "to"], what: "{from, to}") {
                trim = TrimSpec(from: to["from"].flatMap { dynamicNumber($0, join(p, "from"), scope, min: 0, max: 1) } ?? .constant(0),
                                to: to["to"].flatMap { dynamicNumber($0, join(p, "to"), scope, min: 0, max: 1) } ?? .constant(1))
            }
        }
        return ShapeSpec(fill: f, stroke: stroke, strokeWidth: width, trim: trim, lineCap: cap, lineJoin: corner)
    }

    mutating func textSpec(_ o: [String: JSONValue], _ v: JSONValue, _ path: String, _ scope: Scope) -> TextSpec? {
        guard let tv = require(o, "text", in: v, path), let text = textTemplate(tv, join(path, "text"), scope) else { return nil }
        var size: Dynamic<Double> = .constant(17), weight = 400, design = "default"
        if let f = o["font"] {
            let p = join(path, "font")
            if let fo = object(f, p, allowed: ["size", "weight", "design"]) {
                if let s = fo["size"] { size = dynamicNumber(s, join(p, "size"), scope, min: 0.01, max: 2000) ?? size }
                if let w = fo["weight"] { weight = fontWeight(w, join(p, "weight")) ?? weight }
                if let d = fo["design"] { design = oneOf(d, join(p, "design"), ["default", "rounded", "monospaced", "serif"]) ?? design }
            }
        }
        let mono = o["monospacedDigit"].flatMap { bool($0, join(path, "monospacedDigit")) } ?? false
        let kerning = o["kerning"].flatMap { dynamicNumber($0, join(path, "kerning"), scope) } ?? .constant(0)
        let fill = o["fill"].flatMap { paint($0, join(path, "fill"), scope) } ?? .color(.constant(.white))
        // `alignment` is the older name of `multilineTextAlignment`; SwiftUI's default is leading.
        let alignKey = o["multilineTextAlignment"] != nil ? "multilineTextAlignment" : "alignment"
        let align = o[alignKey].flatMap { oneOf($0, join(path, alignKey), ["leading", "center", "trailing"]) } ?? "leading"
        let lines = o["lineLimit"].flatMap { integer($0, join(path, "lineLimit"), min: 1, max: 100_000) }
        let truncation = o["truncationMode"].flatMap { oneOf($0, join(path, "truncationMode"), TruncationMode.allCases.map(\.rawValue)) }
        let spacing = o["lineSpacing"].flatMap { dynamicNumber($0, join(path, "lineSpacing"), scope) } ?? .constant(0)
        let fixed = o["fixedSize"].flatMap { fixedSize($0, join(path, "fixedSize")) } ?? FixedSizeAxes()
        return TextSpec(text: text, size: size, weight: weight, design: design, monospacedDigit: mono, kerning: kerning,
                        fill: fill, alignment: HorizontalAlignment(rawValue: align) ?? .leading, lineLimit: lines,
                        truncationMode: truncation.flatMap(TruncationMode.init(rawValue:)) ?? .tail, lineSpacing: spacing,
                        fixedSize: fixed)
    }

    /// `fixedSize`: `true` (both axes), `false`, or `{horizontal, vertical}`.
    mutating func fixedSize(_ v: JSONValue, _ path: String) -> FixedSizeAxes? {
        if let b = v.bool { return FixedSizeAxes(horizontal: b, vertical: b) }
        guard let o = object(v, path, allowed: ["horizontal", "vertical"], what: "true, false or {horizontal, vertical}") else { return nil }
        return FixedSizeAxes(horizontal: o["horizontal"].flatMap { bool($0, join(path, "horizontal")) } ?? false,
                             vertical: o["vertical"].flatMap { bool($0, join(path, "vertical")) } ?? false)
    }

    static let weightNames: [String: Int] = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500,
        "semibold": 600, "bold": 700, "heavy": 800, "black": 900,
    ]

    mutating func fontWeight(_ v: JSONValue, _ path: String) -> Int? {
        if let s = v.string {
            if let w = Self.weightNames[s] { return w }
            let hint = nearest(s, in: Array(Self.weightNames.keys)).map { "; did you mean \"\($0)\"?" } ?? ""
            fail(v, path, "unknown font weight \"\(s)\"\(hint)")
            return nil
        }
        guard let n = integer(v, path, min: 100, max: 900) else { return nil }
        return n
    }

    mutating func imageSpec(_ o: [String: JSONValue], _ v: JSONValue, _ path: String) -> ImageSpec? {
        guard let sv = require(o, "src", in: v, path), let src = string(sv, join(path, "src")) else { return nil }
        let mode = o["contentMode"].flatMap { oneOf($0, join(path, "contentMode"), ["fit", "fill"]) }.flatMap(ContentMode.init(rawValue:))
        let resizable = o["resizable"].flatMap { bool($0, join(path, "resizable")) } ?? false
        let scale = o["pixelsPerPoint"].flatMap { number($0, join(path, "pixelsPerPoint"), min: 0.1, max: 16) }
        let resolved = src.hasPrefix("/") ? src : (directory.isEmpty ? src : directory + "/" + src)
        imageReferences.append(ImageReference(resolvedPath: resolved, src: src, location: sv.location, path: join(path, "src")))
        return ImageSpec(src: src, resolvedPath: resolved, contentMode: mode, resizable: resizable, scale: scale)
    }

    /// `lottie`: `src`, `contentMode` (fit by default), and `progress` or `lottieFrame` (progress 0 when neither).
    mutating func lottieSpec(_ o: [String: JSONValue], _ v: JSONValue, _ path: String, _ scope: Scope) -> LottieSpec? {
        guard let sv = require(o, "src", in: v, path), let src = string(sv, join(path, "src")) else { return nil }
        let mode = o["contentMode"].flatMap { oneOf($0, join(path, "contentMode"), ["fit", "fill"]) }.flatMap(ContentMode.init(rawValue:))
        var time: LottieTime = .progress(.constant(0))
        if let pv = o["progress"], let fv = o["lottieFrame"] {
            _ = pv
            fail(fv, join(path, "lottieFrame"), "a lottie view takes \"progress\" or \"lottieFrame\", not both; drop one")
            return nil
        } else if let pv = o["progress"] {
            guard let p = dynamicNumber(pv, join(path, "progress"), scope) else { return nil }
            time = .progress(p)
        } else if let fv = o["lottieFrame"] {
            guard let f = dynamicNumber(fv, join(path, "lottieFrame"), scope) else { return nil }
            time = .frame(f)
        }
        if src.isEmpty {
            fail(sv, join(path, "src"), "expected the path of a Lottie JSON file, found an empty string")
            return nil
        }
        let resolved = src.hasPrefix("/") ? src : (directory.isEmpty ? src : directory + "/" + src)
        return LottieSpec(src: src, resolvedPath: resolved, srcLocation: sv.location, contentMode: mode ?? .fit, time: time)
    }

    mutating func modifierSpec(_ o: [String: JSONValue], _ path: String, _ scope: Scope, depth: Int) -> ModifierSpec {
        var m = ModifierSpec()
        if let p = o["padding"] { m.padding = padding(p, join(path, "padding"), scope) }
        if let f = o["frame"] { m.frame = frame(f, join(path, "frame"), scope) }
        if let b = o["background"] { m.background = layerContent(b, join(path, "background"), scope, depth: depth) }
        if let b = o["overlay"] { m.overlay = layerContent(b, join(path, "overlay"), scope, depth: depth) }
        if let b = o["mask"] { m.mask = view(b, join(path, "mask"), scope, depth: depth + 1) }
        if let c = o["clip"] {
            if c.bool == true { m.clip = .frame } else if c.bool == false { m.clip = nil } else if c.string == "shape" { m.clip = .shape } else {
                fail(c, join(path, "clip"), "expected true, false or \"shape\", found \(c.string.map { "\"\($0)\"" } ?? c.typeName)")
            }
        }
        if let s = o["shadows"] {
            let p = join(path, "shadows")
            if let items = s.elements {
                for (i, item) in items.enumerated() { if let sh = shadow(item, "\(p)[\(i)]", scope) { m.shadows.append(sh) } }
            } else { fail(s, p, "expected a list of shadows, found \(s.typeName)") }
        }
        if let s = o["shadowMode"], let mode = oneOf(s, join(path, "shadowMode"), ShadowMode.allCases.map(\.rawValue)) {
            m.shadowMode = ShadowMode(rawValue: mode) ?? .chained
        }
        if let g = o["compositingGroup"] { m.compositingGroup = bool(g, join(path, "compositingGroup")) ?? false }
        if let b = o["blur"] { m.blur = dynamicNumber(b, join(path, "blur"), scope, min: 0, max: maxEffectRadius) }
        if let b = o["opacity"] { m.opacity = dynamicNumber(b, join(path, "opacity"), scope, min: 0, max: 1) }
        if let b = o["offset"] { m.offset = point(b, join(path, "offset"), scope, defaults: (0, 0)) }
        if let b = o["scale"] { m.scale = point(b, join(path, "scale"), scope, defaults: (1, 1)) }
        if let b = o["rotation"] { m.rotation = dynamicNumber(b, join(path, "rotation"), scope) }
        if let b = o["anchor"] { m.anchor = unitPoint(b, join(path, "anchor"), scope) }
        if let b = o["rotation3D"] { m.rotation3D = rotation3D(b, join(path, "rotation3D"), scope) }
        if let b = o["layoutPriority"] { m.layoutPriority = dynamicNumber(b, join(path, "layoutPriority"), scope) }
        return m
    }

    /// `rotation3D`: `{angle, axis: [x, y, z], anchor, anchorZ, perspective}`; `angle` and `axis` are required.
    mutating func rotation3D(_ v: JSONValue, _ path: String, _ scope: Scope) -> Rotation3DSpec? {
        guard let o = object(v, path, allowed: ["angle", "axis", "anchor", "anchorZ", "perspective"],
                             what: "{angle, axis: [x, y, z], anchor, anchorZ, perspective}") else { return nil }
        let angle = require(o, "angle", in: v, path).flatMap { dynamicNumber($0, join(path, "angle"), scope) }
        var axis: (x: Dynamic<Double>, y: Dynamic<Double>, z: Dynamic<Double>)?
        if let av = require(o, "axis", in: v, path) {
            let ap = join(path, "axis")
            if let a = av.elements, a.count == 3 {
                let parts = a.indices.map { dynamicNumber(a[$0], "\(ap)[\($0)]", scope) }
                if let x = parts[0], let y = parts[1], let z = parts[2] {
                    if case .constant(let cx) = x, case .constant(let cy) = y, case .constant(let cz) = z, cx == 0, cy == 0, cz == 0 {
                        fail(av, ap, "the axis [0, 0, 0] has no direction; use e.g. [0, 1, 0] to turn about the vertical")
                    } else {
                        axis = (x, y, z)
                    }
                }
            } else {
                let found = av.elements.map { "a list of \($0.count)" } ?? av.typeName
                fail(av, ap, "expected an axis [x, y, z], found \(found)")
            }
        }
        let anchor = o["anchor"].flatMap { unitPoint($0, join(path, "anchor"), scope) } ?? .constant(0.5, 0.5)
        let anchorZ = o["anchorZ"].flatMap { dynamicNumber($0, join(path, "anchorZ"), scope) } ?? .constant(0)
        let perspective = o["perspective"].flatMap { dynamicNumber($0, join(path, "perspective"), scope) } ?? .constant(1)
        guard let angle, let axis else { return nil }
        return Rotation3DSpec(angle: angle, axis: axis, anchor: anchor, anchorZ: anchorZ, perspective: perspective)
    }

    mutating func padding(_ v: JSONValue, _ path: String, _ scope: Scope) -> PaddingSpec? {
        if v.number != nil || (v.string?.hasPrefix("=") ?? false) {
            guard let n = dynamicNumber(v, path, scope, min: 0) else { return nil }
            return PaddingSpec(top: n, leading: n, bottom: n, trailing: n)
        }
        guard let o = object(v, path, allowed: ["top", "leading", "bottom", "trailing", "horizontal", "vertical"],
                             what: "a number or {top, leading, bottom, trailing} or {horizontal, vertical}") else { return nil }
        func side(_ r: inout SceneReader, _ k: String) -> Dynamic<Double>? { o[k].flatMap { r.dynamicNumber($0, join(path, k), scope, min: 0) } }
        let h = side(&self, "horizontal"), vert = side(&self, "vertical")
        let zero = Dynamic<Double>.constant(0)
        return PaddingSpec(top: side(&self, "top") ?? vert ?? zero, leading: side(&self, "leading") ?? h ?? zero,
                           bottom: side(&self, "bottom") ?? vert ?? zero, trailing: side(&self, "trailing") ?? h ?? zero)
    }

    mutating func frame(_ v: JSONValue, _ path: String, _ scope: Scope) -> FrameKeySpec? {
        guard let o = object(v, path, allowed: ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "alignment"]) else { return nil }
        func dim(_ r: inout SceneReader, _ k: String, inf: Bool) -> Dynamic<Double>? {
            o[k].flatMap { r.dynamicNumber($0, join(path, k), scope, min: 0, allowInfinity: inf) }
        }
        let f = FrameKeySpec(width: dim(&self, "width", inf: false), height: dim(&self, "height", inf: false),
                             minWidth: dim(&self, "minWidth", inf: false), maxWidth: dim(&self, "maxWidth", inf: true),
                             minHeight: dim(&self, "minHeight", inf: false), maxHeight: dim(&self, "maxHeight", inf: true),
                             alignment: o["alignment"].flatMap { staticUnitPoint($0, join(path, "alignment")) } ?? .center)
        if case .constant(let lo)? = f.minWidth, case .constant(let hi)? = f.maxWidth, lo > hi {
            fail(v, path, "minWidth \(fmt(lo)) is larger than maxWidth \(fmt(hi))")
        }
        if case .constant(let lo)? = f.minHeight, case .constant(let hi)? = f.maxHeight, lo > hi {
            fail(v, path, "minHeight \(fmt(lo)) is larger than maxHeight \(fmt(hi))")
        }
        return f
    }

    mutating func layerContent(_ v: JSONValue, _ path: String, _ scope: Scope, depth: Int) -> LayerContentSpec? {
        if v.members?.contains(where: { $0.key == "type" }) ?? false {
            return view(v, path, scope, depth: depth + 1).map { .view($0) }
        }
        return paint(v, path, scope).map { .paint($0) }
    }

    mutating func shadow(_ v: JSONValue, _ path: String, _ scope: Scope) -> ShadowKeySpec? {
        guard let o = object(v, path, allowed: ["color", "radius", "x", "y"], what: "a shadow {color, radius, x, y}") else { return nil }
        let color = o["color"].flatMap { dynamicColor($0, join(path, "color"), scope) } ?? .constant(Color(r: 0, g: 0, b: 0, a: 0.33))
        guard let rv = require(o, "radius", in: v, path),
              let radius = dynamicNumber(rv, join(path, "radius"), scope, min: 0, max: maxEffectRadius) else { return nil }
        let x = o["x"].flatMap { dynamicNumber($0, join(path, "x"), scope) } ?? .constant(0)
        let y = o["y"].flatMap { dynamicNumber($0, join(path, "y"), scope) } ?? .constant(0)
        return ShadowKeySpec(color: color, radius: radius, x: x, y: y)
    }

    mutating func matchedGeometry(_ v: JSONValue, _ path: String, _ scope: Scope) -> MatchedGeometrySpec? {
        if let s = v.string {
            let t = TemplateString.parse(s)
            checkTemplate(t, v, path, scope)
            return MatchedGeometrySpec(id: t, isSource: true, morph: false)
        }
        guard let o = object(v, path, allowed: ["id", "isSource", "morph", "snapshot"],
                             what: "an id string or {id, isSource, morph, snapshot}") else { return nil }
        guard let iv = require(o, "id", in: v, path), let s = string(iv, join(path, "id")) else { return nil }
        let t = TemplateString.parse(s)
        checkTemplate(t, iv, join(path, "id"), scope)
        let morph = o["morph"].flatMap { bool($0, join(path, "morph")) } ?? false
        let snapshot = o["snapshot"].flatMap { bool($0, join(path, "snapshot")) } ?? false
        if morph && snapshot, let sv = o["snapshot"] {
            fail(sv, join(path, "snapshot"), "a pair either morphs (its shape blends) or travels as one snapshot, not both; drop \"morph\" or \"snapshot\"")
        }
        return MatchedGeometrySpec(id: t, isSource: o["isSource"].flatMap { bool($0, join(path, "isSource")) } ?? true,
                                   morph: morph, snapshot: snapshot)
    }
}

/// Largest blur or shadow radius accepted, in points.
let maxEffectRadius = 1000.0

/// An image file a scene refers to, checked and decoded by the caller that can read PNGs.
public struct ImageReference: Sendable {
    public var resolvedPath: String
    public var src: String
    public var location: SourceLocation
    public var path: String
}
