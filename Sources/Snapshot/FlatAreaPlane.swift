/// For each pixel, whether it sits in a flat area — 3 or more of its 8 neighbours have exactly its colour, a missing
/// neighbour at the image border counting as one such — in the first image (bit 0, value 1) and in the second (bit 1,
/// value 2): pixelmatch's `hasManySiblings`, computed once per pixel instead of once per question. Its antialiasing
/// check always asks it of both images at the same position (value 3: flat in both), and a pixel flat in an image
/// has 3 equally bright neighbours there, so it cannot be antialiasing in that image.
struct FlatAreaPlane {
    let width: Int
    let height: Int

    /// Value of a pixel flat in both images.
    static let both: UInt8 = 3

    /// Fills row `y` of `flat` from the pixels of `a` and `b` read as 32-bit words; reads
    /// rows y − 1 … y + 1.
    func fillRow(_ y: Int, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
                 into flat: UnsafeMutablePointer<UInt8>) {
        let w = width, row = y * w
        guard y > 0, y < height - 1, w >= 3 else {
            for x in 0..<w { flat[row + x] = bits(a, b, x, y) }
            return
        }
        flat[row] = bits(a, b, 0, y)
        flat[row + w - 1] = bits(a, b, w - 1, y)
        // Inside the image all 8 neighbours exist: count them without branches, 4 pixels at a time.
        var x = 1
        while x + 4 <= w - 1 {
            let flatA = Self.manySiblings4(a + row, w, x), flatB = Self.manySiblings4(b + row, w, x)
            let bits = SIMD4<UInt8>(truncatingIfNeeded: flatA | flatB &<< 1)
            UnsafeMutableRawPointer(flat + row + x).storeBytes(of: bits, as: SIMD4<UInt8>.self)
            x += 4
        }
        while x < w - 1 {
            flat[row + x] = bits(a, b, x, y)
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

    @inline(__always)
    func bits(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ x: Int, _ y: Int) -> UInt8 {
        (manySiblings(a, x, y) ? 1 : 0) | (manySiblings(b, x, y) ? 2 : 0)
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
