import Geometry
import Snapshot
import XCTest

/// Expected counts come from this file's own plain formulas (the YIQ metric as the paper states it) and from images
/// whose edge structure is worked out by hand, not from the code under test.
final class ImageDiffTests: XCTestCase {
    // MARK: independent helpers

    /// Squared YIQ distance, computed from the paper's coefficients after compositing over white.
    func yiq(_ p: [UInt8], _ q: [UInt8]) -> Double {
        func white(_ p: [UInt8]) -> [Double] {
            let a = Double(p[3]) / 255
            return (0..<3).map { 255 + (Double(p[$0]) - 255) * a }
        }
        let c1 = white(p), c2 = white(q)
        let d = (0..<3).map { c1[$0] - c2[$0] }
        let dy = 0.29889531 * d[0] + 0.58662247 * d[1] + 0.11448223 * d[2]
        let di = 0.59597799 * d[0] - 0.27417610 * d[1] - 0.32180189 * d[2]
        let dq = 0.21147017 * d[0] - 0.52261711 * d[1] + 0.31114694 * d[2]
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = image[x, y]
        return [p.r, p.g, p.b, p.a]
    }

    func solid(_ w: Int, _ h: Int, _ c: [UInt8]) -> RGBAImage {
        RGBAImage(width: w, height: h, pixels: Array((0..<w * h).map { _ in c }.joined()))
    }

    func set(_ image: inout RGBAImage, _ x: Int, _ y: Int, _ c: [UInt8]) {
        let i = 4 * (y * image.width + x)
        image.pixels.replaceSubrange(i..<i + 4, with: c)
    }

