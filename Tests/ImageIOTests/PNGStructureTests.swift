import CDeflate
import TestSupport
import Geometry
import ImageIO
import XCTest

/// Checks the bytes our encoder writes against the PNG specification, with a chunk parser and CRC written here.
final class PNGStructureTests: XCTestCase {
    func crc32(_ bytes: [UInt8]) -> UInt32 { HandBuiltPNG.crc32(bytes) }

    func be32(_ b: ArraySlice<UInt8>) -> UInt32 { HandBuiltPNG.be32(b) }

    func chunks(_ png: [UInt8]) throws -> [HandBuiltPNG.Chunk] { HandBuiltPNG.chunks(png) }

    /// The zlib stream inflated back to the filtered rows (each a filter byte followed by the row's bytes).
    func filteredRows(_ png: [UInt8], width: Int, height: Int) throws -> [[UInt8]] {
        let zlib = try chunks(png).filter { $0.type == "IDAT" }.flatMap(\.data)
        let stride = 1 + 4 * width
        var raw = [UInt8](repeating: 0, count: stride * height)
        let decompressor = try XCTUnwrap(libdeflate_alloc_decompressor())
        defer { libdeflate_free_decompressor(decompressor) }
        var actual = 0
        let result = zlib.withUnsafeBytes { input in
            raw.withUnsafeMutableBytes { out in
                libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &actual)
            }
        }
        XCTAssertEqual(result, LIBDEFLATE_SUCCESS)
        XCTAssertEqual(actual, raw.count)
        return (0..<height).map { Array(raw[$0 * stride..<($0 + 1) * stride]) }
    }

    func testChunkLayoutHeaderAndCRCs() throws {
        let image = TestImages.gradient(300, 200)
        let png = try PNGEncoder().encode(image)
        let list = try chunks(png)
        XCTAssertEqual(list.first?.type, "IHDR")
        XCTAssertEqual(list.last?.type, "IEND")
        XCTAssertTrue(list.dropFirst().dropLast().allSatisfy { $0.type == "IDAT" })
        // Width 300 = 0x12C, height 200 = 0xC8, depth 8, colour type 6, deflate, filter method 0, no interlace.
        XCTAssertEqual(list[0].data, [0, 0, 1, 0x2C, 0, 0, 0, 0xC8, 8, 6, 0, 0, 0])
        for chunk in list { XCTAssertEqual(chunk.crc, crc32(Array(chunk.type.utf8) + chunk.data), chunk.type) }
        // IEND is always the same 12 bytes; its CRC AE 42 60 82 is quoted in the spec.
        XCTAssertEqual(Array(png.suffix(12)), [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82])
    }

    func testLargeImageDataIsSplitIntoSeveralIDATs() throws {
        let image = TestImages.noise(700, 500, seed: 5)  // 1.4 MB of noise does not compress below 1 MiB
        let list = try chunks(try PNGEncoder(compression: .fast).encode(image))
        XCTAssertGreaterThan(list.filter { $0.type == "IDAT" }.count, 1)
        XCTAssertTrue(list.allSatisfy { $0.data.count <= 1 << 20 })
        XCTAssertEqual(try PNGDecoder().decode(try PNGEncoder(compression: .fast).encode(image)), image)
    }

    func testFixedFilterIsWrittenOnEveryRowButABandsFirst() throws {
        let image = TestImages.noise(9, 6, seed: 3)
        for f in PNGRowFilter.allCases {
            let rows = try filteredRows(try PNGEncoder(filter: .fixed(f)).encode(image), width: 9, height: 6)
            // The first row of a band (here the only band) does not look at the row above: Up → None, Average and Paeth → Sub.
            let first: UInt8 = [.none, .up].contains(f) ? 0 : 1
            XCTAssertEqual(rows.map { $0[0] }, [first] + Array(repeating: f.rawValue, count: 5))
        }
    }

    /// The Paeth predictor as PNG spec §9.4 writes it.
    func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a } else if pb <= pc { return b } else { return c }
    }

    func testAdaptiveFilterPicksTheFilterThatPredictsEachRowExactly() throws {
        let width = 20, rowBytes = 80
        var rng = SeededGenerator(seed: 11)
        func noiseRow() -> [UInt8] { (0..<rowBytes).map { _ in rng.byte() } }
        var rows: [[UInt8]] = []
        var expected: [UInt8?] = []
        rows.append(noiseRow()); expected.append(nil)
        rows.append([UInt8](repeating: 0, count: rowBytes)); expected.append(0)   // None and Sub cost 0; None is first
        rows.append(noiseRow()); expected.append(nil)
        rows.append(rows[2]); expected.append(2)                                 // a copy of the row above: Up
        rows.append(noiseRow()); expected.append(nil)
        var avg = [UInt8](repeating: 0, count: rowBytes)                         // each byte = floor((left + up) / 2)
        for i in 0..<rowBytes { avg[i] = UInt8((Int(i >= 4 ? avg[i - 4] : 0) + Int(rows[4][i])) / 2) }
        rows.append(avg); expected.append(3)
        // Above: flat for 10 pixels, then noise. Below: starts at 200 and otherwise follows Paeth exactly, so it stays
        // at 200 (left wins) over the flat part and copies the row above (up wins) in the noisy part: only Paeth
        // predicts both halves, its one miss being the first pixel.
        rows.append((0..<rowBytes).map { $0 < 40 ? 10 : rng.byte() }); expected.append(nil)
        var pae = [UInt8](repeating: 200, count: rowBytes)
        for i in 4..<rowBytes { pae[i] = paeth(pae[i - 4], rows[6][i], rows[6][i - 4]) }
        rows.append(pae); expected.append(4)
        // Ramps rising 3 per pixel, alternating base 0 and 150 between rows: only the left neighbour predicts well.
        for base in [0, 150, 0] {
            rows.append((0..<rowBytes).map { UInt8(base + 3 * ($0 / 4)) }); expected.append(1)
        }
        let image = RGBAImage(width: width, height: rows.count, pixels: rows.flatMap { $0 })
        let png = try PNGEncoder(filter: .adaptive).encode(image)
        let chosen = try filteredRows(png, width: width, height: rows.count).map { $0[0] }
        for (y, want) in expected.enumerated() {
            if let want { XCTAssertEqual(chosen[y], want, "row \(y)") }
        }
        XCTAssertEqual(try PNGDecoder().decode(png), image)
    }

    /// Per band, one filter: horizontal ramps whose slope and base alternate between rows are predicted exactly by Sub
    /// (and Paeth, which loses the tie to the earlier filter), not by None, Up or Average; and a band
    /// of one noise row repeated is predicted exactly by None (every row repeats the one above; None wins the tie
    /// with Up). The first row of each band is filtered without the row above.
    func testSampledPerBandPicksOneFilterPerBand() throws {
        let width = 24, rowBytes = 96
        var rng = SeededGenerator(seed: 5)
        let noise = (0..<rowBytes).map { k in k % 4 == 3 ? 200 : rng.byte() }
        var rows: [[UInt8]] = []
        func ramp(_ y: Int, _ k: Int) -> UInt8 {
            if k % 4 == 3 { return 200 }
            let x = k / 4
            return UInt8(y % 2 == 0 ? 2 * x : 50 + 3 * x)
        }
        for y in 0..<10 { rows.append((0..<rowBytes).map { ramp(y, $0) }) }
        for _ in 0..<10 { rows.append(noise) }
        let image = RGBAImage(width: width, height: 20, pixels: rows.flatMap { $0 })
        let png = try PNGEncoder(filter: .sampledPerBand, bandHeight: 10).encode(image)
        let chosen = try filteredRows(png, width: width, height: 20).map { $0[0] }
        XCTAssertEqual(chosen, [1] + Array(repeating: 1, count: 9) + [0] + Array(repeating: 0, count: 9))
        XCTAssertEqual(try PNGDecoder().decode(png), image)
    }
}
