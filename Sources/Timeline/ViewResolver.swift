import Geometry
import SceneModel

/// Turns the scene's `ViewSpec` tree into the `ResolvedView` tree of one instant.
struct ViewResolver {
    var values: AnimatedValues
    let images: [String: RGBAImage]
    var lotties: [String: LottieDocument] = [:]
    /// Matched-geometry moves in flight, by the identity of each view taking part.
    var moves: [String: MatchedMove] = [:]
    /// Views still on screen only while their removal plays: identity of what is drawn (the outermost
    /// transition wrapper) → the view's own identity. Frame animation takes them out of the layout.
    var leaving: [String: String] = [:]
    var loopDepth = 0
    /// Views built so far in this instant; past `SceneLimits.maxViews` (reachable only through
    /// forEach counts computed at run time) the frame reports a problem and stops adding views.
    var viewCount = 0
    /// The content size of each `geometry` container by identity, from the layout of the previous pass
    /// (`resolveRoot`); a container not in it yet gets 0 × 0.
    var geometrySizes: [String: Size] = [:]
    /// The geometry containers built in this pass, by identity.
    var geometryViews: [String] = []
    /// The size `geometry.width` and `geometry.height` read now (the nearest enclosing container's).
    var geometrySize: Size?

    /// The view at this instant, with its transition applied while it enters or leaves; nil when
    /// it is absent. `alsoPresent` is a forEach item's presence (index < count) per window snapshot.
    mutating func resolve(_ v: ViewSpec, identity: String, alsoPresent: [Bool]? = nil) -> ResolvedView? {
        if !moves.isEmpty, let m = moves[v.id?.resolve(loopVariables()) ?? identity], m.snapshot {
            return resolvePhantom(v, identity: identity, move: m)
        }
        if !moves.isEmpty, let m = moves[v.id?.resolve(loopVariables()) ?? identity], m.morph {
            // A morphing pair shows one view whose shape parameters interpolate: no cross-fade.
            if m.leaving == (v.id?.resolve(loopVariables()) ?? identity) {
                // The entering view stands for both, so the leaving one is not drawn; but it keeps its
                // place in its parent's layout until the move ends, as any leaving view does while its
                // removal plays (otherwise its siblings would jump into its space at the first frame).
                guard var placeholder = build(v, identity: identity) else { return nil }
                placeholder.modifiers.opacity = 0
                return placeholder
            }
            guard var view = build(v, identity: identity) else { return nil }
            if let old = m.leavingView { view.morph(from: old, progress: m.progress) }
            return view
        }
        guard v.condition != nil || alsoPresent != nil else { return build(v, identity: identity) }
        var present = v.condition.map { values.conditionHistory($0) } ?? Array(repeating: true, count: values.windowCount)
        if let extra = alsoPresent { present = zip(present, extra).map { $0 && $1 } }
        let p = values.presence(present, transition: v.transition)
        guard p.visible else { return nil }
        var view: ResolvedView?
        if p.present {
            view = build(v, identity: identity)
        } else {
            // A leaving view keeps the values it had when it was last present.
            let saved = values
            values = values.frozen(at: p.lastPresent)
            view = build(v, identity: identity)
            values = saved
        }
        let shown = view.map { values.applyTransition($0, p.parts) }
        if !p.present, let v = view, let s = shown { leaving[s.identity] = v.identity }
        return shown
    }

