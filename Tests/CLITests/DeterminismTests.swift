import Foundation
import XCTest

/// The same scene and options give the same bytes, whatever the thread count or frame rate.
final class DeterminismTests: CLITestCase {
    func testOneWorkerAndTwoWorkersWriteIdenticalFiles() throws {
        let scene = try writeScene(TinyScenes.moving)
        let one = path("one"), two = path("two")
        try expect(0, [scene, "--out", one, "--quiet", "--jobs", "1"])
        try expect(0, [scene, "--out", two, "--quiet", "--jobs", "2"])
        let names = try files(in: one)
        XCTAssertEqual(names, try files(in: two))
        XCTAssertEqual(names.count, 36 + 2)
        for name in names {
            XCTAssertEqual(try bytes(one + "/" + name), try bytes(two + "/" + name), name)
        }
    }

    func testFrame20At60FpsEqualsFrame10At30FpsWhileTheSpringMoves() throws {
        let scene = try writeScene(TinyScenes.moving)
        let fast = path("fast"), slow = path("slow")
        try expect(0, [scene, "--out", fast, "--quiet", "--frames", "19-20"])
        try expect(0, [scene, "--out", slow, "--quiet", "--fps", "30", "--frames", "10"])
        let at60 = try bytes(fast + "/frame_00020.png")
        XCTAssertEqual(at60, try bytes(slow + "/frame_00010.png"))
        // The picture at 1/3 s is a moving one, so the equality is not the trivial one of a still scene.
        XCTAssertNotEqual(at60, try bytes(fast + "/frame_00019.png"))
    }
}
