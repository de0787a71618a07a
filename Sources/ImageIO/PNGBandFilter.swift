/// Filters one band of rows into IDAT's layout (a filter-type byte, then the row's filtered bytes), reading RGBA
/// pixels and writing 4 or 3 bytes per pixel. Holds the scratch rows, so one is made per encode and reused per band.
///
/// A band's first row never uses a filter that looks at the row above (Up, Average, Paeth): that row belongs to the
/// previous band, and the band's bytes must depend on its own pixels only, so that they can be reused wherever the same
/// pixels appear. `firstRowFilter` says what it uses instead.
struct PNGBandFilter {
    let width: Int
    /// Bytes per pixel written: 4 (RGBA) or 3 (RGB).
    let channels: Int
    let strategy: PNGFilterStrategy
    var rowBytes: Int { width * channels }
    /// The filtered band, `rows × (rowBytes + 1)` bytes.
    private(set) var output: [UInt8]
    /// Two packed RGB rows (current and previous), used when `channels` is 3.
    private var packed: [UInt8]
    /// One row per filter type, for trying them.
    private var candidates: [UInt8]

    init(width: Int, channels: Int, maxRows: Int, strategy: PNGFilterStrategy) {
        self.width = width
        self.channels = channels
        self.strategy = strategy
        output = [UInt8](repeating: 0, count: maxRows * (width * channels + 1))
        packed = [UInt8](repeating: 0, count: channels == 3 ? 2 * width * 3 : 0)
        candidates = [UInt8](repeating: 0, count: width * channels * PNGRowFilter.allCases.count)
    }

    /// The filter a band's first row uses when `f` is asked for: with no row above, Up predicts 0 (so None) and
    /// Paeth predicts the left byte (so Sub); Average is replaced by Sub, its closest relative.
    static func firstRowFilter(_ f: PNGRowFilter) -> PNGRowFilter {
        switch f {
        case .none, .up: return .none
        case .sub, .average, .paeth: return .sub
        }
    }

    /// Filters `rows` rows of RGBA pixels starting at `source` (stride `width × 4`); the result is the first
    /// `rows × (rowBytes + 1)` bytes of `output`.
    mutating func filter(_ source: UnsafePointer<UInt8>, rows: Int) -> Int {
        let rowBytes = self.rowBytes, stride = rowBytes + 1, width = self.width, channels = self.channels
        let sourceStride = width * 4
        let strategy = self.strategy
        output.withUnsafeMutableBufferPointer { outBuffer in
            packed.withUnsafeMutableBufferPointer { packedBuffer in
                candidates.withUnsafeMutableBufferPointer { candidateBuffer in
                    guard let out = outBuffer.baseAddress, let scratch = candidateBuffer.baseAddress else { return }
                    let packedBase = packedBuffer.baseAddress
                    /// Row y as written (RGBA rows are read in place; RGB rows are packed into alternating scratch rows).
                    func row(_ y: Int) -> UnsafePointer<UInt8> {
                        guard channels == 3, let p = packedBase else { return source + y * sourceStride }
                        return UnsafePointer(p + (y & 1) * rowBytes)
                    }
                    var bandFilter: PNGRowFilter?
                    if case .sampledPerBand = strategy { bandFilter = Self.sampledChoice(source, rows: rows, width: width,
                                                                                         channels: channels, scratch: scratch) }
                    for y in 0..<rows {
                        if channels == 3, let p = packedBase {
                            PNGRowFilterKernels.packRGB(source + y * sourceStride, into: p + (y & 1) * rowBytes, width: width)
                        }
                        let cur = row(y)
                        // For the first row `prev` is never read: only None and Sub are used there.
                        let prev = y == 0 ? cur : row(y - 1)
                        let dest = out + y * stride
                        let chosen: PNGRowFilter
                        switch strategy {
                        case .fixed(let f):
                            chosen = y == 0 ? Self.firstRowFilter(f) : f
                        case .sampledPerBand:
                            chosen = y == 0 ? Self.firstRowFilter(bandFilter ?? .sub) : (bandFilter ?? .sub)
                        case .adaptive:
                            chosen = channels == 3
                                ? Self.cheapest(cur: cur, prev: prev, firstRow: y == 0, count: rowBytes, bpp: 3, scratch: scratch)
                                : Self.cheapest(cur: cur, prev: prev, firstRow: y == 0, count: rowBytes, bpp: 4, scratch: scratch)
                        }
                        dest[0] = chosen.rawValue
                        // Literal bpp values let the kernels be specialized (and vectorized) for each pixel size.
                        if channels == 3 {
                            PNGRowFilterKernels.filter(chosen, cur: cur, prev: prev, out: dest + 1, count: rowBytes, bpp: 3)
                        } else {
                            PNGRowFilterKernels.filter(chosen, cur: cur, prev: prev, out: dest + 1, count: rowBytes, bpp: 4)
                        }
                    }
                }
            }
        }
        return rows * stride
    }

