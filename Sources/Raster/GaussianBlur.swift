import Foundation

/// A Gaussian blur of one 8-bit channel whose cost does not grow with σ.
///
/// Choice (measured against an exact 2-D convolution: BlurAccuracyTests, and ShadowScaleAccuracyTests for the
/// benchmark's shadows at scales 1–3, σ 7.6–228 px: mean ≤ 0.27/255, max ≤ 0.86/255): the channel is
/// box-averaged into k×k cells with k = ⌊σ / 4⌋ (k = 1 below σ = 8 px), blurred there with an
/// exact sampled separable Gaussian of σ_low ≈ σ/k ∈ [4, 8) cells (at most ~57 taps), and
/// read back with bilinear interpolation. The box average adds a variance of (k²−1)/12 px² and
/// the bilinear read-back k²/6 px² on average; σ_low is reduced to compensate. At σ_low ≥ 4 the
/// interpolation error of the smooth result stays under 0.5/255. Three box passes were the
/// other candidate: flat cost too, but their piecewise-quadratic kernel misses the 4/255 bound
/// on thin strokes, and at σ = 240 px they still touch every pixel of the source six times,
/// while here the work outside the read-back is ~1/k² of it.
/// For k = 1 a fractional offset is folded into the kernel (sampled at j − φ), so shadows with
/// sub-pixel offsets are exact too, not resampled.
///
/// Cost: the box average reads each input pixel once, the low-resolution blur is ~1/k² of that, and the read-back
/// writes each output pixel once (a ramp per run of k columns, vectorised; `byte`). So the cost per output pixel
/// does not grow with σ; a shadow's total still grows with its output, 3σ around the content, until the canvas cuts it.
enum GaussianBlur {
    /// The smallest σ, in low-resolution cells, that is still accurate after bilinear read-back.
    static let minimumCellSigma = 4.0

    /// How far (pixels) a blur of σ pixels spreads visibly: beyond 3σ an edge contributes
    /// under 0.14 % (< 0.4/255); two more pixels cover the rounding of regions.
    static func reach(_ sigma: Double) -> Int {
        sigma > 0 && sigma.isFinite ? Int(ceil(3 * min(sigma, 1e6))) + 2 : 0
    }

    /// One 8-bit channel of pixels: `base` points at the channel of the first pixel, `step`
    /// bytes between pixels, `rowStride` bytes between rows, covering `region` (device pixels).
    struct Channel {
        var base: UnsafeMutablePointer<UInt8>
        var step: Int
        var rowStride: Int
        var region: PixelRect
    }

    /// Writes into `output` the blur of `input` with standard deviation `sigma` (pixels),
    /// moved by `shift` (pixels): out(x) = Σ_p in(p)·G(x − shift − p). Input outside its
    /// region is transparent (0); every pixel of `output.region` is written.
    static func blur(_ input: Channel, sigma: Double, shiftX: Double, shiftY: Double, into output: Channel) {
        let cells = BlurredCells(input, sigma: sigma, shiftX: shiftX, shiftY: shiftY)
        cells.read(into: output)
    }

    /// The blur's work up to the read-back: the input averaged into k×k cells and blurred there. Small next to the
    /// pixels it reads back into (about 1/k² of them), so a shadow keeps these between frames, not its full-size mask.
    struct BlurredCells {
        let k: Int, kd: Double, r: Int, bw: Int, bh: Int
        let input: PixelRect
        let shiftX: Double, shiftY: Double, phaseX: Double, phaseY: Double
        var blurred: [Float]

        /// Bytes held.
        var byteCount: Int { blurred.count * MemoryLayout<Float>.stride }

        /// The cell size, in pixels, for a blur of σ pixels.
        static func cellSize(_ sigma: Double) -> Int { max(1, Int(floor(sigma / minimumCellSigma))) }

        init(_ input: Channel, sigma: Double, shiftX: Double, shiftY: Double) {
            let k = Self.cellSize(sigma)
            let nx = (input.region.width + k - 1) / k, ny = (input.region.height + k - 1) / k
            self.init(cells: downsample(input, k: k, nx: nx, ny: ny), region: input.region, sigma: sigma,
                      shiftX: shiftX, shiftY: shiftY)
        }

