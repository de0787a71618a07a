import CDeflate

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
