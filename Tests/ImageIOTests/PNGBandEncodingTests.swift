import Geometry
import TestSupport
@testable import ImageIO
import XCTest

/// Colour type per image and band reuse, checked by decoding with libpng (`PNGDecoder`).
final class PNGBandEncodingTests: XCTestCase {
    func colourType(_ png: [UInt8]) -> UInt8 { png[25] }  // IHDR data starts at 16; colour type is its 10th byte

    func decoded(_ png: [UInt8]) throws -> RGBAImage { try PNGDecoder().decode(png) }

    func testOpaqueImagesAreRGBAndTransparentOnesRGBA() throws {
        for (w, h) in [(1, 1), (1, 9), (9, 1), (33, 17), (200, 70)] {
            let opaque = TestImages.noise(w, h, seed: UInt64(w * h), opaque: true)
            var oneTransparent = opaque
            oneTransparent.pixels[4 * (w * h - 1) + 3] = 254  // the very last pixel, after the last whole 8-byte word
            for encoder in [PNGEncoder(), PNGEncoder(filter: .sampledPerBand, bandHeight: 5), PNGEncoder(bandHeight: 0)] {
                let rgb = try encoder.encode(opaque)
                XCTAssertEqual(colourType(rgb), 2)
                XCTAssertEqual(try decoded(rgb), opaque)
                let rgba = try encoder.encode(oneTransparent)
                XCTAssertEqual(colourType(rgba), 6)
                XCTAssertEqual(try decoded(rgba), oneTransparent)
            }
            var forced = PNGEncoder()
            forced.colour = .rgba
            XCTAssertEqual(colourType(try forced.encode(opaque)), 6)
            XCTAssertEqual(try decoded(try forced.encode(opaque)), opaque)
        }
    }

    func testIsOpaqueAgreesWithAPixelByPixelCheck() {
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            let w = rng.int(1..<40), h = rng.int(1..<6)
            var image = TestImages.noise(w, h, seed: rng.next(), opaque: true)
            for _ in 0..<rng.int(0..<3) { image.pixels[4 * rng.int(0..<(w * h)) + 3] = UInt8(rng.int(0..<255)) }
            let expected = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
            XCTAssertEqual(image.isOpaque, expected, "\(w)×\(h)")
        }
    }

    func testBandHeightsThatDoNotDivideTheHeightAndOneRowImages() throws {
        let images = [TestImages.gradient(31, 50), TestImages.noise(17, 23, seed: 5, opaque: true),
                      TestImages.noise(40, 1, seed: 6), TestImages.realisticFrame(width: 90, height: 77)]
        for image in images {
            for rows in [0, 1, 2, 7, 8, 16, 49, 50, 51, 1000] {
                for filter in [PNGFilterStrategy.adaptive, .sampledPerBand, .fixed(.paeth), .fixed(.up), .fixed(.average)] {
                    let png = try PNGEncoder(filter: filter, bandHeight: rows).encode(image)
                    XCTAssertEqual(try decoded(png), image, "\(image.width)×\(image.height), bands of \(rows), \(filter)")
                }
            }
        }
    }

    /// Frames where a random subset of bands changes: with a cache, unchanged bands are reused, and every file is the
    /// same as without a cache and decodes to its frame.
    func testBandReuseAcrossFramesWithPartialChanges() throws {
        var rng = SeededGenerator(seed: 99)
        for opaque in [true, false] {
            let width = 37, bandRows = 6, height = 6 * 9 + 4  // 10 bands, the last of 4 rows
            var frame = TestImages.noise(width, height, seed: 1, opaque: opaque)
            let encoder = PNGEncoder(bandHeight: bandRows)
            let cache = PNGBandCache()
            _ = try encoder.encode(frame, cache: cache)
            for step in 0..<12 {
                let changed = Set((0..<rng.int(0..<5)).map { _ in rng.int(0..<10) })
                for band in changed {
                    let y = band * bandRows + rng.int(0..<min(bandRows, height - band * bandRows))
                    let i = 4 * (y * width + rng.int(0..<width)) + rng.int(0..<3)
                    frame.pixels[i] &+= 1
                }
                let hitsBefore = cache.hits
                let cached = try encoder.encode(frame, cache: cache)
                XCTAssertEqual(cache.hits - hitsBefore, 10 - changed.count, "step \(step), changed \(changed.sorted())")
                XCTAssertEqual(cached, try encoder.encode(frame), "the cache must not change the bytes")
                XCTAssertEqual(try decoded(cached), frame)
            }
        }
    }

    /// A band's bytes do not depend on where it is: the same rows moved to another band position are reused.
    func testABandMovedToAnotherPositionIsReused() throws {
        let a = TestImages.noise(20, 8, seed: 1, opaque: true), b = TestImages.noise(20, 8, seed: 2, opaque: true)
        let ab = RGBAImage(width: 20, height: 16, pixels: a.pixels + b.pixels)
        let ba = RGBAImage(width: 20, height: 16, pixels: b.pixels + a.pixels)
        let encoder = PNGEncoder(bandHeight: 8)
        let cache = PNGBandCache()
        _ = try encoder.encode(ab, cache: cache)
        let swapped = try encoder.encode(ba, cache: cache)
        XCTAssertEqual(cache.hits, 2)
        XCTAssertEqual(swapped, try encoder.encode(ba))
        XCTAssertEqual(try decoded(swapped), ba)
    }

    func testACacheIsNotConfusedBySettingsOrColourType() throws {
        let image = TestImages.noise(30, 20, seed: 8, opaque: true)
        var transparent = image
        transparent.pixels[3] = 0
        let cache = PNGBandCache()
        for encoder in [PNGEncoder(bandHeight: 4), PNGEncoder(filter: .fixed(.none), bandHeight: 4),
                        PNGEncoder(compression: .fast, bandHeight: 4)] {
            for frame in [image, transparent, image] {
                XCTAssertEqual(try encoder.encode(frame, cache: cache), try encoder.encode(frame))
            }
        }
    }
}
