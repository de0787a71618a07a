import DisplayList
import Geometry
import SceneModel

extension LayoutResult {
    /// The draw commands of this layout in painter's order. Each view draws its background, its own
    /// content (fill then stroke, text, image, children), then its overlay; mask, clip, shadows, blur
    /// and opacity wrap all of that in one `Layer`. Offset, scale and rotation are composed into the
    /// transform of every command and layer inside the view. A view with opacity 0 draws nothing
    /// (its layer would be fully transparent), so it is left out.
    public func displayList() -> DisplayList {
        var list = DisplayList()
        draw(root, parent: .identity, into: &list)
        return list
    }
}

private func draw(_ v: LaidOutView, parent: AffineTransform, into list: inout DisplayList) {
    let m = v.modifiers
    let opacity = Swift.min(1, Swift.max(0, m.opacity))
    if opacity == 0 { return }
    let t = ownTransform(of: v).concatenating(parent)

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
                      blur: Swift.max(0, m.blur), opacity: opacity)
    let wrapped = !layer.isPassThrough
    if wrapped { list.append(.beginLayer(layer)) }
    if let b = v.background { draw(b, parent: t, into: &list) }
    drawContent(of: v, transform: t, into: &list)
    for c in v.children { draw(c, parent: t, into: &list) }
    if let o = v.overlay { draw(o, parent: t, into: &list) }
    if wrapped { list.append(.endLayer) }
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
    case .zstack, .hstack, .vstack, .spacer:
        break
    }
}
