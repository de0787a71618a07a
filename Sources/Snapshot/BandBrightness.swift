/// Brightness (Y over white, 0…255) of both images for the rows around the row being compared, computed when first
/// needed and kept in three row buffers per image (row r in buffer r mod 3): bands walk down their rows, so each row
/// is computed once, and nothing image-sized is allocated. Each band owns one, so bands on threads never share a row
/// being written.
struct BandBrightness {
    let width: Int
    private let height: Int
    private let a: UnsafePointer<UInt8>, b: UnsafePointer<UInt8>
    private let buffers: UnsafeMutablePointer<Double>  // 3 rows of a, then 3 rows of b
    private let held: UnsafeMutablePointer<Int>        // which row each of the 3 slots holds (−1: none)
    private let tables = ColourTables.shared

    init(width: Int, height: Int, a: UnsafePointer<UInt8>, b: UnsafePointer<UInt8>) {
        self.width = width; self.height = height; self.a = a; self.b = b
        buffers = .allocate(capacity: 6 * width)
        held = .allocate(capacity: 3)
        held.initialize(repeating: -1, count: 3)
    }

    func deallocate() { buffers.deallocate(); held.deallocate() }

    /// Rows y − 1, y, y + 1 of each image; a row outside the image is given as row y (and never read).
    @inline(__always)
    func rows(around y: Int) -> (a: LumaRows, b: LumaRows) {
        for row in max(0, y - 1)...min(height - 1, y + 1) where held[row % 3] != row {
            let slot = row % 3, start = row * width
            YIQColorDelta.brightness(a + 4 * start, count: width, tables, into: buffers + slot * width)
            YIQColorDelta.brightness(b + 4 * start, count: width, tables, into: buffers + (3 + slot) * width)
            held[slot] = row
        }
        func slot(_ row: Int) -> Int { (row >= 0 && row < height ? row : y) % 3 }
        let up = slot(y - 1), mid = slot(y), down = slot(y + 1)
        func image(_ first: Int) -> LumaRows {
            LumaRows(up: buffers + (first + up) * width, mid: buffers + (first + mid) * width,
                     down: buffers + (first + down) * width)
        }
        return (image(0), image(3))
    }
}

/// One image's brightness in rows y − 1, y and y + 1, indexed by x.
struct LumaRows {
    let up, mid, down: UnsafePointer<Double>

    /// Brightness at column x of row y + dy, dy in −1…1.
    @inline(__always) func at(_ x: Int, _ dy: Int) -> Double { dy < 0 ? up[x] : dy > 0 ? down[x] : mid[x] }
}
