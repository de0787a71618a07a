import Geometry

/// RGBA → planar Y′CbCr 4:2:0 (ffmpeg's `yuv420p`) with the BT.709 matrix in limited ("TV") range, for the mp4
/// encoder's input.
///
/// Why not let ffmpeg do it: swscale is the library for the job, and it did it for mp4 until this was measured. On
/// Scenes/unlock.json (600 frames, 780×600) swscale's rgba → yuv420p cost about 0.9 s of CPU on ffmpeg's single
/// filter thread, serialised behind x264, and the pipe carried 4 bytes per pixel. Converting here costs less CPU, runs on
/// the drawing threads in parallel, is skipped for a frame whose pixels equal the previous one's, and the pipe carries
/// 1.5 bytes per pixel. docs/video.md ("Speed") has the before/after figures.
///
/// The result matches `scale=out_color_matrix=bt709:out_range=tv` to within rounding of luma; chroma is the plain mean of
/// each 2×2 block (swscale filters vertically with its scaler's kernel, so its chroma differs slightly at sharp edges).
/// Alpha is ignored, as ffmpeg drops it for yuv420p. An odd width or height gets one more column or row, a copy of the
/// edge (what ffmpeg's `pad` + `fillborders=mode=smear` did), because 4:2:0 needs even sizes.
enum YUV420Conversion {
    /// The padded size: even width and height.
    static func paddedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        (width + width % 2, height + height % 2)
    }

    /// Bytes of one converted frame: a full-size luma plane and two quarter-size chroma planes.
    static func byteCount(width: Int, height: Int) -> Int {
        let (w, h) = paddedSize(width: width, height: height)
        return w * h + 2 * (w / 2) * (h / 2)
    }

    // Fixed-point coefficients (scaled by 2^16) of BT.709 limited range, from Kr = 0.2126, Kb = 0.0722:
    //   Y  = 16  + 219/255 · (Kr·R + Kg·G + Kb·B)
    //   Cb = 128 + 224/255 · (B − Y′) / (2 − 2·Kb),  Cr = 128 + 224/255 · (R − Y′) / (2 − 2·Kr)
    // where Y′ = Kr·R + Kg·G + Kb·B is the unscaled luma.
    private static let kr = 0.2126, kb = 0.0722, kg = 1 - kr - kb
    private static func fixed(_ v: Double) -> Int32 { Int32((v * 65536).rounded()) }
    private static let yR = fixed(219.0 / 255 * kr), yG = fixed(219.0 / 255 * kg), yB = fixed(219.0 / 255 * kb)
    private static let cbScale = 224.0 / 255 / (2 - 2 * kb), crScale = 224.0 / 255 / (2 - 2 * kr)
    private static let uR = fixed(-cbScale * kr), uG = fixed(-cbScale * kg), uB = fixed(cbScale * (1 - kb))
    private static let vR = fixed(crScale * (1 - kr)), vG = fixed(-crScale * kg), vB = fixed(-crScale * kb)

    /// Converts `image` into `output` (resized to `byteCount`): Y plane, then Cb, then Cr, rows without gaps.
    static func convert(_ image: RGBAImage, into output: inout [UInt8]) {
        let width = image.width, height = image.height
        let (pw, ph) = paddedSize(width: width, height: height)
        let count = byteCount(width: width, height: height)
        if output.count != count { output = [UInt8](repeating: 0, count: count) }
        guard width > 0, height > 0 else { return }
        let cw = pw / 2, ch = ph / 2
        let yR = Self.yR, yG = Self.yG, yB = Self.yB
        let uR = Self.uR, uG = Self.uG, uB = Self.uB, vR = Self.vR, vG = Self.vG, vB = Self.vB
        image.pixels.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                let s = src.baseAddress!, d = dst.baseAddress!
                let cbPlane = d + pw * ph, crPlane = cbPlane + cw * ch
                // Each pass takes two source rows (the second clamped to the last row) and writes two luma rows and
                // one row of each chroma plane.
                for cy in 0..<ch {
                    let y0 = 2 * cy, y1 = min(2 * cy + 1, height - 1)
                    let row0 = s + y0 * width * 4, row1 = s + y1 * width * 4
                    let luma0 = d + y0 * pw, luma1 = d + (2 * cy + 1) * pw
                    let cbRow = cbPlane + cy * cw, crRow = crPlane + cy * cw
                    for cx in 0..<cw {
                        let x0 = 2 * cx, x1 = min(2 * cx + 1, width - 1)
                        let a = row0 + 4 * x0, b = row0 + 4 * x1, c = row1 + 4 * x0, e = row1 + 4 * x1
                        let ar = Int32(a[0]), ag = Int32(a[1]), ab = Int32(a[2])
                        let br = Int32(b[0]), bg = Int32(b[1]), bb = Int32(b[2])
                        let cr = Int32(c[0]), cg = Int32(c[1]), cb = Int32(c[2])
                        let er = Int32(e[0]), eg = Int32(e[1]), eb = Int32(e[2])
                        // 16 << 16 plus half a step rounds to nearest.
                        let yBias: Int32 = (16 << 16) + (1 << 15)
                        luma0[x0] = UInt8(truncatingIfNeeded: (yR &* ar &+ yG &* ag &+ yB &* ab &+ yBias) >> 16)
                        luma0[x0 + 1] = UInt8(truncatingIfNeeded: (yR &* br &+ yG &* bg &+ yB &* bb &+ yBias) >> 16)
                        luma1[x0] = UInt8(truncatingIfNeeded: (yR &* cr &+ yG &* cg &+ yB &* cb &+ yBias) >> 16)
                        luma1[x0 + 1] = UInt8(truncatingIfNeeded: (yR &* er &+ yG &* eg &+ yB &* eb &+ yBias) >> 16)
                        // Chroma of the block's mean colour: the sums are 4× the mean, so shift by 18, not 16.
                        let sr = ar &+ br &+ cr &+ er, sg = ag &+ bg &+ cg &+ eg, sb = ab &+ bb &+ cb &+ eb
                        let cBias: Int32 = (128 << 18) + (1 << 17)
                        cbRow[cx] = UInt8(truncatingIfNeeded: (uR &* sr &+ uG &* sg &+ uB &* sb &+ cBias) >> 18)
                        crRow[cx] = UInt8(truncatingIfNeeded: (vR &* sr &+ vG &* sg &+ vB &* sb &+ cBias) >> 18)
                    }
                }
            }
        }
    }
}