    /// The view and its subtree, ignoring its own presence.
    mutating func build(_ v: ViewSpec, identity: String) -> ResolvedView? {
        viewCount += 1
        if viewCount > SceneLimits.maxViews {
            if viewCount == SceneLimits.maxViews + 1 {
                values.problems.report(TimelineError(time: values.time, path: v.path,
                    message: "more than \(SceneLimits.maxViews) views at once (forEach counts computed while rendering); at most \(SceneLimits.maxViews) are allowed"))
            }
            return nil
        }
        let kind = resolveKind(v.kind)
        var identityName = identity
        if let id = v.id { identityName = id.resolve(loopVariables()) }
        // Children of a geometry container read its size; its own keys (resolved after them) the enclosing one's.
        let outerGeometry = geometrySize
        if case .geometry = v.kind {
            geometryViews.append(identityName)
            let size = geometrySizes[identityName] ?? .zero
            geometrySize = size
            values.setGeometry(size)
        }
        var children: [ResolvedView] = []
        for (n, child) in v.children.enumerated() {
            switch child {
            case .view(let cv):
                if let r = resolve(cv, identity: cv.identity) { children.append(r) }
            case .forEach(let count, let name, let content, _):
                // A count that is not a finite number (0/0, 1/0) or above the limit stops the render
                // with the expression's path; meanwhile the frame draws nothing or the limit.
                let raw = values.numberHistory(count)
                if case .expression(let e) = count, let bad = raw.first(where: { !($0 <= Double(SceneLimits.maxRepetitions)) }) {
                    values.problems.report(TimelineError(time: values.time, path: e.path, message: bad.isFinite
                        ? "\"=\(e.source)\" gave \(fmt(bad)) repetitions; at most \(SceneLimits.maxRepetitions) are allowed"
                        : "\"=\(e.source)\" gave \(bad), not a finite number"))
                }
                let counts = raw.map { $0.isFinite ? Int(max(0, min($0, Double(SceneLimits.maxRepetitions))).rounded(.down)) : 0 }
                let k = counts.max() ?? 0
                let depth = loopDepth
                loopDepth += 1
                currentLoopNames.append((name, 0))
                defer { currentLoopNames.removeLast(); loopDepth -= 1 }
                for i in 0..<k where viewCount <= SceneLimits.maxViews {
                    values.setLoopVariable(depth: depth, Double(i))
                    currentLoopNames[currentLoopNames.count - 1].1 = Double(i)
                    let id = "\(v.identity).children[\(n)]#\(i)"
                    let inRange = counts.map { i < $0 }
                    if let r = resolve(content, identity: id, alsoPresent: inRange.allSatisfy { $0 } ? nil : inRange) {
                        children.append(r)
                    }
                }
            }
        }
        if case .geometry = v.kind {
            geometrySize = outerGeometry
            if let outer = outerGeometry { values.setGeometry(outer) }
        }
        var modifiers = resolveModifiers(v.modifiers, identity: identityName)
        // A scroll view shows its content within its bounds (SwiftUI's default; `scrollClipDisabled` is iOS 17's way out).
        if case .scroll = v.kind, modifiers.clip == nil { modifiers.clip = .frame }
        if !v.gestures.isEmpty {
            modifiers.gestures = GestureBinding(view: v.identity, loopValues: currentLoopNames.map(\.1))
        }
        if let m = v.matchedGeometry {
            modifiers.matchedGeometry = MatchedGeometryInfo(id: m.id.resolve(loopVariables()), isSource: m.isSource, morph: m.morph,
                                                            snapshot: m.snapshot)
        }
        return ResolvedView(identity: identityName, kind: kind, children: children, modifiers: modifiers)
    }

    /// The loop variables in scope by name, for `{i}` placeholders (inner loops hide outer ones).
    func loopVariables() -> [String: Double] {
        var out: [String: Double] = [:]
        for (name, value) in currentLoopNames { out[name] = value }
        return out
    }

    /// The forEach variables in scope, outermost first, with their current values.
    var currentLoopNames: [(String, Double)] = []

    func shape(_ s: ShapeSpec) -> ShapeStyle {
        ShapeStyle(fill: s.fill.map(paint), stroke: s.stroke.map(paint), strokeWidth: values.number(s.strokeWidth),
                   trim: s.trim.map { ShapeTrim(from: values.number($0.from), to: values.number($0.to)) },
                   lineCap: s.lineCap, lineJoin: s.lineJoin)
    }

