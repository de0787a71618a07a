/// Decides whether a differing pixel is probably antialiasing (an edge drawn a little differently) rather than a real
/// change, after V. Vysniauskas, "Anti-aliased Pixel and Intensity Slope Detector" (2009), as pixelmatch 5.3 does it:
/// a pixel is antialiasing when among its 8 neighbours there are both a brighter and a darker one, at most 2 neighbours
/// (counting a missing one at the image border as one) have its exact colour, and the darkest or the brightest neighbour
/// sits in a flat area — 3 or more identical neighbours — in both images.
struct AntialiasingDetector {
    let width: Int
    let height: Int

    /// Whether pixel (x, y) of `image` looks like antialiasing; `other` is the image it is compared with.
    func isAntialiased(_ image: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int, other: UnsafePointer<UInt8>) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let center = image + 4 * (y1 * width + x1)
        let centerBits = UnsafeRawPointer(center).loadUnaligned(as: UInt32.self)
        let centerBrightness = YIQColorDelta.brightness(center)
        var equal = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        // delta = Y(centre) − Y(neighbour): most negative is the brightest neighbour, most positive the darkest.
        var brightest = 0.0, darkest = 0.0
        var brightestAt = (0, 0), darkestAt = (0, 0)
        // Column by column, top to bottom: the order decides which of several equally bright neighbours is used.
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let neighbour = image + 4 * (y * width + x)
                // Identical bytes give 0 without arithmetic, as in pixelmatch; otherwise the brightness difference.
                let delta = UnsafeRawPointer(neighbour).loadUnaligned(as: UInt32.self) == centerBits
                    ? 0 : centerBrightness - YIQColorDelta.brightness(neighbour)
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < brightest {
                    brightest = delta; brightestAt = (x, y)
                } else if delta > darkest {
                    darkest = delta; darkestAt = (x, y)
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, brightestAt) && hasManySiblings(other, brightestAt))
            || (hasManySiblings(image, darkestAt) && hasManySiblings(other, darkestAt))
    }

    /// Whether the pixel has 3 or more neighbours of exactly its colour (a border counts as one).
    func hasManySiblings(_ image: UnsafePointer<UInt8>, _ at: (Int, Int)) -> Bool {
        let (x1, y1) = at
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let center = UnsafeRawPointer(image + 4 * (y1 * width + x1)).loadUnaligned(as: UInt32.self)
        var equal = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if UnsafeRawPointer(image + 4 * (y * width + x)).loadUnaligned(as: UInt32.self) == center { equal += 1 }
                if equal > 2 { return true }
            }
        }
        return false
    }
}
