import CCairo
import Foundation

/// Two or more wide shadows (every σ ≥ 8 px) drawn as one smooth layer: a chain (SwiftUI's `.shadow` modifiers in a
/// row), or independent shadows, each the content's alpha blurred, painted first to last (then P = 1 and S = 0 below).
///
/// With A₀ the content's alpha and shadow k of colour alpha cₖ, the chain is Mₖ = Gₖ ∗ Aₖ₋₁ (moved) and
/// Aₖ = Aₖ₋₁ + (1 − Aₖ₋₁)·cₖ·Mₖ (`ShadowMasks`). Written as Aₖ = A₀·Pₖ + Sₖ, the recurrence is
/// Pₖ = Pₖ₋₁·(1 − cₖMₖ) and Sₖ = Sₖ₋₁·(1 − cₖMₖ) + cₖMₖ with P₀ = 1, S₀ = 0: the content's sharp alpha appears only
/// as the factor A₀, and P, S and every mask are blurs or products of blurs, smooth at the scale of the smallest σ. So:
///
/// - P, S and the shadows' layer are kept on a grid of nodes h = ⌊σ_min / 4⌋ pixels apart (at pixel centres), where the
///   blur's own cells already are (`GaussianBlur`: cells of ⌊σ/4⌋ px, σ ≥ 4 cells, bilinear read-back);
/// - shadow k blurs Aₖ₋₁ averaged into its k×k cells: A₀·Pₖ₋₁ summed at full resolution over the content only, plus the
///   exact k×k average of the bilinear interpolant of Sₖ₋₁ (separable node weights), then its mask is read at the nodes;
/// - the shadows, painted n first and 1 last, are one premultiplied layer L = s₁ over s₂ over … over sₙ, built at the
///   nodes with sₖ = (colourₖ·αₖ, αₖ), αₖ = cₖMₖ, and drawn with one OVER, read back bilinearly a band of rows at a time.
///
/// Against the masks at full resolution (one 8-bit mask, accumulation and paint per shadow over up to 3σ around the
/// content, ~5 passes over the frame per shadow), the full-resolution work is one read-back and one OVER, plus the content's
/// own pixels once per shadow. Accuracy: ChainedShadowTests' wide stacks against the chain of exact Gaussians in floating
/// point; the rounding is once, at the end, where the masks rounded each mask, each accumulated alpha and each paint.
struct ShadowField {
    /// Nodes at pixel (x0 + i·h, y0 + j·h), i < nx, j < ny.
    let x0: Int, y0: Int, h: Int, nx: Int, ny: Int
    /// The layer at the nodes, premultiplied, 0…1, row by row: alpha, then red, green and blue unless `colour` is set.
    let planes: [Float]
    /// The one colour of every shadow, when they share it: the layer is then that colour at the alpha plane.
    let colour: (r: Double, g: Double, b: Double)?
    /// Where the layer is drawn.
    let region: PixelRect

    /// The smallest σ (pixels) drawn this way: nodes at least 2 px apart.
    static let minimumSigma = 2 * GaussianBlur.minimumCellSigma

    /// Whether `shadows` are drawn as a field: two or more, all at least `minimumSigma` wide.
    static func applies(to shadows: [LayerEffects.DeviceShadow]) -> Bool {
        shadows.count >= 2 && shadows.allSatisfy { $0.sigma >= minimumSigma && $0.sigma.isFinite }
    }

    /// The most nodes a layer is kept on (up to 6 planes of 4-byte floats while it is made): a canvas of 1170×2532 px
    /// with 3σ around it has about 10⁶ at 2 px apart. More arises only where a narrow shadow follows wide ones so far
    /// apart that the alpha between them is needed tens of thousands of pixels around the canvas.
    static let maximumNodes = 1 << 22

    /// Bytes held.
    var byteCount: Int { planes.count * MemoryLayout<Float>.stride }

