import CCairo

/// Blurred shadow masks kept between frames: a frame that repeats a layer's content at the
/// same place with the same shadow reuses the mask instead of blurring again. Entries are
/// found by a hash of the content's alpha and confirmed by comparing the alpha itself, so a
/// hit is always exact. Per rasterizer (not shared between threads).
final class ShadowCache {
    struct Key: Hashable {
        var content: PixelRect
        var out: PixelRect
        var sigma: Double, dx: Double, dy: Double
        var alphaHash: Int
    }
    private struct Entry { var alpha: [UInt8]; var mask: PixelSurface }
    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    /// Upper bound on the masks kept, in bytes.
    /// 16 MiB holds the four glow masks of several frames at 1170×2532 (≈2.5 MiB a frame) while keeping a
    /// worker's memory near its frame buffers: at 64 MiB, peak memory grew with the number of distinct frames until
    /// every worker's cache was full (174 MiB at 60 frames, 238 MiB at 600, --jobs 2).
    let capacity = 16 << 20

    /// The A8 mask for a shadow of `content`, from the cache or made by `make`.
    func mask(content: PixelSurface, out: PixelRect, sigma: Double, dx: Double, dy: Double,
              make: () -> PixelSurface?) -> PixelSurface? {
        let alpha = Self.alpha(of: content)
        let key = Key(content: content.region, out: out, sigma: sigma, dx: dx, dy: dy, alphaHash: Self.hash(alpha))
        if let e = entries[key], e.alpha == alpha { return e.mask }
        guard let m = make() else { return nil }
        // The budget counts the kept copy of the content's alpha as well as the mask.
        let size = out.area + alpha.count
        if bytes + size > capacity { entries.removeAll(); bytes = 0 }
        if size <= capacity {
            entries[key] = Entry(alpha: alpha, mask: m)
            bytes += size
        }
        return m
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
