import Geometry
import Snapshot
import XCTest

/// Counts, antialiasing counts and diff-image checksums from pixelmatch itself: mapbox/pixelmatch's JavaScript (the
/// counting of release 5.3.0) was run under Node on exactly these generated pairs — the generators below are written
/// the same way in that script (xorshift32, integer coverage) — and its results are pasted here. The JavaScript lives
/// outside the repository; the FNV-1a checksums of both inputs are pinned too, so a change in a generator cannot go
/// unnoticed.
final class PixelmatchOracleTests: XCTestCase {
    struct XorShift32 {
        var x: UInt32
        mutating func next() -> UInt32 { x ^= x << 13; x ^= x >> 17; x ^= x << 5; return x }
    }

    static func fnv(_ bytes: [UInt8]) -> UInt32 {
        var h: UInt32 = 0x811c_9dc5
        for v in bytes { h ^= UInt32(v); h = h &* 0x0100_0193 }
        return h
    }

    static func noisePair(_ w: Int, _ h: Int, seed: UInt32) -> (RGBAImage, RGBAImage) {
        var r = XorShift32(x: seed)
        let a = (0..<w * h * 4).map { _ in UInt8(r.next() & 255) }
        var b = a
        for i in b.indices where r.next() & 255 < 40 { b[i] = UInt8(r.next() & 255) }
        return (RGBAImage(width: w, height: h, pixels: a), RGBAImage(width: w, height: h, pixels: b))
    }

    static let palette: [[UInt8]] = [[255, 255, 255, 255], [0, 0, 0, 255], [128, 128, 128, 255], [200, 40, 40, 128]]

    /// Runs of palette colours (each pixel copies its left neighbour with probability 3/4), then 1/16 of the pixels
    /// repainted: many equal neighbours and brightness ties, which exercise every branch of the antialiasing check.
    static func patchyPair(_ w: Int, _ h: Int, seed: UInt32) -> (RGBAImage, RGBAImage) {
        var r = XorShift32(x: seed)
        var a = [UInt8](repeating: 0, count: w * h * 4)
        for p in 0..<w * h {
            // Same evaluation order as the script: the run test draws first, the colour after.
            let c: [UInt8] = (p % w > 0 && r.next() & 3 != 0) ? Array(a[4 * (p - 1)..<4 * p]) : palette[Int(r.next() & 3)]
            a.replaceSubrange(4 * p..<4 * p + 4, with: c)
        }
        var b = a
        for p in 0..<w * h where r.next() & 15 == 0 { b.replaceSubrange(4 * p..<4 * p + 4, with: palette[Int(r.next() & 3)]) }
        return (RGBAImage(width: w, height: h, pixels: a), RGBAImage(width: w, height: h, pixels: b))
    }

    /// Subsamples (of 16) of pixel (x, y) inside the disk of radius r8/8 px centred at (cx8/8, cy8/8).
    static func coverage(_ x: Int, _ y: Int, _ cx8: Int, _ cy8: Int, _ r8: Int) -> Int {
        var k = 0
        for i in 0..<4 { for j in 0..<4 {
            let sx = 8 * x + 2 * i + 1, sy = 8 * y + 2 * j + 1
            if (sx - cx8) * (sx - cx8) + (sy - cy8) * (sy - cy8) <= r8 * r8 { k += 1 }
        } }
        return k
    }

    static func greyDisk(_ w: Int, _ h: Int, _ cx8: Int, _ cy8: Int, _ r8: Int) -> RGBAImage {
        var px: [UInt8] = []
        for y in 0..<h { for x in 0..<w {
            let v = UInt8(255 - (255 * coverage(x, y, cx8, cy8, r8) + 8) / 16)
            px += [v, v, v, 255]
        } }
        return RGBAImage(width: w, height: h, pixels: px)
    }

    /// A blue disk whose alpha is its coverage; in the second image the right half has 3/4 of that alpha and the
    /// transparent pixels of the last 4 rows are transparent red instead of transparent black.
    static func alphaPair(_ w: Int, _ h: Int) -> (RGBAImage, RGBAImage) {
        var a: [UInt8] = [], b: [UInt8] = []
        for y in 0..<h { for x in 0..<w {
            let al = (255 * coverage(x, y, 160, 160, 120) + 8) / 16
            a += [30, 60, 200, UInt8(al)]
            let bl = 2 * x >= w ? al * 3 / 4 : al
            b += bl == 0 && y >= h - 4 ? [255, 0, 0, 0] : [30, 60, 200, UInt8(bl)]
        } }
        return (RGBAImage(width: w, height: h, pixels: a), RGBAImage(width: w, height: h, pixels: b))
    }

    typealias Row = (threshold: Double, includeAA: Bool, differing: Int, antialiased: Int, diffImage: UInt32)

