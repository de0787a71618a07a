import CCairo
import DisplayList
import Geometry

extension CairoRasterizer {
    /// Draws a layer onto `target` (through `cr`, identity matrix): its content goes into an
    /// offscreen surface over the content's device bounds, then mask → clip → shadows → blur →
    /// opacity. Only pixels that can reach `needed` are computed: for shadows and blur that
    /// is about 3σ around the content, never limited by the view's frame (only by a clip).
    func composite(_ layer: Layer, children: [DrawNode], onto target: PixelSurface,
                   context cr: OpaquePointer, needed: PixelRect) {
        let fx = LayerEffects(layer, scale: scale)
        guard fx.opacity > 0 else { return }

        // The content pixels that can influence `needed`.
        let afterBlur = needed.expanded(by: GaussianBlur.reach(fx.blur))
        var contentNeeded = afterBlur
        for s in fx.shadows { contentNeeded = contentNeeded.union(LayerEffects.sources(of: s, reaching: afterBlur)) }
        if let clip = layer.clip { contentNeeded = contentNeeded.intersection(clipBounds(clip, fx)) }
        let maskNodes = layer.mask.map { DrawNode.tree(of: $0) }
        if let maskNodes { contentNeeded = contentNeeded.intersection(pixelBounds(of: maskNodes)) }
        let contentRect = pixelBounds(of: children).intersection(contentNeeded)
        guard !contentRect.isEmpty, let content = PixelSurface(region: contentRect) else { return }
        draw(children, into: content, needed: contentRect)

        if let maskNodes, let mask = PixelSurface(region: contentRect) {
            draw(maskNodes, into: mask, needed: contentRect)
            let c = content.makeContext()
            cairo_set_operator(c, CAIRO_OPERATOR_DEST_IN)
            cairo_set_source_surface(c, mask.surface, 0, 0)
            cairo_paint(c)
            cairo_destroy(c)
        }
        if let clip = layer.clip {
            let c = content.makeContext()
            var m = cairo_matrix_t(xx: fx.transform.a, yx: fx.transform.b, xy: fx.transform.c,
                                   yy: fx.transform.d, x0: fx.transform.tx, y0: fx.transform.ty)
            if fx.transform.determinant != 0 { cairo_set_matrix(c, &m) }
            Self.append(fx.transform.determinant != 0 ? clip : Path(), to: c)
            // DEST_IN is unbounded: Cairo clears everything outside the path as well.
            cairo_set_operator(c, CAIRO_OPERATOR_DEST_IN)
            cairo_set_source_rgba(c, 0, 0, 0, 1)
            cairo_fill(c)
            cairo_destroy(c)
        }

        if fx.blur <= 0 && fx.opacity >= 1 {
            timingEffects { drawShadows(fx.shadows, of: content, on: cr, needed: needed) }
            cairo_set_source_surface(cr, content.surface, 0, 0)
            cairo_paint(cr)
            return
        }
        // A group for blur and opacity: content and shadows together.
        var groupRect = contentRect
        for s in fx.shadows { groupRect = groupRect.union(LayerEffects.reach(of: s, from: contentRect)) }
        groupRect = groupRect.intersection(afterBlur)
        guard let group = PixelSurface(region: groupRect) else { return }
        let g = group.makeContext()
        timingEffects { drawShadows(fx.shadows, of: content, on: g, needed: groupRect) }
        cairo_set_source_surface(g, content.surface, 0, 0)
        cairo_paint(g)
        cairo_destroy(g)

        var result = group
        if fx.blur > 0 {
            let outRect = groupRect.expanded(by: GaussianBlur.reach(fx.blur)).intersection(needed)
            guard let blurred = PixelSurface(region: outRect) else { return }
            timingEffects { blurPremultiplied(group, sigma: fx.blur, into: blurred) }
            result = blurred
        }
        cairo_set_source_surface(cr, result.surface, 0, 0)
        cairo_paint_with_alpha(cr, fx.opacity)
    }

    /// Byte offset of alpha within a native-endian ARGB32 pixel.
    static let alphaByte = 1.littleEndian == 1 ? 3 : 0

    /// Each shadow: the content's alpha, blurred, moved, filled with the shadow colour,
    /// drawn in list order (so all under the content, which the caller draws next).
    func drawShadows(_ shadows: [LayerEffects.DeviceShadow], of content: PixelSurface,
                     on cr: OpaquePointer, needed: PixelRect) {
        guard !shadows.isEmpty else { return }
        let alpha = GaussianBlur.Channel(base: content.data + Self.alphaByte, step: 4,
                                         rowStride: content.stride, region: content.region)
        for s in shadows {
            cairo_set_source_rgba(cr, s.color.r, s.color.g, s.color.b, s.color.a)
            if s.sigma < 0.01 {
                cairo_mask_surface(cr, content.surface, s.dx, s.dy)
                continue
            }
            let out = LayerEffects.reach(of: s, from: content.region).intersection(needed)
            let mask = shadowCache.mask(content: content, out: out, sigma: s.sigma, dx: s.dx, dy: s.dy) {
                guard let a8 = PixelSurface(region: out, format: CAIRO_FORMAT_A8) else { return nil }
                GaussianBlur.blur(alpha, sigma: s.sigma, shiftX: s.dx, shiftY: s.dy,
                                  into: .init(base: a8.data, step: 1, rowStride: a8.stride, region: out))
                a8.markDirty()
                return a8
            }
            guard let a8 = mask else { continue }
            cairo_mask_surface(cr, a8.surface, 0, 0)
        }
    }

    /// Blurs all four premultiplied channels (blurring premultiplied colour is what keeps
    /// transparent pixels from bleeding black), then keeps colour ≤ alpha after rounding.
    func blurPremultiplied(_ src: PixelSurface, sigma: Double, into dst: PixelSurface) {
        let s = src.data, d = dst.data
        for ch in 0..<4 {
            GaussianBlur.blur(.init(base: s + ch, step: 4, rowStride: src.stride, region: src.region),
                              sigma: sigma, shiftX: 0, shiftY: 0,
                              into: .init(base: d + ch, step: 4, rowStride: dst.stride, region: dst.region))
        }
        let a = Self.alphaByte
        for y in 0..<dst.region.height {
            var p = d + y * dst.stride
            for _ in 0..<dst.region.width {
                let al = p[a]
                for ch in 0..<4 where ch != a && p[ch] > al { p[ch] = al }
                p += 4
            }
        }
        dst.markDirty()
    }
}
