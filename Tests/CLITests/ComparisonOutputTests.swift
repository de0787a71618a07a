import Foundation
import XCTest

/// What `render diff` and `render test` print: a warning for folders rendered differently, and by default
/// a summary and the failures only (`--verbose` for every frame).
final class ComparisonOutputTests: CLITestCase {
    func testDiffWarnsWhenTheFoldersWereRenderedAtDifferentFpsOrSizes() throws {
        let scene = try writeScene(TinyScenes.moving)
        try expect(0, [scene, "--out", path("a"), "-q"])
        try expect(0, [scene, "--out", path("b"), "-q", "--fps", "30", "--scale", "2"])
        let run = try expect(1, ["diff", path("a"), path("b"), "--report", path("report"), "-q"])
        XCTAssertEqual(run.errorLines, ["warning: \(path("a")) and \(path("b")) were rendered differently "
            + "(fps 60 vs 30, width 40 vs 80, height 30 vs 60, scale 1 vs 2); frames of the same name do not show the same picture"])
        // Alike folders: no warning.
        try expect(0, [scene, "--out", path("c"), "-q"])
        XCTAssertEqual(try expect(0, ["diff", path("a"), path("c"), "--report", path("report"), "-q"]).stderr, "")
    }

    /// A manifest.json that does not read as one cannot say how the folder was rendered: the warning names it.
    func testDiffNamesAManifestItCannotRead() throws {
        let scene = try writeScene(TinyScenes.moving)
        try expect(0, [scene, "--out", path("a"), "-q"])
        try expect(0, [scene, "--out", path("b"), "-q"])
        try Data("{\"fps\": 60, ".utf8).write(to: URL(fileURLWithPath: path("b/manifest.json")))
        let run = try expect(0, ["diff", path("a"), path("b"), "--report", path("report"), "-q"])
        XCTAssertEqual(run.errorLines, ["warning: \(path("b/manifest.json")): not valid JSON; cannot tell whether the folders were rendered alike"])
    }

    func testOneDifferingPixelIsSingular() throws {
        var image = DiffCLI.solid(4, 4, [255, 255, 255, 255])
        try DiffCLI.write(image, path("a.png"))
        image.pixels.replaceSubrange(20..<24, with: [0, 0, 0, 255])   // pixel (1, 1) black
        try DiffCLI.write(image, path("b.png"))
        let run = try expect(1, ["diff", path("a.png"), path("b.png"), "--report", path("report")])
        XCTAssertEqual(run.stdout, "a.png: 1 pixel differs (6.25 %)\ndifferent: 1 frame, 1 failing; report: \(path("report"))/index.html\n")
    }

    func testTestPrintsASummaryByDefaultAndEveryFrameWithVerbose() throws {
        let scene = try writeScene(TinyScenes.moving)
        let golden = path("golden")
        let first = try expect(0, ["test", scene, "--golden", golden, "--artifacts", path("artifacts")])
        // The motion golden is recorded beside the frames (MotionGoldenTests has the rest of it).
        let firstLines = first.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(firstLines.count, 3, first.stdout)
        XCTAssertEqual(firstLines.first, "recorded 36 new goldens (--verbose names them)")
        XCTAssertTrue(firstLines.dropLast().last?.hasPrefix("recorded the motion golden \(golden)/motion.json (") ?? false, first.stdout)
        XCTAssertEqual(firstLines.last, "same: 36 frames, 0 failing")
        let again = try expect(0, ["test", scene, "--golden", golden, "--artifacts", path("artifacts")])
        // Unchanged: no frame is drawn (GoldenEnvironmentTests proves it); --full draws and compares them all.
        XCTAssertEqual(again.stdout, "same: 36 frames, 0 failing, 36 not drawn (same display list)\n")
        let unseen = try expect(0, ["test", scene, "--golden", golden, "--artifacts", path("artifacts"), "--verbose"])
        XCTAssertEqual(Array(unseen.stdout.split(separator: "\n").map(String.init).dropLast(2)),
                       frameNames(0..<36).map { "\($0): same display list (not drawn)" })
        let verbose = try expect(0, ["test", scene, "--golden", golden, "--artifacts", path("artifacts"), "--verbose", "--full"])
        let lines = verbose.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.dropLast(2)), frameNames(0..<36).map { "\($0): same" })
        XCTAssertTrue(lines.dropLast().last?.hasPrefix("motion unchanged (\(golden)/motion.json: ") ?? false, verbose.stdout)
        XCTAssertTrue(lines.last?.hasPrefix("same: 36 frames, 0 failing (") ?? false, verbose.stdout)
        XCTAssertTrue(lines.last?.hasSuffix(" ms)") ?? false, verbose.stdout)
    }

    func testTestFramesComparesOnlyThoseFrames() throws {
        let scene = try writeScene(TinyScenes.moving)
        let golden = path("golden")
        let run = try expect(0, ["test", scene, "--golden", golden, "--frames", "2-4", "--artifacts", path("artifacts")])
        XCTAssertTrue(run.stdout.hasPrefix("recorded 3 new goldens (--verbose names them)\nrecorded the motion golden "), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("\nsame: 3 frames, 0 failing\n"), run.stdout)
        // The motion golden is always whole: --frames limits the pixels only.
        XCTAssertEqual(try files(in: golden), frameNames(2...4) + ["manifest.json", "motion.json"])
        // The other goldens are neither missing nor stale when a range is asked for.
        try expect(0, ["test", scene, "--golden", golden, "--artifacts", path("artifacts")])
        XCTAssertEqual(try expect(0, ["test", scene, "--golden", golden, "--frames", "5", "--record", "never",
                                      "--artifacts", path("artifacts")]).stdout, "same: 1 frame, 0 failing, 1 not drawn (same display list)\n")
        XCTAssertEqual(try expect(2, ["test", scene, "--golden", golden, "--frames", "30-40"]).errorLines,
                       ["Error: --frames 30-40 is past the end of the scene (0.6 s, 36 frames at 60 fps (0-35))"])
    }
}
