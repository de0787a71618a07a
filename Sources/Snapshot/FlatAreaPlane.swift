/// For each pixel, whether it sits in a flat area in both images: 3 or more of its 8 neighbours have exactly its colour
/// (a missing neighbour at the image border counts as one such), in the first image and in the second. This is
/// pixelmatch's `hasManySiblings(img1) && hasManySiblings(img2)`, which its antialiasing check always asks of both
/// images at the same position — so one byte per pixel, computed once, answers every such question.
struct FlatAreaPlane {
    let width: Int
    let height: Int

    /// Fills row `y` of `flat` (1 flat in both, 0 not) from the pixels of `a` and `b` read as 32-bit words; reads
    /// rows y − 1 … y + 1.
    func fillRow(_ y: Int, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
                 into flat: UnsafeMutablePointer<UInt8>) {
        let w = width, row = y * w
        guard y > 0, y < height - 1, w >= 3 else {
            for x in 0..<w { flat[row + x] = manySiblings(a, x, y) && manySiblings(b, x, y) ? 1 : 0 }
            return
        }
        flat[row] = manySiblings(a, 0, y) && manySiblings(b, 0, y) ? 1 : 0
        flat[row + w - 1] = manySiblings(a, w - 1, y) && manySiblings(b, w - 1, y) ? 1 : 0
        // Inside the image all 8 neighbours exist: count them without branches, 4 pixels at a time.
        var x = 1
        while x + 4 <= w - 1 {
            let flatA = Self.manySiblings4(a + row, w, x), flatB = Self.manySiblings4(b + row, w, x)
            let both = SIMD4<UInt8>(truncatingIfNeeded: flatA & flatB)
            UnsafeMutableRawPointer(flat + row + x).storeBytes(of: both, as: SIMD4<UInt8>.self)
            x += 4
        }
        while x < w - 1 {
            flat[row + x] = manySiblings(a, x, y) && manySiblings(b, x, y) ? 1 : 0
            x += 1
        }
    }

    /// Whether pixels x … x + 3 of the row at `mid` (rows of `w` pixels above and below exist, and so do columns
    /// x − 1 and x + 4) have 3 or more neighbours of their own colour: 1 yes, 0 no.
    @inline(__always)
    static func manySiblings4(_ mid: UnsafePointer<UInt32>, _ w: Int, _ x: Int) -> SIMD4<UInt32> {
        @inline(__always) func load(_ offset: Int) -> SIMD4<UInt32> {
            UnsafeRawPointer(mid + x + offset).loadUnaligned(as: SIMD4<UInt32>.self)
        }
        let centre = load(0)
        var count = SIMD4<UInt32>(repeating: 0)
        for offset in [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1] {
            count &+= SIMD4<UInt32>(repeating: 0).replacing(with: 1, where: load(offset) .== centre)
        }
        return SIMD4<UInt32>(repeating: 0).replacing(with: 1, where: count .> 2)
    }

    /// pixelmatch's `hasManySiblings` for one pixel of one image, any position.
    func manySiblings(_ image: UnsafePointer<UInt32>, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let center = image[y1 * width + x1]
        var equal = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if image[y * width + x] == center { equal += 1 }
            }
        }
        return equal > 2
    }
}
