import CDeflate
import XCTest

/// Builds PNG files byte by byte in the test, so the decoder can be checked on colour types and bit depths our encoder
/// never writes. CRC and chunk framing are the test's own (from the PNG spec), the zlib stream is libdeflate's.
enum HandBuiltPNG {
    /// Bitwise CRC-32 (polynomial 0xEDB88320, reflected, init and final xor 0xFFFFFFFF) from the PNG spec's annex.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    /// A big-endian 32-bit number.
    static func be32(_ b: ArraySlice<UInt8>) -> UInt32 { b.reduce(0) { $0 << 8 | UInt32($1) } }

    /// One chunk as read back: type, data and the CRC it carries.
    struct Chunk { var type: String; var data: [UInt8]; var crc: UInt32 }

    /// The chunks of a PNG file, read with the framing of the spec (length, type, data, CRC) after the signature.
    static func chunks(_ png: [UInt8]) -> [Chunk] {
        XCTAssertEqual(Array(png.prefix(8)), [137, 80, 78, 71, 13, 10, 26, 10])
        var result: [Chunk] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(be32(png[i..<i + 4]))
            guard i + 12 + length <= png.count else { break }
            let type = String(decoding: png[i + 4..<i + 8], as: UTF8.self)
            let data = Array(png[i + 8..<i + 8 + length])
            result.append(Chunk(type: type, data: data, crc: be32(png[i + 8 + length..<i + 12 + length])))
            i += 12 + length
        }
        XCTAssertEqual(i, png.count, "chunks must end exactly at the end of the file")
        return result
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func zlib(_ data: [UInt8]) -> [UInt8] {
        guard let c = libdeflate_alloc_compressor(6) else { return [] }
        defer { libdeflate_free_compressor(c) }
        var out = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(c, data.count))
        let n = data.withUnsafeBytes { i in out.withUnsafeMutableBytes { o in
            libdeflate_zlib_compress(c, i.baseAddress, i.count, o.baseAddress, o.count)
        } }
        return Array(out[0..<n])
    }

    /// A PNG of the given header whose rows (raw bytes, without filter byte) are stored with filter None.
    static func png(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, rows: [[UInt8]],
                    extraChunks: [[UInt8]] = []) -> [UInt8] {
        let ihdr = be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, colourType, 0, 0, 0]
        let raw: [UInt8] = rows.flatMap { row -> [UInt8] in [0] + row }
        var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        file += chunk("IHDR", ihdr)
        for extra in extraChunks { file += extra }
        file += chunk("IDAT", zlib(raw))
        file += chunk("IEND", [])
        return file
    }
}
