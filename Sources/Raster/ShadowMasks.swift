import CCairo

/// Building the A8 masks of a layer's shadows: what each shadow's colour is painted through.
///
/// Independent shadows (CSS) are each the content's alpha, blurred and moved. Chained shadows
/// (SwiftUI) are cast by what is drawn so far: with A₀ the content's alpha and shadow k of
/// colour alpha cₖ, mask Mₖ = Gₖ ∗ Aₖ₋₁ (moved) and Aₖ = Aₖ₋₁ + (1 − Aₖ₋₁)·cₖ·Mₖ, the alpha of
/// the content over shadows 1…k. There is no exact shortcut through one wider blur
/// (Gₐ ∗ G_b = G with σ² = σₐ² + σ_b² only for a linear chain, and the (1 − Aₖ₋₁) factor is
/// not linear wherever the content has any coverage), so every mask blurs the accumulated alpha.
/// (Stacks of wide shadows are drawn from smooth fields instead: `ShadowField`.)
extension CairoRasterizer {
    /// The masks of `shadows` cast by `content`, in list order (nil where a mask could not be
    /// made, or, for an unblurred independent shadow, where the content itself is the mask).
    /// `needs[k]` (k = 0…n) is where the alpha after shadows 1…k must be right: the last entry is
    /// where the picture is needed, earlier ones are the pixels later shadows read.
    func shadowMasks(_ shadows: [LayerEffects.DeviceShadow], chained: Bool, of content: PixelSurface,
                     needs: [PixelRect]) -> [ShadowPaint?] {
        let needed = needs.last ?? .empty
        guard chained else { return shadows.map { independentMask($0, of: content, needed: needed) } }
        var masks: [ShadowPaint?] = []
        // A_{k−1}, the alpha of what is drawn so far, and the part of it that is not transparent.
        var cast = content, inked = content.region
        for (k, s) in shadows.enumerated() {
            let target = k + 1 < needs.count ? needs[k + 1] : needed
            let out = LayerEffects.reach(of: s, from: inked).intersection(target)
            var mask = s.sigma < 0.01 ? movedMask(of: cast, s, out: out) : blurredMask(of: cast, within: inked, s, out: out)
            // A mask the next shadow's caster is built from is read twice (accumulated, then painted): read back once
            // into an A8 surface. The last is read once, as it is painted.
            if k + 1 < shadows.count, let m = mask, case .blurred = m { mask = m.surface().map { .surface($0) } }
            masks.append(mask)
            guard k + 1 < shadows.count, let m = mask,
                  let next = Self.accumulate(cast, within: inked, under: m, alpha: s.color.a, over: inked.union(out).intersection(target))
            else { continue }
            (cast, inked) = next
        }
        return masks
    }

    /// The mask of an independent shadow of `content` over the part of `needed` it reaches; nil for a shadow too
    /// sharp to blur (the content itself is its mask).
    func independentMask(_ s: LayerEffects.DeviceShadow, of content: PixelSurface, needed: PixelRect) -> ShadowPaint? {
        s.sigma < 0.01 ? nil
            : blurredMask(of: content, within: content.region, s, out: LayerEffects.reach(of: s, from: content.region).intersection(needed))
    }

    /// One mask for independent shadows of one RGB painted in a row, with colour alphas aᵢ and blurs bᵢ of the
    /// content's alpha: 255·(1 − Π(1 − aᵢ·bᵢ/255)), rounded once, over the union of the parts of `needed` they reach
    /// (nil when that is empty). The product is built blur by blur in floating point, from the unrounded blurs, as the
    /// mask is read (`ShadowPaint.merged`).
    func mergedMask(_ shadows: [LayerEffects.DeviceShadow], of content: PixelSurface, needed: PixelRect) -> ShadowPaint? {
        let outs = shadows.map { LayerEffects.reach(of: $0, from: content.region).intersection(needed) }
        let region = outs.reduce(PixelRect.empty) { $0.union($1) }
        guard !region.isEmpty else { return nil }
        let alpha = Self.alphaChannel(of: content, within: content.region)
        let runs = zip(shadows, outs).filter { !$0.1.isEmpty }.map { s, out in
            (cells: GaussianBlur.BlurredCells(alpha, sigma: s.sigma, shiftX: s.dx, shiftY: s.dy),
             alpha: Float(max(0, min(1, s.color.a))), out: out)
        }
        return .merged(runs, region: region)
    }

