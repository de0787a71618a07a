import CCairo
import Geometry

/// Exact conversions between Cairo's premultiplied native-endian ARGB32 and the straight
/// RGBA8 of `RGBAImage`. Integer arithmetic only, so results are bit-identical everywhere.
enum PixelConversion {
    static let littleEndian = 1.littleEndian == 1

    /// Un-premultiplies a whole ARGB32 surface: c = round(c′·255 / a).
    static func image(from s: PixelSurface) -> RGBAImage {
        var image = RGBAImage(width: s.region.width, height: s.region.height,
                              pixels: [UInt8](repeating: 0, count: s.region.width * s.region.height * 4))
        update(&image, from: s, in: s.region)
        return image
    }

    /// Replaces the pixels of `image` (the size of `s`) in `rect` (device pixels, within `s`) with `s`'s, un-premultiplied.
    static func update(_ image: inout RGBAImage, from s: PixelSurface, in rect: PixelRect) {
        let r = rect.intersection(s.region)
        guard !r.isEmpty, image.width == s.region.width, image.height == s.region.height else { return }
        let w = image.width, stride = s.stride
        let data = UnsafeRawPointer(s.data)
        let x0 = r.x - s.region.x, y0 = r.y - s.region.y
        image.pixels.withUnsafeMutableBufferPointer { out in
            guard let o = out.baseAddress else { return }
            for y in y0..<(y0 + r.height) {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                var q = o + (y * w + x0) * 4
                let words = UnsafeMutableRawPointer(q).assumingMemoryBound(to: UInt32.self)
                for i in 0..<r.width {
                    let v = row[x0 + i]
                    let a = v >> 24
                    if a == 255 && littleEndian {
                        // Opaque: only the byte order changes (ARGB word → R, G, B, A bytes).
                        words[i] = (v >> 16) & 0xFF | v & 0xFF00 | (v & 0xFF) << 16 | v & 0xFF00_0000
                    } else if a == 255 {
                        q[0] = UInt8(truncatingIfNeeded: v >> 16); q[1] = UInt8(truncatingIfNeeded: v >> 8)
                        q[2] = UInt8(truncatingIfNeeded: v); q[3] = 255
                    } else if a != 0 {
                        func u(_ c: UInt32) -> UInt8 { UInt8(min(255, ((c & 0xFF) * 255 + a / 2) / a)) }
                        q[0] = u(v >> 16); q[1] = u(v >> 8); q[2] = u(v); q[3] = UInt8(a)
                    } else {
                        q[0] = 0; q[1] = 0; q[2] = 0; q[3] = 0
                    }
                    q += 4
                }
            }
        }
    }

    /// A premultiplied ARGB32 surface holding `image` at region (0, 0, width, height);
    /// nil for an empty image.
    static func surface(from image: RGBAImage) -> PixelSurface? {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 4,
              let s = PixelSurface(region: PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        else { return nil }
        let stride = s.stride, w = image.width
        let data = UnsafeMutableRawPointer(s.data)
        image.pixels.withUnsafeBufferPointer { src in
            guard let p = src.baseAddress else { return }
            for y in 0..<image.height {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                var q = p + y * w * 4
                for x in 0..<w {
                    let a = UInt32(q[3])
                    // round(c·a/255) exactly, without division.
                    func m(_ c: UInt8) -> UInt32 { let t = UInt32(c) * a + 128; return (t + (t >> 8)) >> 8 }
                    row[x] = a << 24 | m(q[0]) << 16 | m(q[1]) << 8 | m(q[2])
                    q += 4
                }
            }
        }
        s.markDirty()
        return s
    }
}
