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
        draw(root, parent: .identity, grid: PixelGrid(scale: scale), into: &list)
        return list
    }
}

/// Draws `v` wrapped in `inherited` (outermost first): the shadows and opacity of enclosing
/// containers that apply to each drawn child separately (§3 item 8, §4).
/// `grid` is the canvas's pixel grid; `tiled` says that `v` meets a sibling edge to edge (`tiledChildren`), so its
/// offset lands on the grid.
private func draw(_ v: LaidOutView, parent: AffineTransform, grid: PixelGrid, tiled: Bool = false, inherited: [Layer] = [],
                  into list: inout DisplayList) {
    let m = v.modifiers
    let opacity = Swift.min(1, Swift.max(0, m.opacity))
    if opacity == 0 { return }
    let t = ownTransform(of: v, snappedTo: tiled ? grid : nil, parent: parent).concatenating(parent)
    switch projection(of: v, parent: parent) {
    case .none: break
    case .hidden: return
    case .map(let h):
        // The view with everything it draws (its effects and the per-child effects it inherits
        // included) is flattened, then drawn through the map (§3 item 9: rotation3D comes last).
        for l in inherited { list.append(.beginLayer(l)) }
        list.append(.beginLayer(Layer(projection: h, hinge: hinge(of: v, parent: parent))))
        drawFlat(v, t, grid: grid, into: &list)
        list.append(.endLayer)
        for _ in inherited { list.append(.endLayer) }
        return
    }
    drawFlat(v, t, grid: grid, inherited: inherited, into: &list)
}

/// Draws `v` with its own transform `t` (offset, scale, rotation and the parent's), without its rotation3D.
private func drawFlat(_ v: LaidOutView, _ t: AffineTransform, grid: PixelGrid, inherited: [Layer] = [],
                      into list: inout DisplayList) {
    let m = v.modifiers
    let opacity = Swift.min(1, Swift.max(0, m.opacity))
    var maskList: DisplayList?
    if let mask = v.mask {
        var l = DisplayList()
        draw(mask, parent: t, grid: grid, into: &l)
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
        drawParts(of: v, transform: t, grid: grid, inherited: perChild.isPassThrough ? inherited : inherited + [perChild],
                  into: &list)
        return
    }
    for l in inherited { list.append(.beginLayer(l)) }
    let wrapped = !layer.isPassThrough
    if wrapped { list.append(.beginLayer(layer)) }
    drawParts(of: v, transform: t, grid: grid, inherited: [], into: &list)
    if wrapped { list.append(.endLayer) }
    for _ in inherited { list.append(.endLayer) }
}

/// Background, own content, children, overlay, each wrapped in `inherited`.
private func drawParts(of v: LaidOutView, transform t: AffineTransform, grid: PixelGrid, inherited: [Layer],
                       into list: inout DisplayList) {
    if let b = v.background { draw(b, parent: t, grid: grid, inherited: inherited, into: &list) }
    drawContent(of: v, transform: t, into: &list)
    let tiled = tiledChildren(v.children)
    for (i, c) in v.children.enumerated() {
        draw(c, parent: t, grid: grid, tiled: tiled.contains(i), inherited: inherited, into: &list)
    }
    if let o = v.overlay { draw(o, parent: t, grid: grid, inherited: inherited, into: &list) }
}

