import FuzzSupport
import ImageIO

// PNG bytes → PNGDecoder (libpng's simplified API): any bytes give an image whose pixel count
// matches its size, or a PNGError, never a crash. The pixel cap keeps hostile headers from
// asking for gigabytes (the scene loader's own cap is 50 MP).
let decoder = PNGDecoder(maxPixelCount: 4_000_000)

/// CRC-32 as PNG chunks use it (reflected polynomial 0xEDB88320).
let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
}

/// Rewrites every complete chunk's CRC. libpng is not instrumented for coverage, so the fuzzer
/// cannot learn to fix CRCs itself; without this almost every mutation stops at "CRC error".
func fixingCRCs(_ input: [UInt8]) -> [UInt8] {
    var b = input
    var i = 8
    while i + 12 <= b.count {
        let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
        guard length <= b.count - i - 12 else { break }
        var c: UInt32 = 0xFFFF_FFFF
        for k in (i + 4)..<(i + 8 + length) { c = crcTable[Int((c ^ UInt32(b[k])) & 0xFF)] ^ (c >> 8) }
        c = ~c
        for (n, shift) in [24, 16, 8, 0].enumerated() { b[i + 8 + length + n] = UInt8(truncatingIfNeeded: c >> UInt32(shift)) }
        i += 12 + length
    }
    return b
}

FuzzDriver.run { bytes in
    // Odd-length inputs are decoded as they are, so CRC errors stay covered too.
    let input = bytes.count % 2 == 0 ? fixingCRCs(bytes) : bytes
    if let image = try? decoder.decode(input) {
        precondition(image.width > 0 && image.height > 0, "empty image decoded")
        precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer does not match \(image.width)×\(image.height)")
    }
}
