import Geometry
import ImageIO
import XCTest

final class PixelHashTests: XCTestCase {
    /// The algorithm as `pixelHash`'s documentation states it, written plainly (byte-wise word assembly, lanes in an
    /// array), to check the optimized code against its description.
    func referenceHash(_ image: RGBAImage) -> UInt64 {
        let k: [UInt64] = [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0xD6E8_FEB8_6659_FD93]
        func step(_ s: UInt64, _ w: UInt64, _ k: UInt64) -> UInt64 { let x = (s ^ w) &* k; return x ^ (x >> 31) }
        var lanes: [UInt64] = [0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89]
        lanes[0] = step(lanes[0], UInt64(image.width) << 32 | UInt64(image.height), k[0])
        var words: [UInt64] = []
        var i = 0
        while i < image.pixels.count {
            var w: UInt64 = 0
            for j in 0..<8 where i + j < image.pixels.count { w |= UInt64(image.pixels[i + j]) << (8 * UInt64(j)) }
            words.append(w)
            i += 8
        }
        for (n, w) in words.enumerated() { lanes[n % 4] = step(lanes[n % 4], w, k[n % 4]) }
        var h = step(step(step(lanes[0], lanes[1], k[0]), lanes[2], k[0]), lanes[3], k[0])
        h ^= h >> 33; h &*= 0xFF51_AFD7_ED55_8CCD; h ^= h >> 33; h &*= 0xC4CE_B9FE_1A85_EC53; h ^= h >> 33
        return h
    }

    func testMatchesTheDocumentedAlgorithmForEveryTailLength() {
        // Byte counts 4…80 cover full 32-byte blocks followed by 0–3 whole words and a half word.
        for width in 1...20 {
            let image = TestImages.noise(width, 1, seed: UInt64(width))
            XCTAssertEqual(pixelHashValue(image), referenceHash(image), "width \(width)")
        }
        let frame = TestImages.gradient(97, 31)
        XCTAssertEqual(pixelHashValue(frame), referenceHash(frame))
    }

    func testFormatIsSixteenHexDigits() {
        for seed: UInt64 in 0..<50 {
            let h = pixelHash(TestImages.noise(3, 2, seed: seed))
            XCTAssertEqual(h.count, 16)
            XCTAssertTrue(h.allSatisfy { "0123456789abcdef".contains($0) })
            XCTAssertEqual(UInt64(h, radix: 16), pixelHashValue(TestImages.noise(3, 2, seed: seed)))
        }
    }

    func testEverySingleChangedChannelChangesTheHash() {
        let image = TestImages.noise(13, 7, seed: 21)
        let original = pixelHash(image)
        var seen = Set([original])
        for i in image.pixels.indices {
            var changed = image
            changed.pixels[i] &+= 1
            seen.insert(pixelHash(changed))
        }
        XCTAssertEqual(seen.count, image.pixels.count + 1, "every one-byte change gives its own hash")
    }

    func testTransposedSizeWithTheSameBytesDiffers() {
        let a = TestImages.noise(6, 4, seed: 2)
        let b = RGBAImage(width: 4, height: 6, pixels: a.pixels)
        XCTAssertNotEqual(pixelHash(a), pixelHash(b))
        let row = RGBAImage(width: 24, height: 1, pixels: a.pixels), column = RGBAImage(width: 1, height: 24, pixels: a.pixels)
        XCTAssertNotEqual(pixelHash(row), pixelHash(column))
        XCTAssertNotEqual(pixelHash(RGBAImage(width: 0, height: 5)), pixelHash(RGBAImage(width: 5, height: 0)))
    }

    func testHashIsStableAcrossVersions() {
        // Manifests written by earlier builds are compared with new renders, so the value must never drift.
        // Pinned from this implementation; a change here means old manifests all read as "changed".
        XCTAssertEqual(pixelHash(RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 4])), Self.pinnedOnePixel)
    }

    static let pinnedOnePixel = "7633442f3f9de58f"
}
