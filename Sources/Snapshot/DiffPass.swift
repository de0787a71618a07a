import Foundation

/// One comparison's working state and the loop over bands of rows. Pointers stay valid for the duration of `run` (the
/// caller holds the arrays).
struct DiffPass: @unchecked Sendable {
    let diff: ImageDiff
    let width: Int, height: Int
    let a: UnsafePointer<UInt8>, b: UnsafePointer<UInt8>
    let out: UnsafeMutablePointer<UInt8>?

    /// Counts (differing, antialiased) over the whole image; draws the diff image into `out` when given.
    func run() -> (differing: Int, antialiased: Int) {
        let bands = min(diff.jobs, max(1, height / 16))
        let rowsPerBand = (height + bands - 1) / bands
        // Whether the row's bytes differ between the images; rows equal in both need no colour arithmetic.
        let changed = UnsafeMutablePointer<Bool>.allocate(capacity: height)
        let totals = UnsafeMutablePointer<(Int, Int)>.allocate(capacity: bands)
        defer { changed.deallocate(); totals.deallocate() }
        let rowBytes = 4 * width
        func perBand(_ body: (Range<Int>, Int) -> Void) {
            if bands == 1 { body(0..<height, 0); return }
            // Bands write disjoint rows of the outputs and read shared input only, so the body may run concurrently.
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let start = band * rowsPerBand
                body(start..<min(height, start + rowsPerBand), band)
            }
        }
        perBand { rows, _ in
            for y in rows { changed[y] = memcmp(a + y * rowBytes, b + y * rowBytes, rowBytes) != 0 }
        }
        // The antialiasing check at (x, y) reads the flat plane in rows y − 1 … y + 1: fill those rows only. Filled
        // before any band starts comparing, since a band reads one row of each neighbouring band.
        let flatArea = FlatAreaPlane(width: width, height: height)
        let flat: UnsafeMutablePointer<UInt8>? = diff.includeAA ? nil : .allocate(capacity: width * height)
        defer { flat?.deallocate() }
        a.withMemoryRebound(to: UInt32.self, capacity: width * height) { a32 in
            b.withMemoryRebound(to: UInt32.self, capacity: width * height) { b32 in
                guard let flat else { return }
                perBand { rows, _ in
                    for y in rows where changed[y] || (y > 0 && changed[y - 1]) || (y + 1 < height && changed[y + 1]) {
                        flatArea.fillRow(y, a32, b32, into: flat)
                    }
                }
            }
        }
        perBand { rows, band in totals[band] = compare(rows, changed: changed, flat: flat) }
        var sum = (differing: 0, antialiased: 0)
        for k in 0..<bands { sum.differing += totals[k].0; sum.antialiased += totals[k].1 }
        return sum
    }

    /// Counts and draws one band of rows.
    private func compare(_ rows: Range<Int>, changed: UnsafePointer<Bool>, flat: UnsafePointer<UInt8>?) -> (Int, Int) {
        let maxDelta = YIQColorDelta.maximum * diff.threshold * diff.threshold
        let detector = AntialiasingDetector(width: width, height: height)
        let tables = ColourTables.shared
        let brightness = BandBrightness(width: width, height: height, a: a, b: b)
        // Per row: which pixels exceed the threshold, and which of those need the full antialiasing check.
        let exceeds = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
        let candidates = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
        defer { brightness.deallocate(); exceeds.deallocate(); candidates.deallocate() }
        var differing = 0, antialiased = 0
        for y in rows {
            let start = y * width
            // Grey first, red over it, then yellow over that: each loop runs without branches but the last, which
            // only visits the few pixels the flat plane leaves open.
            // With a diff mask the picture stays transparent (zeros) but for the counted pixels.
            if let out, !diff.diffMask { ImageDiff.drawFadedGrey(a + 4 * start, count: width, fade: diff.fade, tables,
                                                                 into: out + 4 * start) }
            guard changed[y] else { continue }
            let marked = YIQColorDelta.markExceeding(a + 4 * start, b + 4 * start, count: width, maxDelta: maxDelta,
                                                     tables, into: exceeds)
            guard marked > 0 else { continue }
            if let out { ImageDiff.drawDifferences(exceeds, count: width, colour: diff.diffColor, into: out + 4 * start) }
            var antialiasedInRow = 0
            if let flat {
                detector.markCandidates(flat, y, exceeding: exceeds, into: candidates)
                var luma: (a: LumaRows, b: LumaRows)?
                // Candidates are bytes 0 or 1: visit the set ones 8 at a time, lowest bit first, so that sparse and
                // dense rows alike cost about one step per candidate.
                var group = 0
                while group < width {
                    let n = min(8, width - group)
                    var bits: UInt64 = 0
                    memcpy(&bits, candidates + group, n)
                    bits = UInt64(littleEndian: bits)
                    while bits != 0 {
                        let x = group + bits.trailingZeroBitCount / 8
                        bits &= bits &- 1
                        let rows = luma ?? brightness.rows(around: y)
                        luma = rows
                        if detector.isAntialiased(rows.a, flat, x, y, image: 1)
                            || detector.isAntialiased(rows.b, flat, x, y, image: 2) {
                            antialiasedInRow += 1
                            // Not part of a diff mask: the pixel goes back to transparent.
                            if let out {
                                if diff.diffMask { memset(out + 4 * (start + x), 0, 4) } else { ImageDiff.draw(out + 4 * (start + x), diff.aaColor) }
                            }
                        }
                    }
                    group += 8
                }
            }
            antialiased += antialiasedInRow
            differing += marked - antialiasedInRow
        }
        return (differing, antialiased)
    }
}
