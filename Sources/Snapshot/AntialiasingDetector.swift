/// Decides whether a differing pixel is probably antialiasing (an edge drawn a little differently) rather than a real
/// change, after V. Vysniauskas, "Anti-aliased Pixel and Intensity Slope Detector" (2009), as pixelmatch 5.3 does it:
/// a pixel is antialiasing when among its 8 neighbours there are both a brighter and a darker one, at most 2 neighbours
/// (counting a missing one at the image border as one) have its exact brightness, and the darkest or the brightest
/// neighbour sits in a flat area — 3 or more identical neighbours — in both images.
///
/// Works on each image's brightness computed once per pixel (the difference is the same Double pixelmatch computes:
/// equal bytes give equal brightness, hence exactly 0) and on the `FlatAreaPlane` of the pair (`flat`).
struct AntialiasingDetector {
    let width: Int
    let height: Int

    /// Whether pixel (x, y) may be antialiasing in either image, judged from the flat plane alone; when false, both
    /// `isAntialiased` calls are false. A pixel flat in both images has 3 identical, hence equally bright, neighbours
    /// in each; a pixel without a neighbour flat in both images has no neighbour that could pass the last test.
    @inline(__always)
    func mayBeAntialiased(_ flat: UnsafePointer<UInt8>, _ x: Int, _ y: Int) -> Bool {
        let c = y * width + x
        if flat[c] == FlatAreaPlane.both { return false }
        guard x > 0, y > 0, x < width - 1, y < height - 1 else { return true }
        let w = width
        @inline(__always) func both(_ n: Int) -> UInt8 { flat[n] & flat[n] >> 1 }
        return both(c - w - 1) | both(c - w) | both(c - w + 1) | both(c - 1) | both(c + 1)
            | both(c + w - 1) | both(c + w) | both(c + w + 1) != 0
    }

    /// Sets `candidates[x]` to 1 where pixel (x, y) exceeds the threshold (`exceeding[x]` 1) and
    /// `mayBeAntialiased`, else 0; branch-free inside the image.
    func markCandidates(_ flat: UnsafePointer<UInt8>, _ y: Int, exceeding: UnsafePointer<UInt8>,
                        into candidates: UnsafeMutablePointer<UInt8>) {
        let w = width
        guard y > 0, y < height - 1, w >= 3 else {
            for x in 0..<w { candidates[x] = exceeding[x] != 0 && mayBeAntialiased(flat, x, y) ? 1 : 0 }
            return
        }
        candidates[0] = exceeding[0] != 0 && mayBeAntialiased(flat, 0, y) ? 1 : 0
        candidates[w - 1] = exceeding[w - 1] != 0 && mayBeAntialiased(flat, w - 1, y) ? 1 : 0
        let above = flat + (y - 1) * w, row = above + w, below = row + w
        // Flat in both images: bit 0 of v & v >> 1 (values are 0…3).
        for x in 1..<w - 1 {
            let l = x &- 1, r = x &+ 1
            let around = above[l] & above[l] >> 1 | above[x] & above[x] >> 1 | above[r] & above[r] >> 1
                | row[l] & row[l] >> 1 | row[r] & row[r] >> 1
                | below[l] & below[l] >> 1 | below[x] & below[x] >> 1 | below[r] & below[r] >> 1
            candidates[x] = exceeding[x] & (row[x] & row[x] >> 1 ^ 1) & around
        }
    }

    /// Whether pixel (x, y) of the image with brightness `luma` (rows y − 1 … y + 1) looks like antialiasing;
    /// `image` is that image's bit in `flat` (1 first, 2 second).
    @inline(__always)
    func isAntialiased(_ luma: LumaRows, _ flat: UnsafePointer<UInt8>, _ x: Int, _ y: Int, image: UInt8) -> Bool {
        // Flat there: 3 identical, so equally bright, neighbours.
        if flat[y * width + x] & image != 0 { return false }
        if x > 0 && y > 0 && x < width - 1 && y < height - 1 {
            return isAntialiasedInside(luma, flat, x, y)
        }
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
        let centerBrightness = luma.mid[x]
        var equal = 1  // on the border: a missing neighbour counts as an equal one
        // delta = Y(centre) − Y(neighbour): most negative is the brightest neighbour, most positive the darkest.
        var brightest = 0.0, darkest = 0.0
        var brightestAt = 0, darkestAt = 0
        // Column by column, top to bottom: the order decides which of several equally bright neighbours is used.
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let n = ny * width + nx
                let delta = centerBrightness - luma.at(nx, ny - y)
                if delta == 0 {
                    equal += 1
                } else if delta < brightest {
                    brightest = delta; brightestAt = n
                } else if delta > darkest {
                    darkest = delta; darkestAt = n
                }
            }
        }
        return equal <= 2 && darkest != 0 && brightest != 0 && (flat[brightestAt] == FlatAreaPlane.both || flat[darkestAt] == FlatAreaPlane.both)
    }

    /// `isAntialiased` for a pixel with all 8 neighbours, without early exits: pixelmatch's "more than 2 equal" exit
    /// only depends on the final count, and its brightest / darkest neighbour is the first, in its column-by-column
    /// order, with the smallest / largest delta.
    @inline(__always)
    func isAntialiasedInside(_ luma: LumaRows, _ flat: UnsafePointer<UInt8>, _ x: Int, _ y: Int) -> Bool {
        let centerBrightness = luma.mid[x]
        var equal = 0
        var brightest = 0.0, darkest = 0.0
        // Positions as offsets from the centre in the flat plane.
        let w = width
        var brightestAt = 0, darkestAt = 0
        @inline(__always) func visit(_ neighbour: Double, _ offset: Int) {
            let delta = centerBrightness - neighbour
            equal &+= delta == 0 ? 1 : 0
            if delta < brightest { brightest = delta; brightestAt = offset }
            if delta > darkest { darkest = delta; darkestAt = offset }
        }
        // Column by column, top to bottom, as pixelmatch visits them.
        visit(luma.up[x - 1], -w - 1); visit(luma.mid[x - 1], -1); visit(luma.down[x - 1], w - 1)
        visit(luma.up[x], -w); visit(luma.down[x], w)
        visit(luma.up[x + 1], -w + 1); visit(luma.mid[x + 1], 1); visit(luma.down[x + 1], w + 1)
        let c = y * w + x
        return equal <= 2 && darkest != 0 && brightest != 0 && (flat[c + brightestAt] == FlatAreaPlane.both || flat[c + darkestAt] == FlatAreaPlane.both)
    }
}