    struct Noise {
        var s: UInt64
        mutating func next() -> UInt8 {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: s >> 33)
        }
    }

    // MARK: tests

    func testIdenticalImagesMatchAndDrawFadedGrey() throws {
        var img = solid(4, 3, [200, 100, 50, 255])
        set(&img, 1, 1, [0, 0, 0, 128])
        let result = try ImageDiff().compare(img, img)
        XCTAssertEqual(result.differingPixels, 0)
        XCTAssertTrue(result.matches)
        let diff = try XCTUnwrap(result.diffImage)
        // Y(200,100,50) = 124.26…; over white at 0.1: 255 − 130.73·0.1 = 241.9 → 241.
        XCTAssertEqual(pixel(diff, 0, 0), [241, 241, 241, 255])
        // Black at alpha 128: 255 − 255·0.1·128/255 = 242.2 → 242.
        XCTAssertEqual(pixel(diff, 1, 1), [242, 242, 242, 255])
    }

    func testNoiseCountsEqualTheDirectYIQCount() throws {
        var rng = Noise(s: 42)
        let w = 64, h = 48
        let a = RGBAImage(width: w, height: h, pixels: (0..<w * h * 4).map { _ in rng.next() })
        var b = a
        for i in b.pixels.indices where rng.next() < 40 { b.pixels[i] = rng.next() }
        for threshold in [0.0, 0.05, 0.1, 0.3] {
            var expected = 0
            for y in 0..<h { for x in 0..<w where yiq(pixel(a, x, y), pixel(b, x, y)) > 35215 * threshold * threshold {
                expected += 1
            } }
            let withAA = try ImageDiff(threshold: threshold, includeAA: true).compare(a, b, makeDiffImage: false)
            XCTAssertEqual(withAA.differingPixels, expected, "threshold \(threshold)")
            // In noise no pixel has equal neighbours, so nothing can pass as antialiasing.
            let withoutAA = try ImageDiff(threshold: threshold).compare(a, b, makeDiffImage: false)
            XCTAssertEqual(withoutAA.differingPixels, expected)
            XCTAssertEqual(withoutAA.antialiasedPixels, 0)
        }
        XCTAssertGreaterThan(try ImageDiff(threshold: 0.1).compare(a, b).differingPixels, 100, "the case is not empty")
    }

    func testShiftedSquareDiffersByItsSymmetricDifference() throws {
        // A hard-edged 10×10 black square moved 3 px right: 3 columns lost + 3 gained, each 10 px tall. Every changed
        // pixel has ≥ 3 same-coloured neighbours in one of the images, so none of them is taken for antialiasing.
        var a = solid(50, 40, [255, 255, 255, 255]), b = a
        for y in 20..<30 { for x in 20..<30 { set(&a, x, y, [0, 0, 0, 255]) }; for x in 23..<33 { set(&b, x, y, [0, 0, 0, 255]) } }
        let result = try ImageDiff().compare(a, b)
        XCTAssertEqual(result.differingPixels, 60)
        XCTAssertEqual(result.antialiasedPixels, 0)
        let diff = try XCTUnwrap(result.diffImage)
        XCTAssertEqual(pixel(diff, 20, 25), [255, 0, 0, 255])
        XCTAssertEqual(pixel(diff, 32, 29), [255, 0, 0, 255])
        XCTAssertEqual(pixel(diff, 25, 25), [229, 229, 229, 255], "unchanged black: 255 − 255·0.1 = 229.5 → 229")
        XCTAssertEqual(pixel(diff, 0, 0), [255, 255, 255, 255])
    }

    func testChangedAntialiasedEdgeIsYellowAndNotCounted() throws {
        // Black | one grey edge column | white. The edge column changes 128 → 100: ΔY = 28, 0.5053·28² = 396 > 352.15.
        // Each edge pixel has a darker and a brighter neighbour, at most 2 equal ones, and its brightest neighbour
        // (white) sits inside a flat white area in both images: antialiasing.
        func edge(_ grey: UInt8) -> RGBAImage {
            var img = solid(20, 12, [255, 255, 255, 255])
            for y in 0..<12 { for x in 0..<10 { set(&img, x, y, [0, 0, 0, 255]) }; set(&img, 10, y, [grey, grey, grey, 255]) }
            return img
        }
        let a = edge(128), b = edge(100)
        let result = try ImageDiff().compare(a, b)
        XCTAssertEqual(result.differingPixels, 0)
        XCTAssertEqual(result.antialiasedPixels, 12)
        XCTAssertEqual(pixel(try XCTUnwrap(result.diffImage), 10, 5), [255, 255, 0, 255])
        XCTAssertEqual(try ImageDiff(includeAA: true).compare(a, b).differingPixels, 12)
        // A larger threshold hides the change altogether: 396 < 35215·0.2² = 1408.6.
        XCTAssertEqual(try ImageDiff(threshold: 0.2).compare(a, b).antialiasedPixels, 0)
    }

    func testIsolatedGreyDotIsARealDifference() throws {
        // A lone dot on white has only brighter neighbours (no darker one), so it cannot be antialiasing.
        let a = solid(9, 9, [255, 255, 255, 255])
        var b = a
        set(&b, 4, 4, [120, 120, 120, 255])
        let result = try ImageDiff().compare(a, b)
        XCTAssertEqual(result.differingPixels, 1)
        XCTAssertEqual(pixel(try XCTUnwrap(result.diffImage), 4, 4), [255, 0, 0, 255])
    }

    func testAlphaChangesAreJudgedOverWhite() throws {
        // Row of black pixels whose alpha changes; expected verdicts from the direct YIQ formula:
        // 255→240: over white 0 vs 15, 0.5053·15² = 113.7 (same); 255→200: 0 vs 55, 1528.5 (differs);
        // 255→0: black vs white (differs); transparent red vs transparent blue: both white (same, bytes differ).
        let pairs: [([UInt8], [UInt8])] = [
            ([0, 0, 0, 255], [0, 0, 0, 240]), ([0, 0, 0, 255], [0, 0, 0, 200]),
            ([0, 0, 0, 255], [0, 0, 0, 0]), ([255, 0, 0, 0], [0, 0, 255, 0]),
        ]
        // Spaced out on a grey background so that no pair sees another as a neighbour.
        var a = solid(9, 3, [128, 128, 128, 255]), b = a
        for (k, (p, q)) in pairs.enumerated() { set(&a, 2 * k + 1, 1, p); set(&b, 2 * k + 1, 1, q) }
        let expected = pairs.filter { yiq($0.0, $0.1) > 35215 * 0.01 }.count
        XCTAssertEqual(expected, 2)
        let result = try ImageDiff(includeAA: true).compare(a, b)
        XCTAssertEqual(result.differingPixels, expected)
        let diff = try XCTUnwrap(result.diffImage)
        XCTAssertEqual((0..<4).map { pixel(diff, 2 * $0 + 1, 1)[1] == 0 }, [false, true, true, false])
    }

    func testDifferentSizesAreAnError() {
        XCTAssertThrowsError(try ImageDiff().compare(RGBAImage(width: 2, height: 3), RGBAImage(width: 3, height: 2)))
    }
}
