import Foundation
import Geometry
import SceneModel
import XCTest
@testable import Timeline

/// `TouchTrace`: the pointer at a time, as `--show-touches` draws it.
final class GestureTouchTraceTests: XCTestCase {
    func trace(_ input: String, fps: Double = 60) throws -> TouchTrace {
        let s = try scene("""
        {"scene": 1, "canvas": {"width": 300, "height": 300}, "duration": 3, "fps": \(fps), "body": {"type": "rect"},
         "input": \(input)}
        """)
        return TouchTrace(input: s.input, fps: s.fps)
    }

    func testNothingBeforeTheFirstTouch() throws {
        let t = try trace(#"[{"at": 0.5, "tap": [10, 20]}]"#)
        XCTAssertNil(t.touch(at: 0.49))
        let tap = try XCTUnwrap(t.touch(at: 0.5))
        // A tap is down and up at once: at its instant the finger has lifted, 0 s ago.
        XCTAssertEqual(tap.point, Point(10, 20))
        XCTAssertFalse(tap.isDown)
        XCTAssertEqual(tap.sinceUp, 0, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(t.touch(at: 0.6)).sinceUp, 0.1, accuracy: 1e-9)
    }

    /// Inside a drag the finger sits on the profile s(u) = (3u² − u³)/2 at the scene's frame times and
    /// holds between them.
    func testDragFollowsTheProfileAtFrameTimes() throws {
        let t = try trace(#"[{"at": 0.5, "drag": {"from": [0, 100], "to": [200, 0], "duration": 0.3}}]"#, fps: 30)
        let s = { (u: Double) in (3 * u * u - u * u * u) / 2 }
        for k in 16...19 {
            let time = Double(k) / 30
            let u = (time - 0.5) / 0.3
            let p = try XCTUnwrap(t.touch(at: time))
            XCTAssertTrue(p.isDown)
            XCTAssertEqual(p.point.x, 200 * s(u), accuracy: 1e-9)
            XCTAssertEqual(p.point.y, 100 - 100 * s(u), accuracy: 1e-9)
            // Half-way to the next frame time the finger has not moved yet.
            XCTAssertEqual(try XCTUnwrap(t.touch(at: time + 1.0 / 60)).point, p.point)
        }
        let end = try XCTUnwrap(t.touch(at: 0.8))
        XCTAssertEqual(end.point, Point(200, 0))
        XCTAssertFalse(end.isDown)
    }

    func testForceStartsAtZeroAndHoldsBetweenMoves() throws {
        let t = try trace(#"""
        [{"at": 0.1, "down": [5, 5], "force": 0.8}, {"at": 0.2, "up": true},
         {"at": 0.4, "down": [5, 5]}, {"at": 0.5, "move": [5, 5], "force": 0.6}, {"at": 0.6, "move": [6, 5]}]
        """#)
        XCTAssertEqual(try XCTUnwrap(t.touch(at: 0.15)).force, 0.8)
        XCTAssertEqual(try XCTUnwrap(t.touch(at: 0.45)).force, 0)
        XCTAssertEqual(try XCTUnwrap(t.touch(at: 0.65)).force, 0.6)
        XCTAssertTrue(try XCTUnwrap(t.touch(at: 0.65)).isDown)
    }
}
