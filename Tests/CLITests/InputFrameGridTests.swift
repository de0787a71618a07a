import Foundation
import Frames
import RenderKit
import XCTest

/// Scripted input times on the frame grid (scene format, input): a time within 50 µs of a frame time
/// of the scene's own fps is that frame time; any other time is kept as written.
final class InputFrameGridTests: CLITestCase {
    /// 40×30 pt at 60 fps. A drag on the whole canvas moves the dot by the finger's x travel. Moves a
    /// frame apart at four-decimal times (frames 31…34), then three times near frames 37, 39 and 40:
    /// 533 µs after frame 37 (kept), 50 µs after frame 39 (that frame) and 53 µs after frame 40 (kept).
    static let scene = """
    {"scene": 1, "canvas": {"width": 40, "height": 30, "background": "#000000"}, "fps": 60, "duration": 0.8,
     "state": {"x": 0},
     "body": {"type": "zstack", "children": [
       {"type": "rect", "fill": "clear", "gestures": [
         {"drag": {"minimumDistance": 0}, "onChanged": {"set": {"x": "=gesture.translation.x"}}}]},
       {"type": "circle", "id": "dot", "fill": "white", "frame": {"width": 4, "height": 4}, "offset": {"x": "=x"}}]},
     "input": [{"at": 0.5, "down": [10, 15]},
               {"at": 0.5167, "move": [11, 15]}, {"at": 0.5333, "move": [12, 15]},
               {"at": 0.55, "move": [13, 15]}, {"at": 0.5667, "move": [14, 15]},
               {"at": 0.6172, "move": [19, 15]}, {"at": 0.65005, "move": [22, 15]},
               {"at": 0.66672, "move": [25, 15]}, {"at": 0.7, "up": true}]}
    """

    func source(fps: Double? = nil) throws -> FrameSource {
        var options = FrameOptions()
        options.fps = fps
        return try FrameSource(LoadedScene.load(path: writeScene(Self.scene)), options: options)
    }

    func dot(_ r: FrameSource, _ frame: Int) throws -> Double {
        try FluidScenes.offset("dot", in: r, frame: frame).x
    }

    /// Frame by frame, the dot is where the latest move shown at that frame put it: the four-decimal
    /// moves in their own frames (one step a frame, none repeated), 0.6172 in frame 38 (after 37's
    /// 0.61667), 0.65005 in frame 39, 0.66672 in frame 41 (after 40's 0.66667).
    func testFourDecimalTimesAreTheirFramesAndOthersAreKept() throws {
        let r = try source()
        let expected: [Int: Double] = [30: 0, 31: 1, 32: 2, 33: 3, 34: 4, 35: 4, 37: 4, 38: 9, 39: 12, 40: 12, 41: 15]
        for (frame, x) in expected.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(try dot(r, frame), x, "frame \(frame)")
        }
        // events.json's times: the frame time for a time that names a frame, the written one otherwise.
        // (The pan also reports a change at touch-down, as a minimum distance of 0 begins it there.)
        let changed = r.history.fired.filter { $0.kind == .gesture && ($0.detail ?? "").hasSuffix("changed") && $0.time > 0.5 }
            .map(\.time)
        XCTAssertEqual(changed.count, 7)
        XCTAssertEqual(changed[0], 31.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(changed[4], 0.6172, accuracy: 1e-12)
        XCTAssertEqual(changed[5], 39.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(changed[6], 0.66672, accuracy: 1e-12)
    }

    /// The scene's fps decides, not --fps: at 30 fps, frame 16 (0.5333 s) shows what frame 32 shows at
    /// 60 fps, and frame 19 (0.6333 s) what frame 38 shows.
    func testTheScenesFrameRateDecidesNotTheRenderRate() throws {
        let at60 = try source(), at30 = try source(fps: 30)
        XCTAssertEqual(try dot(at30, 16), try dot(at60, 32))
        XCTAssertEqual(try dot(at30, 16), 2)
        XCTAssertEqual(try dot(at30, 19), try dot(at60, 38))
    }
}
