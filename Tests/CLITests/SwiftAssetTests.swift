import Foundation
import Geometry
import ImageIO
import XCTest

/// A SwiftUI file in an Xcode project draws its asset catalogue's image and colour sets (docs/swiftui-source.md,
/// "Other files of the project"): `Image("dot")` is the set's PNG of the highest scale, at its own size in points
/// whatever the scale of the frames, and `Color("Brand")` the colour set's colour.
final class SwiftAssetTests: CLITestCase {
    func write(_ rel: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path(rel))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func square(_ side: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) throws -> Data {
        var image = RGBAImage(width: side, height: side)
        for i in 0..<(side * side) {
            image.pixels[4 * i] = rgba.0; image.pixels[4 * i + 1] = rgba.1; image.pixels[4 * i + 2] = rgba.2; image.pixels[4 * i + 3] = rgba.3
        }
        return Data(try PNGEncoder().encode(image))
    }

    func testImageAndColourSetsOfTheProject() throws {
        try write("App/App.xcodeproj/project.pbxproj", Data())
        try write("App/App/Assets.xcassets/Contents.json", Data(#"{"info": {"author": "xcode", "version": 1}}"#.utf8))
        // @2x red, @3x blue: the @3x one is drawn, 30 px = 10 pt.
        try write("App/App/Assets.xcassets/dot.imageset/dot@2x.png", try square(20, (255, 0, 0, 255)))
        try write("App/App/Assets.xcassets/dot.imageset/dot@3x.png", try square(30, (0, 0, 255, 255)))
        try write("App/App/Assets.xcassets/dot.imageset/Contents.json", Data(#"""
        {"images": [{"filename": "dot@1x.png", "idiom": "universal", "scale": "1x"},
                    {"filename": "dot@2x.png", "idiom": "universal", "scale": "2x"},
                    {"filename": "dot@3x.png", "idiom": "universal", "scale": "3x"}], "info": {"author": "xcode", "version": 1}}
        """#.utf8))
        try write("App/App/Assets.xcassets/Brand.colorset/Contents.json", Data(#"""
        {"colors": [{"color": {"color-space": "srgb", "components": {"red": "0x00", "green": "0xFF", "blue": "0x00", "alpha": "1.000"}}, "idiom": "universal"}]}
        """#.utf8))
        try write("App/App/Views/Dot.swift", Data("""
        import SwiftUI

        struct Dot: View {
            var body: some View {
                ZStack {
                    Color("Brand")
                    Image("dot")
                }
            }
        }

        #Preview {
            Dot().frame(width: 40, height: 40)
        }

        """.utf8))
        let swift = path("App/App/Views/Dot.swift")
        for (scale, side) in [(3, 30), (2, 20), (1, 10)] {
            let out = path("out-\(scale)")
            try expect(0, [swift, "--at", "0", "--scale", "\(scale)", "--out", out, "-q"])
            let frame = try PNGDecoder().decode(contentsOf: out + "/frame_00000.png")
            XCTAssertEqual(frame.width, 40 * scale)
            var blue = 0, green = 0
            for i in 0..<(frame.width * frame.height) {
                let p = Array(frame.pixels[(4 * i)..<(4 * i + 4)])
                if p == [0, 0, 255, 255] { blue += 1 } else if p == [0, 255, 0, 255] { green += 1 }
            }
            // 10 × 10 pt of the @3x file, centred on whole pixels, the rest the colour set's green.
            XCTAssertEqual(blue, side * side, "scale \(scale)")
            XCTAssertEqual(green, frame.width * frame.height - side * side, "scale \(scale)")
        }
        // A link inside an image set and a `..` after it reach no further than the link's target allows: the path is
        // checked as the kernel resolves it (the link first), so a file outside the project stays refused.
        try write("outside/sub/keep.txt", Data())
        try write("outside/secret.png", try square(7, (255, 255, 255, 255)))
        try FileManager.default.createSymbolicLink(atPath: path("App/App/Assets.xcassets/dot.imageset/l"), withDestinationPath: path("outside/sub"))
        try write("App/App/Views/Peek.swift", Data("""
        import SwiftUI

        struct Peek: View {
            var body: some View {
                Image("../Assets.xcassets/dot.imageset/l/../secret")
            }
        }

        """.utf8))
        let peek = try expect(1, ["check", path("App/App/Views/Peek.swift")])
        XCTAssert(peek.stderr.contains("is outside the scene's folder"), peek.stderr)
        // The same image set with only a JPEG: refused, located in the Swift file.
        try FileManager.default.removeItem(atPath: path("App/App/Assets.xcassets/dot.imageset"))
        try write("App/App/Assets.xcassets/dot.imageset/dot.jpg", Data([0xFF, 0xD8]))
        try write("App/App/Assets.xcassets/dot.imageset/Contents.json", Data(#"{"images": [{"filename": "dot.jpg", "idiom": "universal"}]}"#.utf8))
        let run = try expect(1, ["check", swift])
        XCTAssert(run.stderr.contains("Dot.swift:7:13: Dot.body › ZStack › Image(\"dot\"): the image set dot.imageset has dot.jpg, and only PNG files are drawn"), run.stderr)
    }
}