    /// The shadows cast by `content`, chained or each by the content alone (independent: the first lowest, each over
    /// the ones before). `needs[k]` (k = 0…n) is where the alpha after shadows 1…k must be right
    /// (`LayerEffects.needs(reaching:)`), the last where the picture is drawn. Nil when the layer would need more than
    /// `maximumNodes` nodes (draw the masks instead); a field that draws nothing has an empty region.
    init?(_ shadows: [LayerEffects.DeviceShadow], chained: Bool, of content: PixelSurface, needs: [PixelRect]) {
        precondition(Self.applies(to: shadows) && needs.count == shadows.count + 1)
        let n = shadows.count
        // Where Aₖ (chained) or shadow k (independent) can be non-zero and is needed, k = 0…n.
        var inked = [content.region]
        for s in shadows {
            inked.append(chained ? inked[inked.count - 1].union(LayerEffects.reach(of: s, from: inked[inked.count - 1]))
                                 : LayerEffects.reach(of: s, from: content.region))
        }
        let domains = (0...n).map { needs[$0].intersection(inked[$0]) }
        let grid = domains[1...].reduce(PixelRect.empty) { $0.union($1) }
        let drawn = chained ? domains[n] : grid
        let h = max(2, Int(floor((shadows.map(\.sigma).min() ?? 0) / GaussianBlur.minimumCellSigma)))
        guard !drawn.isEmpty, !grid.isEmpty else {
            x0 = 0; y0 = 0; self.h = h; nx = 0; ny = 0; planes = []; colour = nil; region = .empty
            return
        }
        let nx = (grid.width - 1) / h + 2, ny = (grid.height - 1) / h + 2
        guard nx <= Self.maximumNodes / ny else { return nil }
        let count = nx * ny
        let first = shadows[0].color
        let colour = shadows.allSatisfy { $0.color.r == first.r && $0.color.g == first.g && $0.color.b == first.b }
            ? (r: max(0, min(1, first.r)), g: max(0, min(1, first.g)), b: max(0, min(1, first.b))) : nil
        let layers = colour == nil ? 4 : 1
        /// The columns and rows of nodes that a bilinear read of the pixels in `r` uses.
        func nodes(covering r: PixelRect) -> (Range<Int>, Range<Int>) {
            guard !r.isEmpty else { return (0..<0, 0..<0) }
            return (max(0, (r.x - grid.x) / h)..<min(nx, (r.maxX - 1 - grid.x) / h + 2),
                    max(0, (r.y - grid.y) / h)..<min(ny, (r.maxY - 1 - grid.y) / h + 2))
        }
        // The layer's planes; a chain's P and S beside them while it is made (P = 1, S = 0 at the start).
        var layer = [Float](repeating: 0, count: layers * count)
        let fields = UnsafeMutablePointer<Float>.allocate(capacity: chained ? 2 * count : 0)
        defer { fields.deallocate() }
        let p = fields, sField = fields + count
        if chained {
            p.initialize(repeating: 1, count: count)
            sField.initialize(repeating: 0, count: count)
        }
        let a0 = CairoRasterizer.alphaChannel(of: content, within: content.region)
        layer.withUnsafeMutableBufferPointer { buffer in
            let la = buffer.baseAddress!
            let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 2 * nx)
            defer { scratch.deallocate() }
            let alpha = scratch, under = scratch + nx
            for (k, s) in shadows.enumerated() {
                let cells: GaussianBlur.BlurredCells
                if k == 0 || !chained {
                    cells = GaussianBlur.BlurredCells(a0, sigma: s.sigma, shiftX: s.dx, shiftY: s.dy)
                } else {
                    let source = domains[k]
                    guard !source.isEmpty else { break }
                    let input = Self.cellAverages(content: a0, p: UnsafePointer(p), s: UnsafePointer(sField),
                                                  grid: (grid.x, grid.y, h, nx, ny), over: source,
                                                  cell: GaussianBlur.BlurredCells.cellSize(s.sigma))
                    cells = GaussianBlur.BlurredCells(cells: input, region: source, sigma: s.sigma, shiftX: s.dx, shiftY: s.dy)
                }
                // The mask at the nodes it reaches (a tap of index 0 is outside the cells: no mask there), and the
                // recurrence there.
                let (xi, xf) = cells.taps(count: nx, start: grid.x, step: h, origin: cells.input.x, shift: cells.shiftX,
                                          phase: cells.phaseX, limit: cells.bw)
                let (yi, yf) = cells.taps(count: ny, start: grid.y, step: h, origin: cells.input.y, shift: cells.shiftY,
                                          phase: cells.phaseY, limit: cells.bh)
                // Where this shadow changes anything that is read: P and S where the next shadow reads them (a chain),
                // the layer where it is drawn; and where the mask reaches.
                let next = chained && k + 1 < n ? domains[k + 1] : .empty
                let (cols, rows) = nodes(covering: next.union(drawn))
                guard let first = xi.firstIndex(where: { $0 > 0 }), let last = xi.lastIndex(where: { $0 > 0 }),
                      let top = yi.firstIndex(where: { $0 > 0 }), let bottom = yi.lastIndex(where: { $0 > 0 }) else { continue }
                let i0 = max(first, cols.lowerBound), i1 = min(last + 1, cols.upperBound)
                let j0 = max(top, rows.lowerBound), j1 = min(bottom + 1, rows.upperBound)
                guard i0 < i1, j0 < j1 else { continue }
                let c = Float(max(0, min(1, s.color.a)))
                let tint = [Float(max(0, min(1, s.color.r))), Float(max(0, min(1, s.color.g))), Float(max(0, min(1, s.color.b)))]
                let bw = cells.bw
                let line = UnsafeMutablePointer<Float>.allocate(capacity: bw)
                defer { line.deallocate() }
                cells.blurred.withUnsafeBufferPointer { b in
                    for j in j0..<j1 {
                        let r0 = b.baseAddress! + yi[j] * bw, r1 = r0 + bw, fy = yf[j]
                        for t in 0..<bw { line[t] = r0[t] + fy * (r1[t] - r0[t]) }
                        // αₖ = cₖ·Mₖ at the row's nodes i0..<i1 (into `alpha`, from index i0).
                        xi.withUnsafeBufferPointer { xi in
                            xf.withUnsafeBufferPointer { xf in
                                for i in i0..<i1 {
                                    let x = xi[i], m = line[x] + xf[i] * (line[x + 1] - line[x])
                                    alpha[i] = c * max(0, min(1, m))
                                }
                            }
                        }
                        let row = j * nx
                        let pr = p + row, sr = sField + row, ar = la + row
                        if !next.isEmpty {
                            for i in i0..<i1 {
                                let a = alpha[i]
                                pr[i] *= 1 - a
                                sr[i] = sr[i] * (1 - a) + a
                            }
                        }
                        if chained {
                            // This shadow goes under the ones before it.
                            for i in i0..<i1 {
                                under[i] = alpha[i] * (1 - ar[i])
                                ar[i] += under[i]
                            }
                            if layers == 4 {
                                for ch in 0..<3 {
                                    let plane = ar + (ch + 1) * count, t = tint[ch]
                                    for i in i0..<i1 { plane[i] += t * under[i] }
                                }
                            }
                        } else {
                            // Over the ones before it.
                            if layers == 4 {
                                for ch in 0..<3 {
                                    let plane = ar + (ch + 1) * count, t = tint[ch]
                                    for i in i0..<i1 { plane[i] = t * alpha[i] + plane[i] * (1 - alpha[i]) }
                                }
                            }
                            for i in i0..<i1 { ar[i] = alpha[i] + ar[i] * (1 - alpha[i]) }
                        }
                    }
                }
            }
        }
        x0 = grid.x; y0 = grid.y; self.h = h; self.nx = nx; self.ny = ny
        planes = layer
        self.colour = colour
        region = drawn
    }

    /// The k×k cell averages of A = A₀·P + S over `region` (cells from its top left corner): A₀·P summed pixel by pixel
    /// over the content, S as the exact average of its bilinear interpolant between the nodes (separable weights).
    private static func cellAverages(content a0: GaussianBlur.Channel, p: UnsafePointer<Float>, s: UnsafePointer<Float>,
                                     grid: (x: Int, y: Int, h: Int, nx: Int, ny: Int), over region: PixelRect,
                                     cell k: Int) -> [Float] {
        let cx = (region.width + k - 1) / k, cy = (region.height + k - 1) / k
        var cells = [Float](repeating: 0, count: cx * cy)
        // S: along x, each cell's weights on a run of nodes; then along y the same.
        let wx = NodeWeights(pixels: region.x..<region.maxX, cell: k, nodes: grid.x, h: grid.h)
        let wy = NodeWeights(pixels: region.y..<region.maxY, cell: k, nodes: grid.y, h: grid.h)
        var rows = [Float](repeating: 0, count: grid.ny * cx)   // S averaged along x, per node row
        rows.withUnsafeMutableBufferPointer { rp in
            for j in wy.nodes {
                let src = s + j * grid.nx, dst = rp.baseAddress! + j * cx
                for c in 0..<cx {
                    var sum: Float = 0
                    wx.each(cell: c) { node, wt in sum += wt * src[node] }
                    dst[c] = sum
                }
            }
        }
        rows.withUnsafeBufferPointer { rp in
            cells.withUnsafeMutableBufferPointer { cp in
                for c in 0..<cy {
                    let dst = cp.baseAddress! + c * cx
                    wy.each(cell: c) { node, wt in
                        let src = rp.baseAddress! + node * cx
                        for i in 0..<cx { dst[i] += wt * src[i] }
                    }
                }
            }
        }
        // A₀·P over the content's pixels in the region, P read bilinearly from the nodes: per column its cell, its node
        // and the fraction towards the next, found once; per row, P interpolated to the row over those nodes.
        let inside = a0.region.intersection(region)
        guard !inside.isEmpty else { return cells }
        let h = grid.h, hf = 1 / Float(h), scale = 1 / (255 * Float(k * k))
        let w = inside.width
        var cell = [Int](repeating: 0, count: w), node = [Int](repeating: 0, count: w), frac = [Float](repeating: 0, count: w)
        for c in 0..<w {
            let x = inside.x + c, u = x - grid.x, i = u / h
            cell[c] = (x - region.x) / k; node[c] = i; frac[c] = Float(u - i * h) * hf
        }
        let firstNode = node[0], lastNode = node[w - 1] + 1
        var line = [Float](repeating: 0, count: lastNode + 1)
        cells.withUnsafeMutableBufferPointer { cp in
            line.withUnsafeMutableBufferPointer { lp in
                let l = lp.baseAddress!
                for y in inside.y..<inside.maxY {
                    let v = y - grid.y, j = v / h, fy = Float(v - j * h) * hf
                    let r0 = p + j * grid.nx, r1 = r0 + grid.nx
                    for i in firstNode...lastNode { l[i] = scale * (r0[i] + fy * (r1[i] - r0[i])) }
                    var q = a0.base + (y - a0.region.y) * a0.rowStride + (inside.x - a0.region.x) * a0.step
                    let dst = cp.baseAddress! + ((y - region.y) / k) * cx
                    for c in 0..<w {
                        let a = q.pointee
                        q += a0.step
                        guard a != 0 else { continue }
                        let i = node[c]
                        dst[cell[c]] += Float(a) * (l[i] + frac[c] * (l[i + 1] - l[i]))
                    }
                }
            }
        }
        return cells
    }

    /// Along one axis, for each cell of `k` pixels from `pixels.lowerBound` (the last may be partial): the average over
    /// its pixels of the linear interpolation between nodes at `nodes` + i·h, as weights on a run of nodes. Pixels of a
    /// partial cell past the end count as 0, as the blur's own averages count them.
    private struct NodeWeights {
        /// Cell c's weights are `weights[offset[c]..<offset[c + 1]]`, on nodes from `first[c]`.
        var first: [Int] = [], offset: [Int] = [0], weights: [Float] = []

        init(pixels: Range<Int>, cell k: Int, nodes: Int, h: Int) {
            let norm = 1 / Float(k)
            var start = pixels.lowerBound
            while start < pixels.upperBound {
                let end = min(start + k, pixels.upperBound)
                let lo = (start - nodes) / h, hi = (end - 1 - nodes) / h + 1
                let base = weights.count
                weights.append(contentsOf: repeatElement(0, count: hi - lo + 1))
                for x in start..<end {
                    let u = x - nodes, i = u / h, f = Float(u - i * h) / Float(h)
                    weights[base + i - lo] += (1 - f) * norm
                    weights[base + i + 1 - lo] += f * norm
                }
                first.append(lo)
                offset.append(weights.count)
                start = end
            }
        }

        /// The nodes any cell reads.
        var nodes: Range<Int> { first.isEmpty ? 0..<0 : first[0]..<(first[first.count - 1] + offset[offset.count - 1] - offset[offset.count - 2]) }

        /// Calls `body(node, weight)` for each of cell c's nodes.
        func each(cell c: Int, _ body: (Int, Float) -> Void) {
            let lo = first[c]
            for t in offset[c]..<offset[c + 1] { body(lo + t - offset[c], weights[t]) }
        }
    }

    /// Draws the layer OVER `target` within `area`. One colour: the alpha plane is a mask, painted as masks are
    /// (`ShadowPaint.paint`). Otherwise premultiplied ARGB32 rows, composited by pixman (the operation `cairo_paint`
    /// runs for an ARGB32 source), a band at a time.
    func paint(onto target: PixelSurface, within area: PixelRect) {
        let r = area.intersection(target.region).intersection(region)
        guard !r.isEmpty, target.format == CAIRO_FORMAT_ARGB32 else { return }
        if let colour {
            ShadowPaint.paint(SolidColour(r: colour.r, g: colour.g, b: colour.b, a: 1), onto: target, rows: r) { body in
                let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: r.width)
                defer { bytes.deallocate() }
                rows(r, planes: 1) { y, reader in
                    reader.bytes(plane: 0, into: bytes)
                    body(y, bytes)
                }
            }
            return
        }
        guard let dst = ShadowPaint.targetImage(target) else { return }
        defer { pixman_image_unref(dst); target.markDirty() }
        let bandRows = 16, width = r.width
        let band = UnsafeMutablePointer<UInt32>.allocate(capacity: width * bandRows)
        defer { band.deallocate() }
        guard let src = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(bandRows), band, Int32(width * 4))
        else { return }
        defer { pixman_image_unref(src) }
        var first = r.y, filled = 0
        func flush() {
            guard filled > 0 else { return }
            pixman_image_composite32(PIXMAN_OP_OVER, src, nil, dst, 0, 0, 0, 0, Int32(r.x - target.region.x),
                                     Int32(first - target.region.y), Int32(width), Int32(filled))
            first += filled
            filled = 0
        }
        let channel = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * width)
        defer { channel.deallocate() }
        rows(r, planes: 4) { _, reader in
            for plane in 0..<4 { reader.bytes(plane: plane, into: channel + plane * width) }
            let row = band + filled * width
            let ca = channel, cr = channel + width, cg = channel + 2 * width, cb = channel + 3 * width
            for i in 0..<width {
                // Premultiplied: no channel above alpha after rounding.
                let a = ca[i]
                row[i] = UInt32(a) << 24 | UInt32(min(a, cr[i])) << 16 | UInt32(min(a, cg[i])) << 8 | UInt32(min(a, cb[i]))
            }
            filled += 1
            if filled == bandRows { flush() }
        }
        flush()
    }

    /// The read-back of rows of `r` (inside `region`): for each row y, a reader whose lines are the first `planes`
    /// planes interpolated to that row, ×255 + ½ (so `GaussianBlur.byte` rounds).
    private func rows(_ r: PixelRect, planes count: Int, _ body: (Int, RowReader) -> Void) {
        let reader = RowReader(self, r, planes: count)
        for y in r.y..<r.maxY {
            reader.interpolate(row: y)
            body(y, reader)
        }
    }

    /// The columns of `r` as runs between neighbouring nodes, with each pixel's fraction towards the right-hand node,
    /// found once; a row's lines are the planes interpolated to it.
    private final class RowReader {
        let field: ShadowField
        let count: Int
        let runs: [(range: Range<Int>, node: Int)]
        let frac: UnsafeMutablePointer<Float>
        let lines: UnsafeMutablePointer<Float>

        init(_ field: ShadowField, _ r: PixelRect, planes count: Int) {
            self.field = field
            self.count = count
            var runs: [(range: Range<Int>, node: Int)] = []
            var x = r.x
            while x < r.maxX {
                let i = (x - field.x0) / field.h, end = min(r.maxX, field.x0 + (i + 1) * field.h)
                runs.append((x - r.x..<end - r.x, i))
                x = end
            }
            self.runs = runs
            frac = .allocate(capacity: r.width)
            for (range, i) in runs {
                for c in range { frac[c] = Float(r.x + c - field.x0 - i * field.h) / Float(field.h) }
            }
            lines = .allocate(capacity: count * field.nx)
        }

        deinit { frac.deallocate(); lines.deallocate() }

        func interpolate(row y: Int) {
            let nx = field.nx, v = y - field.y0, j = v / field.h, fy = Float(v - j * field.h) / Float(field.h)
            let planeSize = nx * field.ny
            field.planes.withUnsafeBufferPointer { pp in
                for c in 0..<count {
                    let r0 = pp.baseAddress! + c * planeSize + j * nx, r1 = r0 + nx, l = lines + c * nx
                    for i in 0..<nx { l[i] = 255 * (r0[i] + fy * (r1[i] - r0[i])) + 0.5 }
                }
            }
        }

        /// A plane's row as bytes (after `interpolate(row:)`), one per column of `r` from `out`: between nodes i and i + 1
        /// the value at column c is l[i] + frac[c]·(l[i + 1] − l[i]), a ramp per run that the compiler can vectorise.
        func bytes(plane: Int, into out: UnsafeMutablePointer<UInt8>) {
            let l = lines + plane * field.nx, frac = self.frac
            for (range, i) in runs {
                let a = l[i], d = l[i + 1] - l[i]
                for c in range { out[c] = GaussianBlur.byte(a + frac[c] * d) }
            }
        }
    }
}
