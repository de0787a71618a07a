import Geometry

/// Finds seams in a frame: a column where a pixel is much darker than both its left and right neighbours, which are
/// bright, over more than half the image's height. That is what two anti-aliased edges meeting at a fractional pixel
/// leave behind: each covers the boundary pixel in part and the background shows through (issue 28).
///
/// A pixel is "in a seam" when both neighbours' luma is at least `brightSide` and its own luma is at most
/// `darkness` times the darker neighbour's, `minimumDip` levels below it or more. Two half-covered edges of equal
/// colours over a black background leave 0.75 of their brightness; the cube's crack of issue 28, (8, 8, 11) between
/// (43, 73, 103) and (75, 45, 68), dips to 0.15. With these figures the scan counts the 23 of 188 frames of
/// peek-edges and 34 of 186 of connect-dots on the renderer before the fix (0.85 would count 22 and 32, 0.92 with a
/// dip of 3 counts 24 and 38: the frames in between have faint seams near the pages' dark ends).
struct SeamScan {
    var brightSide = 24
    var darkness = 0.9
    var minimumDip = 6
    /// A column is a seam when more than this fraction of the image's rows have a seam pixel in it.
    var minimumRun = 0.5

    /// Rec. 601 luma of an RGB pixel, 0…255 (alpha ignored: the frames are opaque).
    @inline(__always)
    static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        (299 * Int(r) + 587 * Int(g) + 114 * Int(b)) / 1000
    }

    /// Whether a pixel of luma `own` between neighbours of luma `left` and `right` is a dark pixel between two
    /// bright sides.
    @inline(__always)
    func isSeam(_ left: Int, _ own: Int, _ right: Int) -> Bool {
        let side = min(left, right)
        return side >= brightSide && side - own >= minimumDip && Double(own) <= darkness * Double(side)
    }

    /// How many rows have a seam pixel, per column (the first and last columns count 0).
    func seamRows(_ image: RGBAImage) -> [Int] {
        let w = image.width
        var counts = [Int](repeating: 0, count: w)
        guard w >= 3 else { return counts }
        var luma = [Int](repeating: 0, count: w)
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<image.height {
                var i = 4 * y * w
                for x in 0..<w {
                    luma[x] = Self.luma(p[i], p[i + 1], p[i + 2])
                    i += 4
                }
                for x in 1..<(w - 1) where isSeam(luma[x - 1], luma[x], luma[x + 1]) { counts[x] += 1 }
            }
        }
        return counts
    }

    /// The columns that are seams: a seam pixel in more than `minimumRun` of the rows.
    func seams(_ image: RGBAImage) -> [Int] {
        let limit = minimumRun * Double(image.height)
        return seamRows(image).enumerated().filter { Double($0.element) > limit }.map(\.offset)
    }
}
