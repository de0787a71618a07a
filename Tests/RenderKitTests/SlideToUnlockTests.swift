import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// Reference interaction 2: the highlight's side colour is `Color(white: 0.25)`, an opaque grey #404040,
/// not white at 25 % (which would show the track through it, ≈ #575757 over the track's #1F1F1F).
final class SlideToUnlockTests: XCTestCase {
    /// At 0.5 s the highlight waits (delay 1 s) with its centre at the text's leading edge (start −0.2,
    /// end 0 of the text's width), so the whole text beyond its first letters is the side colour: the
    /// brightest pixel there, a glyph's fully covered centre, is #404040, and no pixel is brighter.
    func testSideColourIsOpaqueGrey() throws {
        let r = try loadReferenceScene("slide-to-unlock.json")
        let img = try r.image(frame: 30)
        let label = try XCTUnwrap(r.viewFrames(frame: 30)["label"])
        let scale = 2.0
        var brightest: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 0)
        // The right two thirds of the text: far from the highlight's centre at its leading edge.
        let x0 = Int((label.minX + label.width / 3) * scale), x1 = Int(label.maxX * scale)
        let y0 = Int(label.minY * scale), y1 = Int(label.maxY * scale)
        for y in y0..<y1 {
            for x in x0..<x1 {
                let i = 4 * (y * img.width + x)
                let px = (img.pixels[i], img.pixels[i + 1], img.pixels[i + 2])
                if px.0 > brightest.r { brightest = px }
            }
        }
        XCTAssertEqual(brightest.r, 0x40)
        XCTAssertEqual(brightest.g, 0x40)
        XCTAssertEqual(brightest.b, 0x40)
    }
}
