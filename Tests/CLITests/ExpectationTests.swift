import Foundation
import XCTest

/// `render test`'s expectations (testing.md §2): every kind passes on a scene where it holds and fails with its located
/// line where it does not, the numbers worked out by hand (the box's layout, `MotionSpring`), not by another run.
final class ExpectationTests: CLITestCase {
    /// A 20 pt box centred on a 400 × 60 canvas (x 190, y 20) that springs 300 pt right at 0.5 s (response 0.5,
    /// dampingFraction 0.8) while its opacity springs to 0.5; the event "go" and a soft haptic then, a rigid one at 1 s.
    let scene = """
        {"scene": 1, "canvas": {"width": 400, "height": 60, "scale": 1, "background": "#000000"}, "fps": 60, "duration": 3,
         "state": {"on": false},
         "body": {"type": "rect", "id": "box", "fill": "#FFFFFF", "frame": {"width": 20, "height": 20},
                  "opacity": "=on ? 0.5 : 1", "offset": {"x": "=on ? 300 : 0", "y": 0}},
         "timeline": [{"at": 0.5, "id": "go", "set": {"on": true}, "haptic": "soft",
                       "animation": {"spring": {"response": 0.5, "dampingFraction": 0.8}}},
                      {"at": 1.0, "haptic": "rigid"}]}
        """
    let spring = MotionSpring(response: 0.5, dampingFraction: 0.8)

    /// The box's x as drawn at `t`, by the closed form.
    func x(_ t: Double) -> Double { 190 + 300 * spring.progress(t - 0.5) }

    /// Writes the scene as `box.json` and `entries` as `box.test.json` beside it, one entry a line from line 3.
    func write(_ entries: [String]) throws -> String { try writeScene(scene, expecting: entries) }