        /// From `cells`, the k×k averages (values 0…1, k = `cellSize(sigma)`) of an input over `region`, row by row
        /// from its top left corner (⌈width/k⌉ by ⌈height/k⌉; pixels outside `region` count as 0).
        init(cells: [Float], region: PixelRect, sigma: Double, shiftX: Double, shiftY: Double) {
            let k = Self.cellSize(sigma)
            let kd = Double(k)
            var cellVariance = sigma * sigma
            if k > 1 { cellVariance -= (kd * kd - 1) / 12 + kd * kd / 6 }
            let cellSigma = max(0.25, cellVariance.squareRoot() / kd)

            // Phase folded into the kernel only when there is no interpolation (k = 1).
            let phaseX = k == 1 ? -shiftX - floor(-shiftX) : 0
            let phaseY = k == 1 ? -shiftY - floor(-shiftY) : 0

            let nx = (region.width + k - 1) / k, ny = (region.height + k - 1) / k
            precondition(cells.count == nx * ny, "cells do not cover the region")
            let r = Int(ceil(3.5 * cellSigma)) + 1
            let wx = kernel(sigma: cellSigma, radius: r, phase: phaseX)
            let wy = kernel(sigma: cellSigma, radius: r, phase: phaseY)

            // Blurred cells, with one zero cell of border on each side: index = cell + r + 1.
            let bw = nx + 2 * r + 2, bh = ny + 2 * r + 2
            var rows = [Float](repeating: 0, count: ny * bw)
            cells.withUnsafeBufferPointer { src in
                rows.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<ny {
                        let s = src.baseAddress! + y * nx, d = dst.baseAddress! + y * bw + 1
                        for t in 0...(2 * r) {
                            let w = wx[t], o = d + t
                            for i in 0..<nx { o[i] += w * s[i] }
                        }
                    }
                }
            }
            var blurred = [Float](repeating: 0, count: bh * bw)
            rows.withUnsafeBufferPointer { src in
                blurred.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<ny {
                        let s = src.baseAddress! + y * bw
                        for t in 0...(2 * r) {
                            let w = wy[t], o = dst.baseAddress! + (y + t + 1) * bw
                            for i in 0..<bw { o[i] += w * s[i] }
                        }
                    }
                }
            }

