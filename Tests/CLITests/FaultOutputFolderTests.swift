import Foundation
import XCTest

/// The output folder holds other people's files too: a render removes only frames that its own
/// earlier manifest.json lists, and only after a complete render.
final class FaultOutputFolderTests: CLITestCase {
    /// TinyScenes.moving shortened to 0.2 s: 12 frames instead of 36.
    private var shortScene: String { TinyScenes.moving.replacingOccurrences(of: "\"duration\": 0.6", with: "\"duration\": 0.2") }

    private func write(_ text: String, _ file: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }

    func testAShorterRenderRemovesOurStaleFramesAndKeepsForeignFiles() throws {
        let long = try writeScene(TinyScenes.moving, named: "long.json")
        let short = try writeScene(shortScene, named: "short.json")
        let out = path("out")
        try expect(0, [long, "--out", out, "--quiet"])
        // Foreign files, one of them named like a frame we never wrote (index 40 ≥ 36).
        try write("notes\n", out + "/notes.txt")
        try write("not ours\n", out + "/frame_00040.png")
        try expect(0, [short, "--out", out, "--quiet"])
        XCTAssertEqual(try files(in: out), (frameNames(0..<12) + ["events.json", "frame_00040.png", "manifest.json", "notes.txt"]).sorted())
        XCTAssertEqual(try bytes(out + "/frame_00040.png"), Data("not ours\n".utf8))
        XCTAssertEqual(try json(out + "/manifest.json")["frameCount"] as? Int, 12)
    }

    /// `--frames` of another scene into a folder holding a render: the earlier render's frames go (the manifest could
    /// not describe both), while `--frames` of the same render keeps them (OutputFolderTruthTests).
    func testAPartialRenderOfAnotherSceneReplacesTheEarlierFrames() throws {
        let long = try writeScene(TinyScenes.moving, named: "long.json")
        let short = try writeScene(shortScene, named: "short.json")
        let out = path("out")
        try expect(0, [long, "--out", out, "--quiet"])
        try write("notes\n", out + "/notes.txt")
        try expect(0, [short, "--out", out, "--quiet", "--frames", "0-3"])
        XCTAssertEqual(try files(in: out), (frameNames(0...3) + ["events.json", "manifest.json", "notes.txt"]).sorted())
    }

    func testAFailedRenderRemovesNothing() throws {
        let long = try writeScene(TinyScenes.moving, named: "long.json")
        let out = path("out")
        try expect(0, [long, "--out", out, "--quiet"])
        let before = try files(in: out)
        // The same file, now with an expression that divides by zero at t = 0.1 s: the render stops there.
        let broken = TinyScenes.moving
            .replacingOccurrences(of: "\"duration\": 0.6", with: "\"duration\": 0.2")
            .replacingOccurrences(of: "\"y\": 0}", with: "\"y\": \"=1 / (x - x)\"}")
        try writeScene(broken, named: "long.json")
        let run = try expect(1, [long, "--out", out, "--quiet"])
        XCTAssertTrue(run.stderr.contains("not a finite number"), run.stderr)
        XCTAssertEqual(try files(in: out), before)
    }

    /// A manifest edited by hand (or written by someone else) cannot make us delete anything: one that lists anything
    /// but frame files directly inside the output folder is not one of ours, and nothing it lists is removed, not even
    /// its frame files.
    func testAManifestNamingOtherFilesDeletesNothing() throws {
        let short = try writeScene(shortScene, named: "short.json")
        let out = path("out")
        let header = #""scene": "x", "fps": 60, "frameCount": 100, "duration": 1.6, "width": 4, "height": 4, "scale": 1, "hash": "h""#
        let manifests = [
            """
            {"frames": [{"file": "notes.txt"}, {"file": "../victim.png"}, {"file": "frame_00099.png"},
                        {"file": "frame_/../../victim.png"}, {"file": "../short.json"}]}
            """,
            """
            {\(header), "frames": [{"index": 98, "file": "../victim.png", "hash": "0"}, {"index": 99, "file": "frame_00099.png", "hash": "0"}]}
            """,
        ]
        for manifest in manifests {
            try? FileManager.default.removeItem(atPath: out)
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try write("outside\n", path("victim.png"))
            try write("notes\n", out + "/notes.txt")
            try write("stale\n", out + "/frame_00099.png")
            try write(manifest, out + "/manifest.json")
            try expect(0, [short, "--out", out, "--quiet"])
            XCTAssertEqual(try bytes(path("victim.png")), Data("outside\n".utf8))
            XCTAssertEqual(try bytes(out + "/notes.txt"), Data("notes\n".utf8))
            XCTAssertTrue(FileManager.default.fileExists(atPath: path("short.json")))
            XCTAssertEqual(try bytes(out + "/frame_00099.png"), Data("stale\n".utf8), "not our manifest: nothing it lists is removed")
        }
    }

    /// Our own manifest, as an earlier render wrote it, is the list of frames a complete render may remove.
    func testOurManifestNamesTheFramesToRemove() throws {
        let short = try writeScene(shortScene, named: "short.json")
        let out = path("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try write("stale\n", out + "/frame_00099.png")
        try write("""
        {
          "scene": "x", "fps": 60, "frameCount": 100, "duration": 1.6, "width": 4, "height": 4, "scale": 1,
          "hash": "render-pixel-hash-64", "frames": [{"index": 99, "file": "frame_00099.png", "hash": "0"}]
        }
        """, out + "/manifest.json")
        try expect(0, [short, "--out", out, "--quiet"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/frame_00099.png"), "a listed frame file is ours to remove")
    }
}
