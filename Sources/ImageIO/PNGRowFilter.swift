/// The five PNG row filters (PNG spec §9.2). Each filtered byte is the raw byte minus a prediction from the byte to its
/// left (`a`), the byte above (`b`) and the byte above-left (`c`), taken `bytesPerPixel` apart; outside the image they are 0.
public enum PNGRowFilter: UInt8, Sendable, CaseIterable {
    case none = 0, sub = 1, up = 2, average = 3, paeth = 4
}

/// How the encoder picks a filter for each row.
public enum PNGFilterStrategy: Sendable, Hashable {
    /// Per row, the filter whose output has the smallest sum of |signed byte| — libpng's classic heuristic, which Skia's
    /// default also uses. Small signed residues mean the row is well predicted, which deflate turns into short codes.
    case adaptive
    /// The same filter on every row (for tests and for comparing); a band's first row uses
    /// `PNGBandFilter.firstRowFilter` of it.
    case fixed(PNGRowFilter)
    /// One filter per band of rows, chosen on a few sampled rows by how many bytes it leaves that repeat neither the
    /// left pixel nor the row above (see `PNGBandFilter.sampledChoice`); measured in `PNGEncoder`'s notes.
    case sampledPerBand
}

/// Filtering kernels over raw pointers. They run once per byte of every frame, so they avoid bounds checks and
/// overflow traps (wrapping `&+`/`&-`), and keep each filter in its own simple loop so the optimizer can vectorize it.
enum PNGRowFilterKernels {
    /// Cost of a filtered byte in the minimum-sum heuristic: the magnitude of the byte read as a signed value.
    @inline(__always)
    static func cost(_ v: UInt8) -> UInt32 {
        let s = Int8(bitPattern: v)
        return UInt32(s.magnitude)
    }

    /// The heuristic cost of a filtered row: Σ |byte as signed|. A separate pass over the (cache-hot) row, because
    /// this simple reduction vectorizes well while fused into the filter loops it did not.
    @inline(__always)
    static func cost(_ row: UnsafePointer<UInt8>, count n: Int) -> UInt32 {
        var sum: UInt32 = 0
        for i in 0..<n { sum &+= cost(row[i]) }
        return sum
    }

    /// Copies the RGB bytes of `width` RGBA pixels to `out` (3 bytes per pixel), dropping alpha.
    @inline(__always)
    static func packRGB(_ rgba: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, width: Int) {
        for x in 0..<width {
            out[3 * x] = rgba[4 * x]; out[3 * x + 1] = rgba[4 * x + 1]; out[3 * x + 2] = rgba[4 * x + 2]
        }
    }

    /// Filters one row of `count` bytes into `out` with `filter`. `prev` is the row above (all zeros for the first row).
    @inline(__always)
    static func filter(
        _ filter: PNGRowFilter, cur: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>,
        out: UnsafeMutablePointer<UInt8>, count n: Int, bpp: Int
    ) {
        switch filter {
        case .none:
            for i in 0..<n { let v = cur[i]; out[i] = v }
        case .sub:
            for i in 0..<min(bpp, n) { let v = cur[i]; out[i] = v }
            if n > bpp { for i in bpp..<n { let v = cur[i] &- cur[i - bpp]; out[i] = v } }
        case .up:
            for i in 0..<n { let v = cur[i] &- prev[i]; out[i] = v }
        case .average:
            for i in 0..<min(bpp, n) { let v = cur[i] &- (prev[i] >> 1); out[i] = v }
            if n > bpp {
                for i in bpp..<n {
                    // (a + b) / 2 without overflow: the spec computes it in at least 9 bits.
                    let avg = UInt8(truncatingIfNeeded: (UInt16(cur[i - bpp]) &+ UInt16(prev[i])) >> 1)
                    let v = cur[i] &- avg; out[i] = v
                }
            }
        case .paeth:
            // With a = c = 0 on the left edge, Paeth predicts b (the byte above).
            for i in 0..<min(bpp, n) { let v = cur[i] &- prev[i]; out[i] = v }
            if n > bpp {
                for i in bpp..<n {
                    let v = cur[i] &- paethPredictor(cur[i - bpp], prev[i], prev[i - bpp])
                    out[i] = v
                }
            }
        }
    }

    /// The Paeth predictor: whichever of a, b, c is closest to a + b − c, ties preferring a, then b.
    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let ia = Int16(a), ib = Int16(b), ic = Int16(c)
        let pa = abs(ib &- ic)              // |p − a| with p = a + b − c
        let pb = abs(ia &- ic)              // |p − b|
        let pc = abs(ia &+ ib &- 2 &* ic)   // |p − c|
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
