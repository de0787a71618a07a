import CCairo

/// What one shadow (or one run of merged shadows) is painted through. A mask read once (an independent shadow, a merged
/// run, the last of a chain) is kept as its low-resolution blurred cells (`GaussianBlur.BlurredCells`) and read back a band
/// of rows at a time as pixman paints it: no full-size A8 mask is allocated, written and read again, and the shadow
/// cache holds the cells (at σ = 228 px at scale 3, ~1/3000 of the mask's bytes). A chained mask that the next shadow's
/// caster is built from is read twice and is written out once (`.surface`); measured, reading it back twice cost more.
enum ShadowPaint {
    /// The blur of the caster (σ, offset), as bytes exactly as `GaussianBlur.blur` writes them, over `out`.
    case blurred(GaussianBlur.BlurredCells, out: PixelRect)
    /// Independent shadows of one RGB in a row: 255·(1 − Π(1 − aᵢ·bᵢ/255)), rounded once, over `region`.
    case merged([(cells: GaussianBlur.BlurredCells, alpha: Float, out: PixelRect)], region: PixelRect)
    /// A mask drawn otherwise (an unblurred chained shadow: the caster moved).
    case surface(PixelSurface)

    /// Where the mask can be non-zero.
    var region: PixelRect {
        switch self {
        case .blurred(_, let out): return out
        case .merged(_, let region): return region
        case .surface(let s): return s.region
        }
    }

    /// Bytes held, for the shadow cache's budget.
    var byteCount: Int {
        switch self {
        case .blurred(let c, _): return c.byteCount
        case .merged(let runs, _): return runs.reduce(0) { $0 + $1.cells.byteCount }
        case .surface(let s): return s.region.area
        }
    }

