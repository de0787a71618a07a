import Foundation
import Geometry
import ImageIO
import XCTest

/// Our PNGs decoded by a second, independent decoder: Python's Pillow (pip install pillow), when it is installed.
final class PillowInteropTests: XCTestCase {
    func runPython(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func testPillowDecodesOurPNGsToTheSamePixels() throws {
        let hasPillow = (try? runPython(["-c", "import PIL"])) == 0
        try XCTSkipUnless(hasPillow, "Python Pillow is not installed (pip install pillow): interop test skipped")
        let folder = NSTemporaryDirectory() + "pillow-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Pillow writes the decoded bytes, as RGBA; the PNG's own mode must be the expected one (argv[3]): RGB for
        // opaque images (Pillow adds alpha 255 when converting), RGBA otherwise.
        let script = """
        import sys
        from PIL import Image
        im = Image.open(sys.argv[1]); im.load()
        if im.mode != sys.argv[3]: sys.exit(3)
        open(sys.argv[2], 'wb').write(im.convert('RGBA').tobytes())
        """
        let images = [
            TestImages.noise(1, 1, seed: 1), TestImages.noise(33, 17, seed: 2), TestImages.gradient(101, 40),
            TestImages.transparentWithColour(19, 23, seed: 3), TestImages.realisticFrame(width: 200, height: 300),
            TestImages.noise(1, 1, seed: 4, opaque: true), TestImages.noise(45, 1, seed: 5, opaque: true),
            TestImages.noise(29, 71, seed: 6, opaque: true),
        ]
        for (n, image) in images.enumerated() {
            for encoder in [PNGEncoder(compression: .fast), PNGEncoder(), PNGEncoder(compression: .small),
                            PNGEncoder(filter: .fixed(.paeth)), PNGEncoder(filter: .fixed(.average)),
                            PNGEncoder(filter: .sampledPerBand, bandHeight: 7), PNGEncoder(bandHeight: 1),
                            PNGEncoder(bandHeight: 0), PNGEncoder(colour: .rgba)] {
                let png = folder + "/\(n).png", raw = folder + "/\(n).raw"
                try writeFileAtomically(try encoder.encode(image), to: png)
                let mode = encoder.colour == .automatic && image.isOpaque ? "RGB" : "RGBA"
                XCTAssertEqual(try runPython(["-c", script, png, raw, mode]), 0, "Pillow failed on image \(n)")
                XCTAssertTrue(try readFileBytes(at: raw) == image.pixels, "Pillow's pixels differ, image \(n) \(encoder)")
            }
        }
    }
}
