import Geometry
import Snapshot
import XCTest

/// The optimised `ImageDiff` (planes, prefilters, bands on threads) against `ReferencePixelmatch`, a plain per-pixel
/// transcription of pixelmatch 5.3, on random scenes with antialiased disks, translucent colours, hard edges, noise and
/// brightness ties: counts and every byte of the diff image must be equal.
final class ImageDiffReferenceTests: XCTestCase {
    struct Rng {
        var x: UInt32
        mutating func next() -> UInt32 { x ^= x << 13; x ^= x >> 17; x ^= x << 5; return x }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt32(n)) }
        mutating func byte() -> UInt8 { UInt8(next() & 255) }
    }

    /// A disk in eighths of a pixel, drawn with 4×4 subsamples per pixel (antialiased edge), colour with alpha.
    struct Disk {
        var cx8: Int, cy8: Int, r8: Int
        var colour: [UInt8]
    }

    /// Background chosen by `kind`, then the disks mixed in by coverage (straight RGBA, integer).
    static func scene(_ w: Int, _ h: Int, kind: Int, seed: UInt32, disks: [Disk]) -> [UInt8] {
        var rng = Rng(x: seed)
        // Colours with equal brightness over white but different bytes: every transparent pixel is white.
        let palette: [[UInt8]] = [[255, 255, 255, 255], [0, 0, 0, 255], [90, 160, 30, 200], [7, 8, 9, 0], [200, 1, 3, 0]]
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for p in 0..<w * h {
            let c: [UInt8]
            switch kind {
            case 0: c = [30, 120, 220, 255]
            case 1: c = [250, 240, 10, 90]
            case 2: c = palette[(p / w / 3 + p % w / 5) % palette.count]          // hard-edged blocks
            case 3: c = [rng.byte(), rng.byte(), rng.byte(), rng.next() & 1 == 0 ? 255 : rng.byte()]
            default: c = p % w > 0 && rng.next() & 3 != 0 ? Array(px[4 * (p - 1)..<4 * p]) : palette[rng.int(palette.count)]
            }
            px.replaceSubrange(4 * p..<4 * p + 4, with: c)
        }
        for d in disks {
            for y in 0..<h { for x in 0..<w {
                var k = 0
                for i in 0..<4 { for j in 0..<4 {
                    let sx = 8 * x + 2 * i + 1 - d.cx8, sy = 8 * y + 2 * j + 1 - d.cy8
                    if sx * sx + sy * sy <= d.r8 * d.r8 { k += 1 }
                } }
                guard k > 0 else { continue }
                for c in 0..<4 {
                    let old = Int(px[4 * (y * w + x) + c])
                    px[4 * (y * w + x) + c] = UInt8((Int(d.colour[c]) * k + old * (16 - k) + 8) / 16)
                }
            } }
        }
        return px
    }

    /// A scene and a changed copy: disks moved, resized or recoloured a little, a few pixels repainted or copied from
    /// a neighbour.
    static func pair(_ w: Int, _ h: Int, seed: UInt32) -> (RGBAImage, RGBAImage) {
        var rng = Rng(x: seed)
        let kind = rng.int(5)
        let disks = (0..<1 + rng.int(4)).map { _ in
            Disk(cx8: rng.int(8 * w), cy8: rng.int(8 * h), r8: 4 + rng.int(8 * max(w, h) / 2),
                 colour: [rng.byte(), rng.byte(), rng.byte(), rng.next() & 1 == 0 ? 255 : rng.byte()])
        }
        var changed = disks
        for k in changed.indices {
            switch rng.int(5) {
            case 0: changed[k].cx8 += rng.int(17) - 8
            case 1: changed[k].r8 += rng.int(5) - 2
            case 2: changed[k].colour[rng.int(4)] &+= UInt8(rng.int(40))
            default: break
            }
        }
        let a = scene(w, h, kind: kind, seed: seed &+ 1, disks: disks)
        var b = scene(w, h, kind: kind, seed: seed &+ 1, disks: changed)
        for _ in 0..<rng.int(w * h / 8 + 1) {
            let p = rng.int(w * h)
            if rng.next() & 1 == 0 {
                for c in 0..<4 { b[4 * p + c] = rng.byte() }
            } else if p > 0 {
                for c in 0..<4 { b[4 * p + c] = b[4 * (p - 1) + c] }
            }
        }
        return (RGBAImage(width: w, height: h, pixels: a), RGBAImage(width: w, height: h, pixels: b))
    }

    func testOptimisedDiffEqualsThePlainReference() throws {
        let sizes = [(1, 1), (1, 6), (6, 1), (2, 2), (3, 3), (4, 9), (23, 17), (48, 33)]
        var totals = (differing: 0, antialiased: 0, cases: 0)
        for (n, (w, h)) in sizes.enumerated() {
            for seed in 0..<(w * h > 100 ? 6 : 3) {
                let (a, b) = Self.pair(w, h, seed: UInt32(1 + 100 * n + seed))
                for threshold in [0, 0.05, 0.1, 0.3] {
                    for includeAA in [false, true] {
                        for fade in threshold == 0.1 ? [0.1, 0.35, 1] : [0.1] {
                            let want = ReferencePixelmatch.compare(a, b, threshold: threshold, includeAA: includeAA,
                                                                   fade: fade)
                            for jobs in [1, 3] {
                                let got = try ImageDiff(threshold: threshold, includeAA: includeAA, fade: fade,
                                                        jobs: jobs).compare(a, b)
                                let label = "\(w)×\(h) seed \(seed) t \(threshold) AA \(includeAA) fade \(fade) jobs \(jobs)"
                                XCTAssertEqual(got.differingPixels, want.differing, label)
                                XCTAssertEqual(got.antialiasedPixels, want.antialiased, label)
                                XCTAssertEqual(got.diffImage?.pixels, want.image, label)
                            }
                            totals.differing += want.differing
                            totals.antialiased += want.antialiased
                            totals.cases += 1
                        }
                    }
                }
            }
        }
        // The comparison is only worth something if both verdicts occur often.
        XCTAssertGreaterThan(totals.differing, 1000)
        XCTAssertGreaterThan(totals.antialiased, 200)
    }

    func testDiffImageOptionsEqualThePlainReference() throws {
        // pixelmatch's diffColor, aaColor and diffMask, on the same generated pairs, on one and several threads.
        var marked = (differing: 0, antialiased: 0)
        for (n, (w, h)) in [(5, 4), (23, 17), (40, 48)].enumerated() {
            let (a, b) = Self.pair(w, h, seed: UInt32(900 + n))
            for diffMask in [false, true] {
                let want = ReferencePixelmatch.compare(a, b, threshold: 0.1, includeAA: false, fade: 0.5,
                                                       diffColor: [0, 0, 255], aaColor: [0, 200, 0], diffMask: diffMask)
                for jobs in [1, 3] {
                    var diff = ImageDiff(threshold: 0.1, fade: 0.5, jobs: jobs)
                    diff.diffColor = ImageDiff.MarkColour(r: 0, g: 0, b: 255)
                    diff.aaColor = ImageDiff.MarkColour(r: 0, g: 200, b: 0)
                    diff.diffMask = diffMask
                    let got = try diff.compare(a, b)
                    XCTAssertEqual(got.differingPixels, want.differing)
                    XCTAssertEqual(got.diffImage?.pixels, want.image, "\(w)×\(h) mask \(diffMask) jobs \(jobs)")
                }
                marked.differing += want.differing
                marked.antialiased += want.antialiased
            }
        }
        XCTAssertGreaterThan(marked.differing, 50)
        XCTAssertGreaterThan(marked.antialiased, 10)
    }

    func testTallAndWideImagesOnManyBands() throws {
        // Enough rows for several bands of 16: band edges fall on changed rows and the AA check reads across them.
        for (w, h, seed) in [(9, 130, UInt32(5)), (130, 50, 6)] {
            let (a, b) = Self.pair(w, h, seed: seed)
            let want = ReferencePixelmatch.compare(a, b, threshold: 0.1, includeAA: false, fade: 0.1)
            for jobs in [1, 2, 4, 7] {
                let got = try ImageDiff(jobs: jobs).compare(a, b)
                XCTAssertEqual(got.differingPixels, want.differing, "\(w)×\(h) jobs \(jobs)")
                XCTAssertEqual(got.antialiasedPixels, want.antialiased, "\(w)×\(h) jobs \(jobs)")
                XCTAssertEqual(got.diffImage?.pixels, want.image, "\(w)×\(h) jobs \(jobs)")
            }
            XCTAssertGreaterThan(want.differing + want.antialiased, 20)
        }
    }
}
