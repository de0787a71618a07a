/// Perceived colour difference in YIQ space, after Kotsarenko & Ramos, "Measuring perceived color difference using YIQ
/// NTSC transmission color space in mobile applications" (2010), as pixelmatch uses it.
///
/// Pixels that are not opaque are first composited over white (`255 + (c − 255)·α`), so that differences hidden by
/// transparency do not count. The squared distance `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²` lies in 0…35215 for 8-bit
/// colours (black against white).
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
    static func overWhite(_ p: UnsafePointer<UInt8>) -> (Double, Double, Double) {
        let r = Double(p[0]), g = Double(p[1]), b = Double(p[2])
        let a = p[3]
        if a == 255 { return (r, g, b) }
        let alpha = Double(a) / 255
        return (255 + (r - 255) * alpha, 255 + (g - 255) * alpha, 255 + (b - 255) * alpha)
    }

    /// Squared YIQ distance between two pixels (0 when their bytes are equal).
    @inline(__always)
    static func squared(_ p1: UnsafePointer<UInt8>, _ p2: UnsafePointer<UInt8>) -> Double {
        if p1[0] == p2[0] && p1[1] == p2[1] && p1[2] == p2[2] && p1[3] == p2[3] { return 0 }
        let (r1, g1, b1) = overWhite(p1), (r2, g2, b2) = overWhite(p2)
        let dy = y(r1, g1, b1) - y(r2, g2, b2)
        let di = i(r1, g1, b1) - i(r2, g2, b2)
        let dq = q(r1, g1, b1) - q(r2, g2, b2)
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    /// Brightness Y of the pixel composited over white, 0…255.
    @inline(__always)
    static func brightness(_ p: UnsafePointer<UInt8>) -> Double {
        let (r, g, b) = overWhite(p)
        return y(r, g, b)
    }
}
