import CCairo

/// Building the A8 masks of a layer's shadows: what each shadow's colour is painted through.
///
/// Independent shadows (CSS) are each the content's alpha, blurred and moved. Chained shadows
/// (SwiftUI) are cast by what is drawn so far: with A₀ the content's alpha and shadow k of
/// colour alpha cₖ, mask Mₖ = Gₖ ∗ Aₖ₋₁ (moved) and Aₖ = Aₖ₋₁ + (1 − Aₖ₋₁)·cₖ·Mₖ, the alpha of
/// the content over shadows 1…k. There is no exact shortcut through one wider blur
/// (Gₐ ∗ G_b = G with σ² = σₐ² + σ_b² only for a linear chain, and the (1 − Aₖ₋₁) factor is
/// not linear wherever the content has any coverage), so every mask blurs the accumulated alpha.
extension CairoRasterizer {
    /// The masks of `shadows` cast by `content`, in list order (nil where a mask could not be
    /// made, or, for an unblurred independent shadow, where the content itself is the mask).
    /// `needs[k]` (k = 0…n) is where the alpha after shadows 1…k must be right: the last entry is
    /// where the picture is needed, earlier ones are the pixels later shadows read.
    func shadowMasks(_ shadows: [LayerEffects.DeviceShadow], chained: Bool, of content: PixelSurface,
                     needs: [PixelRect]) -> [PixelSurface?] {
        let needed = needs.last ?? .empty
        guard chained else {
            return shadows.map { s in
                s.sigma < 0.01 ? nil : blurredMask(of: content, s, out: LayerEffects.reach(of: s, from: content.region).intersection(needed))
            }
        }
        var masks: [PixelSurface?] = []
        var cast = content   // A_{k−1}: the alpha of what is drawn so far
        for (k, s) in shadows.enumerated() {
            let target = k + 1 < needs.count ? needs[k + 1] : needed
            let out = LayerEffects.reach(of: s, from: cast.region).intersection(target)
            let mask = s.sigma < 0.01 ? movedMask(of: cast, s, out: out) : blurredMask(of: cast, s, out: out)
            masks.append(mask)
            guard k + 1 < shadows.count, let m = mask,
                  let next = Self.accumulate(cast, under: m, alpha: s.color.a, over: cast.region.union(out).intersection(target))
            else { continue }
            cast = next
        }
        return masks
    }

    /// Gₛ ∗ (alpha of `source`), moved by the shadow's offset, over `out`.
    private func blurredMask(of source: PixelSurface, _ s: LayerEffects.DeviceShadow, out: PixelRect) -> PixelSurface? {
        guard let a8 = PixelSurface(region: out, format: CAIRO_FORMAT_A8) else { return nil }
        GaussianBlur.blur(Self.alphaChannel(of: source), sigma: s.sigma, shiftX: s.dx, shiftY: s.dy,
                          into: .init(base: a8.data, step: 1, rowStride: a8.stride, region: out))
        a8.markDirty()
        return a8
    }

    /// The alpha of `source` moved by the shadow's offset (a shadow too sharp to blur), over `out`.
    private func movedMask(of source: PixelSurface, _ s: LayerEffects.DeviceShadow, out: PixelRect) -> PixelSurface? {
        guard let a8 = PixelSurface(region: out, format: CAIRO_FORMAT_A8) else { return nil }
        let c = a8.makeContext()
        cairo_set_operator(c, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(c, source.surface, s.dx, s.dy)
        cairo_paint(c)
        cairo_destroy(c)
        return a8
    }

    /// The alpha channel of an ARGB32 or A8 surface.
    static func alphaChannel(of s: PixelSurface) -> GaussianBlur.Channel {
        s.format == CAIRO_FORMAT_A8
            ? GaussianBlur.Channel(base: s.data, step: 1, rowStride: s.stride, region: s.region)
            : GaussianBlur.Channel(base: s.data + alphaByte, step: 4, rowStride: s.stride, region: s.region)
    }

    /// A + (1 − A)·c·M over `region` (A8): the alpha of `cast` with a shadow of colour alpha `c`
    /// through `mask` drawn under it. Both are transparent outside their own regions.
    static func accumulate(_ cast: PixelSurface, under mask: PixelSurface, alpha c: Double,
                           over region: PixelRect) -> PixelSurface? {
        guard let out = PixelSurface(region: region, format: CAIRO_FORMAT_A8) else { return nil }
        let o = out.data, os = out.stride
        // Cairo surfaces start cleared: copy A where it exists.
        let a = alphaChannel(of: cast), ar = a.region.intersection(region)
        if !ar.isEmpty {
            for y in ar.y..<ar.maxY {
                var p = a.base + (y - a.region.y) * a.rowStride + (ar.x - a.region.x) * a.step
                let q = o + (y - region.y) * os + (ar.x - region.x)
                for i in 0..<ar.width { q[i] = p.pointee; p += a.step }
            }
        }
        let m = mask.data, ms = mask.stride, mr = mask.region.intersection(region)
        let k = Float(max(0, min(1, c))) / 255
        if !mr.isEmpty {
            for y in mr.y..<mr.maxY {
                let p = m + (y - mask.region.y) * ms + (mr.x - mask.region.x)
                let q = o + (y - region.y) * os + (mr.x - region.x)
                for i in 0..<mr.width {
                    let av = Float(q[i])
                    q[i] = UInt8(min(255, av + (255 - av) * k * Float(p[i]) + 0.5))
                }
            }
        }
        out.markDirty()
        return out
    }
}
