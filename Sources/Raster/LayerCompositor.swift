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
        if let projection = layer.projection {
            compositeProjected(layer, projection, children: children, on: cr, needed: needed)
            return
        }
        let fx = LayerEffects(layer, scale: scale)
        guard fx.opacity > 0 else { return }

        // The content pixels that can influence `needed`.
        let afterBlur = needed.expanded(by: GaussianBlur.reach(fx.blur))
        var contentNeeded = fx.needs(reaching: afterBlur)[0]
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
            timingEffects { drawShadows(of: fx, content: content, onto: target, context: cr, needed: needed) }
            cairo_set_source_surface(cr, content.surface, 0, 0)
            cairo_paint(cr)
            return
        }
        // A group for blur and opacity: content and shadows together.
        let groupRect = fx.reachOfShadows(from: contentRect).intersection(afterBlur)
        guard let group = PixelSurface(region: groupRect) else { return }
        let g = group.makeContext()
        timingEffects { drawShadows(of: fx, content: content, onto: group, context: g, needed: groupRect) }
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

    /// A layer with a projection: the layer without it is drawn offscreen (only the part whose
    /// image can reach `needed`), then that picture goes through the map.
    private func compositeProjected(_ layer: Layer, _ projection: Homography, children: [DrawNode],
                                    on cr: OpaquePointer, needed: PixelRect) {
        let device = projection.inDevicePixels(scale: scale)
        guard let back = device.inverted else { return }
        var flat = layer
        flat.projection = nil
        var sourceRect = pixelBounds(of: flat, children: children)
        // The pre-image of `needed` is bounded when all of `needed` is in front of the eye. When it
        // is not (the horizon crosses `needed`), content far off the canvas lands in a sliver by the
        // horizon; a margin keeps the offscreen surface to a sane size.
        if let pre = back.apply(needed.rect) {
            sourceRect = sourceRect.intersection(PixelRect(covering: pre).expanded(by: 2))
        } else {
            sourceRect = sourceRect.intersection(needed.expanded(by: Self.projectionMargin))
        }
        guard !sourceRect.isEmpty, let source = PixelSurface(region: sourceRect) else { return }
        let c = source.makeContext()
        composite(flat, children: children, onto: source, context: c, needed: sourceRect)
        cairo_destroy(c)
        ProjectiveSampler.draw(source, through: device, hinge: layer.hinge.map { .init($0, scale: scale) }, on: cr,
                               needed: needed)
    }

    /// Pixels around `needed` of a view seen past its horizon that are still drawn.
    static let projectionMargin = 4096

    /// Byte offset of alpha within a native-endian ARGB32 pixel.
    static let alphaByte = 1.littleEndian == 1 ? 3 : 0

    /// The layer's shadows of `content`, all under it (the caller draws the content next):
    /// independent ones in list order, chained ones from the last (cast by everything before it,
    /// so lowest) to the first. Masks come from the shadow cache when the same content casts the
    /// same shadows over the same region again.
    ///
    /// Neighbouring independent shadows of the same RGB are painted as one: source-over of one colour c
    /// with alphas α₁…αₙ in a row gives c with alpha 1 − Π(1 − αᵢ) (the colour term factors out), so
    /// their masks merge into one mask, computed in floating point and rounded once (`mergedMask`).
    /// The picture is the same up to rounding, and smoother: one 8-bit rounding instead of n, which is
    /// also what makes the glow's PNGs no larger than a one-mask drawing's. Each run is a paint.
    ///
    /// Two or more shadows all at least `ShadowField.minimumSigma` wide, chained or not, are one smooth layer instead,
    /// painted once (`ShadowField`).
    func drawShadows(of fx: LayerEffects, content: PixelSurface, onto target: PixelSurface, context cr: OpaquePointer,
                     needed: PixelRect) {
        guard !fx.shadows.isEmpty else { return }
        let runs = fx.chained ? fx.shadows.indices.reversed().map { [$0] } : Self.sameColourRuns(fx.shadows)
        // Wide shadows onto frame or layer pixels: one smooth layer (`ShadowField`).
        let field = target.format == CAIRO_FORMAT_ARGB32 && ShadowField.applies(to: fx.shadows)
        let drawing = shadowCache.drawing(content: content, shadows: fx.shadows, chained: fx.chained, field: field,
                                          needed: needed) {
            if field, let f = ShadowField(fx.shadows, chained: fx.chained, of: content, needs: fx.needs(reaching: needed)) {
                return .field(f)
            }
            guard !fx.chained else {
                return .masks(shadowMasks(fx.shadows, chained: true, of: content, needs: fx.needs(reaching: needed)))
            }
            return .masks(runs.map { run in
                run.count == 1 ? independentMask(fx.shadows[run[0]], of: content, needed: needed)
                    : mergedMask(run.map { fx.shadows[$0] }, of: content, needed: needed)
            })
        }
        let masks: [ShadowPaint?]
        switch drawing {
        case .field(let f):
            f.paint(onto: target, within: needed)
            return
        case .masks(let m):
            masks = m
        }
        for (slot, run) in runs.enumerated() {
            let k = run[0], s = fx.shadows[k]
            // Chained masks are kept by shadow index, independent ones by run.
            let mask = fx.chained ? (k < masks.count ? masks[k] : nil) : (slot < masks.count ? masks[slot] : nil)
            let alpha = run.count == 1 ? s.color.a : 1
            if let mask {
                // Straight into the target's pixels, as cairo_mask_surface would paint it (`ShadowPaint.paint`).
                mask.paint(SolidColour(r: s.color.r, g: s.color.g, b: s.color.b, a: alpha), onto: target, within: needed)
            } else if !fx.chained && s.sigma < 0.01 {
                cairo_set_source_rgba(cr, s.color.r, s.color.g, s.color.b, alpha)
                cairo_mask_surface(cr, content.surface, s.dx, s.dy)
            }
        }
    }

    /// Independent shadows in list order, grouped into runs of neighbours with the same RGB that all
    /// have a blurred mask (σ ≥ 0.01 px; an unblurred shadow is painted through the content itself).
    static func sameColourRuns(_ shadows: [LayerEffects.DeviceShadow]) -> [[Int]] {
        var runs: [[Int]] = []
        for (k, s) in shadows.enumerated() {
            if let last = runs.last?.last, s.sigma >= 0.01, shadows[last].sigma >= 0.01,
               shadows[last].color.r == s.color.r, shadows[last].color.g == s.color.g, shadows[last].color.b == s.color.b {
                runs[runs.count - 1].append(k)
            } else {
                runs.append([k])
            }
        }
        return runs
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