    /// The filter with the smallest Σ |signed byte| for one row (ties keep the earlier filter); on a band's first row
    /// only None and Sub are tried.
    @inline(__always)
    static func cheapest(cur: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>, firstRow: Bool, count: Int, bpp: Int,
                         scratch: UnsafeMutablePointer<UInt8>) -> PNGRowFilter {
        var best = PNGRowFilter.none
        var bestCost = UInt32.max
        for f in PNGRowFilter.allCases where !firstRow || f == .none || f == .sub {
            PNGRowFilterKernels.filter(f, cur: cur, prev: prev, out: scratch, count: count, bpp: bpp)
            let c = PNGRowFilterKernels.cost(scratch, count: count)
            if c < bestCost { bestCost = c; best = f }
        }
        return best
    }

    /// One filter for the whole band, by a cost that predicts what deflate does with rendered frames better than the
    /// minimum sum: on a few sampled rows (up to 4, evenly spread, from the third row on), the number of filtered bytes
    /// that repeat neither the byte one pixel to the left nor the filtered byte above — bytes that continue neither a
    /// run nor a repeated row are where deflate must spend literals. `scratch` holds 5 rows.
    static func sampledChoice(_ source: UnsafePointer<UInt8>, rows: Int, width: Int, channels: Int,
                              scratch: UnsafeMutablePointer<UInt8>) -> PNGRowFilter {
        guard rows > 2 else { return .sub }
        let rowBytes = width * channels
        let samples = Set((1...4).map { 2 + ($0 * (rows - 3)) / 4 }).sorted()
        var totals = [UInt32](repeating: 0, count: PNGRowFilter.allCases.count)
        let raw = [scratch, scratch + rowBytes, scratch + 2 * rowBytes]  // rows y − 2, y − 1, y (packed RGB)
        let above = scratch + 3 * rowBytes, filtered = scratch + 4 * rowBytes
        for y in samples {
            let r: [UnsafePointer<UInt8>]
            if channels == 3 {
                for k in 0..<3 { PNGRowFilterKernels.packRGB(source + (y - 2 + k) * width * 4, into: raw[k], width: width) }
                r = raw.map { UnsafePointer($0) }
            } else {
                r = (0..<3).map { source + (y - 2 + $0) * rowBytes }
            }
            for f in PNGRowFilter.allCases {
                PNGRowFilterKernels.filter(f, cur: r[1], prev: r[0], out: above, count: rowBytes, bpp: channels)
                PNGRowFilterKernels.filter(f, cur: r[2], prev: r[1], out: filtered, count: rowBytes, bpp: channels)
                var literals: UInt32 = 0
                for i in channels..<rowBytes where filtered[i] != filtered[i - channels] && filtered[i] != above[i] {
                    literals &+= 1
                }
                totals[Int(f.rawValue)] &+= literals
            }
        }
        var best = PNGRowFilter.none
        for f in PNGRowFilter.allCases where totals[Int(f.rawValue)] < totals[Int(best.rawValue)] { best = f }
        return best
    }
}
