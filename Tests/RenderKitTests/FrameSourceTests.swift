import Foundation
import Geometry
import Frames
import GoldenTesting
import RenderKit
import XCTest

/// `FrameSource` and `FrameDrawer`: which frame a time shows, pixel reuse, order independence, the finger.
/// (That every output's frames equal the main render's is checked end to end in `FrameSourceCLITests`.)
final class FrameSourceTests: XCTestCase {
    /// A red square sliding right from 0.2 s (linear, 0.5 s), pressed by a finger from 0.1 s to 0.6 s; 2 s long.
    let sliding = """
    {"scene": 1, "canvas": {"width": 80, "height": 40, "background": "#FFFFFF"}, "duration": 2, "state": {"x": 0},
     "body": {"type": "rect", "fill": "#FF0000", "frame": {"width": 20, "height": 20}, "offset": {"x": "=x"}},
     "timeline": [{"at": 0.2, "set": {"x": 30}, "animation": {"linear": 0.5}}],
     "input": [{"at": 0.1, "down": [40, 20]}, {"at": 0.6, "up": true}]}
    """

    func source(_ json: String, fps: Double = 30, touches: Bool = false, reuse: Bool = true) throws -> FrameSource {
        var options = FrameOptions()
        options.fps = fps
        options.scale = 1
        options.showTouches = touches
        options.reuseFrames = reuse
        return try FrameSource(try loadScene(json), options: options)
    }

    func testAStillShowsTheLastFrameAtOrBeforeItsTime() throws {
        let s = try source(sliding)
        XCTAssertEqual(s.frameCount, 60)
        for i in 0..<60 {
            // On a frame's own time (i/30 s, also where i × (1/30) × 30 is not exactly i) and half-way to the next.
            XCTAssertEqual(s.frameIndex(at: Double(i) / 30), i)
            XCTAssertEqual(s.frameIndex(at: (Double(i) + 0.5) / 30), i)
        }
        XCTAssertEqual(s.frameIndex(at: 0), 0)
        XCTAssertEqual(s.frameIndex(at: 60), 59, "past the end: the last frame")
    }

    func testADrawerReusesThePixelsOfAFrameThatDidNotChange() throws {
        // Frames 22 and 23 (0.733 s, 0.767 s): the slide ended at 0.7 s and the finger's fade at 0.85 s is off.
        let reusing = try source(sliding).drawer(), fresh = try source(sliding, reuse: false).drawer()
        let a = try reusing.frame(22), b = try reusing.frame(23)
        XCTAssertFalse(a.reused)
        XCTAssertTrue(b.reused)
        XCTAssertEqual(a.displayList, b.displayList)
        let unshared = try fresh.frame(22), unshared23 = try fresh.frame(23)
        XCTAssertFalse(unshared23.reused)
        XCTAssertEqual(b.image, unshared23.image, "reused pixels are the pixels the frame would have")
        XCTAssertEqual(a.image, unshared.image)
        // While the square moves, no frame is reused.
        XCTAssertFalse(try reusing.frame(10).reused)
        XCTAssertFalse(try reusing.frame(11).reused)
    }

    func testFramesDrawnInAnyOrderAreTheSame() throws {
        let s = try source(sliding)
        let forward = try s.drawer(), backward = try s.drawer()
        let ahead = try (0..<30).map { try forward.frame($0).image }
        let behind = try (0..<30).reversed().map { try backward.frame($0).image }.reversed()
        XCTAssertEqual(ahead, Array(behind))
        XCTAssertNotEqual(ahead[9], ahead[12], "the square moves, so equal frames are not the trivial equality")
    }

    func testTheFingerIsDrawnOverTheFrameWhenAsked() throws {
        let plain = try source(sliding), touched = try source(sliding, touches: true)
        let overlay = TouchOverlay(scene: touched.scene)
        var timings = StageTimings()
        for i in [0, 3, 9, 18, 21, 40] {
            let state = touched.state(i)
            var expected = plain.displayList(plain.state(i), timings: &timings)
            for command in overlay.commands(at: state.time) { expected.append(command) }
            XCTAssertEqual(touched.displayList(state, timings: &timings), expected, "frame \(i)")
        }
        XCTAssertFalse(overlay.commands(at: 0.3).isEmpty, "the finger is down at 0.3 s")
    }

    func testADrawerKeepsTheTimingsOfItsStages() throws {
        let drawer = try source(sliding).drawer()
        try drawer.frames(0..<12) { _ in }
        for stage in [StageTimings.Stage.timeline, .layout, .displayList, .raster] {
            XCTAssertNotNil(drawer.timings.nanoseconds[stage], "\(stage) measured")
        }
    }

    /// `render test` simulates once: a source at another fps and scale shares the simulation (the same history
    /// object, so nothing was simulated again), has the frames of its own rate, and draws each frame as a source that
    /// simulated itself would; the motion source of a derived source is the one it shares.
    func testASourceAtAnotherRateSharesTheSimulation() throws {
        let own = try FrameSource(try loadScene(sliding), options: FrameOptions())
        var options = FrameOptions()
        options.fps = 10
        options.scale = 2
        let derived = try FrameSource(options: options, sharingSimulationOf: own)
        XCTAssertTrue(derived.history === own.history)
        XCTAssertTrue(derived.simulatedBy === own)
        XCTAssertEqual(derived.frameCount, 20)
        XCTAssertEqual(own.frameCount, Int(2 * own.scene.fps))
        XCTAssertTrue(try MotionTest.source(for: derived) === own)
        let alone = try FrameSource(try loadScene(sliding), options: options)
        let a = try derived.drawer(), b = try alone.drawer()
        for i in [0, 3, 5, 19] { XCTAssertEqual(try a.frame(i).image.pixels, try b.frame(i).image.pixels, "frame \(i)") }
    }
}
