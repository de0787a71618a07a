import DisplayList
import Geometry
import SceneModel

extension LayoutResult {
    /// The draw commands of this layout in painter's order. Each view draws its background, its own
    /// content (fill then stroke, text, image, children), then its overlay; mask, clip, shadows, blur
    /// and opacity wrap all of that in one `Layer`, except that a container's shadows and opacity
    /// wrap each of its drawn parts instead unless it is a compositing group. Offset, scale and
    /// rotation are composed into the transform of every command and layer inside the view. A view
    /// with opacity 0 draws nothing (its layer would be fully transparent), so it is left out.
    public func displayList() -> DisplayList {
        var list = DisplayList()
        draw(root, parent: .identity, into: &list)
        return list
    }
}

/// Draws `v` wrapped in `inherited` (outermost first): the shadows and opacity of enclosing
/// containers that apply to each drawn child separately (§3 item 8, §4).
private func draw(_ v: LaidOutView, parent: AffineTransform, inherited: [Layer] = [], into list: inout DisplayList) {
    let m = v.modifiers
    let opacity = Swift.min(1, Swift.max(0, m.opacity))
    if opacity == 0 { return }
    let t = ownTransform(of: v).concatenating(parent)
    switch projection(of: v, parent: parent) {
    case .none: break
    case .hidden: return
    case .map(let h):
        // The view with everything it draws (its effects and the per-child effects it inherits
        // included) is flattened, then drawn through the map (§3 item 9: rotation3D comes last).
        for l in inherited { list.append(.beginLayer(l)) }
        list.append(.beginLayer(Layer(projection: h)))
        drawFlat(v, t, into: &list)
        list.append(.endLayer)
        for _ in inherited { list.append(.endLayer) }
        return
    }
    drawFlat(v, t, inherited: inherited, into: &list)
}

/// Draws `v` with its own transform `t` (offset, scale, rotation and the parent's), without its rotation3D.
private func drawFlat(_ v: LaidOutView, _ t: AffineTransform, inherited: [Layer] = [], into list: inout DisplayList) {
    let m = v.modifiers
    let opacity = Swift.min(1, Swift.max(0, m.opacity))
    var maskList: DisplayList?
    if let mask = v.mask {
        var l = DisplayList()
        draw(mask, parent: t, into: &l)
        maskList = l
    }
    let clip: Path? = m.clip.map { mode in
        mode == .shape ? (shapePath(of: v) ?? .rect(v.frame)) : .rect(v.frame)
    }
    let layer = Layer(transform: t, mask: maskList, clip: clip,
                      shadows: m.shadows.map { Shadow(color: $0.color, radius: Swift.max(0, $0.radius), offset: Point($0.x, $0.y)) },
                      shadowMode: m.shadowMode, blur: Swift.max(0, m.blur), opacity: opacity)
    if handsEffectsToChildren(v, layer) {
        let perChild = Layer(transform: t, shadows: layer.shadows, shadowMode: layer.shadowMode, opacity: layer.opacity)
        drawParts(of: v, transform: t, inherited: perChild.isPassThrough ? inherited : inherited + [perChild], into: &list)
        return
    }
    for l in inherited { list.append(.beginLayer(l)) }
    let wrapped = !layer.isPassThrough
    if wrapped { list.append(.beginLayer(layer)) }
    drawParts(of: v, transform: t, inherited: [], into: &list)
    if wrapped { list.append(.endLayer) }
    for _ in inherited { list.append(.endLayer) }
}

/// Background, own content, children, overlay, each wrapped in `inherited`.
private func drawParts(of v: LaidOutView, transform t: AffineTransform, inherited: [Layer], into list: inout DisplayList) {
    if let b = v.background { draw(b, parent: t, inherited: inherited, into: &list) }
    drawContent(of: v, transform: t, into: &list)
    for c in v.children { draw(c, parent: t, inherited: inherited, into: &list) }
    if let o = v.overlay { draw(o, parent: t, inherited: inherited, into: &list) }
}

/// Whether a container's shadows and opacity go to each of its drawn parts rather than to its
/// flattened drawing. As in SwiftUI, they do unless the container is a compositing group
/// ("A compositing group makes compositing effects in this view's ancestor views, such as
/// opacity and the blend mode, take effect before this view is rendered", Apple's
/// `compositingGroup()` documentation). A mask, clip or blur needs the container's pixels
/// together, so it flattens the container as a group does; views that are not containers
/// draw one thing and are always drawn whole.
private func handsEffectsToChildren(_ v: LaidOutView, _ layer: Layer) -> Bool {
    switch v.kind {
    case .zstack, .hstack, .vstack:
        return !v.modifiers.compositingGroup && layer.mask == nil && layer.clip == nil && layer.blur == 0
    default:
        return false
    }
}

