import CDeflate
import TestSupport
@testable import ImageIO
import XCTest

/// The chained deflate bands and the checksum combine, against references written here and libdeflate's decompressor.
final class DeflateBandTests: XCTestCase {
    /// Adler-32 (RFC 1950 §8) byte by byte, as the RFC defines it.
    func referenceAdler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    func testAdler32CombineMatchesTheBytewiseReferenceOnRandomSplits() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            let count = rng.int(0..<6000)
            // Runs of 255 push the sums towards the modulus, where a wrong reduction would show.
            let data = (0..<count).map { _ in rng.int(0..<4) == 0 ? 255 : rng.byte() }
            let cut = rng.int(0..<(count + 1))
            let a = referenceAdler32(Array(data[..<cut])), b = referenceAdler32(Array(data[cut...]))
            XCTAssertEqual(DeflateBand.adler32Combine(a, b, length: count - cut), referenceAdler32(data), "split \(cut)/\(count)")
        }
    }

    /// Data of several kinds: noise (stored blocks), a few bytes (fixed codes), repetitive text (dynamic codes), and
    /// a long mix (several blocks).
    func samples() -> [[UInt8]] {
        var rng = SeededGenerator(seed: 7)
        let noise = (0..<70_000).map { _ in rng.byte() }
        let text = Array(String(repeating: "the band's bytes depend on its pixels only; ", count: 400).utf8)
        var mixed: [UInt8] = []
        for k in 0..<40 { mixed += k % 3 == 0 ? Array(noise[(k * 1000)..<(k * 1000 + 1500)]) : Array(text.prefix(5000 + 97 * k)) }
        return [[0], [1, 2, 3], Array(repeating: 0, count: 100_000), noise, text, mixed,
                (0..<3000).map { UInt8($0 % 7) }]
    }

    func compress(_ data: [UInt8], level: Int32) throws -> CompressedBand {
        let compressor = try XCTUnwrap(libdeflate_alloc_compressor(level))
        defer { libdeflate_free_compressor(compressor) }
        return try data.withUnsafeBytes { try DeflateBand.compress($0, with: compressor) }
    }

    func inflate(_ zlib: [UInt8], expectedCount: Int) throws -> [UInt8]? {
        let decompressor = try XCTUnwrap(libdeflate_alloc_decompressor())
        defer { libdeflate_free_decompressor(decompressor) }
        var out = [UInt8](repeating: 0, count: expectedCount + 16)
        var actual = 0
        let result = zlib.withUnsafeBytes { z in
            out.withUnsafeMutableBytes { libdeflate_zlib_decompress(decompressor, z.baseAddress, z.count, $0.baseAddress, $0.count, &actual) }
        }
        guard result == LIBDEFLATE_SUCCESS else { return nil }
        return Array(out[0..<actual])
    }

    func testChainedBandsInflateToTheConcatenationInAnyOrder() throws {
        let data = samples()
        for level: Int32 in [1, 4, 6, 8, 12] {
            let bands = try data.map { try compress($0, level: level) }
            for band in bands {
                XCTAssertEqual(Array(band.bytes.suffix(4)), [0, 0, 0xFF, 0xFF], "each band ends with an empty stored block")
            }
            var rng = SeededGenerator(seed: UInt64(level))
            for _ in 0..<10 {
                let order = (0..<8).map { _ in rng.int(0..<data.count) }
                let expected = order.flatMap { data[$0] }
                let zlib = DeflateBand.zlibStream(order.map { bands[$0] }, level: level)
                // libdeflate checks the Adler-32 and that the stream ends where it says.
                XCTAssertEqual(try inflate(zlib, expectedCount: expected.count), expected, "level \(level) order \(order)")
            }
        }
    }

    func testScannerFindsTheEndThatLibdeflatesDecompressorReaches() throws {
        let compressor = try XCTUnwrap(libdeflate_alloc_compressor(6))
        defer { libdeflate_free_compressor(compressor) }
        let decompressor = try XCTUnwrap(libdeflate_alloc_decompressor())
        defer { libdeflate_free_decompressor(decompressor) }
        for data in samples() {
            var compressed = [UInt8](repeating: 0, count: libdeflate_deflate_compress_bound(compressor, data.count))
            let n = compressed.withUnsafeMutableBytes { o in
                data.withUnsafeBytes { libdeflate_deflate_compress(compressor, $0.baseAddress, $0.count, o.baseAddress, o.count) }
            }
            compressed = Array(compressed[0..<n]) + [0xAB, 0xCD]  // trailing bytes the scanner must not read as blocks
            let found = try compressed.withUnsafeBytes { try DeflateBlockScanner.scan($0) }
            var out = [UInt8](repeating: 0, count: data.count)
            var consumed = 0, produced = 0
            let result = compressed.withUnsafeBytes { c in
                out.withUnsafeMutableBytes {
                    libdeflate_deflate_decompress_ex(decompressor, c.baseAddress, c.count, $0.baseAddress, $0.count,
                                                     &consumed, &produced)
                }
            }
            XCTAssertEqual(result, LIBDEFLATE_SUCCESS)
            XCTAssertEqual((found.endBit + 7) / 8, consumed, "\(data.count) bytes")
            XCTAssertEqual((compressed[found.headerBit / 8] >> UInt8(found.headerBit % 8)) & 1, 1, "BFINAL is set there")
        }
    }

    func testScannerRejectsTruncatedStreams() throws {
        let band = try compress(samples()[4], level: 6)
        let cut = Array(band.bytes.prefix(band.bytes.count / 2))
        XCTAssertThrowsError(try cut.withUnsafeBytes { try DeflateBlockScanner.scan($0) })
    }
}
