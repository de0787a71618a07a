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
///
/// A hinge (an edge on the rotation axis, `Layer.hinge`) is not faded: two faces of a cube that meet there would
/// each cover the boundary pixel in part and the background would show through both (issue 28's dark crack, 8/255
/// between faces at 55–75). So on the hinge side the picture's own pixels decide by pixel centre, as a GPU
/// rasterises a layer's quad: a pixel whose centre lies on the picture's side of the hinge line is covered whole,
/// sampled no nearer the line than the last source pixel the picture covers whole (the partly covered column
/// where the flat picture's edge falls, and the transparent border beyond it, are left out); a pixel whose centre
/// lies past the line gets the faded fringe as before, which the other face covers. The other three edges stay
/// anti-aliased.
enum ProjectiveSampler {
    /// A hinge in device pixels: the line x = `at` (`vertical`) or y = `at`, the picture on the side of greater
    /// coordinates when `after`.
    struct DeviceHinge {
        var vertical: Bool
        var at: Double
        var after: Bool

        init(_ h: Hinge, scale: Double) {
            vertical = h.vertical; at = h.position * scale; after = h.viewAfter
        }

        /// Whether a pixel centre at coordinate `c` across the line lies on the picture's side (a centre on the line
        /// belongs to the side after it, so two faces of one hinge split every pixel between them; `draw` writes the
        /// same test out for columns).
        func inside(_ c: Double) -> Bool { after ? c >= at : c < at }

        /// The source coordinate (texel centres at whole numbers, `origin` the source region's first pixel)
        /// of the last texel across the line that the picture covers whole.
        func innermostTexel(origin: Int) -> Double {
            after ? at.rounded(.up) - Double(origin) : at.rounded(.down) - 1 - Double(origin)
        }
    }

    /// Composites `source` (premultiplied ARGB32, canvas device pixels) through `map` (device
    /// pixels → device pixels) over `cr`'s target, drawing only inside `needed` (device pixels).
    /// Draws nothing when the map is singular. `hinge`: the picture's edge on the map's axis (see above).
    static func draw(_ source: PixelSurface, through map: Homography, hinge: DeviceHinge? = nil, on cr: OpaquePointer,
                     needed: PixelRect) {
        guard let back = map.inverted else { return }
        let src = source.region
        // Where the picture can land: the image of its bounds when all of it is in front of the eye, else anywhere.
        var out = needed
        if let image = map.apply(src.rect) { out = out.intersection(PixelRect(covering: image).expanded(by: 1)) }
        guard !out.isEmpty, let dest = PixelSurface(region: out) else { return }

        let sData = source.data, sStride = source.stride
        let dData = dest.data, dStride = dest.stride
        // The matrix and the source's place as plain locals: this loop runs for every pixel the picture covers, and
        // the test build (unoptimised) pays for every array access and call in it.
        let m = back.m
        let m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7], m8 = m[8]
        let sx = Double(src.x), sy = Double(src.y)
        let sw = src.width, sh = src.height
        let swD = Double(sw), shD = Double(sh)
        let vertical = hinge?.vertical ?? false, after = hinge?.after ?? false, at = hinge?.at ?? 0
        let limit = hinge.map { $0.innermostTexel(origin: $0.vertical ? src.x : src.y) } ?? 0
        for j in 0..<out.height {
            let py = Double(out.y + j) + 0.5
            let row = UnsafeMutableRawPointer(dData + j * dStride).assumingMemoryBound(to: UInt32.self)
            let rowInside = hinge.map { !$0.vertical && $0.inside(py) } ?? false
            for i in 0..<out.width {
                let px = Double(out.x + i) + 0.5
                let w = px * m2 + py * m5 + m8
                // W of the inverse has the sign of W of the forward map: ≤ 0 is behind the eye.
                guard w > 0 else { continue }
                // Source texel coordinates, with texel centres at whole numbers.
                var u = (px * m0 + py * m3 + m6) / w - sx - 0.5
                var v = (px * m1 + py * m4 + m7) / w - sy - 0.5
                // On the picture's side of the hinge: sampled from texels it covers whole.
                if rowInside {
                    v = after ? Swift.max(v, limit) : Swift.min(v, limit)
                } else if vertical, after ? px >= at : px < at {
                    u = after ? Swift.max(u, limit) : Swift.min(u, limit)
                }
                guard u > -1, v > -1, u < swD, v < shD else { continue }
                let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                let fx = u - Double(x0), fy = v - Double(y0)
                // The four nearest source pixels, transparent outside the source.
                let inX0 = x0 >= 0, inX1 = x0 + 1 < sw
                var p00: UInt32 = 0, p10: UInt32 = 0, p01: UInt32 = 0, p11: UInt32 = 0
                if y0 >= 0 {
                    let r = UnsafeRawPointer(sData + y0 * sStride).assumingMemoryBound(to: UInt32.self)
                    if inX0 { p00 = r[x0] }
                    if inX1 { p10 = r[x0 + 1] }
                }
                if y0 + 1 < sh {
                    let r = UnsafeRawPointer(sData + (y0 + 1) * sStride).assumingMemoryBound(to: UInt32.self)
                    if inX0 { p01 = r[x0] }
                    if inX1 { p11 = r[x0 + 1] }
                }
                if p00 | p10 | p01 | p11 == 0 { continue }
                let w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy
                // Each byte (channel) blended on its own, rounded to the nearest level.
                var result: UInt32 = 0
                var shift: UInt32 = 0
                while shift < 32 {
                    let c = Double((p00 >> shift) & 0xFF) * w00 + Double((p10 >> shift) & 0xFF) * w10
                        + Double((p01 >> shift) & 0xFF) * w01 + Double((p11 >> shift) & 0xFF) * w11
                    result |= UInt32(Swift.min(255, Swift.max(0, c.rounded()))) << shift
                    shift += 8
                }
                row[i] = result
            }
        }
        dest.markDirty()
        cairo_set_source_surface(cr, dest.surface, 0, 0)
        cairo_paint(cr)
    }
}