    /// Calls `body(y, row)` for each row y of `area ∩ region` (canvas pixels) with the mask's bytes of that row,
    /// `row[0]` at column `area ∩ region`.x.
    func rows(within area: PixelRect, _ body: (Int, UnsafePointer<UInt8>) -> Void) {
        let r = area.intersection(region)
        guard !r.isEmpty else { return }
        switch self {
        case .blurred(let cells, _):
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: r.width)
            defer { bytes.deallocate() }
            cells.rows(r, offset: 0.5) { y, reader in
                reader.bytes(into: bytes)
                body(r.y + y, bytes)
            }
        case .merged(let runs, _):
            // What stays uncovered, Π(1 − aᵢ·bᵢ/255), built shadow by shadow in list order (as one pass per shadow over
            // the whole region did), then rounded once.
            let keep = UnsafeMutablePointer<Float>.allocate(capacity: r.width)
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: r.width)
            defer { keep.deallocate(); bytes.deallocate() }
            let readers = runs.map { run -> (GaussianBlur.RowReader, Float)? in
                let o = run.out.intersection(r)
                return o.isEmpty ? nil : (GaussianBlur.RowReader(run.cells, o), run.alpha)
            }
            for y in r.y..<r.maxY {
                keep.update(repeating: 1, count: r.width)
                for case let (reader, alpha)? in readers where y >= reader.out.y && y < reader.out.maxY {
                    reader.interpolate(row: y - reader.out.y, offset: 0)
                    reader.multiply(keep + (reader.out.x - r.x), alpha: alpha)
                }
                for x in 0..<r.width { bytes[x] = GaussianBlur.byte((1 - keep[x]) * 255 + 0.5) }
                body(y, bytes)
            }
        case .surface(let s):
            let d = s.data, st = s.stride
            for y in r.y..<r.maxY { body(y, d + (y - s.region.y) * st + (r.x - s.region.x)) }
        }
    }

    /// The mask as an A8 surface over `region` (for tests and for what wants a surface).
    func surface() -> PixelSurface? {
        if case .surface(let s) = self { return s }
        guard let a8 = PixelSurface(region: region, format: CAIRO_FORMAT_A8) else { return nil }
        let d = a8.data, st = a8.stride
        rows(within: region) { y, row in (d + (y - region.y) * st).update(from: row, count: region.width) }
        a8.markDirty()
        return a8
    }

    /// Paints `colour` through this mask onto `target`, within `area`: what `cairo_mask_surface` with the colour as
    /// source and this mask as an A8 surface does (the same pixman operation, so the same bytes), but a band of rows at a
    /// time from a small buffer that stays in cache: no full-size mask surface is allocated, written and read back.
    func paint(_ colour: SolidColour, onto target: PixelSurface, within area: PixelRect) {
        let r = area.intersection(target.region).intersection(region)
        guard !r.isEmpty else { return }
        guard target.format == CAIRO_FORMAT_ARGB32 else {
            // Not a frame or layer surface: Cairo paints through the mask written out.
            guard let a8 = surface() else { return }
            let c = target.makeContext()
            cairo_rectangle(c, Double(r.x), Double(r.y), Double(r.width), Double(r.height))
            cairo_clip(c)
            cairo_set_source_rgba(c, colour.r, colour.g, colour.b, colour.a)
            cairo_mask_surface(c, a8.surface, 0, 0)
            cairo_destroy(c)
            return
        }
        if case .surface(let s) = self, s.format == CAIRO_FORMAT_A8 {
            // A mask already written out: pixman reads it where it is.
            guard let m = Self.maskImage(UnsafeMutableRawPointer(s.data), s.region.width, s.region.height, stride: s.stride) else { return }
            defer { pixman_image_unref(m) }
            SolidOver(colour, onto: target)?.composite(m, from: (r.x - s.region.x, r.y - s.region.y), at: r)
            return
        }
        Self.paint(colour, onto: target, rows: r) { body in rows(within: r, body) }
    }

    /// Paints `colour` onto an ARGB32 `target` through the A8 mask whose rows over `r` (canvas pixels) `rows` hands
    /// to its body in order, a band of 16 rows at a time from a small buffer that stays in cache.
    static func paint(_ colour: SolidColour, onto target: PixelSurface, rows r: PixelRect,
                      _ rows: ((Int, UnsafePointer<UInt8>) -> Void) -> Void) {
        // pixman takes a mask's rows 4-byte aligned.
        let bandRows = 16, stride = (r.width + 3) & ~3
        let band = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * bandRows)
        defer { band.deallocate() }
        guard let m = Self.maskImage(UnsafeMutableRawPointer(band), r.width, bandRows, stride: stride) else { return }
        defer { pixman_image_unref(m) }
        guard let over = SolidOver(colour, onto: target) else { return }
        var first = r.y, filled = 0
        func flush() {
            guard filled > 0 else { return }
            over.composite(m, from: (0, 0), at: PixelRect(x: r.x, y: first, width: r.width, height: filled))
            first += filled
            filled = 0
        }
        rows { _, row in
            (band + filled * stride).update(from: row, count: r.width)
            filled += 1
            if filled == bandRows { flush() }
        }
        flush()
    }

    /// `colour` OVER an ARGB32 target through A8 mask images: pixman's own operation, the one `cairo_mask_surface`
    /// runs. The target is marked dirty when this goes.
    final class SolidOver {
        let src: OpaquePointer, dst: OpaquePointer, target: PixelSurface

        init?(_ colour: SolidColour, onto target: PixelSurface) {
            guard let src = colour.image() else { return nil }
            guard let dst = ShadowPaint.targetImage(target) else { pixman_image_unref(src); return nil }
            self.src = src; self.dst = dst; self.target = target
        }

        deinit { pixman_image_unref(src); pixman_image_unref(dst); target.markDirty() }

        /// Over `at` (canvas pixels), through `mask` read from its pixel `from`.
        func composite(_ mask: OpaquePointer, from: (Int, Int), at: PixelRect) {
            pixman_image_composite32(PIXMAN_OP_OVER, src, mask, dst, 0, 0, Int32(from.0), Int32(from.1),
                                     Int32(at.x - target.region.x), Int32(at.y - target.region.y), Int32(at.width), Int32(at.height))
        }
    }

    /// A pixman image of an ARGB32 surface's pixels, where they are.
    static func targetImage(_ target: PixelSurface) -> OpaquePointer? {
        pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(target.region.width), Int32(target.region.height),
                                 UnsafeMutableRawPointer(target.data).assumingMemoryBound(to: UInt32.self), Int32(target.stride))
    }

    /// A pixman A8 image over `width`×`height` bytes at `bits`, rows `stride` bytes apart (a multiple of 4).
    static func maskImage(_ bits: UnsafeMutableRawPointer, _ width: Int, _ height: Int, stride: Int) -> OpaquePointer? {
        pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), bits.assumingMemoryBound(to: UInt32.self), Int32(stride))
    }
}

/// A solid colour as Cairo paints it: the premultiplied ARGB32 pixel Cairo makes of it (found by letting Cairo paint
/// it once), as a pixman solid image for `ShadowPaint.paint`.
struct SolidColour {
    /// The colour premultiplied, as an ARGB32 pixel.
    let pixel: UInt32
    /// The colour as given.
    let r: Double, g: Double, b: Double, a: Double

    init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r; self.g = g; self.b = b; self.a = a
        var px: UInt32 = 0
        if let s = PixelSurface(region: PixelRect(x: 0, y: 0, width: 1, height: 1)) {
            let cr = s.makeContext()
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, r, g, b, a)
            cairo_paint(cr)
            cairo_destroy(cr)
            px = UnsafeRawPointer(s.data).load(as: UInt32.self)
        }
        pixel = px
    }

    /// A pixman solid fill of this pixel (16-bit channels c·257, which pixman turns back into c).
    func image() -> OpaquePointer? {
        func c(_ shift: UInt32) -> UInt16 { UInt16((pixel >> shift) & 255) * 257 }
        var colour = pixman_color_t(red: c(16), green: c(8), blue: c(0), alpha: c(24))
        return pixman_image_create_solid_fill(&colour)
    }
}