    func resolveKind(_ k: ViewKindSpec) -> ResolvedKind {
        switch k {
        case .shape(.path(let commands), let s):
            // A path's coordinates and angles may be negative (a point left of the view, an arc from −90°).
            return .shape(.path(commands.map { $0.map(values.number) }), shape(s))
        case .shape(let k, let s): return .shape(k.map { max(0, values.number($0)) }, shape(s))
        case .text(let t):
            let style = TextStyleSpec(size: max(0.01, values.number(t.size)), weight: t.weight, design: t.design,
                                      monospacedDigit: t.monospacedDigit, kerning: values.number(t.kerning), alignment: t.alignment,
                                      lineLimit: t.lineLimit, truncationMode: t.truncationMode,
                                      lineSpacing: values.number(t.lineSpacing), fixedSize: t.fixedSize)
            return .text(text(t.text), style, fill: paint(t.fill))
        case .image(let i):
            return .image(images[i.resolvedPath], contentMode: i.contentMode, resizable: i.resizable, src: i.src, scale: i.scale)
        case .lottie(let l):
            let document = lotties[l.resolvedPath]
            var frame = 0
            if let d = document {
                switch l.time {
                case .progress(let p): frame = d.frame(progress: values.number(p))
                case .frame(let f): frame = d.frame(lottieFrame: values.number(f))
                }
            }
            return .lottie(document, frame: frame, contentMode: l.contentMode, src: l.src)
        case .zstack(let a): return .zstack(alignment: a)
        case .hstack(let s, let a): return .hstack(spacing: s.map(values.number), alignment: a)
        case .vstack(let s, let a): return .vstack(spacing: s.map(values.number), alignment: a)
        case .spacer(let m): return .spacer(minLength: m.map(values.number))
        case .geometry: return .geometry
        case .scroll(let axis): return .scroll(axis: axis)
        case .grid(let columns, let spacing):
            return .grid(columns: columns.map { c in
                let size: GridColumn.Size = switch c.size {
                case .fixed(let w): .fixed(max(0, values.number(w)))
                case .flexible(let lo, let hi): .flexible(minimum: max(0, values.number(lo)), maximum: max(0, values.number(hi)))
                }
                return GridColumn(size: size, spacing: c.spacing.map(values.number))
            }, spacing: spacing.map(values.number))
        }
    }

    /// The text's string at this instant, with `{i}` and `{=expression}` filled in.
    func text(_ t: TextTemplate) -> String {
        t.parts.map { part in
            switch part {
            case .literal(let s): return s
            case .value(let e): return values.string(.expression(e))
            }
        }.joined()
    }

    func paint(_ p: PaintSpec) -> Paint {
        func stops(_ s: [StopSpec]) -> [GradientStop] {
            s.enumerated().map { i, st in
                let even = s.count > 1 ? Double(i) / Double(s.count - 1) : 0
                return GradientStop(color: values.color(st.color), location: st.location.map(values.number) ?? even)
            }
        }
        func unit(_ d: DynamicPoint) -> UnitPoint { UnitPoint(values.number(d.x), values.number(d.y)) }
        switch p {
        case .color(let c): return .color(values.color(c))
        case .linear(let s, let a, let b): return .linear(stops: stops(s), start: unit(a), end: unit(b))
        case .radial(let s, let c, let r0, let r1):
            return .radial(stops: stops(s), center: unit(c), startRadius: values.number(r0), endRadius: values.number(r1))
        case .angular(let s, let c, let a0, let a1):
            return .angular(stops: stops(s), center: unit(c), startAngle: values.number(a0), endAngle: values.number(a1))
        }
    }

