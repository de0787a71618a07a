/// Decides whether a differing pixel is probably antialiasing (an edge drawn a little differently) rather than a real
/// change, after V. Vysniauskas, "Anti-aliased Pixel and Intensity Slope Detector" (2009), as pixelmatch 5.3 does it:
/// a pixel is antialiasing when among its 8 neighbours there are both a brighter and a darker one, at most 2 neighbours
/// (counting a missing one at the image border as one) have its exact colour, and the darkest or the brightest neighbour
/// sits in a flat area — 3 or more identical neighbours — in both images.
///
/// Works on pixels read as 32-bit words (one compare per "same colour" test) and on each pixel's brightness computed
/// once beforehand (`DiffPlanes`), so that noise — where every pixel differs and is checked twice — costs 8 loads per
/// check instead of 8 colour conversions. The brightness difference is the same Double pixelmatch computes: identical
/// bytes give identical brightness, hence exactly 0.
struct AntialiasingDetector {
    let width: Int
    let height: Int

    /// Whether pixel (x, y) of `image` (with per-pixel brightness `luma`) looks like antialiasing; `other` is the
    /// image it is compared with.
    @inline(__always)
    func isAntialiased(_ image: UnsafePointer<UInt32>, _ luma: UnsafePointer<Double>, _ x1: Int, _ y1: Int,
                       other: UnsafePointer<UInt32>) -> Bool {
        if x1 > 0 && y1 > 0 && x1 < width - 1 && y1 < height - 1 {
            return isAntialiasedInside(image, luma, y1 * width + x1, other: other)
        }
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let centerBrightness = luma[y1 * width + x1]
        var equal = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        // delta = Y(centre) − Y(neighbour): most negative is the brightest neighbour, most positive the darkest.
        var brightest = 0.0, darkest = 0.0
        var brightestAt = 0, darkestAt = 0
        // Column by column, top to bottom: the order decides which of several equally bright neighbours is used.
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let n = y * width + x
                let delta = centerBrightness - luma[n]
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < brightest {
                    brightest = delta; brightestAt = n
                } else if delta > darkest {
                    darkest = delta; darkestAt = n
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, brightestAt) && hasManySiblings(other, brightestAt))
            || (hasManySiblings(image, darkestAt) && hasManySiblings(other, darkestAt))
    }

    /// Whether the pixel at index `at` (y·width + x) has 3 or more neighbours of exactly its colour (a border counts
    /// as one).
    @inline(__always)
    func hasManySiblings(_ image: UnsafePointer<UInt32>, _ at: Int) -> Bool {
        let y1 = at / width, x1 = at - y1 * width
        if x1 > 0 && y1 > 0 && x1 < width - 1 && y1 < height - 1 {
            // Inside: the early "> 2" exit only depends on the count, so count all 8 without branches.
            let w = width, center = image[at]
            @inline(__always) func same(_ n: Int) -> Int { image[n] == center ? 1 : 0 }
            let above = same(at - w - 1) + same(at - w) + same(at - w + 1)
            let below = same(at + w - 1) + same(at + w) + same(at + w + 1)
            return above + same(at - 1) + same(at + 1) + below > 2
        }
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let center = image[at]
        var equal = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if image[y * width + x] == center { equal += 1 }
                if equal > 2 { return true }
            }
        }
        return false
    }

    /// `isAntialiased` for a pixel with all 8 neighbours, written without early exits so that it runs with few
    /// branches. Same answer: the "more than 2 equal neighbours" exit only depends on the count, and pixelmatch's
    /// brightest / darkest neighbour is the first, in its column-by-column order, with the smallest / largest delta.
    @inline(__always)
    func isAntialiasedInside(_ image: UnsafePointer<UInt32>, _ luma: UnsafePointer<Double>, _ c: Int,
                             other: UnsafePointer<UInt32>) -> Bool {
        let w = width
        // Column by column, top to bottom, as pixelmatch visits them.
        let offsets = (-w - 1, -1, w - 1, -w, w, -w + 1, 1, w + 1)
        let centerBrightness = luma[c]
        var equal = 0
        var brightest = 0.0, darkest = 0.0
        var brightestAt = c, darkestAt = c
        withUnsafeBytes(of: offsets) { raw in
            for k in 0..<8 {
                let n = c + raw.load(fromByteOffset: k * MemoryLayout<Int>.stride, as: Int.self)
                let delta = centerBrightness - luma[n]
                equal += delta == 0 ? 1 : 0
                if delta < brightest { brightest = delta; brightestAt = n }
                if delta > darkest { darkest = delta; darkestAt = n }
            }
        }
        if equal > 2 || darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, brightestAt) && hasManySiblings(other, brightestAt))
            || (hasManySiblings(image, darkestAt) && hasManySiblings(other, darkestAt))
    }
}
