/// pixelmatch's per-byte terms tabulated once per process: α/255 and each channel times each YIQ coefficient. An entry
/// is the very Double the formula computes (one correctly rounded operation on the same operands), and sums of entries
/// are taken in the formula's order, so results stay equal bit for bit while the work per pixel drops to loads and adds.
struct ColourTables: @unchecked Sendable {  // immutable after init
    let alpha, yR, yG, yB, iR, iG, iB, qR, qG, qB: UnsafePointer<Double>

    /// Allocated once and kept for the life of the process (10 × 256 Doubles).
    static let shared = ColourTables()

    private init() {
        let factors = [0.29889531, 0.58662247, 0.11448223, 0.59597799, 0.27417610, 0.32180189,
                       0.21147017, 0.52261711, 0.31114694]
        let storage = UnsafeMutablePointer<Double>.allocate(capacity: 256 * (1 + factors.count))
        for v in 0..<256 { storage[v] = Double(v) / 255 }
        for (k, factor) in factors.enumerated() {
            for v in 0..<256 { storage[256 * (k + 1) + v] = Double(v) * factor }
        }
        func table(_ k: Int) -> UnsafePointer<Double> { UnsafePointer(storage + 256 * k) }
        alpha = table(0)
        yR = table(1); yG = table(2); yB = table(3)
        iR = table(4); iG = table(5); iB = table(6)
        qR = table(7); qG = table(8); qB = table(9)
    }
}
