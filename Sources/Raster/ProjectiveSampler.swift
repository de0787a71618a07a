import CCairo
import DisplayList
import Geometry

/// Draws a finished picture through a projective map (a layer's `projection`, `rotation3D`).
///
/// Why our own sampler rather than pixman's projective transform (which Cairo sits on), by
/// measurement (Benchmarks/PixmanProjective/bench.c, pixman 0.42, a 200×160 px rect on a
/// 400×400 canvas, mask IoU against pixel-centre pre-images): pixman holds the matrix in 16.16
/// fixed point, so its accuracy depends on how the scale-free matrix is scaled — IoU 0.77 at 30°
/// with the largest entry 1, 0.998 at 1000, 0.59 at 16000 (overflow) — and when the horizon
/// touches the destination box (−45° about y, eye at the rect's width) it draws nothing at all,
/// so the destination would have to be split at W = 0 and still masked per pixel. This sampler
/// maps each destination pixel centre back in double precision, skips W ≤ 0, and blends the
/// four nearest source pixels (bilinear, premultiplied), with transparent pixels all around the
/// source so that edges fade over one pixel (anti-aliased): IoU ≥ 0.9999 and corners within
/// 0.3 px of the formula on the same cases (Rotation3DSceneTests). Time: pixman took 2.5 ms to
/// composite the whole 400×400 px destination (-O2); with this sampler, limited to the picture's
/// image, a 100×80 pt rect turned about y at scale 2 renders in 3.5 ms a frame against 2.4 ms for
/// the same rect with a 2-D rotation (release build, one job, 120 frames), so about 1.1 ms for
/// the offscreen surface and the sampling together.
enum ProjectiveSampler {
    /// Composites `source` (premultiplied ARGB32, canvas device pixels) through `map` (device
    /// pixels → device pixels) over `cr`'s target, drawing only inside `needed` (device pixels).
    /// Draws nothing when the map is singular.
    static func draw(_ source: PixelSurface, through map: Homography, on cr: OpaquePointer, needed: PixelRect) {
        guard let back = map.inverted else { return }
        let src = source.region
        // Where the picture can land: the image of its bounds when all of it is in front of the eye, else anywhere.
        var out = needed
        if let image = map.apply(src.rect) { out = out.intersection(PixelRect(covering: image).expanded(by: 1)) }
        guard !out.isEmpty, let dest = PixelSurface(region: out) else { return }

        let sData = source.data, sStride = source.stride
        let dData = dest.data, dStride = dest.stride
        let m = back.m
        let sw = src.width, sh = src.height
        for j in 0..<out.height {
            let py = Double(out.y + j) + 0.5
            let row = UnsafeMutableRawPointer(dData + j * dStride).assumingMemoryBound(to: UInt32.self)
            for i in 0..<out.width {
                let px = Double(out.x + i) + 0.5
                let w = px * m[2] + py * m[5] + m[8]
                // W of the inverse has the sign of W of the forward map: ≤ 0 is behind the eye.
                guard w > 0 else { continue }
                // Source texel coordinates, with texel centres at whole numbers.
                let u = (px * m[0] + py * m[3] + m[6]) / w - Double(src.x) - 0.5
                let v = (px * m[1] + py * m[4] + m[7]) / w - Double(src.y) - 0.5
                guard u > -1, v > -1, u < Double(sw), v < Double(sh) else { continue }
                let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                let fx = u - Double(x0), fy = v - Double(y0)
                func texel(_ x: Int, _ y: Int) -> UInt32 {
                    guard x >= 0, y >= 0, x < sw, y < sh else { return 0 }
                    return UnsafeRawPointer(sData + y * sStride).assumingMemoryBound(to: UInt32.self)[x]
                }
                let p00 = texel(x0, y0), p10 = texel(x0 + 1, y0), p01 = texel(x0, y0 + 1), p11 = texel(x0 + 1, y0 + 1)
                if p00 | p10 | p01 | p11 == 0 { continue }
                let w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy
                var result: UInt32 = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    func ch(_ p: UInt32) -> Double { Double((p >> UInt32(shift)) & 0xFF) }
                    let c = ch(p00) * w00 + ch(p10) * w10 + ch(p01) * w01 + ch(p11) * w11
                    result |= UInt32(Swift.min(255, Swift.max(0, c.rounded()))) << UInt32(shift)
                }
                row[i] = result
            }
        }
        dest.markDirty()
        cairo_set_source_surface(cr, dest.surface, 0, 0)
        cairo_paint(cr)
    }
}
