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
        // Pillow writes the decoded RGBA bytes; it must keep the PNG's own mode (RGBA), with no conversion.
        let script = """
        import sys
        from PIL import Image
        im = Image.open(sys.argv[1]); im.load()
        if im.mode != 'RGBA': sys.exit(3)
        open(sys.argv[2], 'wb').write(im.tobytes())
        """
        let images = [
            TestImages.noise(1, 1, seed: 1), TestImages.noise(33, 17, seed: 2), TestImages.gradient(101, 40),
            TestImages.transparentWithColour(19, 23, seed: 3), TestImages.realisticFrame(width: 200, height: 300),
        ]
        for (n, image) in images.enumerated() {
            for encoder in [PNGEncoder(compression: .fast), PNGEncoder(), PNGEncoder(compression: .small),
                            PNGEncoder(filter: .fixed(.paeth)), PNGEncoder(filter: .fixed(.average))] {
                let png = folder + "/\(n).png", raw = folder + "/\(n).raw"
                try writeFileAtomically(try encoder.encode(image), to: png)
                XCTAssertEqual(try runPython(["-c", script, png, raw]), 0, "Pillow failed on image \(n)")
                XCTAssertTrue(try readFileBytes(at: raw) == image.pixels, "Pillow's pixels differ, image \(n) \(encoder)")
            }
        }
    }
}