    /// The modifiers of the view `identity`, whose background, overlay and mask are named after it (`card.background`,
    /// `label.overlay`, `label.mask`; a view there with an `id` takes its id), as reports and expectations name them.
    mutating func resolveModifiers(_ m: ModifierSpec, identity: String) -> ResolvedModifiers {
        var r = ResolvedModifiers()
        if let p = m.padding {
            r.padding = EdgeInsets(top: values.number(p.top), leading: values.number(p.leading),
                                   bottom: values.number(p.bottom), trailing: values.number(p.trailing))
        }
        if let f = m.frame {
            func dim(_ d: Dynamic<Double>?) -> Double? { d.map { max(0, values.number($0)) } }
            func extent(_ d: Dynamic<Double>?) -> Double? { d.map { max(0, values.extent($0)) } }
            r.frame = FrameSpec(width: dim(f.width), height: dim(f.height), minWidth: dim(f.minWidth), maxWidth: extent(f.maxWidth),
                                minHeight: dim(f.minHeight), maxHeight: extent(f.maxHeight), alignment: f.alignment)
        }
        r.background = layerContent(m.background, identity + ".background")
        r.overlay = layerContent(m.overlay, identity + ".overlay")
        if let mask = m.mask, let v = resolve(mask, identity: identity + ".mask") { r.mask = Box(v) }
        r.clip = m.clip
        r.shadows = m.shadows.map {
            ShadowSpec(color: values.color($0.color), radius: max(0, values.number($0.radius)), x: values.number($0.x), y: values.number($0.y))
        }
        r.shadowMode = m.shadowMode
        r.compositingGroup = m.compositingGroup
        r.blur = max(0, values.number(m.blur, default: 0))
        r.opacity = min(1, max(0, values.number(m.opacity, default: 1)))
        if let o = m.offset { r.offset = Point(values.number(o.x), values.number(o.y)) }
        if let s = m.scale { r.scale = Point(values.number(s.x), values.number(s.y)) }
        r.rotation = values.number(m.rotation, default: 0)
        r.layoutPriority = values.number(m.layoutPriority, default: 0)
        if let a = m.anchor { r.anchor = UnitPoint(values.number(a.x), values.number(a.y)) }
        if let q = m.rotation3D {
            r.rotation3D = Rotation3D(angle: values.number(q.angle),
                                      axis: (values.number(q.axis.x), values.number(q.axis.y), values.number(q.axis.z)),
                                      anchor: UnitPoint(values.number(q.anchor.x), values.number(q.anchor.y)),
                                      anchorZ: values.number(q.anchorZ), perspective: values.number(q.perspective))
        }
        return r
    }

    mutating func layerContent(_ c: LayerContentSpec?, _ identity: String) -> Box<ResolvedView>? {
        switch c {
        case nil: return nil
        case .paint(let p)?: return Box(ResolvedView(identity: identity, kind: .paint(paint(p))))
        case .view(let v)?: return resolve(v, identity: identity).map { Box($0) }
        }
    }
}

extension ViewResolver {
    /// Most resolve-and-lay-out passes `resolveRoot` makes: one more than the deepest nesting of geometry containers
    /// it settles (a container's size depends on the containers around it, never on its own content).
    static let maxGeometryPasses = 8

    /// The scene's body at this instant. A scene with `geometry` containers is resolved, laid out with `geometry`
    /// and resolved again with each container's laid-out content size until those sizes stop changing: a
    /// container takes the size proposed to it whatever its children are, so the outermost ones are right after
    /// the first layout, the ones inside them after the second, and so on. The layout stage's proposal rules thus
    /// decide what `geometry.width` reads, as GeometryReader's size is a layout result in SwiftUI. Run-time
    /// problems (NaN, infinity) are reported from the last pass only: earlier ones may divide by a size not known yet.
    mutating func resolveRoot(_ body: ViewSpec, geometry: (any GeometryProvider)?) -> ResolvedView? {
        let start = self
        let log = values.problems
        var sizes: [String: Size] = [:]
        var root: ResolvedView?
        for pass in 1...Self.maxGeometryPasses {
            self = start
            geometrySizes = sizes
            values.problems = ProblemLog()
            root = resolve(body, identity: body.identity)
            guard !geometryViews.isEmpty, let geometry, let r = root, pass < Self.maxGeometryPasses else { break }
            let frames = geometry.contentFrames(of: r)
            var laidOut: [String: Size] = [:]
            for id in geometryViews { laidOut[id] = frames[id]?.size ?? .zero }
            if laidOut == sizes { break }
            sizes = laidOut
        }
        for p in values.problems.items { log.report(p) }
        values.problems = log
        return root
    }
}
