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
