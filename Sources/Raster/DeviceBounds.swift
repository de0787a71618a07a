import CCairo
import DisplayList
import Geometry

extension CairoRasterizer {
    /// Where a command can put ink, in canvas pixels (a superset); nil when nowhere.
    func bounds(of c: DisplayCommand) -> Rect? {
        switch c {
        case .fill(let f):
            guard !f.path.isEmpty else { return nil }
            return device(f.transform).apply(f.path.controlBounds)
        case .stroke(let s):
            guard !s.path.isEmpty, s.lineWidth > 0, s.lineWidth.isFinite else { return nil }
            let t = device(s.transform)
            guard t.determinant != 0 else { return nil }
            let cr = canvas.makeContext()
            defer { cairo_destroy(cr) }
            var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
            cairo_set_matrix(cr, &m)
            CairoRasterizer.setLineStyle(cr, s)
            Self.append(s.path, to: cr)
            return strokeExtents(cr, t)
        case .text(let tc):
            guard let shaped = shaper.shape(tc.text, style: tc.style, layout: tc.layout) else { return nil }
            return device(tc.transform).apply(textInk(tc, shaped))
        case .image(let ic):
            let r = ic.clip.map { $0.intersection(ic.rect) } ?? ic.rect
            return r.isEmpty ? nil : device(ic.transform).apply(r)
        case .lottie(let lc):
            return lc.rect.isEmpty ? nil : device(lc.transform).apply(lc.rect)
        case .beginLayer, .endLayer:
            return nil
        }
    }

    /// Where drawing `nodes` can put ink, in whole canvas pixels (a superset).
    func pixelBounds(of nodes: [DrawNode]) -> PixelRect {
        var r = PixelRect.empty
        for n in nodes {
            switch n {
            case .command(let c):
                if let b = bounds(of: c) { r = r.union(PixelRect(covering: b).expanded(by: 1)) }
            case .layer(let l, let children):
                r = r.union(pixelBounds(of: l, children: children))
            }
        }
        return r
    }

    /// Where a layer can put ink: its content, limited by clip and mask, spread by its effects.
    func pixelBounds(of layer: Layer, children: [DrawNode]) -> PixelRect {
        if let projection = layer.projection {
            var flat = layer
            flat.projection = nil
            let before = pixelBounds(of: flat, children: children)
            let device = projection.inDevicePixels(scale: scale)
            guard !before.isEmpty, device.inverted != nil else { return .empty }
            // Part of it behind the eye: the picture can stretch to the canvas edges and beyond.
            guard let after = device.apply(before.rect) else { return PixelRect(x: -1 << 24, y: -1 << 24, width: 1 << 25, height: 1 << 25) }
            return PixelRect(covering: after).expanded(by: 1)
        }
        let fx = LayerEffects(layer, scale: scale)
        var content = pixelBounds(of: children)
        if let clip = layer.clip { content = content.intersection(clipBounds(clip, fx)) }
        if let mask = layer.mask { content = content.intersection(pixelBounds(of: DrawNode.tree(of: mask))) }
        guard !content.isEmpty, fx.opacity > 0 else { return .empty }
        // Chained shadows spread from the content and the shadows before them.
        return fx.reachOfShadows(from: content).expanded(by: GaussianBlur.reach(fx.blur))
    }

    func clipBounds(_ clip: Path, _ fx: LayerEffects) -> PixelRect {
        clip.isEmpty ? .empty : PixelRect(covering: fx.transform.apply(clip.controlBounds)).expanded(by: 1)
    }
}

extension Homography {
    /// The same map between device pixels, for a canvas of `scale` pixels per point.
    func inDevicePixels(scale: Double) -> Homography {
        Homography(.scale(1 / scale, 1 / scale)).concatenating(self).concatenating(Homography(.scale(scale, scale)))
    }
}
