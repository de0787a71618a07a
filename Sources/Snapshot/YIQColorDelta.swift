/// Perceived colour difference in YIQ space, after Kotsarenko & Ramos, "Measuring perceived color difference using YIQ
/// NTSC transmission color space in mobile applications" (2010), as pixelmatch uses it.
///
/// Pixels that are not opaque are first composited over white (`255 + (c − 255)·α`), so that differences hidden by
/// transparency do not count. The squared distance `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²` lies in 0…35215 for 8-bit
/// colours (black against white).
///
/// The row functions run without branches so that the compiler can vectorise them, yet give pixelmatch's Doubles bit
/// for bit: pixelmatch skips compositing an opaque pixel, but at α = 255/255 = 1 the composite `255 + (c − 255)·1` is
/// exactly `c`; and it returns 0 for equal bytes, which the formula gives exactly too (every difference is x − x).
enum YIQColorDelta {
    /// Largest possible `squared` distance (black against white): the scale of `ImageDiff.threshold`.
    static let maximum = 35215.0

    @inline(__always) static func y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    @inline(__always) static func i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    @inline(__always) static func q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// The pixel at `p` (4 bytes RGBA, straight alpha) as RGB composited over white, channels 0…255.
    @inline(__always)
    static func overWhite(_ p: UnsafePointer<UInt8>, _ alphaTable: UnsafePointer<Double>) -> (Double, Double, Double) {
        let alpha = alphaTable[Int(p[3])]
        return (255 + (Double(p[0]) - 255) * alpha, 255 + (Double(p[1]) - 255) * alpha,
                255 + (Double(p[2]) - 255) * alpha)
    }

    /// Squared YIQ distance between two pixels (0 when their bytes are equal).
    @inline(__always)
    static func squared(_ p1: UnsafePointer<UInt8>, _ p2: UnsafePointer<UInt8>, _ t: ColourTables) -> Double {
        let dy: Double, di: Double, dq: Double
        if p1[3] == 255 && p2[3] == 255 {
            // Opaque: the composite is the colour itself, and each product is a table entry.
            let r1 = Int(p1[0]), g1 = Int(p1[1]), b1 = Int(p1[2])
            let r2 = Int(p2[0]), g2 = Int(p2[1]), b2 = Int(p2[2])
            dy = (t.yR[r1] + t.yG[g1] + t.yB[b1]) - (t.yR[r2] + t.yG[g2] + t.yB[b2])
            di = (t.iR[r1] - t.iG[g1] - t.iB[b1]) - (t.iR[r2] - t.iG[g2] - t.iB[b2])
            dq = (t.qR[r1] - t.qG[g1] + t.qB[b1]) - (t.qR[r2] - t.qG[g2] + t.qB[b2])
        } else {
            let (r1, g1, b1) = overWhite(p1, t.alpha), (r2, g2, b2) = overWhite(p2, t.alpha)
            dy = y(r1, g1, b1) - y(r2, g2, b2)
            di = i(r1, g1, b1) - i(r2, g2, b2)
            dq = q(r1, g1, b1) - q(r2, g2, b2)
        }
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    /// Sets `exceeds[k]` to 1 when pixel k of the rows `a` and `b` (`count` pixels each) differs by more than
    /// `maxDelta`, else 0; returns how many are set. Works on 4 pixels at a time in SIMD lanes (each lane does the
    /// scalar formula's operations in its order, so lanes give the scalar Doubles); 4 pixels with equal bytes
    /// (distance 0) — most of a typical changed row — are passed over with one compare.
    static func markExceeding(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int, maxDelta: Double,
                              _ t: ColourTables, into exceeds: UnsafeMutablePointer<UInt8>) -> Int {
        var marked = 0, k = 0
        #if _endian(little)
        let rawA = UnsafeRawPointer(a), rawB = UnsafeRawPointer(b)
        let limit = SIMD4<Double>(repeating: maxDelta)
        while k + 4 <= count {
            let pa = rawA.loadUnaligned(fromByteOffset: 4 &* k, as: SIMD4<UInt32>.self)
            let pb = rawB.loadUnaligned(fromByteOffset: 4 &* k, as: SIMD4<UInt32>.self)
            var flags = SIMD4<Int64>(repeating: 0)
            if pa != pb {
                flags.replace(with: 1, where: squared4(pa, pb) .> limit)
                marked &+= Int(flags.wrappedSum())
            }
            UnsafeMutableRawPointer(exceeds + k).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: flags),
                                                          as: SIMD4<UInt8>.self)
            k &+= 4
        }
        #endif
        while k < count {
            let over = squared(a + 4 &* k, b + 4 &* k, t) > maxDelta
            exceeds[k] = over ? 1 : 0
            marked &+= over ? 1 : 0
            k &+= 1
        }
        return marked
    }

    /// `squared` for 4 pixels given as little-endian RGBA words.
    @inline(__always)
    static func squared4(_ p1: SIMD4<UInt32>, _ p2: SIMD4<UInt32>) -> SIMD4<Double> {
        @inline(__always) func overWhite(_ p: SIMD4<UInt32>) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
            let mask = SIMD4<UInt32>(repeating: 255)
            let alpha = SIMD4<Double>(p &>> 24) / 255
            @inline(__always) func blend(_ c: SIMD4<UInt32>) -> SIMD4<Double> { 255 + (SIMD4<Double>(c) - 255) * alpha }
            return (blend(p & mask), blend((p &>> 8) & mask), blend((p &>> 16) & mask))
        }
        let (r1, g1, b1) = overWhite(p1), (r2, g2, b2) = overWhite(p2)
        let dy = (r1 * 0.29889531 + g1 * 0.58662247 + b1 * 0.11448223) - (r2 * 0.29889531 + g2 * 0.58662247 + b2 * 0.11448223)
        let di = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
        let dq = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    /// Brightness Y over white of the `count` pixels of the row at `p`, into `luma` (0…255).
    static func brightness(_ p: UnsafePointer<UInt8>, count: Int, _ t: ColourTables, into luma: UnsafeMutablePointer<Double>) {
        for k in 0..<count {
            let q = p + 4 &* k
            if q[3] == 255 {
                luma[k] = t.yR[Int(q[0])] + t.yG[Int(q[1])] + t.yB[Int(q[2])]
            } else {
                let (r, g, b) = overWhite(q, t.alpha)
                luma[k] = y(r, g, b)
            }
        }
    }
}
