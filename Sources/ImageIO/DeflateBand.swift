import CDeflate
import CZlib

/// One band of rows as a piece of IDAT's zlib stream: deflate blocks compressed from a fresh dictionary, none of them
/// final, ending on a byte boundary. Its bytes are a pure function of the band's filtered bytes and the level, so
/// pieces can be cached and reused in any frame and at any position.
struct CompressedBand: Sendable {
    /// The deflate blocks, closed by an empty stored block (`00 00 FF FF` after the header bits, as zlib's sync flush).
    var bytes: [UInt8]
    /// Adler-32 of the band's uncompressed (filtered) bytes.
    var adler: UInt32
    /// How many uncompressed bytes the band holds.
    var length: Int
}

enum DeflateBand {
    /// Compresses `data` with libdeflate and turns the stream into a chainable band: the final block's BFINAL bit is
    /// cleared and an empty non-final stored block is appended, which byte-aligns the end.
    static func compress(_ data: UnsafeRawBufferPointer, with compressor: OpaquePointer) throws -> CompressedBand {
        let bound = libdeflate_deflate_compress_bound(compressor, data.count) + 8
        var out = [UInt8](repeating: 0, count: bound)
        let written = out.withUnsafeMutableBytes { o in
            libdeflate_deflate_compress(compressor, data.baseAddress, data.count, o.baseAddress, o.count)
        }
        guard written > 0 else { throw PNGError.compressionFailed }
        let final = try out.withUnsafeBytes { try DeflateBlockScanner.scan(UnsafeRawBufferPointer(rebasing: $0[0..<written])) }
        guard final.endBit <= written * 8 else { throw PNGError.compressionFailed }
        out[final.headerBit >> 3] &= ~(1 << UInt8(final.headerBit & 7))
        // Bits from endBit on: the stored block's 3 header bits (BFINAL 0, BTYPE 00), then padding to the byte.
        let end = final.endBit
        if end & 7 != 0 { out[end >> 3] &= UInt8((1 << (end & 7)) - 1) }
        let aligned = (end + 3 + 7) >> 3
        for k in ((end + 7) >> 3)..<aligned { out[k] = 0 }
        out.removeSubrange(aligned...)
        out += [0x00, 0x00, 0xFF, 0xFF]  // LEN 0, NLEN = ~LEN
        let adler = UInt32(libdeflate_adler32(1, data.baseAddress, data.count))
        return CompressedBand(bytes: out, adler: adler, length: data.count)
    }

    /// The zlib stream (RFC 1950) of the bands' data in order: header, the bands, a final empty fixed-Huffman block,
    /// and the Adler-32 of all the data, combined from the bands' own. (The IDAT chunks' CRC-32 is computed by
    /// `PNGChunkWriter` over the compressed bytes as they are written: libdeflate's CRC-32 takes ≈0.01 ms for a
    /// frame's tens of kilobytes, so combining per-band CRCs would save nothing measurable.)
    static func zlibStream(_ bands: [CompressedBand], level: Int32) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bands.reduce(8) { $0 + $1.bytes.count })
        // CMF 0x78: deflate, 32 KiB window. FLG: the level hint (informational) and check bits so CMF·256 + FLG ≡ 0 (mod 31).
        out += [0x78, level < 2 ? 0x01 : level < 6 ? 0x5E : level == 6 ? 0x9C : 0xDA]
        var adler: UInt32 = 1  // the Adler-32 of no bytes
        for band in bands {
            out += band.bytes
            adler = adler32Combine(adler, band.adler, length: band.length)
        }
        out += [0x03, 0x00]  // BFINAL 1, BTYPE 01 (fixed), end-of-block code 0000000, padding
        out += [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
        return out
    }

    /// The Adler-32 of A followed by B from adler(A), adler(B) and B's length. zlib's `adler32_combine`, because
    /// libdeflate has no combine.
    static func adler32Combine(_ a: UInt32, _ b: UInt32, length: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: adler32_combine(UInt(a), UInt(b), length))
    }
}
