import Foundation
import Geometry
import ImageIO
import TestSupport
import XCTest

/// Our PNGs decoded by a second, independent decoder: Python's Pillow (Debian: python3-pil), when it is installed.
final class PillowInteropTests: XCTestCase {
    func runPython(_ arguments: [String]) throws -> Int32 { try Python.run(arguments) }

    func testPillowDecodesOurPNGsToTheSamePixels() throws {
        let hasPillow = (try? runPython(["-c", "import PIL"])) == 0
        if !hasPillow { throw missingTool("Python Pillow is not installed (apt-get install python3-pil): interop test skipped") }
        let folder = NSTemporaryDirectory() + "pillow-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Pillow writes the decoded bytes, as RGBA; the PNG's own mode must be the expected one (argv[3]): RGB for
        // opaque images (Pillow adds alpha 255 when converting), RGBA otherwise.
        // One Python run for all files (argv: triples of PNG path, raw output path, mode), as starting Python is slow.
        let script = """
        import sys
        from PIL import Image
        a = sys.argv[1:]
        for png, raw, mode in zip(a[0::3], a[1::3], a[2::3]):
            im = Image.open(png); im.load()
            if im.mode != mode: sys.exit(3)
            open(raw, 'wb').write(im.convert('RGBA').tobytes())
        """
        let images = [
            TestImages.noise(1, 1, seed: 1), TestImages.noise(33, 17, seed: 2), TestImages.gradient(101, 40),
            TestImages.transparentWithColour(19, 23, seed: 3), TestImages.realisticFrame(width: 200, height: 300),
            TestImages.noise(1, 1, seed: 4, opaque: true), TestImages.noise(45, 1, seed: 5, opaque: true),
            TestImages.noise(29, 71, seed: 6, opaque: true),
        ]
        var arguments: [String] = []
        var expected: [(raw: String, pixels: [UInt8], label: String)] = []
        for (n, image) in images.enumerated() {
            for (k, encoder) in [PNGEncoder(compression: .fast), PNGEncoder(), PNGEncoder(compression: .small),
                            PNGEncoder(filter: .fixed(.paeth)), PNGEncoder(filter: .fixed(.average)),
                            PNGEncoder(filter: .sampledPerBand, bandHeight: 7), PNGEncoder(bandHeight: 1),
                            PNGEncoder(bandHeight: 0), PNGEncoder(colour: .rgba)].enumerated() {
                let png = folder + "/\(n)-\(k).png", raw = folder + "/\(n)-\(k).raw"
                try writeFileAtomically(try encoder.encode(image), to: png)
                let mode = encoder.colour == .automatic && image.isOpaque ? "RGB" : "RGBA"
                arguments += [png, raw, mode]
                expected.append((raw, image.pixels, "image \(n) \(encoder)"))
            }
        }
        XCTAssertEqual(try runPython(["-c", script] + arguments), 0, "Pillow failed or found another mode")
        for e in expected {
            XCTAssertTrue(try readFileBytes(at: e.raw) == e.pixels, "Pillow's pixels differ, \(e.label)")
        }
    }
}
