import Geometry

/// pixelmatch 5.3 written out pixel by pixel, the way its description reads: no planes, no bands, no shortcuts. The
/// optimised `ImageDiff` must give exactly its counts and diff image; being slow and plain is the point.
enum ReferencePixelmatch {
    struct Result: Equatable {
        var differing: Int
        var antialiased: Int
        var image: [UInt8]
    }

    static func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    static func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    static func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }
    static func blend(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }

    static func bytes(_ img: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let k = 4 * (y * img.width + x)
        return Array(img.pixels[k..<k + 4])
    }

    /// The squared YIQ distance of two pixels over white, or with `yOnly` the difference of their brightness.
    static func colorDelta(_ p: [UInt8], _ q: [UInt8], yOnly: Bool) -> Double {
        if p == q { return 0 }
        var (r1, g1, b1) = (Double(p[0]), Double(p[1]), Double(p[2]))
        var (r2, g2, b2) = (Double(q[0]), Double(q[1]), Double(q[2]))
        if p[3] < 255 {
            let a = Double(p[3]) / 255
            (r1, g1, b1) = (blend(r1, a), blend(g1, a), blend(b1, a))
        }
        if q[3] < 255 {
            let a = Double(q[3]) / 255
            (r2, g2, b2) = (blend(r2, a), blend(g2, a), blend(b2, a))
        }
        let y = rgb2y(r1, g1, b1) - rgb2y(r2, g2, b2)
        if yOnly { return y }
        let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
        let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    static func hasManySiblings(_ img: RGBAImage, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, img.width - 1), y2 = min(y1 + 1, img.height - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        let centre = bytes(img, x1, y1)
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                if bytes(img, x, y) == centre { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    static func antialiased(_ img: RGBAImage, _ x1: Int, _ y1: Int, _ other: RGBAImage) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, img.width - 1), y2 = min(y1 + 1, img.height - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(bytes(img, x1, y1), bytes(img, x, y), yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta; minX = x; minY = y
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = x; maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(img, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(img, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// pixelmatch's drawGrayPixel: brightness of the raw colour blended over white with opacity fade·α/255, stored
    /// into a byte array (truncation).
    static func grey(_ p: [UInt8], fade: Double) -> UInt8 {
        let value = blend(rgb2y(Double(p[0]), Double(p[1]), Double(p[2])), fade * Double(p[3]) / 255)
        return UInt8(max(0, min(255, value)))
    }

    /// pixelmatch with its options `threshold`, `includeAA`, `alpha` (`fade`), `diffColor`, `aaColor` and `diffMask`:
    /// with a mask, only counted pixels are drawn, on an output left transparent (zeros), as pixelmatch leaves a fresh
    /// output buffer.
    static func compare(_ a: RGBAImage, _ b: RGBAImage, threshold: Double, includeAA: Bool, fade: Double,
                        diffColor: [UInt8] = [255, 0, 0], aaColor: [UInt8] = [255, 255, 0], diffMask: Bool = false) -> Result {
        let maxDelta = 35215 * threshold * threshold
        var result = Result(differing: 0, antialiased: 0, image: [UInt8](repeating: 0, count: a.pixels.count))
        for y in 0..<a.height {
            for x in 0..<a.width {
                let k = 4 * (y * a.width + x)
                let colour: [UInt8]?
                if abs(colorDelta(bytes(a, x, y), bytes(b, x, y), yOnly: false)) > maxDelta {
                    if !includeAA && (antialiased(a, x, y, b) || antialiased(b, x, y, a)) {
                        colour = diffMask ? nil : aaColor
                        result.antialiased += 1
                    } else {
                        colour = diffColor
                        result.differing += 1
                    }
                } else {
                    let g = grey(bytes(a, x, y), fade: fade)
                    colour = diffMask ? nil : [g, g, g]
                }
                if let colour { result.image.replaceSubrange(k..<k + 4, with: colour + [255]) }
            }
        }
        return result
    }
}
