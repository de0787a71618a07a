import Foundation
import GoldenTesting
import RenderKit
import TestSupport
import XCTest

/// `render accept` (testing.md §5): the report a failed `render test` leaves, accepted into its goldens without
/// rendering again, only what is asked, and nothing at all when the report and the goldens disagree.
final class AcceptTests: CLITestCase {
    /// 0.5 s at 20 fps = 10 frames of 40×30 px: a 10 pt box of `colour` that springs 10 pt right at 0.1 s.
    static func scene(colour: String = "#FF0000", response: Double = 0.3) -> String {
        """
        {"scene": 1, "canvas": {"width": 40, "height": 30, "scale": 1, "background": "#000000"}, "fps": 20, "duration": 0.5,
         "state": {"x": 0},
         "body": {"type": "rect", "id": "box", "fill": "\(colour)", "frame": {"width": 10, "height": 10}, "offset": {"x": "=x", "y": 0}},
         "timeline": [{"at": 0.1, "set": {"x": 10}, "animation": {"spring": {"response": \(response), "dampingFraction": 0.5}}}]}
        """
    }

    var scene: String { path("box.json") }
    var golden: String { path("golden") }
    var report: String { path("report") }
    func test(_ extra: [String] = []) -> [String] { ["test", scene, "--golden", golden, "--artifacts", report, "--jobs", "1"] + extra }

    /// Records the goldens of the scene as `scene(…)` gives it, then writes the changed scene.
    func recordThenChange(colour: String = "#FF0000", response: Double = 0.3) throws {
        try writeScene(Self.scene(), named: "box.json")
        let recorded = try expect(0, test())
        XCTAssertTrue(recorded.stdout.contains("recorded 10 new goldens"), recorded.stdout)
        try writeScene(Self.scene(colour: colour, response: response), named: "box.json")
    }

    /// The failing frame names and the motion status of `render test --json`.
    func verdict(_ status: Int32) throws -> (failing: [String], motion: String) {
        let run = try expect(status, test(["--json"]))
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap(summary["results"] as? [[String: Any]])
        let failing = results.filter { ["different", "sizeMismatch", "missing", "extra"].contains($0["status"] as? String ?? "") }
        return (failing.compactMap { $0["name"] as? String }, (summary["motion"] as? [String: Any])?["status"] as? String ?? "")
    }

