import Frames
import Geometry
import Raster

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
    ///
    /// With `changed`, `output` must already hold the conversion of an image that equals `image` outside those
    /// rectangles (the same drawer's previous frame, `RenderedFrame.changed`): only the luma of their pixels and the
    /// chroma of the 2×2 blocks they touch are written again, which gives the same bytes as a whole conversion.
    static func convert(_ image: RGBAImage, into output: inout [UInt8], changed: [PixelRect]? = nil) {
        let width = image.width, height = image.height
        let (pw, ph) = paddedSize(width: width, height: height)
        let count = byteCount(width: width, height: height)
        guard width > 0, height > 0 else { output = [UInt8](repeating: 0, count: count); return }
        var regions = [PixelRect(x: 0, y: 0, width: width, height: height)]
        if let changed, output.count == count {
            regions = changed.map { $0.intersection(regions[0]) }.filter { !$0.isEmpty }
        } else if output.count != count {
            // Every byte is written below, so a new array needs no zero fill.
            output = [UInt8](unsafeUninitializedCapacity: count) { $1 = count }
        }
        image.pixels.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                for r in regions { convert(src.baseAddress!, width: width, height: height, into: dst.baseAddress!,
                                           paddedWidth: pw, paddedHeight: ph, region: r) }
            }
        }
    }

    /// Writes the luma of `region`'s pixels and the chroma of the blocks it touches (padding included where it reaches
    /// the right or bottom edge).
    private static func convert(_ s: UnsafePointer<UInt8>, width: Int, height: Int, into d: UnsafeMutablePointer<UInt8>,
                                paddedWidth pw: Int, paddedHeight ph: Int, region: PixelRect) {
        let cw = pw / 2, ch = ph / 2
        let yR = Self.yR, yG = Self.yG, yB = Self.yB
        let uR = Self.uR, uG = Self.uG, uB = Self.uB, vR = Self.vR, vG = Self.vG, vB = Self.vB
        let x0 = region.x, x1 = region.maxX, y0 = region.y, y1 = region.maxY
        // Luma, row by row: a plain loop over pixels that the compiler vectorises; the padding column and row copy the
        // edge.
        let yBias: Int32 = (16 << 16) + (1 << 15)  // 16, plus half a step to round to nearest
        for y in y0..<y1 {
            let row = s + y * width * 4, luma = d + y * pw
            for x in x0..<x1 {
                let p = row + 4 * x
                luma[x] = UInt8(truncatingIfNeeded: (yR &* Int32(p[0]) &+ yG &* Int32(p[1]) &+ yB &* Int32(p[2]) &+ yBias) >> 16)
            }
            if pw > width && x1 == width { luma[width] = luma[width - 1] }
        }
        if ph > height && y1 == height { (d + height * pw).update(from: d + (height - 1) * pw, count: pw) }
        // Chroma of each 2×2 block's mean colour, from the sums of its four pixels (4× the mean, so the shift is 18, not
        // 16); a padded block counts its edge pixels twice, as the padded image has them.
        let cbPlane = d + pw * ph, crPlane = cbPlane + cw * ch
        let cBias: Int32 = (128 << 18) + (1 << 17)
        let cx0 = x0 / 2, cx1 = (x1 - 1) / 2 + 1, cy0 = y0 / 2, cy1 = (y1 - 1) / 2 + 1
        for cy in cy0..<cy1 {
            let row0 = s + 2 * cy * width * 4, row1 = s + min(2 * cy + 1, height - 1) * width * 4
            let cbRow = cbPlane + cy * cw, crRow = crPlane + cy * cw
            @inline(__always) func block(_ cx: Int, _ x0: Int, _ x1: Int) {
                let a = row0 + 4 * x0, b = row0 + 4 * x1, c = row1 + 4 * x0, e = row1 + 4 * x1
                let sr = Int32(a[0]) &+ Int32(b[0]) &+ Int32(c[0]) &+ Int32(e[0])
                let sg = Int32(a[1]) &+ Int32(b[1]) &+ Int32(c[1]) &+ Int32(e[1])
                let sb = Int32(a[2]) &+ Int32(b[2]) &+ Int32(c[2]) &+ Int32(e[2])
                cbRow[cx] = UInt8(truncatingIfNeeded: (uR &* sr &+ uG &* sg &+ uB &* sb &+ cBias) >> 18)
                crRow[cx] = UInt8(truncatingIfNeeded: (vR &* sr &+ vG &* sg &+ vB &* sb &+ cBias) >> 18)
            }
            let whole = min(cx1, width / 2)
            for cx in cx0..<max(cx0, whole) { block(cx, 2 * cx, 2 * cx + 1) }
            if width % 2 == 1 && cx1 > width / 2 { block(width / 2, width - 1, width - 1) }
        }
    }
}
