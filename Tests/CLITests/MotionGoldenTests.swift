import Foundation
import XCTest

/// `render test`'s motion golden (testing.md §1): a change to a spring, a delay, a haptic and a colour, each checked
/// against numbers worked out by hand (`MotionSpring`), not against another run of the renderer.
final class MotionGoldenTests: CLITestCase {
    /// A 20 pt box that springs 300 pt to the right at 0.5 s, with a soft haptic then and a rigid one at 1 s.
    func scene(response: Double = 0.5, delay: String = "", colour: String = "#FFFFFF", rigid: Bool = true) -> String {
        """
        {"scene": 1, "canvas": {"width": 400, "height": 60, "scale": 1, "background": "#000000"}, "fps": 60, "duration": 3,
         "state": {"on": false},
         "body": {"type": "rect", "id": "box", "fill": "\(colour)", "frame": {"width": 20, "height": 20},
                  "offset": {"x": "=on ? 300 : 0", "y": 0}},
         "timeline": [{"at": 0.5, "set": {"on": true}, "haptic": "soft",
                       "animation": {"spring": {"response": \(response), "dampingFraction": 0.8}\(delay)}}\(rigid ? ", {\"at\": 1.0, \"haptic\": \"rigid\"}" : "")]}
        """
    }

    /// The `box.x` finding of `render test --motion-only --json`.
    func boxFinding(_ run: RenderBinary.Run) throws -> [String: Any] {
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let motion = try XCTUnwrap(summary["motion"] as? [String: Any])
        let findings = try XCTUnwrap(motion["findings"] as? [[String: Any]])
        return try XCTUnwrap(findings.first { $0["name"] as? String == "box.x" }, "no box.x finding in \(findings)")
    }

    func testSlowerSpringIsReportedWithTheClosedFormsSettleDelayAndOvershoot() throws {
        let scene = try writeScene(scene(response: 0.5))
        let golden = path("golden")
        try expect(0, ["test", scene, "--golden", golden, "--motion-only"])
        try writeScene(self.scene(response: 0.6))
        let run = try expect(1, ["test", scene, "--golden", golden, "--motion-only", "--json", "--artifacts", path("report")])
        let finding = try boxFinding(run)
        let g = try XCTUnwrap(finding["golden"] as? [String: Any]), a = try XCTUnwrap(finding["actual"] as? [String: Any])
        // Settle band: 1 % of the 300 pt move (3 pt, above the 0.5 pt floor).
        let before = MotionSpring(response: 0.5, dampingFraction: 0.8), after = MotionSpring(response: 0.6, dampingFraction: 0.8)
        let settleBefore = before.settleTime(start: 0.5, fps: 60, band: 0.01, until: 3)
        let settleAfter = after.settleTime(start: 0.5, fps: 60, band: 0.01, until: 3)
        let reportedBefore = try XCTUnwrap(g["settle"] as? Double), reportedAfter = try XCTUnwrap(a["settle"] as? Double)
        XCTAssertEqual(reportedBefore, settleBefore, accuracy: 1.0 / 60)
        XCTAssertEqual(reportedAfter, settleAfter, accuracy: 1.0 / 60)
        XCTAssertEqual(reportedAfter - reportedBefore, settleAfter - settleBefore, accuracy: 1.0 / 60)
        XCTAssertGreaterThan(settleAfter - settleBefore, 2.0 / 60, "the closed form must move the settle by more than the tolerance")
        // Overshoot depends on ζ only: 300 pt · e^(−0.8π/0.6) ≈ 4.55 pt on both sides, so the change is 0.
        let overshoot = 300 * before.overshootFraction
        let overshootBefore = try XCTUnwrap(g["overshoot"] as? Double), overshootAfter = try XCTUnwrap(a["overshoot"] as? Double)
        XCTAssertEqual(overshootBefore, overshoot, accuracy: 0.1)
        XCTAssertEqual(overshootAfter, 300 * after.overshootFraction, accuracy: 0.1)
        XCTAssertEqual(overshootAfter - overshootBefore, 300 * (after.overshootFraction - before.overshootFraction), accuracy: 0.1)
        let ms = Int(((reportedAfter - reportedBefore) * 1000).rounded())
        XCTAssertTrue((finding["words"] as? String ?? "").contains("starts on time, settles \(ms) ms later"), "\(finding)")
        // The terminal says the same, and the report plots the curve.
        let text = try expect(1, ["test", scene, "--golden", golden, "--motion-only", "--artifacts", path("report")])
        XCTAssertTrue(text.stdout.contains("box.x: starts on time, settles \(ms) ms later"), text.stdout)
        let html = try String(contentsOfFile: path("report/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<svg") && html.contains("box.x"), "the report plots box.x")
    }