    func testEachKindPassesWhereItHolds() throws {
        let scene = try write([
            #"{"at": 2.9, "view": "box", "frame": {"x": 490, "y": 20, "width": 20, "height": 20}}"#,
            #"{"at": 1.0, "view": "box", "frame": {"x": \#(x(1.0))}}"#,
            #"{"at": 2.9, "view": "box", "opacity": 0.5}"#,
            #"{"at": 0.5, "state": {"on": true}}"#,
            #"{"from": 0, "to": 1, "haptics": {"soft": 1, "rigid": 1}}"#,
            #"{"event": "go", "at": 0.5}"#,
            #"{"view": "box", "settledBy": 2}"#,
            #"{"from": 0.5, "to": 2.5, "view": "box", "property": "x", "follows": {"spring": {"response": 0.5, "dampingFraction": 0.8}}}"#,
            #"{"at": 2.9, "view": "box", "property": "scaleX", "value": 1}"#,
        ])
        // Found beside the scene without --expect; no --golden: nothing is drawn, no folder is written.
        let run = try expect(0, ["test", scene, "--junit", path("junit.xml")])
        XCTAssertTrue(run.stdout.contains("expectations: 9 expectations, 0 failing"), run.stdout)
        let junit = try String(contentsOfFile: path("junit.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("tests=\"9\" failures=\"0\""), junit)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("Output")), "nothing was written")
    }

    func testEachKindFailsWithItsLocatedLine() throws {
        let scene = try write([
            #"{"at": 2.9, "view": "box", "frame": {"x": 480}}"#,
            #"{"at": 2.9, "view": "box", "opacity": 1}"#,
            #"{"at": 0.49, "state": {"on": true}}"#,
            #"{"from": 0, "to": 0.9, "haptics": {"rigid": 1}}"#,
            #"{"event": "go", "at": 0.6}"#,
            #"{"view": "box", "settledBy": 0.9}"#,
            #"{"from": 0.5, "to": 2.5, "view": "box", "property": "x", "follows": {"spring": {"response": 0.5, "dampingFraction": 0.5}}}"#,
            #"{"at": 2.9, "view": "box", "property": "width", "value": 30}"#,
        ])
        let file = path("box.test.json")
        let run = try expect(1, ["test", scene, "--junit", path("junit.xml")])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(5)), [
            "\(file):3:5: expect[0]: at 2.900 s box.x = 490, expected 480 ± 0.01",
            "\(file):4:5: expect[1]: at 2.900 s box.opacity = 0.5, expected 1 ± 0.001",
            "\(file):5:5: expect[2]: at 0.490 s on = false, expected true",
            "\(file):6:5: expect[3]: from 0.000 s to 0.900 s 0 rigid haptics, expected 1",
            "\(file):7:5: expect[4]: event go fires at 0.500 s, expected at 0.6 ± 0.0167 s",
        ], run.stdout)
        // settledBy: the box is off its final 490 by more than the settle band (1 % of its 300 pt move: 3 pt, the
        // motion report's) until the frame after the last such frame of the closed form (from one frame after 0.9 s to
        // the last frame, 179).
        let first = Int(((0.9 + 1.0 / 60) * 60).rounded(.up))
        let last = (first...179).last { abs(x(Double($0) / 60) - 490) > 3 }!
        XCTAssertEqual(lines[5], "\(file):8:5: expect[5]: box.x is off its final value 490 by more than 3 until "
            + String(format: "%.3f", Double(last + 1) / 60) + " s, expected settled by 0.9 ± 0.0167 s")
        // follows: the worst frame's value is the scene's spring and the expected one the named spring, both worked by hand.
        let follows = lines[6]
        XCTAssertTrue(follows.hasPrefix("\(file):9:5: expect[6]: at "), follows)
        let numbers = follows.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: ","))) }
        // The line gives the time to the millisecond: the frame is the nearest at 60 fps.
        let (t, found, expected) = ((numbers[0] * 60).rounded() / 60, numbers[1], numbers[2])
        let named = MotionSpring(response: 0.5, dampingFraction: 0.5)
        XCTAssertEqual(found, x(t), accuracy: 1e-3)
        XCTAssertEqual(expected, 190 + 300 * named.progress(t - 0.5), accuracy: 1e-3)
        // The worst frame: no frame of the window is farther from the named curve.
        for i in 30...150 {
            let s = Double(i) / 60
            XCTAssertLessThanOrEqual(abs(x(s) - (190 + 300 * named.progress(s - 0.5))), abs(found - expected) + 1e-3, "frame \(i)")
        }
        XCTAssertEqual(lines[7], "\(file):10:5: expect[7]: at 2.900 s box.width = 20, expected 30 ± 0.01")
        XCTAssertEqual(lines.last, "expectations: 8 expectations, 8 failing")
        let junit = try String(contentsOfFile: path("junit.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("tests=\"8\" failures=\"8\""), junit)
        XCTAssertTrue(junit.contains("name=\"expect[2]\"") && junit.contains("type=\"expectation\""), junit)
        // With --golden the frames are recorded and pass, the expectations still fail the run, and the report shows them.
        let golden = try expect(1, ["test", scene, "--golden", path("golden"), "--fps", "2", "--artifacts", path("report")])
        XCTAssertTrue(golden.stdout.contains("expectations: 8 expectations, 8 failing"), golden.stdout)
        XCTAssertTrue(golden.stdout.contains("same: 6 frames, 0 failing; report: \(path("report"))/index.html"), golden.stdout)
        let html = try String(contentsOfFile: path("report/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("expect[1]: at 2.900 s box.opacity = 0.5, expected 1 ± 0.001"), html)
        // JSON: one entry per expectation, with its place and the same words.
        let json = try expect(1, ["test", scene, "--json"])
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let entries = try XCTUnwrap(summary["expectations"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 8)
        XCTAssertEqual(entries[1]["line"] as? Int, 4)
        XCTAssertEqual(entries[1]["passed"] as? Bool, false)
        XCTAssertEqual(entries[1]["message"] as? String, "at 2.900 s box.opacity = 0.5, expected 1 ± 0.001")
    }

    func testABadFileIsOneLocatedLinePerProblemAndNothingRuns() throws {
        let scene = try write([
            #"{"at": 1, "view": "box", "opacty": 1}"#,
            #"{"at": 1, "state": {"on": 1}}"#,
            #"{"event": "og", "at": "soon"}"#,
        ])
        let golden = path("golden")
        let run = try expect(1, ["test", scene, "--golden", golden])
        let file = path("box.test.json")
        var lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        /// `line:column` of the first `text` on the 1-based line `n`, counted in the file as written.
        func at(_ n: Int, _ text: String, after: String = "") -> String {
            let line = lines[n - 1]
            let from = line.range(of: after).map(\.upperBound) ?? line.startIndex
            return "\(n):\(line.distance(from: line.startIndex, to: line.range(of: text, range: from..<line.endIndex)!.lowerBound) + 1)"
        }
        XCTAssertEqual(run.stderr.split(separator: "\n").map(String.init), [
            "\(file):3:5: expect[0]: an expectation states one of frame, opacity, value, state, haptics, event, settledBy, follows",
            "\(file):\(at(3, "\"opacty\"")): expect[0].opacty: unknown key \"opacty\"; did you mean \"opacity\"?",
            "\(file):\(at(4, "1", after: "\"on\": ")): expect[1].state.on: \"on\" is a bool, found a number",
            "\(file):\(at(5, "\"og\"")): expect[2].event: the scene has no event \"og\"; did you mean \"go\"?",
            "\(file):\(at(5, "\"soon\"")): expect[2].at: expected a number, found a string",
        ])
        XCTAssertEqual(run.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden), "nothing ran: no golden was recorded")
        // What needs the simulated scene: a view that is never drawn (a time past the end is a failing expectation:
        // testATimePastTheEndOfAShorterSceneFailsThatExpectationOnly).
        _ = try write([#"{"at": 1, "view": "bx", "opacity": 1}"#, #"{"from": 0, "to": 4, "haptics": {"soft": 1}}"#])
        let late = try expect(1, ["test", scene, "--golden", golden])
        lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(late.stderr.split(separator: "\n").map(String.init), [
            "\(file):\(at(3, "\"bx\"")): expect[0].view: the scene has no view \"bx\"; did you mean \"box\"?",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden))
        // Both kinds in one file: every problem at once, in file order.
        _ = try write([#"{"at": 1, "view": "bx", "opacity": 1}"#, #"{"at": 1, "view": "box", "opacity": 1, "tolernce": 1}"#])
        let both = try expect(1, ["test", scene])
        lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(both.stderr.split(separator: "\n").map(String.init), [
            "\(file):\(at(3, "\"bx\"")): expect[0].view: the scene has no view \"bx\"; did you mean \"box\"?",
            "\(file):\(at(4, "\"tolernce\"")): expect[1].tolernce: unknown key \"tolernce\"; did you mean \"tolerance\"?",
        ])
        XCTAssertEqual(both.stdout, "")
        // Neither --golden nor an expectation file: a usage error.
        try FileManager.default.removeItem(atPath: file)
        XCTAssertTrue(try expect(2, ["test", scene]).stderr.contains("give --golden DIR, an expectation file (--expect FILE) or both"))
        try expect(2, ["test", scene, "--motion-only"])
    }

    /// Issue 36 item 3: the file was written for a longer scene. Each time past the 3 s end fails its expectation with
    /// one located line naming the new end, and the run goes on: the others are checked, and the verdict reaches the
    /// terminal, --json, --junit, the report and summary.md (none of which a load error writes).
    func testATimePastTheEndOfAShorterSceneFailsThatExpectationOnly() throws {
        let scene = try write([
            #"{"at": 2.9, "view": "box", "opacity": 0.5}"#,
            #"{"from": 0, "to": 4, "haptics": {"soft": 1}}"#,
            #"{"at": 3.5, "view": "box", "opacity": 0.5}"#,
            #"{"view": "box", "settledBy": 3.25}"#,
            #"{"at": 3, "view": "box", "opacity": 0.5}"#,
        ])
        let file = path("box.test.json")
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        /// `line:column` of the number after `key` on the 1-based line `n`.
        func at(_ n: Int, _ key: String) -> String {
            let line = lines[n - 1], start = line.range(of: "\"\(key)\": ")!.upperBound
            return "\(n):\(line.distance(from: line.startIndex, to: start) + 1)"
        }
        let expected = [
            "\(file):\(at(4, "to")): expect[1]: to 4 s is past the scene's end: the scene now ends at 3 s",
            "\(file):\(at(5, "at")): expect[2]: at 3.5 s is past the scene's end: the scene now ends at 3 s",
            "\(file):\(at(6, "settledBy")): expect[3]: settledBy 3.25 s is past the scene's end: the scene now ends at 3 s",
        ]
        let run = try expect(1, ["test", scene, "--junit", path("junit.xml")])
        XCTAssertEqual(run.stderr, "", "no load error")
        XCTAssertEqual(run.stdout.split(separator: "\n").map(String.init), expected + ["expectations: 5 expectations, 3 failing"])
        let junit = try String(contentsOfFile: path("junit.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("tests=\"5\" failures=\"3\""), junit)
        XCTAssertTrue(junit.contains("settledBy 3.25 s is past the scene&apos;s end: the scene now ends at 3 s")
                      || junit.contains("settledBy 3.25 s is past the scene's end: the scene now ends at 3 s"), junit)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try expect(1, ["test", scene, "--json"]).stdout.utf8)) as? [String: Any])
        let entries = try XCTUnwrap(json["expectations"] as? [[String: Any]])
        XCTAssertEqual(entries.map { $0["passed"] as? Bool }, [true, false, false, false, true])
        XCTAssertEqual(entries[2]["line"] as? Int, 5)
        XCTAssertEqual(entries[2]["message"] as? String, "at 3.5 s is past the scene's end: the scene now ends at 3 s")
        // With --golden: the frames are recorded and pass, and the report and summary.md carry the failures.
        let golden = try expect(1, ["test", scene, "--golden", path("golden"), "--fps", "2", "--artifacts", path("report")])
        XCTAssertTrue(golden.stdout.contains("expectations: 5 expectations, 3 failing"), golden.stdout)
        for name in ["index.html", "summary.md"] {
            let text = try String(contentsOfFile: path("report/" + name), encoding: .utf8)
            XCTAssertTrue(text.contains("the scene now ends at 3 s"), "\(name): \(text)")
        }
    }

    /// The seed interactions' expectation files (Scenes/*.test.json) hold, checked without drawing.
    func testSeedExpectationFilesPass() throws {
        let scenes = SceneGoldenTests.root.appendingPathComponent("Scenes")
        for name in ["unlock", "slide-to-unlock", "fluid-calculator-button", "fluid-drawer", "fluid-pip", "dive-deeper",
                     "connect-dots", "change-shape"] {
            let run = try expect(0, ["test", scenes.appendingPathComponent(name + ".json").path])
            XCTAssertTrue(run.stdout.contains(", 0 failing"), "\(name): \(run.stdout)")
        }
    }
}