            self.k = k; self.kd = kd; self.r = r; self.bw = bw; self.bh = bh
            self.input = region
            self.shiftX = shiftX; self.shiftY = shiftY; self.phaseX = phaseX; self.phaseY = phaseY
            self.blurred = blurred
        }

        /// Read back: pixel centre x + ½ − shift, in cells: u = (x + ½ − shift − x₀ − k/2)/k − φ. For each of `count`
        /// pixels from `start`, the cell to its left (or above) and the fraction towards the next.
        /// With `step` > 1, the pixels start, start + step, start + 2·step, ….
        func taps(count: Int, start: Int, step: Int = 1, origin: Int, shift: Double, phase: Double, limit: Int) -> ([Int], [Float]) {
            var idx = [Int](repeating: 0, count: count), frac = [Float](repeating: 0, count: count)
            for i in 0..<count {
                let u = (Double(start + i * step) + 0.5 - shift - Double(origin) - kd / 2) / kd - phase
                var u0 = floor(u), f = u - u0
                if k == 1 { u0 = u.rounded(); f = 0 }
                let j = Int(max(-1e9, min(1e9, u0))) + r + 1
                if j < 0 || j >= limit - 1 { idx[i] = 0; frac[i] = 0 } else { idx[i] = j; frac[i] = Float(f) }
            }
            return (idx, frac)
        }

        /// Calls `body(y, reader)` for each row y (0-based) of `out`, with the reader's line interpolated to that row.
        func rows(_ out: PixelRect, offset: Float, _ body: (Int, RowReader) -> Void) {
            let reader = RowReader(self, out)
            for y in 0..<out.height {
                reader.interpolate(row: y, offset: offset)
                body(y, reader)
            }
        }

        /// Writes the blur into every pixel of `output.region`, rounded to 8 bits.
        func read(into output: Channel) {
            // The rounding offset is folded into the row interpolation.
            rows(output.region, offset: 0.5) { y, reader in
                let row = output.base + y * output.rowStride
                if output.step == 1 {
                    reader.bytes(into: row)
                } else {
                    let l = reader.line, xi = reader.xi, xf = reader.xf
                    var p = row
                    for x in 0..<output.region.width {
                        let j = xi[x]
                        p.pointee = GaussianBlur.byte(l[j] + xf[x] * (l[j + 1] - l[j]))
                        p += output.step
                    }
                }
            }
        }
    }

    /// The read-back of one rectangle `out` of a `BlurredCells`, a row at a time: the column taps and their runs are
    /// found once; `interpolate(row:offset:)` fills `line` with the cells interpolated to one row, scaled to 0…255.
    final class RowReader {
        let cells: BlurredCells
        let out: PixelRect
        let xi: UnsafeMutableBufferPointer<Int>, xf: UnsafeMutableBufferPointer<Float>
        let yi: [Int], yf: [Float]
        let runs: [Run]
        /// The interpolated row (one value per cell column of `cells`).
        let line: UnsafeMutableBufferPointer<Float>

        /// Columns start..<end of a row, which all lie between cells `cell` and `cell` + 1 of the interpolated line.
        struct Run { var start: Int, end: Int, cell: Int }

        init(_ cells: BlurredCells, _ out: PixelRect) {
            self.cells = cells
            self.out = out
            let (xi, xf) = cells.taps(count: out.width, start: out.x, origin: cells.input.x, shift: cells.shiftX,
                                      phase: cells.phaseX, limit: cells.bw)
            (yi, yf) = cells.taps(count: out.height, start: out.y, origin: cells.input.y, shift: cells.shiftY,
                                  phase: cells.phaseY, limit: cells.bh)
            // The columns' runs are the same on every row: found once, not per row and pixel.
            var runs: [Run] = []
            var x = 0
            while x < xi.count {
                var e = x + 1
                while e < xi.count && xi[e] == xi[x] { e += 1 }
                runs.append(Run(start: x, end: e, cell: xi[x]))
                x = e
            }
            self.runs = runs
            self.xi = .allocate(capacity: xi.count)
            _ = self.xi.initialize(from: xi)
            self.xf = .allocate(capacity: xf.count)
            _ = self.xf.initialize(from: xf)
            line = .allocate(capacity: cells.bw)
            line.initialize(repeating: 0)
        }

        deinit { xi.deallocate(); xf.deallocate(); line.deallocate() }

        /// `line` = the blurred cells interpolated to row y (0-based in `out`), scaled to 0…255, plus `offset`.
        func interpolate(row y: Int, offset: Float) {
            cells.blurred.withUnsafeBufferPointer { b in
                let r0 = b.baseAddress! + yi[y] * cells.bw, r1 = r0 + cells.bw
                let f = yf[y] * 255, g = 255 - f
                let l = line.baseAddress!
                for i in 0..<cells.bw { l[i] = g * r0[i] + f * r1[i] + offset }
            }
        }

        /// Calls `body(run, l[j], l[j + 1] − l[j])` for each run of columns between cells j and j + 1 of `line`: inside a
        /// run the value at pixel i is a + xf[i]·d, a ramp the compiler can vectorise.
        @inline(__always)
        func ramps(_ body: (Range<Int>, Float, Float) -> Void) {
            let l = line.baseAddress!
            for run in runs { body(run.start..<run.end, l[run.cell], l[run.cell + 1] - l[run.cell]) }
        }

        /// The row's pixels as bytes (after `interpolate(row:offset: 0.5)`): `out.width` of them from `row`.
        func bytes(into row: UnsafeMutablePointer<UInt8>) {
            let xf = self.xf.baseAddress!
            ramps { range, a, d in
                for i in range { row[i] = GaussianBlur.byte(a + xf[i] * d) }
            }
        }

        /// keep[i] ×= 1 − alpha·b/255 for the row's pixels (after `interpolate(row:offset: 0)`), b unrounded.
        func multiply(_ keep: UnsafeMutablePointer<Float>, alpha: Float) {
            let xf = self.xf.baseAddress!, s = alpha / 255
            ramps { range, a, d in
                for i in range { keep[i] *= 1 - s * max(0, min(255, a + xf[i] * d)) }
            }
        }
    }

    /// `v` clamped to 0…255 and truncated to a byte, as Int32(max(0, min(255, v))) would, but in
    /// operations the compiler can vectorise: Int32(Float) checks every value for NaN and overflow,
    /// which kept the blur's read-back loops scalar (a quarter of the unlock's time at scale 3).
    /// Adding 2²³ to c ∈ [0, 255] leaves round(c) in the float's low mantissa bits (exactly: the sum
    /// is below 2²⁴); one compare turns that rounding to nearest into truncation.
    @inline(__always)
    static func byte(_ v: Float) -> UInt8 {
        let c = max(0, min(255, v))
        let t = c + 8_388_608
        let n = t.bitPattern & 0x1FF
        return UInt8(truncatingIfNeeded: n &- (t - 8_388_608 > c ? 1 : 0))
    }

    /// Averages k×k blocks of the channel into cells (values 0…1).
    private static func downsample(_ c: Channel, k: Int, nx: Int, ny: Int) -> [Float] {
        var cells = [Float](repeating: 0, count: nx * ny)
        let w = c.region.width, h = c.region.height
        let norm = 1 / (255 * Float(k * k))
        cells.withUnsafeMutableBufferPointer { d in
            for y in 0..<h {
                var p = c.base + y * c.rowStride
                let row = d.baseAddress! + (y / k) * nx
                if k == 1 {
                    for x in 0..<w { row[x] = Float(p.pointee) * norm; p += c.step }
                } else {
                    // Each cell adds its k pixels in x order, as a pixel-by-pixel loop with row[x / k] += … does (so
                    // the same sums to the bit), but the loop runs over the cells inside the loop over the offset
                    // within a cell: neighbouring cells' additions are independent and overlap, where one cell's
                    // chain of k additions waited on each other, and there is no division per pixel.
                    let full = w / k, step = c.step, cellStep = k * step
                    for i in 0..<k {
                        var q = p + i * step
                        for cell in 0..<full { row[cell] += Float(q.pointee) * norm; q += cellStep }
                    }
                    // The last, partial cell.
                    var q = p + full * cellStep
                    for _ in (full * k)..<w { row[full] += Float(q.pointee) * norm; q += step }
                }
            }
        }
        return cells
    }

    /// Sampled Gaussian weights G(t + phase) for t = −radius…radius, normalised to sum 1.
    private static func kernel(sigma: Double, radius: Int, phase: Double) -> [Float] {
        var w = (-radius...radius).map { t -> Double in
            let d = Double(t) + phase
            return exp(-d * d / (2 * sigma * sigma))
        }
        let sum = w.reduce(0, +)
        w = w.map { $0 / sum }
        return w.map { Float($0) }
    }
}