/// What a view's `rotation3D` does to its drawing.
enum ProjectionOutcome: Equatable {
    /// Nothing: no rotation3D, an identity map, or values that make no map (an axis that an
    /// expression made zero, numbers that are not finite), which draw the view unrotated.
    case none
    /// The view draws nothing: it is seen edge-on (a singular map), or its parent squashes it flat.
    case hidden
    /// Draw the flattened view through this map from canvas points to canvas points.
    case map(Homography)
}

/// The view's `rotation3D` in canvas points. The spec's map works in the view's laid-out frame
/// with its origin at the top-left; in canvas points it is conjugated by that origin and by the
/// parent's transform (the view's own offset, scale and rotation come before it, so they stay in
/// the commands' transforms).
func projection(of v: LaidOutView, parent: AffineTransform) -> ProjectionOutcome {
    guard let r = v.modifiers.rotation3D else { return .none }
    let f = v.frame
    guard let local = r.homography(width: f.width, height: f.height) else { return .none }
    let inFrame = Homography(.translation(-f.minX, -f.minY)).concatenating(local).concatenating(Homography(.translation(f.minX, f.minY)))
    if inFrame.isIdentity { return .none }
    guard let back = parent.inverted else { return .hidden }
    let h = Homography(back).concatenating(inFrame).concatenating(Homography(parent))
    return h.inverted == nil ? .hidden : .map(h)
}

/// Offset, then scale and rotation about the anchor of the view's frame (SwiftUI's
/// `.offset().scaleEffect(anchor:).rotationEffect(anchor:)`), in canvas points.
func ownTransform(of v: LaidOutView) -> AffineTransform {
    let m = v.modifiers
    let a = v.frame.point(at: m.anchor)
    let dx = m.offset.x + m.relativeOffset.x * v.frame.width, dy = m.offset.y + m.relativeOffset.y * v.frame.height
    return AffineTransform.translation(dx, dy)
        .concatenating(.translation(-a.x, -a.y))
        .concatenating(.scale(m.scale.x, m.scale.y))
        .concatenating(.rotation(degrees: m.rotation))
        .concatenating(.translation(a.x, a.y))
}

/// The outline of a shape view in its content frame; nil for views that are not shapes.
func shapePath(of v: LaidOutView) -> Path? {
    let r = v.contentFrame
    switch v.kind {
    case .rect, .paint: return .rect(r)
    case .roundedRect(_, let radius, let style): return .roundedRect(r, cornerRadius: radius, continuous: style == .continuous)
    case .capsule: return .capsule(in: r)
    case .ellipse: return .ellipse(in: r)
    case .circle:
        // SwiftUI's Circle takes the whole proposal and draws the largest centred circle.
        let d = Swift.min(r.width, r.height)
        return .ellipse(in: Rect(x: r.midX - d / 2, y: r.midY - d / 2, width: d, height: d))
    default: return nil
    }
}

private func drawContent(of v: LaidOutView, transform t: AffineTransform, into list: inout DisplayList) {
    let bounds = v.contentFrame
    switch v.kind {
    case .rect(let s), .roundedRect(let s, _, _), .capsule(let s), .circle(let s), .ellipse(let s):
        guard let path = shapePath(of: v) else { return }
        if let fill = s.fill {
            list.append(.fill(FillCommand(path: path, paint: fill, paintBounds: bounds, transform: t)))
        }
        if let stroke = s.stroke, s.strokeWidth > 0 {
            list.append(.stroke(StrokeCommand(path: path, paint: stroke, paintBounds: bounds,
                                              lineWidth: s.strokeWidth, transform: t)))
        }
    case .paint(let paint):
        list.append(.fill(FillCommand(path: .rect(bounds), paint: paint, paintBounds: bounds, transform: t)))
    case .text(let string, let spec, let fill):
        list.append(.text(TextCommand(text: string, style: TextStyle(spec), layout: v.textLayout ?? TextLayout(spec),
                                      origin: bounds.origin, paint: fill, paintBounds: bounds, transform: t)))
    case .image(let image, _, _, _):
        guard let image, !bounds.isEmpty else { return }
        list.append(.image(ImageCommand(image: image, rect: bounds, clip: nil, transform: t)))
    case .lottie(let document, let frame, _, _):
        guard let document, !bounds.isEmpty else { return }
        list.append(.lottie(LottieCommand(document: document, frame: frame, rect: bounds, transform: t)))
    case .zstack, .hstack, .vstack, .spacer:
        break
    }
}
