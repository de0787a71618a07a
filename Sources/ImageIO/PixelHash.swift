import Geometry

/// A 64-bit fingerprint of an image's size and pixels as 16 lowercase hex digits, for manifests: two frames with the same
/// hash are taken to be the same picture. It detects change; it is not a cryptographic hash and must not be used where
/// someone could choose pixels to forge a collision.
///
/// Algorithm ("pixel-mix64", our own): four 64-bit lanes, each starting from its own odd constant, read the pixel bytes as
/// little-endian 64-bit words, word k going to lane k mod 4 (4 independent multiply chains keep the CPU busy: about
/// 1 ms for a 1170×2532 frame). A lane absorbs a word w with `step(s, w, K) = x ^ (x >> 31)` where `x = (s ^ w) · K`
/// (mod 2⁶⁴, K odd). Lane 0 first absorbs the word `width << 32 | height`. A trailing partial word is zero-padded
/// (the byte count follows from the size, so padding is unambiguous). The result is
/// `fmix64(step(step(step(lane0, lane1, K), lane2, K), lane3, K))` with MurmurHash3's 64-bit finalizer `fmix64`.
///
/// Because `step` is a bijection of s for a fixed w and of w for a fixed s, and `fmix64` is a bijection, any change
/// confined to one 8-byte word — so any single changed pixel — and any change of size with the same pixel count
/// (e.g. a transposed size) is guaranteed to change the hash; other changes collide with probability about 2⁻⁶⁴.
public func pixelHash(_ image: RGBAImage) -> String {
    let value = pixelHashValue(image)
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}

/// The 64-bit value behind `pixelHash`.
public func pixelHashValue(_ image: RGBAImage) -> UInt64 {
    let k0: UInt64 = 0x9E37_79B9_7F4A_7C15, k1: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    let k2: UInt64 = 0x1656_67B1_9E37_79F9, k3: UInt64 = 0xD6E8_FEB8_6659_FD93
    @inline(__always) func step(_ s: UInt64, _ w: UInt64, _ k: UInt64) -> UInt64 {
        let x = (s ^ w) &* k
        return x ^ (x >> 31)
    }
    var l0: UInt64 = 0x243F_6A88_85A3_08D3, l1: UInt64 = 0x1319_8A2E_0370_7344
    var l2: UInt64 = 0xA409_3822_299F_31D0, l3: UInt64 = 0x082E_FA98_EC4E_6C89
    l0 = step(l0, UInt64(truncatingIfNeeded: image.width) << 32 | UInt64(truncatingIfNeeded: image.height) & 0xFFFF_FFFF, k0)

    image.pixels.withUnsafeBytes { raw in
        let n = raw.count
        var i = 0
        @inline(__always) func word(_ at: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        }
        while i + 32 <= n {
            l0 = step(l0, word(i), k0); l1 = step(l1, word(i + 8), k1)
            l2 = step(l2, word(i + 16), k2); l3 = step(l3, word(i + 24), k3)
            i += 32
        }
        var lane = 0
        while i < n {
            var w: UInt64 = 0
            if i + 8 <= n {
                w = word(i)
            } else {
                for j in 0..<(n - i) { w |= UInt64(raw[i + j]) << (8 * UInt64(j)) }
            }
            switch lane {
            case 0: l0 = step(l0, w, k0)
            case 1: l1 = step(l1, w, k1)
            case 2: l2 = step(l2, w, k2)
            default: l3 = step(l3, w, k3)  // up to 3 whole words and a partial one remain
            }
            lane += 1; i += 8
        }
    }
    var h = step(step(step(l0, l1, k0), l2, k0), l3, k0)
    // MurmurHash3 fmix64: spreads every input bit over the output.
    h ^= h >> 33; h &*= 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33; h &*= 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return h
}
