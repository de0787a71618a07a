import Foundation
import XCTest

/// What a reviewer reads after `render test` records or cannot compare: a summary of missing goldens that names the
/// command instead of a row per frame, and "updated N" counting only the goldens whose bytes changed.
final class GoldenSummaryTests: CLITestCase {
    /// 0.5 s at 20 fps = 10 frames: a box that moves right from 0.25 s (frames 5–9 differ when `to` changes).
    func scene(to: Int = 10) -> String {
        """
        {"scene": 1, "canvas": {"width": 40, "height": 30, "scale": 1, "background": "#000000"}, "fps": 20, "duration": 0.5,
         "state": {"x": 0},
         "body": {"type": "rect", "id": "box", "fill": "#FF0000", "frame": {"width": 10, "height": 10}, "offset": {"x": "=x", "y": 0}},
         "timeline": [{"at": 0.25, "set": {"x": \(to)}}]}
        """
    }

    func testMissingGoldensAreOneSentenceWithTheCommandThatRecordsThem() throws {
        let scene = try writeScene(scene(), named: "box.json")
        let run = try expect(1, ["test", scene, "--golden", path("golden"), "--record", "never", "--artifacts", path("report"), "--json"])
        // The motion golden is missing the way the frames' are: "noGolden", not "missing" (a golden without its frame).
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((json["motion"] as? [String: Any])?["status"] as? String, "noGolden")
        let summary = try String(contentsOfFile: path("report/summary.md"), encoding: .utf8)
        XCTAssertTrue(summary.contains("10 frames have no golden (frame_00000.png … frame_00009.png); the record mode `never` "
                                       + "does not record them. Record them with:"), summary)
        XCTAssertFalse(summary.contains("| frame_00003.png |"), "no row per frame: \(summary)")
        // The command given records them: run as written, the next test passes.
        let command = try XCTUnwrap(summary.components(separatedBy: "```\n").dropFirst().first?.components(separatedBy: "\n").first)
        // Paths relative to the folder `render test` ran in, as a CI job runs from the repository's root.
        XCTAssertEqual(command, "render test box.json --golden golden --fps 20 --scale 1 --record missing")
        try expect(0, Array(command.split(separator: " ").dropFirst().map(String.init)))
        try expect(0, ["test", scene, "--golden", path("golden"), "--record", "never"])
    }

    func testUpdatedCountsOnlyGoldensWhoseBytesChanged() throws {
        let scene = try writeScene(scene(), named: "box.json")
        let golden = path("golden")
        try expect(0, ["test", scene, "--golden", golden])
        let before = try fileTree(golden)
        // Recording everything again, unchanged: nothing is updated, no file changes.
        let same = try expect(0, ["test", scene, "--golden", golden, "--record", "all"])
        XCTAssertFalse(same.stdout.contains("updated"), same.stdout)
        XCTAssertEqual(try fileTree(golden), before)
        // The box now stops at 12: frames 5–9 change, 0–4 do not.
        try writeScene(self.scene(to: 12), named: "box.json")
        let changed = try expect(0, ["test", scene, "--golden", golden, "--record", "all"])
        XCTAssertTrue(changed.stdout.contains("updated 5 "), changed.stdout)
        let after = try fileTree(golden)
        for k in 0..<5 { XCTAssertEqual(after["frame_0000\(k).png"], before["frame_0000\(k).png"], "frame \(k) kept") }
        for k in 5..<10 { XCTAssertNotEqual(after["frame_0000\(k).png"], before["frame_0000\(k).png"], "frame \(k) updated") }
    }

    /// Frames and the motion track follow one record-mode table (`GoldenRecordMode.step`): with no goldens, every mode
    /// but `never` records both and `never` records neither; with goldens and a changed scene, `all` and `failed`
    /// replace both and `missing` and `never` report both as different.
    func testFramesAndMotionFollowOneRecordModeTable() throws {
        let scene = try writeScene(scene(), named: "box.json")
        func statuses(_ mode: String, golden: String) throws -> (frames: Set<String>, motion: String) {
            let run = try render.run(["test", scene, "--golden", golden, "--record", mode, "--json", "--artifacts", path("r-\(mode)")])
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stderr)
            let frames = Set((json["results"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String })
            return (frames, (json["motion"] as? [String: Any])?["status"] as? String ?? "")
        }
        for (mode, frames, motion) in [("missing", "recorded", "recorded"), ("all", "recorded", "recorded"),
                                       ("failed", "recorded", "recorded"), ("never", "extra", "noGolden")] {
            let got = try statuses(mode, golden: path("empty-\(mode)"))
            XCTAssertEqual(got.frames, [frames], mode)
            XCTAssertEqual(got.motion, motion, mode)
        }
        for (mode, changedFrames, motion) in [("missing", "different", "different"), ("never", "different", "different"),
                                              ("all", "updated", "updated"), ("failed", "updated", "updated")] {
            let golden = path("full-\(mode)")
            try writeScene(self.scene(), named: "box.json")
            try expect(0, ["test", scene, "--golden", golden])
            try writeScene(self.scene(to: 12), named: "box.json")
            let got = try statuses(mode, golden: golden)
            XCTAssertEqual(got.frames, ["same", changedFrames], mode)
            XCTAssertEqual(got.motion, motion, mode)
        }
    }
}
