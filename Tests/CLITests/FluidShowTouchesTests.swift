import Foundation
import Geometry
import ImageIO
import Frames
import RenderKit
import XCTest

/// `--show-touches`: the finger drawn over frames, from the scene's input alone.
final class FluidShowTouchesTests: CLITestCase {
    /// 100×100 pt, black, 10 fps: a touch at (50, 50) from 0.1 s to 0.3 s, then a firm one (force 1)
    /// from 0.8 s to 0.9 s. Nothing in the scene reacts to it.
    static let scene = """
    {"scene": 1, "canvas": {"width": 100, "height": 100, "scale": 4, "background": "#000000"}, "fps": 10, "duration": 1.2,
     "body": {"type": "rect", "fill": "clear"},
     "input": [{"at": 0.1, "down": [50, 50]}, {"at": 0.3, "up": true},
               {"at": 0.8, "down": [50, 50], "force": 1}, {"at": 0.9, "up": true}]}
    """

    func image(_ frame: Int, touches: Bool) throws -> RGBAImage {
        var options = FrameOptions()
        options.showTouches = touches
        let r = try FrameSource(LoadedScene.load(path: writeScene(Self.scene)), options: options)
        return try r.image(frame: frame)
    }

    /// The red channel (the overlay is white on black, so r = g = b) of the pixel whose top-left corner
    /// is the canvas point (x, y); at 4 px per point a 1.5 pt ring covers whole pixels.
    func level(_ img: RGBAImage, _ x: Int, _ y: Int) -> Int { Int(img[4 * x, 4 * y].r) }

    /// sRGB-encoded 8-bit value of white at coverage `a` over black (the raster composites in sRGB).
    func white(_ a: Double) -> Int { Int((a * 255).rounded()) }

    func testDiscAndRingWhileDown() throws {
        let plain = try image(2, touches: false), shown = try image(2, touches: true)
        XCTAssertEqual(level(plain, 50, 50), 0)
        // Centre: the disc's fill, 22 % white. Just outside radius 20, on the 1.5 pt ring: 75 % white.
        XCTAssertEqual(level(shown, 50, 50), white(0.22), accuracy: 2)
        XCTAssertEqual(level(shown, 50, 70), white(0.75), accuracy: 3)
        XCTAssertEqual(level(shown, 50, 72), 0)
        // Far outside: untouched.
        XCTAssertEqual(level(shown, 5, 5), 0)
    }

    func testFadesAfterUpAndIsGoneAfterTheFade() throws {
        // 0.1 s after the up, the 0.25 s fade is 40 % done.
        XCTAssertEqual(level(try image(4, touches: true), 50, 50), white(0.22 * 0.6), accuracy: 2)
        // 0.3 s after: nothing drawn, the frame equals the plain one.
        XCTAssertEqual(try image(6, touches: true).pixels, try image(6, touches: false).pixels)
    }

    func testForceMakesItBiggerAndStronger() throws {
        let firm = try image(8, touches: true)
        // Force 1: radius 20 × 1.4 = 28, fill 45 % white; (50, 70) is now inside the disc.
        XCTAssertEqual(level(firm, 50, 50), white(0.45), accuracy: 2)
        XCTAssertEqual(level(firm, 50, 70), white(0.45), accuracy: 2)
        // The 3 pt ring at radius 28 is fully white.
        XCTAssertEqual(level(firm, 50, 78), 255, accuracy: 3)
    }

    func testFlagOnTheCommandLine() throws {
        let path = try writeScene(Self.scene)
        let run = try render.run([path, "--out", self.path("out"), "--show-touches", "--frames", "2", "-q"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let png = try PNGDecoder().decode(contentsOf: self.path("out/frame_00002.png"))
        XCTAssertEqual(level(png, 50, 50), white(0.22), accuracy: 2)
    }
}
