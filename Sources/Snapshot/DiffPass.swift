import Foundation

/// One comparison's working state: which rows changed, the brightness planes of both images, and the loop over bands
/// of rows. Pointers stay valid for the duration of `run` (the caller holds the arrays).
struct DiffPass: @unchecked Sendable {
    let diff: ImageDiff
    let width: Int, height: Int
    let a: UnsafePointer<UInt8>, b: UnsafePointer<UInt8>
    let out: UnsafeMutablePointer<UInt8>?

    /// Counts (differing, antialiased) over the whole image; draws the diff image into `out` when given.
    func run() -> (differing: Int, antialiased: Int) {
        let bands = min(diff.jobs, max(1, height / 16))
        let rowsPerBand = (height + bands - 1) / bands
        // 1 where the row's bytes differ between the images; rows equal in both need no colour arithmetic.
        let changed = UnsafeMutablePointer<Bool>.allocate(capacity: height)
        let lumaA = UnsafeMutablePointer<Double>.allocate(capacity: width * height)
        let lumaB = UnsafeMutablePointer<Double>.allocate(capacity: width * height)
        let totals = UnsafeMutablePointer<(Int, Int)>.allocate(capacity: bands)
        defer { changed.deallocate(); lumaA.deallocate(); lumaB.deallocate(); totals.deallocate() }
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
        // The antialiasing check at (x, y) reads brightness in rows y − 1 … y + 1: fill those rows only (the rest of
        // the planes is never read).
        let checkAA = !diff.includeAA
        if checkAA {
            perBand { rows, _ in
                for y in rows where changed[y] || (y > 0 && changed[y - 1]) || (y + 1 < height && changed[y + 1]) {
                    for i in y * width..<(y + 1) * width {
                        lumaA[i] = YIQColorDelta.brightness(a + 4 * i)
                        lumaB[i] = YIQColorDelta.brightness(b + 4 * i)
                    }
                }
            }
        }
        let maxDelta = YIQColorDelta.maximum * diff.threshold * diff.threshold
        let detector = AntialiasingDetector(width: width, height: height)
        let fade = diff.fade
        a.withMemoryRebound(to: UInt32.self, capacity: width * height) { a32 in
            b.withMemoryRebound(to: UInt32.self, capacity: width * height) { b32 in
                perBand { rows, band in
                    var differing = 0, antialiased = 0
                    for y in rows {
                        guard changed[y] else {
                            if let out {
                                for i in y * width..<(y + 1) * width {
                                    let g = ImageDiff.fadedGrey(a + 4 * i, fade)
                                    ImageDiff.draw(out + 4 * i, g, g, g)
                                }
                            }
                            continue
                        }
                        for x in 0..<width {
                            let i = y * width + x
                            if a32[i] != b32[i] && YIQColorDelta.squared(a + 4 * i, b + 4 * i) > maxDelta {
                                if checkAA && (detector.isAntialiased(a32, lumaA, x, y, other: b32)
                                               || detector.isAntialiased(b32, lumaB, x, y, other: a32)) {
                                    antialiased += 1
                                    if let out { ImageDiff.draw(out + 4 * i, 255, 255, 0) }
                                } else {
                                    differing += 1
                                    if let out { ImageDiff.draw(out + 4 * i, 255, 0, 0) }
                                }
                            } else if let out {
                                let g = ImageDiff.fadedGrey(a + 4 * i, fade)
                                ImageDiff.draw(out + 4 * i, g, g, g)
                            }
                        }
                    }
                    totals[band] = (differing, antialiased)
                }
            }
        }
        var sum = (differing: 0, antialiased: 0)
        for k in 0..<bands { sum.differing += totals[k].0; sum.antialiased += totals[k].1 }
        return sum
    }
}