    /// Every file in the folder (hidden ones too) with its bytes.
    func snapshot(_ dir: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) { out[name] = try bytes(dir + "/" + name) }
        return out
    }

    /// SHA-256 by Python's hashlib, a digest independent of the renderer's.
    func sha256(_ file: String) throws -> String {
        let process = Python.process(["-c", "import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],'rb').read()).hexdigest())", file])
        return String(decoding: try ProcessOutput.run(process).stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: - Round trips

    func testAColourChangeAcceptedFromTheReportPassesTheNextTest() throws {
        try recordThenChange(colour: "#00FF00")
        let before = try snapshot(golden)
        XCTAssertEqual(try verdict(1).failing, frameNames(0..<10))
        _ = try expect(1, test())

        // The report: the failing actual frames, and report.json naming the goldens, the scene and each golden's SHA-256.
        XCTAssertEqual(try files(in: report + "/actual"), frameNames(0..<10))
        let record = try json(report + "/report.json")
        XCTAssertEqual(record["format"] as? String, "render-test-report")
        XCTAssertEqual(record["goldens"] as? String, URL(fileURLWithPath: golden).standardizedFileURL.path)
        XCTAssertEqual(record["scene"] as? String, URL(fileURLWithPath: scene).standardizedFileURL.path)
        XCTAssertEqual(record["sceneName"] as? String, "box")
        let options = try XCTUnwrap(record["options"] as? [String: Any])
        XCTAssertEqual(options["fps"] as? Double, 20)
        XCTAssertEqual(options["threshold"] as? Double, 0)
        XCTAssertEqual([options["first"] as? Int, options["last"] as? Int], [0, 9])
        let frames = try XCTUnwrap(record["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.compactMap { $0["index"] as? Int }, Array(0..<10))
        for f in frames {
            let name = try XCTUnwrap(f["name"] as? String)
            XCTAssertEqual(f["actual"] as? String, "actual/" + name)
            XCTAssertEqual(f["goldenSHA256"] as? String, try sha256(golden + "/" + name), name)
            XCTAssertEqual(f["actualSHA256"] as? String, try sha256(report + "/actual/" + name), name)
        }
        XCTAssertEqual((record["motion"] as? [String: Any])?["failed"] as? Bool, false, "a colour does not move anything")

        // Accept: every golden replaced by the report's actual file, byte for byte; then the test passes, without
        // drawing (the manifest has the accepted frames' display lists) and when drawn.
        let accepted = try expect(0, ["accept", report])
        XCTAssertEqual(accepted.stdout.split(separator: "\n").filter { $0.hasPrefix("replaced ") }.count, 10, accepted.stdout)
        XCTAssertTrue(accepted.stdout.contains("replaced \(URL(fileURLWithPath: golden).standardizedFileURL.path)/frame_00003.png"), accepted.stdout)
        for name in frameNames(0..<10) {
            XCTAssertEqual(try bytes(golden + "/" + name), try bytes(report + "/actual/" + name), name)
            XCTAssertNotEqual(try bytes(golden + "/" + name), before[name], name)
        }
        XCTAssertEqual(try bytes(golden + "/motion.json"), before["motion.json"], "the motion golden was not asked for")
        // Accepting again writes nothing: the goldens already are the report's.
        let again = try expect(0, ["accept", report])
        XCTAssertTrue(again.stdout.hasSuffix("nothing to write: the goldens in \(URL(fileURLWithPath: golden).standardizedFileURL.path) already are the report's\n"), again.stdout)
        XCTAssertEqual(again.stdout.split(separator: "\n").filter { $0.hasPrefix("unchanged ") }.count, 10)
        // The replaced goldens are kept in the report (until the next run of render test clears it).
        XCTAssertEqual(try bytes(report + "/replaced/frame_00003.png"), before["frame_00003.png"])
        let passed = try expect(0, test())
        XCTAssertTrue(passed.stdout.contains("same: 10 frames, 0 failing, 10 not drawn (same display list)"), passed.stdout)
        try expect(0, test(["--full"]))
    }

    func testFramesAcceptsOnlyThoseFrames() throws {
        try recordThenChange(colour: "#0000FF")
        _ = try expect(1, test())
        let before = try snapshot(golden)
        let accepted = try expect(0, ["accept", report, "--frames", "2-4"])
        XCTAssertEqual(accepted.stdout.split(separator: "\n").filter { $0.hasPrefix("replaced ") }.map { String($0.suffix(15)) },
                       frameNames(2...4), accepted.stdout)
        let after = try snapshot(golden)
        for name in frameNames(0..<10) where !frameNames(2...4).contains(name) {
            XCTAssertEqual(after[name], before[name], "\(name) was not asked for")
        }
        XCTAssertEqual(try verdict(1).failing, frameNames([0, 1] + Array(5..<10)), "2-4 pass, the others still fail")
        // That run's report has the rest: accepted, everything passes.
        let rest = try expect(0, ["accept", report])
        XCTAssertEqual(rest.stdout.split(separator: "\n").filter { $0.hasPrefix("replaced ") }.count, 7, rest.stdout)
        XCTAssertEqual(try verdict(0).failing, [])
    }

    /// Issue 36 item 7: a range ending on the report's last frame, or starting on its first, is inside the report.
    /// The report is of `--frames 2-6` (not the scene's 0–9), so its ends are not the scene's.
    func testFramesOnTheEndsOfTheReportsRangeAreAccepted() throws {
        try recordThenChange(colour: "#0000FF")
        _ = try expect(1, test(["--frames", "2-6"]))
        try refused(["accept", report, "--frames", "5-7"], status: 2, saying: "frames 5-7 are outside report \(report)'s frames 2-6")
        try refused(["accept", report, "--frames", "1-3"], status: 2, saying: "frames 1-3 are outside report \(report)'s frames 2-6")
        let last = try expect(0, ["accept", report, "--frames", "5-6"])
        XCTAssertEqual(last.stdout.split(separator: "\n").filter { $0.hasPrefix("replaced ") }.map { String($0.suffix(15)) },
                       frameNames(5...6), last.stdout)
        let first = try expect(0, ["accept", report, "--frames", "2"])
        XCTAssertEqual(first.stdout.split(separator: "\n").filter { $0.hasPrefix("replaced ") }.map { String($0.suffix(15)) },
                       frameNames([2]), first.stdout)
        XCTAssertEqual(try verdict(1).failing, frameNames([0, 1, 3, 4, 7, 8, 9]), "2, 5 and 6 accepted, the rest still fail")
    }

    func testMotionAcceptsOnlyTheMotionTrack() throws {
        // A slower spring: frames from 0.15 s on move differently, and so does the motion track.
        try recordThenChange(response: 0.6)
        let first = try verdict(1)
        XCTAssertEqual(first.motion, "different")
        XCTAssertFalse(first.failing.isEmpty)
        XCTAssertFalse(first.failing.contains("frame_00000.png"), "before the spring starts nothing changes")
        _ = try expect(1, test())
        let before = try snapshot(golden)
        XCTAssertEqual(try bytes(report + "/motion.json").count > 0, true, "the report keeps the actual motion track")

        let accepted = try expect(0, ["accept", report, "--motion"])
        XCTAssertEqual(accepted.stdout.split(separator: "\n").filter { $0.hasPrefix("replaced ") }.count, 1, accepted.stdout)
        XCTAssertTrue(accepted.stdout.contains("motion.json"), accepted.stdout)
        let after = try snapshot(golden)
        XCTAssertEqual(after.filter { $0.key.hasSuffix(".png") }, before.filter { $0.key.hasSuffix(".png") }, "no frame written")
        XCTAssertEqual(after["manifest.json"], before["manifest.json"], "no frame, no manifest change")
        XCTAssertEqual(after["motion.json"], try bytes(report + "/motion.json"))
        let second = try verdict(1)
        XCTAssertEqual(second.motion, "same", "the motion passes")
        XCTAssertEqual(second.failing, first.failing, "the frames still fail")
        // Without options, everything left is accepted.
        _ = try expect(1, test())
        try expect(0, ["accept", report])
        XCTAssertEqual(try verdict(0).failing, [])
    }

    /// The library `render review` calls: one frame by index, a frame that passed refused, and undo putting back the
    /// goldens and their manifest byte for byte.
    func testTheLibraryAcceptsOneFrameAndUndoes() throws {
        try recordThenChange(response: 0.6)
        let failing = try verdict(1).failing
        let before = try snapshot(golden)
        let acceptance = try GoldenAcceptance(report: report)
        XCTAssertEqual(acceptance.failingFrames.map { frameNames([$0])[0] }, failing)
        XCTAssertTrue(acceptance.motionFailed)
        XCTAssertThrowsError(try acceptance.accept(frame: 0)) { error in
            XCTAssertEqual((error as? AcceptanceError)?.kind, .notFailing, "\(error)")
        }
        XCTAssertThrowsError(try acceptance.accept(frame: 10)) { error in
            XCTAssertEqual((error as? AcceptanceError)?.kind, .outOfRange, "\(error)")
        }
        XCTAssertEqual(try snapshot(golden), before)
        let index = acceptance.failingFrames[0]
        let one = try acceptance.accept(frame: index)
        XCTAssertEqual(one.changes.map(\.action), [.replaced])
        XCTAssertEqual(one.changes.map(\.frame), [index])
        XCTAssertEqual(try bytes(golden + "/" + frameNames([index])[0]), try bytes(report + "/actual/" + frameNames([index])[0]))
        let everything = try acceptance.accept(frames: nil, motion: false)
        XCTAssertEqual(everything.written.count, failing.count, "the other frames and the motion track")
        XCTAssertEqual(everything.changes.filter { $0.action == .unchanged }.map(\.frame), [index])
        let undone = try acceptance.undo(frames: nil, motion: false)
        XCTAssertEqual(undone.written.count, failing.count + 1)
        let after = try snapshot(golden)
        // Every golden and the manifest byte for byte (the manifest once kept the accepted frames' entries).
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        for (name, data) in before { XCTAssertEqual(after[name], data, name) }
        XCTAssertEqual(try verdict(1).failing, failing, "as it was before accepting")
    }

    // MARK: - A report from another machine (a CI artifact)

    /// What a CI artifact is on a developer's machine: the goldens recorded and compared in a checkout at one absolute
    /// path (A, the CI machine's), the report written at another (R); then the developer's clone has the goldens at
    /// B, the downloaded report at R2, and A is not there. With `anotherEnvironment`, R2's report.json names another
    /// renderer and Cairo, as a CI machine's would. Returns B, R2 and the environment R2 records.
    func reportFromAnotherMachine(anotherEnvironment: Bool) throws -> (goldens: String, report: String, environment: NSDictionary) {
        try recordThenChange(colour: "#00FF00")
        _ = try expect(1, test())
        let b = path("clone/Tests/Goldens/box"), r2 = path("Downloads/report-box")
        try FileManager.default.createDirectory(atPath: path("clone/Tests/Goldens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("Downloads"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: golden, toPath: b)
        try FileManager.default.moveItem(atPath: report, toPath: r2)
        var record = try json(r2 + "/report.json")
        XCTAssertEqual(record["goldens"] as? String, URL(fileURLWithPath: golden).standardizedFileURL.path, "the report names A")
        var environment = try XCTUnwrap(record["environment"] as? [String: Any])
        if anotherEnvironment {
            environment["renderer"] = "render 0.0-ci"
            let libraries = try XCTUnwrap(environment["libraries"] as? [[String: Any]])
            XCTAssertTrue(libraries.contains { $0["name"] as? String == "cairo" }, "\(libraries)")
            environment["libraries"] = libraries.map { l -> [String: Any] in
                var l = l
                if l["name"] as? String == "cairo" { l["version"] = "1.99.2" }
                return l
            }
            record["environment"] = environment
            try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]).write(to: URL(fileURLWithPath: r2 + "/report.json"))
        }
        return (b, r2, environment as NSDictionary)
    }

    /// The environment a goldens folder's manifest.json records.
    func manifestEnvironment(_ goldens: String) throws -> NSDictionary {
        try XCTUnwrap(try json(goldens + "/manifest.json")["environment"] as? [String: Any]) as NSDictionary
    }

    func testAReportFromAnotherMachineIsAcceptedWithGoldensAndItsEnvironmentRecorded() throws {
        let (b, r2, ciEnvironment) = try reportFromAnotherMachine(anotherEnvironment: true)
        let local = try manifestEnvironment(b)
        XCTAssertNotEqual(local, ciEnvironment, "the goldens were recorded here; the report says it was drawn elsewhere")
        let recorded = try snapshot(b)

        // The goldens the report names are not on this machine: the message says to give --goldens; nothing written.
        let gone = try render.run(["accept", r2])
        XCTAssertEqual(gone.status, 2, gone.stderr)
        XCTAssertTrue(gone.stderr.contains("the goldens folder \(URL(fileURLWithPath: golden).standardizedFileURL.path) of report \(r2) is gone "
                                           + "(a report from another machine: give --goldens DIR)"), gone.stderr)
        XCTAssertEqual(try snapshot(b), recorded)

        // A golden changed in the clone since CI compared it (a pull, a new recording): refused, nothing written.
        let original = try bytes(b + "/frame_00003.png")
        try bytes(b + "/frame_00000.png").write(to: URL(fileURLWithPath: b + "/frame_00003.png"))
        let edited = try snapshot(b)
        let changed = try render.run(["accept", r2, "--goldens", b])
        XCTAssertEqual(changed.status, 1, changed.stderr)
        XCTAssertTrue(changed.stderr.contains("the golden \(b)/frame_00003.png changed since report \(r2) was made"), changed.stderr)
        XCTAssertEqual(try snapshot(b), edited, "nothing accepted")
        try original.write(to: URL(fileURLWithPath: b + "/frame_00003.png"))

        // Accepted: the goldens become what CI drew, byte for byte, and the manifest records CI's environment.
        let accepted = try expect(0, ["accept", r2, "--goldens", b, "--scene", scene])
        XCTAssertEqual(accepted.stdout.split(separator: "\n").filter { $0.hasPrefix("replaced \(b)/frame_") }.count, 10, accepted.stdout)
        XCTAssertTrue(accepted.stdout.hasSuffix("accepted 10 goldens into \(b)\n"), accepted.stdout)
        for name in frameNames(0..<10) {
            XCTAssertEqual(try bytes(b + "/" + name), try bytes(r2 + "/actual/" + name), name)
            XCTAssertNotEqual(try bytes(b + "/" + name), recorded[name], name)
        }
        XCTAssertEqual(try bytes(b + "/motion.json"), recorded["motion.json"], "the motion did not fail")
        XCTAssertEqual(try manifestEnvironment(b), ciEnvironment, "the goldens are CI's pictures: the manifest says so")
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden), "nothing written where the report said the goldens were")

        // Here (another renderer and Cairo than the goldens') the test passes only by drawing and comparing every
        // frame, and says that the environment differs.
        let here = try expect(0, ["test", scene, "--golden", b, "--artifacts", path("again"), "--jobs", "1"])
        let localRenderer = try XCTUnwrap(local["renderer"] as? String)
        XCTAssertTrue(here.stdout.contains("environment differs from the goldens': render 0.0-ci → \(localRenderer); cairo 1.99.2 → "), here.stdout)
        XCTAssertTrue(here.stdout.contains("(every frame drawn and compared)"), here.stdout)
        XCTAssertFalse(here.stdout.contains("not drawn"), here.stdout)
        XCTAssertEqual(try manifestEnvironment(b), ciEnvironment, "a passing test rewrites nothing")
        let summary = try String(contentsOfFile: path("again/summary.md"), encoding: .utf8)
        XCTAssertTrue(summary.contains("environment differs from the goldens'"), summary)

        // A golden recorded here among CI's (only that frame drawn): the manifest now says this environment, and
        // CI's frames lose their display lists (drawn elsewhere, they may not pass here undrawn), so only the frame
        // recorded here skips drawing next time. (A frame drawn here and found the same to the pixel gets its list.)
        try FileManager.default.removeItem(atPath: b + "/frame_00009.png")
        let again = ["test", scene, "--golden", b, "--artifacts", path("again"), "--jobs", "1"]
        let recordedHere = try expect(0, again + ["--record", "missing", "--frames", "9"])
        XCTAssertTrue(recordedHere.stdout.contains("recorded 1 new golden"), recordedHere.stdout)
        XCTAssertEqual(try manifestEnvironment(b)["renderer"] as? String, localRenderer)
        let frames = try XCTUnwrap(try json(b + "/manifest.json")["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.filter { $0["displayList"] != nil }.compactMap { $0["index"] as? Int }, [9], "\(frames)")
        let mixed = try expect(0, again)
        XCTAssertTrue(mixed.stdout.contains("same: 10 frames, 0 failing, 1 not drawn (same display list)"), mixed.stdout)
    }

    /// A CI machine like this one (the same image): the accepted goldens pass here without being drawn.
    func testAReportFromAMachineLikeThisOnePassesWithoutDrawing() throws {
        let (b, r2, ciEnvironment) = try reportFromAnotherMachine(anotherEnvironment: false)
        try expect(0, ["accept", r2, "--goldens", b])
        for name in frameNames(0..<10) { XCTAssertEqual(try bytes(b + "/" + name), try bytes(r2 + "/actual/" + name), name) }
        XCTAssertEqual(try manifestEnvironment(b), ciEnvironment)
        let passed = try expect(0, ["test", scene, "--golden", b, "--artifacts", path("again"), "--jobs", "1"])
        XCTAssertTrue(passed.stdout.contains("same: 10 frames, 0 failing, 10 not drawn (same display list)"), passed.stdout)
        XCTAssertFalse(passed.stdout.contains("environment differs"), passed.stdout)
        // Accepting again writes nothing.
        let again = try expect(0, ["accept", r2, "--goldens", b])
        XCTAssertTrue(again.stdout.hasSuffix("nothing to write: the goldens in \(b) already are the report's\n"), again.stdout)
    }

    // MARK: - CI semantics

    func testUnderCIAMissingGoldenFailsNamesItAndTheCommandAndIsNotRecorded() throws {
        try writeScene(Self.scene(), named: "box.json")
        try expect(0, test())
        try FileManager.default.removeItem(atPath: golden + "/frame_00003.png")
        try FileManager.default.removeItem(atPath: golden + "/motion.json")
        let before = try snapshot(golden)
        let run = try render.run(test(), environment: ["CI": "true"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("frame_00003.png: no golden: not recorded (record mode never)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("missing goldens in \(golden), not recorded under CI=true: frame_00003.png, motion.json"), run.stdout)
        XCTAssertTrue(run.stdout.contains("record with: render test \(scene) --golden \(golden) --artifacts \(report) --jobs 1 --record missing"), run.stdout)
        XCTAssertEqual(try snapshot(golden), before, "nothing recorded")
        // --record never says the same without CI.
        let never = try expect(1, test(["--record", "never"]))
        XCTAssertTrue(never.stdout.contains("not recorded under --record never"), never.stdout)
        XCTAssertEqual(try snapshot(golden), before)

        // The report keeps what was not recorded: accepting it records the golden frame and the motion track.
        try expect(0, ["accept", report])
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/frame_00003.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/motion.json"))
        XCTAssertEqual(try render.run(test(), environment: ["CI": "true"]).status, 0)

        // An explicit mode still does what it says under CI.
        try FileManager.default.removeItem(atPath: golden + "/frame_00004.png")
        let recorded = try render.run(test(["--record", "missing"]), environment: ["CI": "true"])
        XCTAssertEqual(recorded.status, 0, recorded.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/frame_00004.png"))
        try FileManager.default.removeItem(atPath: golden + "/frame_00005.png")
        XCTAssertEqual(try render.run(test(), environment: ["CI": "true", "RENDER_RECORD": "missing"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/frame_00005.png"))
    }

    func testFailuresAreListedFirstAndPassesCountedUnlessVerbose() throws {
        try recordThenChange(response: 0.6)
        let failing = try verdict(1).failing
        let run = try expect(1, test())
        let lines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("frame_") }.map { String($0.prefix(15)) }
        XCTAssertEqual(lines, failing, "only the failing frames")
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        let rows = html.components(separatedBy: "<tr><td>").dropFirst().map { $0.components(separatedBy: "frame_").dropFirst().first.map { "frame_" + $0.prefix(9) } ?? "" }
        XCTAssertEqual(rows, failing, "the report's table lists the failures only")
        XCTAssertTrue(html.contains("\(10 - failing.count) passing (--verbose lists them)"))

        let verbose = try expect(1, test(["--verbose", "--full"]))
        let all = verbose.stdout.split(separator: "\n").filter { $0.hasPrefix("frame_") }.map { String($0.prefix(15)) }
        let passing = frameNames(0..<10).filter { !failing.contains($0) }
        XCTAssertEqual(all, failing + passing, "failures first, then the passes")
        let verboseHTML = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        let verboseRows = verboseHTML.components(separatedBy: "<tr><td>").dropFirst().map { $0.components(separatedBy: "frame_").dropFirst().first.map { "frame_" + $0.prefix(9) } ?? "" }
        XCTAssertEqual(verboseRows, failing + passing)
    }

    // MARK: - Bad input: a message, an exit status, and the goldens byte for byte as they were

    func refused(_ arguments: [String], status: Int32, saying words: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try snapshot(golden)
        let run = try render.run(arguments)
        XCTAssertEqual(run.status, status, "render \(arguments.joined(separator: " ")): \(run.stdout) \(run.stderr)", file: file, line: line)
        XCTAssertTrue(run.stderr.contains(words), "expected \"\(words)\" in: \(run.stderr)", file: file, line: line)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr, file: file, line: line)
        XCTAssertEqual(try snapshot(golden), before, "the goldens are untouched", file: file, line: line)
    }

    func testBadInputIsRefusedAndWritesNothing() throws {
        try recordThenChange(response: 0.6)
        _ = try expect(1, test())
        try FileManager.default.createDirectory(atPath: path("empty"), withIntermediateDirectories: true)
        try refused(["accept", path("empty")], status: 2, saying: "is not a render test report: it has no report.json")
        try refused(["accept", path("nowhere")], status: 2, saying: "no such folder")
        try FileManager.default.createDirectory(atPath: path("bad"), withIntermediateDirectories: true)
        try Data("{\"format\": 3}".utf8).write(to: URL(fileURLWithPath: path("bad/report.json")))
        try refused(["accept", path("bad")], status: 2, saying: "is not a render test report")
        try refused(["accept", report, "--frames", "20-30"], status: 2, saying: "frames 20-30 are outside report \(report)'s frames 0-9")
        try refused(["accept", report, "--frames", "0-1"], status: 2, saying: "no frame in 0-1 failed in report")
        try refused(["accept", report, "--frames", "7-x"], status: 2, saying: "--frames")
        try writeScene(Self.scene(), named: "other.json")
        try refused(["accept", report, "--scene", path("other.json")], status: 1, saying: "is of scene \"box\"")

        // The goldens folder gone.
        try FileManager.default.moveItem(atPath: golden, toPath: path("moved"))
        let gone = try render.run(["accept", report])
        XCTAssertEqual(gone.status, 2)
        XCTAssertTrue(gone.stderr.contains("the goldens folder \(URL(fileURLWithPath: golden).standardizedFileURL.path) of report \(report) is gone"), gone.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden))
        // … found elsewhere with --goldens.
        try FileManager.default.copyItem(atPath: path("moved"), toPath: path("copy"))
        try expect(0, ["accept", report, "--goldens", path("copy"), "--frames", "5"])
        try FileManager.default.moveItem(atPath: path("moved"), toPath: golden)

        // A golden changed since the report: one frame rewritten by hand refuses the whole acceptance.
        try bytes(golden + "/frame_00000.png").write(to: URL(fileURLWithPath: golden + "/frame_00007.png"))
        try refused(["accept", report], status: 1, saying: "the golden \(URL(fileURLWithPath: golden).standardizedFileURL.path)/frame_00007.png changed since report")
        try refused(["accept", report, "--frames", "7"], status: 1, saying: "changed since report")

        // The goldens re-recorded for another scene.
        try writeScene(Self.scene(), named: "other.json")
        try expect(0, ["test", path("other.json"), "--golden", golden, "--record", "all", "--artifacts", path("other-report")])
        try refused(["accept", report], status: 1, saying: "are now of scene \"other\", but report \(report) is of scene \"box\"")
    }

    func testAReportWhoseMotionPassedRefusesMotion() throws {
        try recordThenChange(colour: "#00FF00")
        _ = try expect(1, test())
        try refused(["accept", report, "--motion"], status: 2, saying: "the motion did not fail in report")
    }

    // MARK: - summary.md

    func testSummaryShowsTheVerdictTheMotionInWordsAndGoldenBesideActual() throws {
        try recordThenChange(response: 0.6)
        let failing = try verdict(1).failing
        _ = try expect(1, test())
        let summary = try String(contentsOfFile: report + "/summary.md", encoding: .utf8)
        XCTAssertTrue(summary.hasPrefix("## box: FAILED\n"), summary)
        XCTAssertTrue(summary.contains("**Frames:** \(failing.count) of 10 failing, \(10 - failing.count) passing"), summary)
        XCTAssertTrue(summary.contains("- `box.x`: starts on time, settles"), summary)
        XCTAssertTrue(summary.contains("![golden left, actual right](summary.png)"), summary)
        XCTAssertTrue(summary.contains("render accept \(report)"), summary)
        for name in failing { XCTAssertTrue(summary.contains("| \(name) |"), name) }

        // The animation, decoded by Pillow: one frame per failing frame, a 22-pixel row of labels over golden (left)
        // and actual (right) with a gap; on the actual, the pixels the diff image marks red (counted as changed) are
        // tinted 60 % towards magenta (255, 45, 146), every other pixel is the actual frame's own.
        let animation = report + "/summary.png"
        XCTAssertLessThanOrEqual(try bytes(animation).count, 2_000_000)
        let frames = try PillowAnimation.frames(of: animation, scratch: path("pillow"))
        XCTAssertEqual(frames.count, failing.count)
        let width = 40 + 8 + 40, top = 22
        for (k, name) in failing.enumerated() {
            XCTAssertEqual(frames[k].count, width * (top + 30) * 4, name)
            let expected = try PillowAnimation.frames(of: golden + "/" + name, scratch: path("g\(k)"))[0]
            let actual = try PillowAnimation.frames(of: report + "/actual/" + name, scratch: path("a\(k)"))[0]
            let diff = try PillowAnimation.frames(of: report + "/diff/" + name, scratch: path("d\(k)"))[0]
            var tinted = 0
            for y in 0..<30 {
                let row = Array(frames[k][((top + y) * width * 4)..<((top + y + 1) * width * 4)])
                XCTAssertEqual(Array(row[0..<160]), Array(expected[(y * 160)..<((y + 1) * 160)]), "\(name) row \(y): golden on the left")
                var want = Array(actual[(y * 160)..<((y + 1) * 160)])
                for x in 0..<40 where diff[(y * 40 + x) * 4] == 255 && diff[(y * 40 + x) * 4 + 1] == 0 && diff[(y * 40 + x) * 4 + 2] == 0 {
                    for (c, t) in [255, 45, 146].enumerated() { want[x * 4 + c] = UInt8((Int(want[x * 4 + c]) * 2 + t * 3) / 5) }
                    want[x * 4 + 3] = 255
                    tinted += 1
                }
                XCTAssertEqual(Array(row[192..<352]), want, "\(name) row \(y): actual on the right, changed pixels tinted")
                XCTAssertEqual(Array(row[160..<164]), [0x1C, 0x1C, 0x1E, 0xFF], "the gap, in the page's colour")
            }
            XCTAssertGreaterThan(tinted, 0, "\(name): a failing frame has changed pixels to show")
        }

        // A passing run's summary says so, with no animation.
        try expect(0, ["accept", report])
        try expect(0, test())
        let passed = try String(contentsOfFile: report + "/summary.md", encoding: .utf8)
        XCTAssertTrue(passed.hasPrefix("## box: passed\n"), passed)
        XCTAssertTrue(passed.contains("**Frames:** 0 of 10 failing, 10 passing."), passed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: report + "/summary.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: report + "/report.json"), "no report of a pass to accept")
    }

    /// Unlock's worst cases at the CI workflow's sampling (2 fps, scale 1): a retuned spring, and a background change
    /// that fails all 20 frames; each animation stays within 2 MB.
    func testUnlockSummaryAnimationsStayUnderTwoMegabytes() throws {
        let root = DocWorkflowTests.root
        let scenes = path("Scenes")
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("Scenes").path, toPath: scenes)
        try FileManager.default.removeItem(atPath: scenes + "/unlock.test.json")
        let unlock = scenes + "/unlock.json"
        let text = try String(contentsOfFile: unlock, encoding: .utf8)
        let goldens = root.appendingPathComponent("Tests/Goldens/unlock").path
        let spring = "\"animation\": {\"spring\": {\"response\": 0.5, \"dampingFraction\": 0.78}}"
        XCTAssertTrue(text.contains(spring))
        for (label, changed, count) in [("spring", text.replacingOccurrences(of: spring, with: "\"animation\": {\"spring\": {\"response\": 0.9, \"dampingFraction\": 0.5}}"), 2),
                                        ("background", text.replacingOccurrences(of: "#0E0E12", with: "#141418"), 20)] {
            XCTAssertNotEqual(changed, text, label)
            try changed.write(toFile: unlock, atomically: true, encoding: .utf8)
            let out = path("report-\(label)")
            let run = try render.run(["test", unlock, "--golden", goldens, "--fps", "2", "--scale", "1", "--record", "never",
                                      "--artifacts", out])
            XCTAssertEqual(run.status, 1, run.stderr)
            let size = try bytes(out + "/summary.png").count
            XCTAssertLessThanOrEqual(size, 2_000_000, label)
            let frames = try PillowAnimation.frames(of: out + "/summary.png", scratch: path("pillow-\(label)"))
            XCTAssertEqual(frames.count, count, label)
            XCTAssertEqual(frames[0].count, (390 * 2 + 8) * (22 + 300) * 4, label)
        }
    }
}
