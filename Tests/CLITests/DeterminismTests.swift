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

    /// A tall frame where a small circle moves through a few bands while the rest stays: most bands are reused from
    /// a worker's cache, and which worker drew which frame before must not change any file.
    func testBandReuseGivesTheSameFilesWhateverTheWorkerCount() throws {
        let scene = try writeScene("""
        {"scene": 1, "canvas": {"width": 60, "height": 300, "scale": 1, "background": "#101018"}, "fps": 60, "duration": 0.5,
         "state": {"y": -100},
         "body": {"type": "zstack", "children": [
           {"type": "rect", "fill": "=alpha('white', 0.1)", "frame": {"width": 50, "height": 280}},
           {"type": "circle", "fill": "orange", "frame": {"width": 12, "height": 12}, "offset": {"x": 0, "y": "=y"}}]},
         "timeline": [{"at": 0, "set": {"y": 100}, "animation": {"linear": 0.5}}]}
        """)
        let outputs = ["one", "two", "three"].map(path)
        for (jobs, out) in zip([1, 2, 3], outputs) { try expect(0, [scene, "--out", out, "--quiet", "--jobs", String(jobs)]) }
        let names = try files(in: outputs[0])
        XCTAssertEqual(names.count, 30 + 2)
        for out in outputs.dropFirst() {
            XCTAssertEqual(names, try files(in: out))
            for name in names { XCTAssertEqual(try bytes(outputs[0] + "/" + name), try bytes(out + "/" + name), name) }
        }
        // The frames differ (the circle moves), so the files were not all reused whole.
        XCTAssertNotEqual(try bytes(outputs[0] + "/frame_00003.png"), try bytes(outputs[0] + "/frame_00004.png"))
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
