import Foundation
import XCTest

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
