import Foundation
import XCTest

/// The command line's rules: frames and times within the scene, conflicting options refused, subcommand
/// typos, `help` and `--version`, and messages a person can act on.
final class CommandLineRulesTests: CLITestCase {
    /// TinyScenes.moving: 0.6 s at 60 fps, frames 0-35.
    let length = "(0.6 s, 36 frames at 60 fps (0-35))"

    func testAFrameRangePastTheEndIsAnErrorNamingTheScenesLength() throws {
        let scene = try writeScene(TinyScenes.moving)
        for range in ["0-500", "30-36", "200-300"] {
            let run = try expect(2, [scene, "--frames", range, "--out", path("out")])
            XCTAssertEqual(run.errorLines, ["Error: --frames \(range) is past the end of the scene \(length)"])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")))
        try expect(0, [scene, "--frames", "30-35", "--out", path("out"), "-q"])
        XCTAssertEqual(try files(in: path("out")), (frameNames(30...35) + ["events.json", "manifest.json"]).sorted())
    }

    func testATimePastTheEndIsAnErrorForFramesAndDumpAndTheEndItselfIsTheLastFrame() throws {
        let scene = try writeScene(TinyScenes.moving)
        XCTAssertEqual(try expect(2, [scene, "--at", "99", "--out", path("out")]).errorLines,
                       ["Error: --at 99 is past the end of the scene \(length)"])
        XCTAssertEqual(try expect(2, ["dump", scene, "--at", "0.61"]).errorLines,
                       ["Error: --at 0.61 is past the end of the scene \(length)"])
        // 0.6 s × 60 = frame 36, which does not exist: the end of the scene shows the last frame, 35.
        try expect(0, [scene, "--at", "0.6", "--out", path("end"), "-q"])
        XCTAssertEqual(try files(in: path("end")), ["events.json", "frame_00035.png", "manifest.json"])
        XCTAssertTrue(try expect(0, ["dump", scene, "--at", "0.6"]).stdout.contains("at t = 0.6 s"))
    }

    func testConflictingOptionsAreAUsageError() throws {
        let scene = try writeScene(TinyScenes.moving)
        XCTAssertEqual(try expect(2, ["strip", scene, "--every", "0.5", "--count", "3", "--out", path("s.png")]).errorLines,
                       ["Error: give --count or --every, not both (see 'render help strip')"])
        XCTAssertEqual(try expect(2, [scene, "--shard", "1/2", "--frames", "0-3"]).errorLines,
                       ["Error: give --shard or --frames/--at, not both (see 'render help frames')"])
    }

    func testAStripOfMoreThanAThousandFramesIsRefusedBeforeDrawing() throws {
        // 20 s at 60 fps: one frame every 10 ms is 1200 frames (every frame).
        let long = try writeScene("""
            {"scene": 1, "canvas": {"width": 4, "height": 4}, "fps": 60, "duration": 20, "body": {"type": "rect"}}
            """, named: "long.json")
        XCTAssertEqual(try expect(2, ["strip", long, "--every", "0.01", "--out", path("s.png")]).errorLines,
                       ["Error: --every 0.01 puts 1200 frames on the sheet (20 s, 1200 frames at 60 fps (0-1199)); at most 1000 fit"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("s.png")))
    }

    func testHelpStatesTheRangeRule() throws {
        // Help wraps lines at 80 columns: compare with single spaces.
        let help = try expect(0, ["help", "frames"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(help.contains("A range or time past the end of the scene is an error (exit status 2) that names the "
            + "scene's length; nothing is clamped."), help)
    }
}

/// Subcommand typos, `help`, `--version`, counts in words and file errors in words.
final class CommandLineMessageTests: CLITestCase {
    func testAMistypedSubcommandGetsASuggestionAndStatusTwo() throws {
        XCTAssertEqual(try expect(2, ["chek", "scene.json"]).errorLines,
                       ["Error: 'chek' is not a render command; did you mean 'check'? (see 'render --help')"])
        XCTAssertEqual(try expect(2, ["nope"]).errorLines,
                       ["Error: 'nope' is not a render command and no scene file (see 'render --help')"])
    }

    func testHelpOnAnUnknownTopicIsAnError() throws {
        XCTAssertEqual(try expect(2, ["help", "nope"]).errorLines, ["Error: 'nope' is not a render command (see 'render --help')"])
        XCTAssertEqual(try expect(2, ["help", "strp"]).errorLines,
                       ["Error: 'strp' is not a render command; did you mean 'strip'? (see 'render --help')"])
    }

    func testVersion() throws {
        let run = try expect(0, ["--version"])
        XCTAssertEqual(run.stdout, "render 0.9.0\n")
    }

    func testCheckCountsInTheSingularForOne() throws {
        let scene = try writeScene("""
            {"scene": 1, "name": "one", "canvas": {"width": 4, "height": 4}, "fps": 1, "duration": 0.5,
             "state": {"x": 0}, "body": {"type": "rect"}, "timeline": [{"at": 0, "set": {"x": 1}}]}
            """)
        XCTAssertEqual(try expect(0, ["check", scene]).stdout,
                       "\(scene): ok — \"one\", 1 frame at 1 fps (0.5 s), 4×4 px, 1 state variable, 1 timeline event, 0 input events\n")
    }

    func testAnOutputFolderBehindAFileIsExplainedWithoutFoundationCodes() throws {
        let scene = try writeScene(TinyScenes.moving)
        try Data("x".utf8).write(to: URL(fileURLWithPath: path("afile")))
        let out = path("afile") + "/out"
        XCTAssertEqual(try expect(1, [scene, "--out", out]).errorLines,
                       ["\(scene): cannot create the output folder \(out): Not a directory (a file stands where a folder is needed)"])
        let sheet = path("afile") + "/s.png"
        XCTAssertEqual(try expect(1, ["strip", scene, "--out", sheet]).errorLines,
                       ["\(scene): cannot write the sheet \(sheet): \(path("afile")): File exists (a file stands where a folder is needed)"])
        let preview = path("afile") + "/preview"
        XCTAssertEqual(try expect(1, ["preview", scene, "--out", preview, "--no-apng"]).errorLines,
                       ["\(scene): cannot write the preview into \(preview): Not a directory (a file stands where a folder is needed)"])
        try expect(0, [scene, "--out", path("ok"), "--shard", "1/1", "-q"])
        XCTAssertEqual(try expect(1, ["merge", path("ok"), "--out", path("afile") + "/merged"]).errorLines,
                       ["render merge: cannot create \(path("afile"))/merged: Not a directory (a file stands where a folder is needed)"])
    }

    func testEventTimesAreOnTheMicrosecondGrid() throws {
        // A timer every 0.1 s from 0.1 s: its ticks fall at 0.1 + k·0.1, which in binary floating point is
        // 0.30000000000000004 for k = 2 and 0.7000000000000001 for k = 6.
        let scene = try writeScene("""
            {"scene": 1, "canvas": {"width": 4, "height": 4}, "fps": 10, "duration": 1, "state": {"n": 0},
             "body": {"type": "rect"},
             "timeline": [{"at": 0.1, "timer": {"id": "tick", "interval": 0.1, "set": {"n": "=n + 1"}, "until": "n >= 6"}}]}
            """)
        try expect(0, [scene, "--out", path("out"), "-q"])
        let text = String(decoding: try bytes(path("out/events.json")), as: UTF8.self)
        for tick in ["0.2", "0.3", "0.4", "0.5", "0.6", "0.7"] {
            XCTAssertTrue(text.contains("\"time\": \(tick),"), "no tick at \(tick):\n\(text)")
        }
        let long = try NSRegularExpression(pattern: #""time": -?[0-9]+\.[0-9]{7,}"#)
        XCTAssertNil(long.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), text)
    }
}

/// Every subcommand's help page has examples, and the top-level example of `render diff` works as written.
final class HelpExampleTests: CLITestCase {
    func testEveryHelpPageHasExamples() throws {
        for command in ["frames", "check", "dump", "diff", "test", "merge", "strip", "preview"] {
            let help = try expect(0, ["help", command]).stdout
            XCTAssertTrue(help.contains("Examples:\n  render "), "render help \(command) has no examples:\n\(help)")
        }
    }

    func testTheTopLevelDiffExampleWorksAsWritten() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let help = try expect(0, ["--help"]).stdout
        XCTAssertTrue(help.contains("render diff Output/unlock Tests/Goldens/unlock"), help)
        XCTAssertTrue(help.contains("(render them with --fps 2 --scale 1)"), help)
        // As the help says: render the scene at 2 fps and scale 1, then diff against the goldens.
        let scene = root.appendingPathComponent("Scenes/unlock.json").path
        try expect(0, [scene, "--fps", "2", "--scale", "1", "--out", path("Output/unlock"), "-q"])
        try FileManager.default.createDirectory(atPath: path("Tests"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("Tests/Goldens"),
                                                   withDestinationPath: root.appendingPathComponent("Tests/Goldens").path)
        let run = try expect(0, ["diff", "Output/unlock", "Tests/Goldens/unlock", "--max-diff-ratio", "0.001", "--report", path("report")])
        XCTAssertTrue(run.stdout.hasPrefix("same: "), run.stdout)
    }
}