    func testDelayIsReportedAsALaterStart() throws {
        let scene = try writeScene(scene())
        let golden = path("golden")
        try expect(0, ["test", scene, "--golden", golden, "--motion-only"])
        try writeScene(self.scene(delay: ", \"delay\": 0.1"))
        let run = try expect(1, ["test", scene, "--golden", golden, "--motion-only", "--artifacts", path("report")])
        // The box leaves its place on the first frame after the change: 0.5 s + 1/60 before, 0.6 s + 1/60 after.
        XCTAssertTrue(run.stdout.contains("box.x: starts 100 ms later (0.517 s → 0.617 s)"), run.stdout)
    }

    func testRemovedHapticIsNamedWithItsTime() throws {
        let scene = try writeScene(scene())
        let golden = path("golden")
        try expect(0, ["test", scene, "--golden", golden, "--motion-only"])
        try writeScene(self.scene(rigid: false))
        let run = try expect(1, ["test", scene, "--golden", golden, "--motion-only", "--artifacts", path("report")])
        XCTAssertTrue(run.stdout.contains("haptic rigid at 1.000 s missing"), run.stdout)
        XCTAssertFalse(run.stdout.contains("box.x"), "the motion of the box did not change: \(run.stdout)")
    }

    func testColourChangeFailsPixelsWithMotionUnchanged() throws {
        let scene = try writeScene(scene())
        let golden = path("golden")
        try expect(0, ["test", scene, "--golden", golden, "--fps", "4"])
        try writeScene(self.scene(colour: "#FF0000"))
        let run = try expect(1, ["test", scene, "--golden", golden, "--fps", "4", "--artifacts", path("report"), "--junit", path("j.xml")])
        XCTAssertTrue(run.stdout.contains("motion unchanged"), run.stdout)
        XCTAssertTrue(run.stdout.contains("pixels differ"), run.stdout)
        try expect(0, ["test", scene, "--golden", golden, "--motion-only"])
        let html = try String(contentsOfFile: path("report/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("motion unchanged"), "the report says the motion is unchanged")
    }

    /// The tolerances of testing.md §1 at their edge: 0.01 pt for a point value, 0.001 for an opacity and a colour
    /// channel, and `--motion-tolerance` moving both (a tenth of it for ratios). A box moves 100 pt right, fades from
    /// 0.9 to 0.5 and its fill's alpha from 0.8 to 0.4 over 1 s (linear, 10 fps); the changed scene adds the same `dx`,
    /// `dOpacity` and `dAlpha` to both ends, so every frame differs by exactly that much (values on the track's 0.001
    /// and 0.0001 grids). Just over fails, just under passes.
    func testAChangeJustOverItsToleranceFailsAndJustUnderPasses() throws {
        func scene(dx: String = "0", dOpacity: String = "0", dAlpha: String = "0") -> String {
            """
            {"scene": 1, "canvas": {"width": 400, "height": 60, "scale": 1, "background": "#000000"}, "fps": 10, "duration": 2,
             "state": {"on": false},
             "body": {"type": "rect", "id": "box", "fill": "=alpha('#FFFFFF', (on ? 0.4 : 0.8) + \(dAlpha))", "frame": {"width": 20, "height": 20},
                      "opacity": "=(on ? 0.5 : 0.9) + \(dOpacity)", "offset": {"x": "=(on ? 100 : 0) + \(dx)", "y": 0}},
             "timeline": [{"at": 0.5, "set": {"on": true}, "animation": {"linear": 1}}]}
            """
        }
        let file = try writeScene(scene())
        let golden = path("golden")
        try expect(0, ["test", file, "--golden", golden, "--motion-only"])
        let cases: [(dx: String, dOpacity: String, dAlpha: String, tolerance: String?, failing: [String])] = [
            ("0.011", "0", "0", nil, ["box.x"]), ("0.009", "0", "0", nil, []), ("-0.011", "0", "0", nil, ["box.x"]), ("-0.009", "0", "0", nil, []),
            ("0", "0.0011", "0", nil, ["box.opacity"]), ("0", "0.0009", "0", nil, []), ("0", "-0.0011", "0", nil, ["box.opacity"]),
            ("0", "-0.0009", "0", nil, []),
            ("0", "0", "0.0011", nil, ["box.fill"]), ("0", "0", "0.0009", nil, []),
            ("0.021", "0", "0", "0.02", ["box.x"]), ("0.019", "0", "0", "0.02", []),
            ("0", "0.0021", "0", "0.02", ["box.opacity"]), ("0", "0.0019", "0", "0.02", []),
        ]
        for c in cases {
            try writeScene(scene(dx: c.dx, dOpacity: c.dOpacity, dAlpha: c.dAlpha))
            let run = try expect(c.failing.isEmpty ? 0 : 1, ["test", file, "--golden", golden, "--motion-only", "--json",
                                                             "--record", "never", "--artifacts", path("report")]
                                 + (c.tolerance.map { ["--motion-tolerance", $0] } ?? []))
            let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let findings = (summary["motion"] as? [String: Any])?["findings"] as? [[String: Any]] ?? []
            XCTAssertEqual(findings.compactMap { $0["name"] as? String }, c.failing,
                           "x + \(c.dx), opacity + \(c.dOpacity), alpha + \(c.dAlpha), tolerance \(c.tolerance ?? "default")")
            // Every frame differs by the change: the finding spans them all.
            if let words = findings.first?["words"] as? String {
                XCTAssertTrue(words.hasSuffix("frames 0–19"), words)
            }
        }
    }

    /// A motion.json that is not one is an error naming the file and the place: never a crash, never a pass.
    func testCorruptOrHandEditedMotionGoldenIsALocatedError() throws {
        let scene = try writeScene(scene())
        let golden = path("golden"), file = golden + "/motion.json"
        try expect(0, ["test", scene, "--golden", golden, "--motion-only"])
        let good = try String(contentsOfFile: file, encoding: .utf8)
        // The box's first run: its place before the move, [x, frames].
        let match = try XCTUnwrap(good.range(of: #""values": \[\[[0-9.]+, [0-9]+\]"#, options: .regularExpression))
        let run = String(good[match]), count = try XCTUnwrap(Int(run.split(separator: " ").last!.dropLast()))
        let shorter = run.replacingOccurrences(of: " \(count)]", with: " \(count - 1)]")
        let empty = run.replacingOccurrences(of: " \(count)]", with: " 0]")
        let edits: [(String, String)] = [
            (String(good.prefix(good.count / 2)), "not valid JSON"),
            (good.replacingOccurrences(of: "\"fps\": 60", with: "\"fps\": \"sixty\""), "fps: expected a number"),
            (good.replacingOccurrences(of: run, with: shorter), "series[0] (box.x): its values cover 179 frames, the track has 180"),
            (good.replacingOccurrences(of: run, with: empty), "series[0].values[0]: a run is [value, count]"),
            (good.replacingOccurrences(of: "\"property\": \"x\", ", with: ""), "series[0]: \"property\" is missing"),
        ]
        for (text, problem) in edits {
            XCTAssertNotEqual(text, good, "the edit for \(problem) changed nothing")
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let run = try expect(2, ["test", scene, "--golden", golden, "--motion-only"])
            XCTAssertTrue(run.stderr.contains("\(file): \(problem)"), "expected \(problem): \(run.stderr)")
            XCTAssertEqual(run.errorLines.count, 1, run.stderr)
        }
    }
}

/// The motion golden of `Scenes/unlock.json` is the same bytes whatever the pixel test's `--jobs` and `--fps`, and
/// its size against the PNG goldens is reported.
final class MotionGoldenDeterminismTests: CLITestCase {
    func testUnlockMotionGoldenIsTheSameAtAnyJobsAndFps() throws {
        let scene = SceneGoldenTests.root.appendingPathComponent("Scenes/unlock.json").path
        let one = try expect(0, ["test", scene, "--golden", path("one"), "--fps", "2", "--scale", "1", "--jobs", "1"])
        try expect(0, ["test", scene, "--golden", path("two"), "--fps", "2", "--scale", "1", "--jobs", "2"])
        try expect(0, ["test", scene, "--golden", path("thirty"), "--fps", "30", "--motion-only"])
        let bytes = try bytes(path("one/motion.json"))
        XCTAssertEqual(try self.bytes(path("two/motion.json")), bytes, "--jobs 1 and 2")
        XCTAssertEqual(try self.bytes(path("thirty/motion.json")), bytes, "--fps 2 and 30")
        let track = try json(path("one/motion.json"))
        XCTAssertEqual(track["fps"] as? Double, 60, "recorded at the scene's fps, not --fps")
        XCTAssertEqual(track["frameCount"] as? Int, 600)
        XCTAssertTrue(one.stdout.contains("\(bytes.count) bytes; ") && one.stdout.contains("% of the 20 PNG goldens"), one.stdout)
    }
}
