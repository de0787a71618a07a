import CCairo
import DisplayList

/// Drawing only what changed since the rasterizer's previous frame.
///
/// A frame's pixels are the background with the display list's top-level nodes composited over it one by one, and a
/// node changes no pixel outside its `pixelBounds` (a superset of where it can put ink, effects included). So where two
/// lists differ only in some top-level nodes, every pixel outside the bounds of those nodes — in either list — is the
/// same in both frames: the damage. The new frame is the previous one with the damage drawn again: clipped to the
/// damage, the background is painted and every node that reaches it is drawn exactly as in a full redraw (a layer's
/// offscreen work — content, masks, shadows, blur — is computed over the same region as in a full redraw, so its
/// rounding is the same); the clip only decides which canvas pixels receive it. Cairo computes each pixel's coverage
/// from the geometry alone, so a pixel-aligned clip does not change the pixels inside it. The result is byte-identical
/// to a full redraw; `DamageRegionTests` checks that on every reference scene, frame by frame.
extension CairoRasterizer {
    /// The rectangles (device pixels, within the canvas) that can differ between the frames of `old` and `new`:
    /// the bounds of the top-level nodes between their common beginning and common end, in both lists.
    func damage(from old: [DrawNode], to new: [DrawNode]) -> [PixelRect] {
        let common = min(old.count, new.count)
        var head = 0
        while head < common && old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < common - head && old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        var rects: [PixelRect] = []
        for node in old[head..<(old.count - tail)] + new[head..<(new.count - tail)] {
            let r = pixelBounds(of: [node]).intersection(canvas.region)
            if !r.isEmpty { rects.append(r) }
        }
        // Grown until no shape drawn straight onto the canvas crosses a rectangle's edge, merged again, and so on.
        var done = false
        while !done {
            rects = Self.merged(rects)
            done = true
            for (k, r) in rects.enumerated() {
                let grown = closed(r, under: new)
                if grown != r { rects[k] = grown; done = false }
            }
        }
        return rects
    }

    /// `r` grown by the bounds of every top-level command of `nodes` that reaches into it, until none crosses its
    /// edge (within the canvas). Cairo clips a shape's outline to the surface it draws on, and an outline cut at
    /// another place gives other coverage along the whole shape (measured: 1–3 levels on a few pixels of a rounded
    /// bar cut by a damage edge), so a redrawn piece must hold every shape it draws whole. Pixel-aligned rectangles
    /// are the exception: their coverage is 0 or 1 per pixel wherever they are cut. Layers are drawn offscreen over
    /// the whole canvas and pasted, and pasting is exact anywhere.
    func closed(_ r: PixelRect, under nodes: [DrawNode]) -> PixelRect {
        var out = r
        var grew = true
        while grew {
            grew = false
            for case .command(let c) in nodes where !isPixelAlignedBox(c) {
                guard let b = bounds(of: c) else { continue }
                let box = PixelRect(covering: b).expanded(by: 1).intersection(canvas.region)
                if !box.intersection(out).isEmpty, box.union(out) != out {
                    out = out.union(box)
                    grew = true
                }
            }
        }
        return out
    }

    /// A fill of a rectangle whose corners land on whole device pixels, axis-aligned.
    func isPixelAlignedBox(_ c: DisplayCommand) -> Bool {
        guard case .fill(let f) = c, f.path == .rect(f.path.controlBounds) else { return false }
        let t = device(f.transform)
        guard t.b == 0, t.c == 0 else { return false }
        let d = t.apply(f.path.controlBounds)
        return [d.minX, d.minY, d.maxX, d.maxY].allSatisfy { $0 == $0.rounded() }
    }

    /// `rects` with every pair that overlaps, or whose union costs less than drawing them apart, replaced by the
    /// union, until none is left (a few rectangles: the few nodes that changed).
    static func merged(_ rects: [PixelRect]) -> [PixelRect] {
        var out = rects
        var changed = true
        while changed {
            changed = false
            search: for i in out.indices {
                for j in out.indices where j > i {
                    let u = out[i].union(out[j])
                    if !out[i].intersection(out[j]).isEmpty || u.area <= out[i].area + out[j].area {
                        out[i] = u
                        out.remove(at: j)
                        changed = true
                        break search
                    }
                }
            }
        }
        return out
    }

    /// Redraws `damage` of the canvas for `nodes` (see above). Each rectangle is drawn on a surface of its own
    /// and copied into the canvas: a surface's edges bound the drawing the way the canvas's own edges do, while a
    /// Cairo clip on the canvas would send some composites down another path with other rounding (measured: a few
    /// edge pixels off by 1–3 levels on the benchmark's bar).
    func redraw(_ nodes: [DrawNode], in damage: [PixelRect]) {
        for r in damage {
            guard let piece = PixelSurface(region: r) else { continue }
            let cr = piece.makeContext()
            paintBackground(cr)
            // Offscreen work over the whole canvas, as in a full redraw; only nodes reaching the piece are drawn.
            draw(nodes, onto: piece, context: cr, needed: canvas.region, touching: r)
            cairo_destroy(cr)
            piece.copy(into: canvas)
        }
    }
}
