import Foundation
import ImageIO
import XCTest

/// After any render, an output folder's frame files are exactly the ones its manifest.json lists, all of one pixel
/// size and frame rate: a full render removes the frames of an earlier one it did not write again, `--frames` and
/// `--at` merge into an earlier render of the same settings and replace one of other settings, and nothing but frames
/// an earlier manifest of ours listed is ever removed. (Following the README's tour in order once left frames of two
/// sizes and rates behind a manifest that described only some of them.)
final class OutputFolderTruthTests: CLITestCase {
    /// The frame files of `dir` against its manifest: the same names, every file of the manifest's pixel size.
    func assertFolderMatchesManifest(_ dir: String, step: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let manifest = try json(dir + "/manifest.json")
        let listed = try XCTUnwrap(manifest["frames"] as? [[String: Any]]).compactMap { $0["file"] as? String }.sorted()
        let present = try files(in: dir).filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }
        XCTAssertEqual(present, listed, "\(step): the frame files are the ones manifest.json lists", file: file, line: line)
        let width = try XCTUnwrap(manifest["width"] as? Int), height = try XCTUnwrap(manifest["height"] as? Int)
        for name in present {
            let image = try PNGDecoder().decode(contentsOf: dir + "/" + name)
            XCTAssertEqual([image.width, image.height], [width, height], "\(step): \(name) has the manifest's size", file: file, line: line)
        }
    }

    /// The tour's commands in order, with a small scene: all frames; another fps and scale; a still; a still as its
    /// own file; a range.
    func testTheTourInOrderLeavesAFolderThatMatchesItsManifest() throws {
        let scene = try writeScene(TinyScenes.moving)
        let out = path("out")
        try expect(0, [scene, "--out", out, "--quiet"])
        try assertFolderMatchesManifest(out, step: "all frames at 60 fps")
        XCTAssertEqual(try files(in: out).filter { $0.hasPrefix("frame_") }.count, 36)

        let thirty = try expect(0, [scene, "--out", out, "--fps", "30", "--scale", "3"])
        try assertFolderMatchesManifest(out, step: "all frames at 30 fps, scale 3")
        XCTAssertEqual(try files(in: out).filter { $0.hasPrefix("frame_") }.count, 18)
        XCTAssertTrue(thirty.stdout.contains("removed 18 frames of an earlier render that this one did not write again"), thirty.stdout)

        // A still at the scene's own rate and scale: the 30 fps frames are of another render and go.
        let still = try expect(0, [scene, "--out", out, "--at", "0.25"])
        try assertFolderMatchesManifest(out, step: "--at 0.25")
        XCTAssertEqual(try files(in: out).filter { $0.hasPrefix("frame_") }, ["frame_00015.png"])
        XCTAssertTrue(still.stdout.contains("\(out)/frame_00015.png (frame 15, t = 0.25 s, 40×30 px)"), still.stdout)
        // frame_00015.png of the 30 fps render is written over; the other 17 are removed.
        XCTAssertTrue(still.stdout.contains("removed 17 frames of an earlier render at other settings"), still.stdout)

        // A still as its own file touches nothing in the folder.
        try expect(0, [scene, "--out", path("still.png"), "--at", "0.25", "--quiet"])
        try assertFolderMatchesManifest(out, step: "--at 0.25 --out still.png")

        // A range of the same render merges with the still.
        let range = try expect(0, [scene, "--out", out, "--frames", "0-5"])
        try assertFolderMatchesManifest(out, step: "--frames 0-5")
        XCTAssertEqual(try files(in: out).filter { $0.hasPrefix("frame_") }, frameNames([0, 1, 2, 3, 4, 5, 15]))
        XCTAssertTrue(range.stdout.contains("frame_00000.png … frame_00005.png"), range.stdout)
        XCTAssertTrue(range.stdout.contains("merged into the render already there (1 frame kept): manifest.json lists 7"), range.stdout)
    }

    /// The case that once left half the frames stale: a full 60 fps render, `--at`, then a full 30 fps render.
    func testAFullRenderAfterAStillAtAnotherRateLeavesNoStaleFrame() throws {
        let scene = try writeScene(TinyScenes.moving)
        let out = path("out")
        try expect(0, [scene, "--out", out, "--quiet"])
        try expect(0, [scene, "--out", out, "--at", "0.5", "--quiet"])
        try assertFolderMatchesManifest(out, step: "--at 0.5 after all frames")
        XCTAssertEqual(try files(in: out).filter { $0.hasPrefix("frame_") }.count, 36, "a still of the same render keeps the rest")
        try expect(0, [scene, "--out", out, "--fps", "30", "--quiet"])
        try assertFolderMatchesManifest(out, step: "all frames at 30 fps")
        XCTAssertEqual(try files(in: out).filter { $0.hasPrefix("frame_") }, frameNames(0..<18))
    }

    /// Files the renderer did not write stay, whatever it removes: a note, and a frame-named file no manifest of
    /// ours listed.
    func testOnlyFramesAnEarlierManifestListedAreRemoved() throws {
        let scene = try writeScene(TinyScenes.moving)
        let out = path("out")
        try expect(0, [scene, "--out", out, "--quiet"])
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/notes.txt"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/frame_00099.png"))
        try expect(0, [scene, "--out", out, "--fps", "10", "--quiet"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/notes.txt"))
        XCTAssertEqual(try bytes(out + "/frame_00099.png"), Data("mine".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/frame_00035.png"), "a frame of the 60 fps render goes")
    }
}