/// The children (by index) that meet a sibling edge to edge where their offsets put them, the pages of a pager or
/// the faces of a cube: their offsets snap to the pixel grid (`ownTransform(of:snappedTo:parent:)`). Only children
/// that their own effects merely move (no scale, no rotation) count, and a pair only when an offset moves one of
/// them (the children of an `hstack` with no spacing meet edge to edge too, on the grid already). Two anti-aliased edges meeting inside a pixel
/// each cover it in part, and the background shows through both (issue 28's crack); on the pixel grid they meet
/// between pixels. This is how UIScrollView keeps its content: it rounds `contentOffset` to the display's pixel grid,
/// so neighbouring pages of a paging scroll view never share a pixel. Apple's `contentOffset` page does not say so;
/// it is measured: −187.5 set on a 3× iPhone reads back −187.33 (codepudding.com/os/164136.html), 3.8 on a 1×
/// screen reads back 4.0 (andrewmarinov.com/uiscrollviews-contentoffset-precision). Views that move on their own
/// keep their sub-pixel positions. `motion.json` (built from the layout) keeps the offsets before rounding: the
/// animation's values, the same at any render scale.
private func tiledChildren(_ children: [LaidOutView]) -> Set<Int> {
    guard children.count > 1 else { return [] }
    let eps = 1e-6
    let moved: [Rect?] = children.map { c in
        let m = c.modifiers
        guard m.scale.x == 1, m.scale.y == 1, m.rotation == 0, m.opacity > 0 else { return nil }
        let f = c.frame
        return Rect(x: f.minX + m.offset.x + m.relativeOffset.x * f.width, y: f.minY + m.offset.y + m.relativeOffset.y * f.height,
                    width: f.width, height: f.height)
    }
    // Children that an offset moves: siblings that a stack or an alignment puts side by side are on the grid already.
    let offset = children.map { c in
        let m = c.modifiers
        return m.offset.x != 0 || m.offset.y != 0 || m.relativeOffset.x != 0 || m.relativeOffset.y != 0
    }
    var out = Set<Int>()
    for i in moved.indices {
        guard let a = moved[i] else { continue }
        for j in moved.indices where j > i && (offset[i] || offset[j]) {
            guard let b = moved[j] else { continue }
            let sideBySide = (abs(a.maxX - b.minX) < eps || abs(b.maxX - a.minX) < eps)
                && Swift.min(a.maxY, b.maxY) - Swift.max(a.minY, b.minY) > eps
            let stacked = (abs(a.maxY - b.minY) < eps || abs(b.maxY - a.minY) < eps)
                && Swift.min(a.maxX, b.maxX) - Swift.max(a.minX, b.minX) > eps
            if sideBySide || stacked { out.insert(i); out.insert(j) }
        }
    }
    return out
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
    case .zstack, .hstack, .vstack, .geometry, .scroll, .grid:
        return !v.modifiers.compositingGroup && layer.mask == nil && layer.clip == nil && layer.blur == 0
    case .shape, .text, .image, .lottie, .spacer, .paint:
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

/// The edge of `v`'s frame that lies on its rotation3D axis, in canvas points: the axis in the view's plane
/// (no z part, anchorZ 0) along y with the anchor on the left or right edge (x 0 or 1), or along x with the anchor
/// on the top or bottom edge. That edge stays where it is while the view turns, and a view turning the other way
/// about the same line (a cube's other face) shares it. Nil for any other rotation, or when `parent` rotates or
/// skews the view (the edge would not be upright on the canvas).
func hinge(of v: LaidOutView, parent: AffineTransform) -> Hinge? {
    guard let r = v.modifiers.rotation3D, r.anchorZ == 0, r.axis.z == 0, parent.b == 0, parent.c == 0 else { return nil }
    let f = v.frame
    let vertical: Bool, side: Double
    if r.axis.x == 0, r.axis.y != 0 {
        vertical = true; side = r.anchor.x
    } else if r.axis.y == 0, r.axis.x != 0 {
        vertical = false; side = r.anchor.y
    } else {
        return nil
    }
    guard side == 0 || side == 1 else { return nil }
    let k = vertical ? parent.a : parent.d
    guard k != 0, k.isFinite else { return nil }
    let edge = vertical ? (side == 0 ? f.minX : f.maxX) : (side == 0 ? f.minY : f.maxY)
    let position = k * edge + (vertical ? parent.tx : parent.ty)
    return Hinge(vertical: vertical, position: position, viewAfter: (side == 0) == (k > 0))
}

/// Offset, then scale and rotation about the anchor of the view's frame (SwiftUI's
/// `.offset().scaleEffect(anchor:).rotationEffect(anchor:)`), in canvas points. With a `grid`, the offset is changed
/// so that the frame's top-left lands on the grid's nearest pixel on the canvas, when `parent` neither rotates nor
/// skews it (a tiled view, see `tiledChildren`); a layout frame is on the grid already, so its edges all are then.
func ownTransform(of v: LaidOutView, snappedTo grid: PixelGrid? = nil, parent: AffineTransform = .identity) -> AffineTransform {
    let m = v.modifiers
    let a = v.frame.point(at: m.anchor)
    var dx = m.offset.x + m.relativeOffset.x * v.frame.width, dy = m.offset.y + m.relativeOffset.y * v.frame.height
    if let grid, parent.b == 0, parent.c == 0, parent.a != 0, parent.d != 0 {
        let f = v.frame
        dx = (grid.snap(parent.a * (f.minX + dx) + parent.tx) - parent.tx) / parent.a - f.minX
        dy = (grid.snap(parent.d * (f.minY + dy) + parent.ty) - parent.ty) / parent.d - f.minY
    }
    return AffineTransform.translation(dx, dy)
        .concatenating(.translation(-a.x, -a.y))
        .concatenating(.scale(m.scale.x, m.scale.y))
        .concatenating(.rotation(degrees: m.rotation))
        .concatenating(.translation(a.x, a.y))
}

/// The outline of a shape view in its content frame; nil for views that are not shapes.
func shapePath(of v: LaidOutView) -> Path? {
    switch v.kind {
    case .shape(let outline, _): return outline.path(in: v.contentFrame)
    case .paint: return .rect(v.contentFrame)
    case .text, .image, .lottie, .zstack, .hstack, .vstack, .spacer, .geometry, .scroll, .grid: return nil
    }
}

private func drawContent(of v: LaidOutView, transform t: AffineTransform, into list: inout DisplayList) {
    let bounds = v.contentFrame
    switch v.kind {
    case .shape(let outline, let s):
        var path = outline.path(in: bounds)
        if let trim = s.trim {
            path = path.trimmed(from: trim.from, to: trim.to)
            if path.isEmpty { return }
        }
        if let fill = s.fill {
            list.append(.fill(FillCommand(path: path, paint: fill, paintBounds: bounds, transform: t)))
        }
        if let stroke = s.stroke, s.strokeWidth > 0 {
            list.append(.stroke(StrokeCommand(path: path, paint: stroke, paintBounds: bounds,
                                              lineWidth: s.strokeWidth, transform: t, lineCap: s.lineCap, lineJoin: s.lineJoin)))
        }
    case .paint(let paint):
        list.append(.fill(FillCommand(path: .rect(bounds), paint: paint, paintBounds: bounds, transform: t)))
    case .text(let string, let spec, let fill):
        list.append(.text(TextCommand(text: string, style: TextStyle(spec), layout: v.textLayout ?? TextLayout(spec),
                                      origin: bounds.origin, paint: fill, paintBounds: bounds, transform: t)))
    case .image(let image, _, _, _, _):
        guard let image, !bounds.isEmpty else { return }
        list.append(.image(ImageCommand(image: image, rect: bounds, clip: nil, transform: t)))
    case .lottie(let document, let frame, _, _):
        guard let document, !bounds.isEmpty else { return }
        list.append(.lottie(LottieCommand(document: document, frame: frame, rect: bounds, transform: t)))
    case .zstack, .hstack, .vstack, .spacer, .geometry, .scroll, .grid:
        break
    }
}