    /// Node's output for pixelmatch (threshold, includeAA) → (count, yellow pixels, FNV-1a of the diff image).
    static let expected: [String: (inputs: (UInt32, UInt32), rows: [Row])] = [
        "noise": ((0xc3f089a1, 0x23e595f9), [(0, false, 1541, 0, 0x605f621d), (0, true, 1541, 0, 0x605f621d), (0.05, false, 1008, 0, 0xe28b2bd0), (0.05, true, 1008, 0, 0xe28b2bd0), (0.1, false, 719, 0, 0x6f69789f), (0.1, true, 719, 0, 0x6f69789f), (0.2, false, 350, 0, 0xa69404d5), (0.2, true, 350, 0, 0xa69404d5), (0.5, false, 29, 0, 0xe6ab3756), (0.5, true, 29, 0, 0xe6ab3756)]),
        "patchy": ((0xa2b9bf60, 0x34f624e9), [(0, false, 95, 33, 0xc3da20aa), (0, true, 128, 0, 0x9e5c2323), (0.05, false, 95, 33, 0xc3da20aa), (0.05, true, 128, 0, 0x9e5c2323), (0.1, false, 95, 33, 0xc3da20aa), (0.1, true, 128, 0, 0x9e5c2323), (0.2, false, 95, 33, 0xc3da20aa), (0.2, true, 128, 0, 0x9e5c2323), (0.5, false, 26, 5, 0xd0ad819f), (0.5, true, 31, 0, 0xf1ddc2a2)]),
        "shifted": ((0xb10a9495, 0xd7732fd5), [(0, false, 12, 136, 0xef46cc85), (0, true, 148, 0, 0xe91c1605), (0.05, false, 12, 136, 0xef46cc85), (0.05, true, 148, 0, 0xe91c1605), (0.1, false, 12, 120, 0x42eae24d), (0.1, true, 132, 0, 0xf24d4705), (0.2, false, 12, 104, 0x2abbe305), (0.2, true, 116, 0, 0xf9d3d305), (0.5, false, 12, 52, 0x263ad145), (0.5, true, 64, 0, 0x8cb07edd)]),
        "aaEdge": ((0x9a851bf5, 0xb9b181d5), [(0, false, 0, 92, 0xd4e3c455), (0, true, 92, 0, 0x152e685d), (0.05, false, 0, 92, 0xd4e3c455), (0.05, true, 92, 0, 0x152e685d), (0.1, false, 0, 72, 0x108bfbc5), (0.1, true, 72, 0, 0x8c4d73c5), (0.2, false, 0, 72, 0x108bfbc5), (0.2, true, 72, 0, 0x8c4d73c5), (0.5, false, 0, 0, 0x20c5ac05), (0.5, true, 0, 0, 0x20c5ac05)]),
        "alpha": ((0xb3a11cfd, 0x297dc205), [(0, false, 332, 38, 0x41a27739), (0, true, 370, 0, 0x86092141), (0.05, false, 332, 34, 0x0d212085), (0.05, true, 366, 0, 0x6a2cd029), (0.1, false, 332, 22, 0x9675faf1), (0.1, true, 354, 0, 0x159fac39), (0.2, false, 0, 0, 0x43e17a35), (0.2, true, 0, 0, 0x43e17a35), (0.5, false, 0, 0, 0x43e17a35), (0.5, true, 0, 0, 0x43e17a35)]),
    ]

    static var pairs: [String: (RGBAImage, RGBAImage)] {
        [
            "noise": noisePair(64, 48, seed: 7),
            "patchy": patchyPair(61, 47, seed: 99),
            "shifted": (greyDisk(40, 40, 150, 160, 100), greyDisk(40, 40, 162, 160, 100)),
            "aaEdge": (greyDisk(40, 40, 160, 160, 100), greyDisk(40, 40, 160, 160, 102)),
            "alpha": alphaPair(40, 40),
        ]
    }

    func testCountsAndDiffImagesEqualPixelmatch() throws {
        for (name, (a, b)) in Self.pairs {
            let want = try XCTUnwrap(Self.expected[name])
            XCTAssertEqual(Self.fnv(a.pixels), want.inputs.0, "\(name): first input differs from the script's")
            XCTAssertEqual(Self.fnv(b.pixels), want.inputs.1, "\(name): second input differs from the script's")
            for row in want.rows {
                // jobs 1 and 3 (bands of rows on threads) must agree with pixelmatch and hence with each other.
                for jobs in [1, 3] {
                    let r = try ImageDiff(threshold: row.threshold, includeAA: row.includeAA, jobs: jobs).compare(a, b)
                    let label = "\(name) threshold \(row.threshold) includeAA \(row.includeAA) jobs \(jobs)"
                    XCTAssertEqual(r.differingPixels, row.differing, label)
                    XCTAssertEqual(r.antialiasedPixels, row.antialiased, label)
                    XCTAssertEqual(Self.fnv(try XCTUnwrap(r.diffImage).pixels), row.diffImage, label)
                }
            }
        }
    }

    func testCountsDoNotDependOnTheDiffImage() throws {
        for (name, (a, b)) in Self.pairs {
            let with = try ImageDiff().compare(a, b)
            let without = try ImageDiff().compare(a, b, makeDiffImage: false)
            XCTAssertEqual(with.differingPixels, without.differingPixels, name)
            XCTAssertEqual(with.antialiasedPixels, without.antialiasedPixels, name)
            XCTAssertNil(without.diffImage)
        }
    }
}