    /// Gₛ ∗ (alpha of `source`), moved by the shadow's offset, over `out`; `source` is
    /// transparent outside `within`.
    func blurredMask(of source: PixelSurface, within: PixelRect = .empty, _ s: LayerEffects.DeviceShadow,
                     out: PixelRect) -> ShadowPaint? {
        guard !out.isEmpty else { return nil }
        return .blurred(GaussianBlur.BlurredCells(Self.alphaChannel(of: source, within: within), sigma: s.sigma,
                                                  shiftX: s.dx, shiftY: s.dy), out: out)
    }

    /// The alpha of `source` moved by the shadow's offset (a shadow too sharp to blur), over `out`.
    private func movedMask(of source: PixelSurface, _ s: LayerEffects.DeviceShadow, out: PixelRect) -> ShadowPaint? {
        guard let a8 = PixelSurface(region: out, format: CAIRO_FORMAT_A8) else { return nil }
        let c = a8.makeContext()
        cairo_set_operator(c, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(c, source.surface, s.dx, s.dy)
        cairo_paint(c)
        cairo_destroy(c)
        return .surface(a8)
    }

    /// The alpha channel of an ARGB32 or A8 surface, over the part of it in `within`.
    static func alphaChannel(of s: PixelSurface, within: PixelRect) -> GaussianBlur.Channel {
        let r = within.intersection(s.region)
        let step = s.format == CAIRO_FORMAT_A8 ? 1 : 4
        let first = s.data + (s.format == CAIRO_FORMAT_A8 ? 0 : alphaByte)
            + (r.y - s.region.y) * s.stride + (r.x - s.region.x) * step
        return GaussianBlur.Channel(base: first, step: step, rowStride: s.stride, region: r)
    }

    /// A + (1 − A)·c·M over `region` (A8): the alpha of `cast` (transparent outside `inked`) with
    /// a shadow of colour alpha `c` through `mask` drawn under it, and the smallest rectangle
    /// holding its non-zero pixels (empty when there are none).
    static func accumulate(_ cast: PixelSurface, within inked: PixelRect, under mask: ShadowPaint, alpha c: Double,
                           over region: PixelRect) -> (PixelSurface, PixelRect)? {
        guard let out = PixelSurface(region: region, format: CAIRO_FORMAT_A8) else { return nil }
        let o = out.data, os = out.stride
        // Cairo surfaces start cleared: copy A where it exists.
        let a = alphaChannel(of: cast, within: inked), ar = a.region.intersection(region)
        if !ar.isEmpty {
            for y in ar.y..<ar.maxY {
                var p = a.base + (y - a.region.y) * a.rowStride + (ar.x - a.region.x) * a.step
                let q = o + (y - region.y) * os + (ar.x - region.x)
                if a.step == 1 {
                    q.update(from: p, count: ar.width)
                } else {
                    for i in 0..<ar.width { q[i] = p.pointee; p += a.step }
                }
            }
        }
        // In 16.16 fixed point: A + ((255 − A)·M·c/255 + ½), c/255 as k/65536 (|error| < 1e-5 of a level).
        let k = UInt32((max(0, min(1, c)) * 65536 / 255).rounded())
        let mr = mask.region.intersection(region), w = mr.width
        mask.rows(within: mr) { y, p in
            let q = o + (y - region.y) * os + (mr.x - region.x)
            for i in 0..<w {
                let av = UInt32(q[i])
                q[i] = UInt8(truncatingIfNeeded: min(255, av + (((255 - av) &* UInt32(p[i]) &* k &+ 32768) >> 16)))
            }
        }
        out.markDirty()
        return (out, inkedBounds(out))
    }

    /// The smallest rectangle holding the non-zero pixels of an A8 surface.
    static func inkedBounds(_ s: PixelSurface) -> PixelRect {
        let d = s.data, w = s.region.width
        var x0 = w, x1 = 0, y0 = -1, y1 = -1
        for y in 0..<s.region.height {
            let row = d + y * s.stride
            // Eight bytes at a time over the zeros (a glow's rows are mostly zero far from the content).
            var first = 0
            while first + 8 <= w && UnsafeRawPointer(row + first).loadUnaligned(as: UInt64.self) == 0 { first += 8 }
            while first < w && row[first] == 0 { first += 1 }
            if first == w { continue }
            var last = w
            while last - 8 > first && UnsafeRawPointer(row + last - 8).loadUnaligned(as: UInt64.self) == 0 { last -= 8 }
            while row[last - 1] == 0 { last -= 1 }
            x0 = min(x0, first); x1 = max(x1, last)
            if y0 < 0 { y0 = y }
            y1 = y + 1
        }
        guard y0 >= 0 else { return .empty }
        return PixelRect(x: s.region.x + x0, y: s.region.y + y0, width: x1 - x0, height: y1 - y0)
    }
}
