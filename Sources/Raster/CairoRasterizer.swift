import CCairo
import DisplayList
import Geometry

/// Draws display lists into pixels with Cairo and Pango. Create one per worker thread (it
/// is not thread-safe) and reuse it for every frame: it keeps its canvas surface and its
/// text layouts between frames. Output depends only on the display list, so it is
/// byte-identical whatever the number of threads.
public final class CairoRasterizer {
    /// Canvas size in pixels.
    public let width: Int, height: Int
    /// Pixels per point.
    public let scale: Double
    /// Painted under everything; nil leaves the canvas transparent.
    public let background: Color?

    let canvas: PixelSurface
    let shaper = TextShaper()
    let shadowCache = ShadowCache()
    /// Parsed Lottie animations and their recently drawn frames (`lottie` views).
    let lottieFrames = LottieFrameCache()

    /// Wall time (nanoseconds) spent on shadows and layer blur since this rasterizer was
    /// made: blurring the masks and compositing them. Part of `render`'s time, reported as
    /// its own stage.
    public internal(set) var effectNanoseconds: UInt64 = 0

    /// Why a rasterizer cannot be made.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case surfaceUnavailable(width: Int, height: Int)

        public var description: String {
            switch self {
            case .surfaceUnavailable(let w, let h):
                return "Cairo cannot make a \(w)×\(h) px picture (at most 32767 px a side, and it must fit in memory); "
                    + "draw fewer or smaller frames"
            }
        }
    }

    /// - Parameters: `width`, `height` in pixels; `scale` in pixels per point.
    public init(width: Int, height: Int, scale: Double, background: Color? = nil) throws {
        guard let s = PixelSurface(region: PixelRect(x: 0, y: 0, width: width, height: height)) else {
            throw Failure.surfaceUnavailable(width: width, height: height)
        }
        self.width = width; self.height = height
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.background = background
        canvas = s
    }

    /// Whether `render` draws only what changed since its previous frame (see `damage(from:to:)`); the pixels are
    /// the same either way.
    public var incremental = true
    /// The nodes of the last frame drawn (when `incremental`), whose pixels the canvas still holds.
    private var lastNodes: [DrawNode]?
    /// The image `render` returned last.
    public private(set) var lastImage: RGBAImage?
    /// Where the image `render` returned last can differ from the one before it: the rectangles redrawn, or nil when
    /// the whole canvas was drawn. An encoder that keeps the previous frame's output updates only these.
    public private(set) var lastChanges: [PixelRect]?

    /// The frame drawn by `list`, as straight-alpha RGBA8.
    public func render(_ list: DisplayList) -> RGBAImage {
        let nodes = DrawNode.tree(of: list)
        if incremental, let lastNodes, var image = lastImage {
            let damage = self.damage(from: lastNodes, to: nodes)
            // Redrawing most of the canvas in pieces saves nothing over drawing it whole.
            if damage.reduce(0, { $0 + $1.area }) * 4 < canvas.region.area * 3 {
                redraw(nodes, in: damage)
                // Let go of the previous image first: unless a caller still holds it, `image` is then updated in place
                // rather than copied.
                lastImage = nil
                for r in damage { PixelConversion.update(&image, from: canvas, in: r) }
                self.lastNodes = nodes
                lastImage = image
                lastChanges = damage
                return image
            }
        }
        let cr = canvas.makeContext()
        paintBackground(cr)
        cairo_destroy(cr)
        draw(nodes, into: canvas, needed: canvas.region)
        let image = PixelConversion.image(from: canvas)
        lastNodes = incremental ? nodes : nil
        lastImage = image
        lastChanges = nil
        return image
    }

    /// Paints the background (or transparency) over the whole canvas, within the clip of `cr`.
    func paintBackground(_ cr: OpaquePointer) {
        if let bg = background {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, bg.r, bg.g, bg.b, bg.a)
        } else {
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        }
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// The transform from a command's local space to canvas pixels.
    func device(_ t: AffineTransform) -> AffineTransform { t.concatenating(.scale(scale, scale)) }

    /// Draws `nodes` over `target`. `needed` (device pixels) is the part of the target
    /// whose pixels matter; nothing outside it needs to be exact.
    func draw(_ nodes: [DrawNode], into target: PixelSurface, needed: PixelRect) {
        let area = needed.intersection(target.region)
        guard !area.isEmpty else { return }
        let cr = target.makeContext()
        defer { cairo_destroy(cr) }
        draw(nodes, onto: target, context: cr, needed: area)
    }

    /// Draws `nodes` onto `target` through `cr`, each as it is drawn for `needed` (per-pixel paints and a layer's
    /// offscreen work cover `needed`). Nodes that cannot put ink in `touching` (default: `needed`) are skipped.
    func draw(_ nodes: [DrawNode], onto target: PixelSurface, context cr: OpaquePointer, needed: PixelRect,
              touching: PixelRect? = nil) {
        let reach = touching ?? needed
        for node in nodes {
            switch node {
            case .command(let c):
                guard let b = bounds(of: c), !PixelRect(covering: b).expanded(by: 1).intersection(reach).isEmpty
                else { continue }
                draw(c, on: cr, area: needed)
            case .layer(let layer, let children):
                if touching != nil && pixelBounds(of: layer, children: children).intersection(reach).isEmpty { continue }
                composite(layer, children: children, onto: target, context: cr, needed: needed)
            }
        }
    }

    private func setMatrix(_ cr: OpaquePointer, _ t: AffineTransform) {
        var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_set_matrix(cr, &m)
    }

    /// A stroke's width, ends and corners; the miter limit is SwiftUI's StrokeStyle default, 10 (Cairo's too).
    static func setLineStyle(_ cr: OpaquePointer, _ s: StrokeCommand) {
        cairo_set_line_width(cr, s.lineWidth)
        cairo_set_miter_limit(cr, 10)
        let cap: cairo_line_cap_t = switch s.lineCap { case .butt: CAIRO_LINE_CAP_BUTT; case .round: CAIRO_LINE_CAP_ROUND; case .square: CAIRO_LINE_CAP_SQUARE }
        let join: cairo_line_join_t = switch s.lineJoin { case .miter: CAIRO_LINE_JOIN_MITER; case .round: CAIRO_LINE_JOIN_ROUND; case .bevel: CAIRO_LINE_JOIN_BEVEL }
        cairo_set_line_cap(cr, cap)
        cairo_set_line_join(cr, join)
    }

    static func append(_ path: Path, to cr: OpaquePointer) {
        cairo_new_path(cr)
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .cubic(let a, let b, let p): cairo_curve_to(cr, a.x, a.y, b.x, b.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    /// Draws one command (not a layer) with `cr`; `area` bounds per-pixel paints.
    func draw(_ command: DisplayCommand, on cr: OpaquePointer, area: PixelRect) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        switch command {
        case .fill(let f):
            let t = device(f.transform)
            guard t.determinant != 0 else { return }
            setMatrix(cr, t)
            let region = PixelRect(covering: t.apply(f.path.controlBounds)).expanded(by: 1).intersection(area)
            let keep = PaintSource.set(f.paint, bounds: f.paintBounds, on: cr, localToDevice: t, deviceArea: region)
            Self.append(f.path, to: cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
            withExtendedLifetime(keep) {}
        case .stroke(let s):
            let t = device(s.transform)
            guard t.determinant != 0, s.lineWidth > 0, s.lineWidth.isFinite else { return }
            setMatrix(cr, t)
            Self.setLineStyle(cr, s)
            Self.append(s.path, to: cr)
            let region = PixelRect(covering: strokeExtents(cr, t)).expanded(by: 1).intersection(area)
            let keep = PaintSource.set(s.paint, bounds: s.paintBounds, on: cr, localToDevice: t, deviceArea: region)
            cairo_stroke(cr)
            withExtendedLifetime(keep) {}
        case .text(let tc):
            let t = device(tc.transform)
            guard t.determinant != 0, let shaped = shaper.shape(tc.text, style: tc.style, layout: tc.layout) else { return }
            setMatrix(cr, t)
            let box = textInk(tc, shaped)
            let region = PixelRect(covering: t.apply(box)).expanded(by: 1).intersection(area)
            let keep = PaintSource.set(tc.paint, bounds: tc.paintBounds, on: cr, localToDevice: t, deviceArea: region)
            cairo_new_path(cr)
            cairo_move_to(cr, tc.origin.x - shaped.logical.minX, tc.origin.y - shaped.logical.minY)
            pango_cairo_layout_path(cr, shaped.layout)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
            withExtendedLifetime(keep) {}
        case .image(let ic):
            guard let src = PixelConversion.surface(from: ic.image) else { return }
            drawBitmap(src, width: ic.image.width, height: ic.image.height, rect: ic.rect, clip: ic.clip,
                       transform: ic.transform, on: cr)
        case .lottie(let lc):
            guard let (src, w, h) = lottieFrame(lc) else { return }
            drawBitmap(src, width: w, height: h, rect: lc.rect, clip: nil, transform: lc.transform, on: cr)
        case .beginLayer, .endLayer:
            return
        }
    }

    /// Draws a `width`×`height` px picture stretched over `rect` (local coordinates), clipped to `clip`.
    func drawBitmap(_ src: PixelSurface, width: Int, height: Int, rect: Rect, clip: Rect?, transform: AffineTransform,
                    on cr: OpaquePointer) {
        let t = device(transform)
        let r = clip.map { $0.intersection(rect) } ?? rect
        guard t.determinant != 0, !r.isEmpty, !rect.isEmpty else { return }
        setMatrix(cr, t)
        cairo_set_source_surface(cr, src.surface, 0, 0)
        if let pattern = cairo_get_source(cr) {
            // Pattern space is image pixels: local → (local − origin) · pixels per local unit.
            let sx = Double(width) / rect.width, sy = Double(height) / rect.height
            var m = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: sy, x0: -rect.minX * sx, y0: -rect.minY * sy)
            cairo_pattern_set_matrix(pattern, &m)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
        cairo_fill(cr)
        withExtendedLifetime(src) {}
    }

    /// The stroke's extents in canvas pixels, for the path currently set on `cr` (matrix `t`).
    func strokeExtents(_ cr: OpaquePointer, _ t: AffineTransform) -> Rect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_stroke_extents(cr, &x0, &y0, &x1, &y1)
        return t.apply(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// The text's inked area and its box, in local coordinates.
    func textInk(_ tc: TextCommand, _ shaped: ShapedText) -> Rect {
        let dx = tc.origin.x - shaped.logical.minX, dy = tc.origin.y - shaped.logical.minY
        return shaped.ink.offsetBy(dx: dx, dy: dy).union(shaped.logical.offsetBy(dx: dx, dy: dy))
    }
}
