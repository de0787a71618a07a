import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// Frames snap to the canvas's pixel grid edge by edge (§6), so fills have no partially covered edge pixels.
final class PixelGridTests: XCTestCase {
    /// Alpha (0…255) of pixel (x, y).
    func alpha(_ img: RGBAImage, _ x: Int, _ y: Int) -> UInt8 { img.pixels[4 * (y * img.width + x) + 3] }

    /// A rect at x = 10.3 pt, 20.4 pt wide, at scale 2: its edges 20.6 px and 61.4 px round to 21 and 61,
    /// so columns 21…60 are fully opaque and every other column is empty (no partial alpha at either edge).
    func testFillEdgesFallOnWholePixels() throws {
        let json = """
        {"scene": 1, "canvas": {"width": 40, "height": 10, "scale": 2}, "duration": 0.1,
         "body": {"type": "zstack", "frame": {"width": 40, "height": 10, "alignment": "topLeading"}, "children": [
           {"type": "zstack", "padding": {"leading": 10.3, "top": 2}, "children": [
             {"type": "rect", "fill": "red", "frame": {"width": 20.4, "height": 4}}]}]}}
        """
        let r = try FrameSource(try loadScene(json), options: FrameOptions())
        let img = try r.image(frame: 0)
        for y in 4..<12 {
            for x in 0..<img.width {
                XCTAssertEqual(alpha(img, x, y), (21...60).contains(x) ? 255 : 0, "pixel (\(x), \(y))")
            }
        }
    }

    /// A hairline 0.5 pt tall at y = 10.2 pt, scale 2: edges 20.4 px and 21.4 px round to 20 and 21,
    /// exactly one opaque pixel row (20) and nothing in the rows around it.
    func testHairlineIsOneOpaquePixelRow() throws {
        let json = """
        {"scene": 1, "canvas": {"width": 20, "height": 20, "scale": 2}, "duration": 0.1,
         "body": {"type": "zstack", "frame": {"width": 20, "height": 20, "alignment": "topLeading"}, "children": [
           {"type": "zstack", "padding": {"top": 10.2}, "children": [
             {"type": "rect", "fill": "black", "frame": {"width": 20, "height": 0.5}}]}]}}
        """
        let r = try FrameSource(try loadScene(json), options: FrameOptions())
        let img = try r.image(frame: 0)
        for y in 0..<img.height {
            for x in 0..<img.width { XCTAssertEqual(alpha(img, x, y), y == 20 ? 255 : 0, "pixel (\(x), \(y))") }
        }
    }
}
