import CCairo
import Geometry

/// Shadow masks kept between frames: a frame that repeats a layer's content at the same place
/// with the same shadows reuses the masks (`ShadowPaint`) instead of blurring again. Entries are found by a hash
/// of the content's alpha and confirmed by comparing the alpha itself, so a hit is always exact.
/// One entry holds all the masks of a layer's shadow list, because a chained shadow's mask
/// depends on the shadows before it (their σ, offset and colour alpha are in the key).
/// Per rasterizer (not shared between threads).
/// Wide shadow stacks (`ShadowField`) are kept as their smooth layer instead.
final class ShadowCache {
    /// What a mask depends on besides the content: σ and offset in pixels, and the colour: for chained
    /// shadows its alpha sets how much the shadow adds to the next one's caster, and independent shadows
    /// of the same RGB side by side are merged into one mask through their alphas.
    struct ShadowKey: Hashable { var sigma: Double, dx: Double, dy: Double, color: Color }
    struct Key: Hashable {
        var content: PixelRect
        var needed: PixelRect
        var shadows: [ShadowKey]
        var chained: Bool
        var field: Bool
        var alphaHash: Int
    }
    private struct Entry { var alpha: [UInt8]; var drawing: ShadowDrawing }
    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    /// Upper bound on the masks kept, in bytes (a mask is kept as its blurred low-resolution cells, `ShadowPaint`, and
    /// the content's alpha beside it). 16 MiB was sized for full-size A8 masks, four glow masks of several frames at
    /// 1170×2532 (≈2.5 MiB a frame), while keeping a
    /// worker's memory near its frame buffers: at 64 MiB, peak memory grew with the number of distinct frames until
    /// every worker's cache was full (174 MiB at 60 frames, 238 MiB at 600, --jobs 2).
    let capacity = 16 << 20

    /// What `shadows` cast by `content` are drawn from over `needed` (`field`: as one `ShadowField`), from the cache or
    /// made by `make`.
    func drawing(content: PixelSurface, shadows: [LayerEffects.DeviceShadow], chained: Bool, field: Bool,
                 needed: PixelRect, make: () -> ShadowDrawing) -> ShadowDrawing {
        let alpha = Self.alpha(of: content)
        let key = Key(content: content.region, needed: needed,
                      shadows: shadows.map {
                          // A chained mask depends on the colour's alpha only; independent runs merge by RGB too, and a
                          // field holds the colours.
                          ShadowKey(sigma: $0.sigma, dx: $0.dx, dy: $0.dy,
                                    color: chained && !field ? Color(r: 0, g: 0, b: 0, a: $0.color.a) : $0.color)
                      },
                      chained: chained, field: field, alphaHash: Self.hash(alpha))
        if let e = entries[key], e.alpha == alpha { return e.drawing }
        let made = make()
        // The budget counts the kept copy of the content's alpha as well as the masks.
        let size = alpha.count + made.byteCount
        if bytes + size > capacity { entries.removeAll(); bytes = 0 }
        if size <= capacity {
            entries[key] = Entry(alpha: alpha, drawing: made)
            bytes += size
        }
        return made
    }

    static func hash(_ bytes: [UInt8]) -> Int {
        var h = Hasher()
        bytes.withUnsafeBytes { h.combine(bytes: $0) }
        return h.finalize()
    }

    static func alpha(of s: PixelSurface) -> [UInt8] {
        let w = s.region.width, h = s.region.height, stride = s.stride, data = s.data
        var out = [UInt8](repeating: 0, count: w * h)
        out.withUnsafeMutableBufferPointer { o in
            for y in 0..<h {
                let row = data + y * stride + CairoRasterizer.alphaByte
                for x in 0..<w { o[y * w + x] = row[4 * x] }
            }
        }
        return out
    }
}

/// What a layer's shadows are drawn from: a mask per shadow or per run (`ShadowPaint`, nil where none is needed), or one
/// smooth layer for wide shadows (`ShadowField`).
enum ShadowDrawing {
    case masks([ShadowPaint?])
    case field(ShadowField)

    /// Bytes held.
    var byteCount: Int {
        switch self {
        case .masks(let masks): return masks.reduce(0) { $0 + ($1?.byteCount ?? 0) }
        case .field(let f): return f.byteCount
        }
    }
}
