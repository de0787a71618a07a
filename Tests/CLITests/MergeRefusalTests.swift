import Foundation
import XCTest

/// `render merge`: each refusal with its message, and `--verify` catching a frame whose pixels are not the
/// ones its shard manifest's hash says (a check nothing else makes: the file exists and is a valid PNG).
final class MergeRefusalTests: CLITestCase {
    var scene = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        scene = try writeScene(DiffCLI.movingSquare(), named: "square.json")
    }

    /// Renders shard `shard` of the square scene (10 frames at 10 fps) into `folder`.
    private func shard(_ shard: String, into folder: String, extra: [String] = []) throws {
        try expect(0, [scene, "--out", path(folder), "--shard", shard, "-q"] + extra)
    }

    private func merge(_ folders: [String], _ extra: [String] = []) throws -> RenderBinary.Run {
        try render.run(["merge"] + folders.map(path) + ["--out", path("merged")] + extra)
    }

    func testVerifyCatchesAFrameWithOtherPixelsThanItsHash() throws {
        try shard("1/2", into: "a")
        try shard("2/2", into: "b")
        // Frame 7 (the square moving) replaced by frame 0 (the square at rest): a valid PNG, other pixels.
        try FileManager.default.removeItem(atPath: path("b/frame_00007.png"))
        try FileManager.default.copyItem(atPath: path("a/frame_00000.png"), toPath: path("b/frame_00007.png"))
        let verified = try merge(["a", "b"], ["--verify"])
        XCTAssertEqual(verified.status, 1)
        XCTAssertEqual(verified.errorLines, ["render merge: frame 7: \(path("b/frame_00007.png")) does not have the pixels its manifest hash says"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("merged/manifest.json")), "no manifest for a refused merge")
        // Without --verify the file is only checked to exist, so the merge goes through: the hash check is --verify's.
        XCTAssertEqual(try merge(["a", "b"]).status, 0)
    }

    func testRefusalsNameTheProblem() throws {
        try shard("1/2", into: "a")
        try shard("2/2", into: "b")
        try shard("2/3", into: "c")
        try shard("2/2", into: "slow", extra: ["--fps", "5"])
        try FileManager.default.createDirectory(atPath: path("empty"), withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["empty"], "render merge: no shard manifests (manifest.shard-K-of-N.json) in \(path("empty"))"),
            (["a"], "render merge: missing shard 2/2"),
            (["a", "c"], "render merge: \(path("c/manifest.shard-2-of-3.json")) is shard 2/3 but \(path("a/manifest.shard-1-of-2.json")) is shard 1/2: different shard counts"),
            (["a", "slow"], "render merge: \(path("slow/manifest.shard-2-of-2.json")) and \(path("a/manifest.shard-1-of-2.json")) come from different renders (scene, fps, size, scale or --set values differ)"),
            (["a", "b", "b"], "render merge: shard 2/2 appears twice: \(path("b/manifest.shard-2-of-2.json")) and \(path("b/manifest.shard-2-of-2.json"))"),
        ]
        for (folders, message) in cases {
            let run = try merge(folders)
            XCTAssertEqual(run.status, 1, "\(folders)")
            XCTAssertEqual(run.errorLines, [message], "\(folders)")
        }
        try FileManager.default.removeItem(atPath: path("b/frame_00007.png"))
        XCTAssertEqual(try merge(["a", "b"]).errorLines,
                       ["render merge: frame 7: \(path("b/frame_00007.png")) is listed in its shard manifest but does not exist"])
    }

    /// A shard manifest that is broken (cut short, edited) is named with what is wrong in it, and nothing is merged.
    func testABrokenShardManifestIsNamed() throws {
        try shard("1/2", into: "a")
        try shard("2/2", into: "b")
        let file = path("b/manifest.shard-2-of-2.json")
        let good = try String(contentsOfFile: file, encoding: .utf8)
        let cases: [(String, String)] = [
            (String(good.prefix(40)), "not valid JSON"),
            (good.replacingOccurrences(of: "\"frame_00005.png\"", with: "\"../a/frame_00000.png\""),
             "frames[0].file: \"../a/frame_00000.png\" is not a frame file name (frame_NNNNN.png)"),
            (good.replacingOccurrences(of: "\"frameCount\": 10", with: "\"frameCount\": \"10\""), "frameCount: expected a whole number"),
            (good.replacingOccurrences(of: "\"shard\": {\"index\": 2, \"count\": 2}", with: "\"shard\": {\"index\": 3, \"count\": 2}"),
             "shard: not a shard K/N with 1 ≤ K ≤ N ≤ 10000"),
        ]
        for (text, problem) in cases {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let run = try merge(["a", "b"])
            XCTAssertEqual(run.status, 1, problem)
            XCTAssertEqual(run.errorLines, ["render merge: \(file): \(problem)"])
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("merged/manifest.json")))
        }
    }

    func testTheSummarySaysWhatWasMerged() throws {
        try shard("1/2", into: "a")
        try shard("2/2", into: "b")
        let run = try expect(0, ["merge", path("a"), path("b")])
        XCTAssertEqual(run.stdout, "merged 2 shards: 10 frames → \(path("a/manifest.json")) (5 frames copied)\n")
        try shard("1/1", into: "one")
        XCTAssertEqual(try expect(0, ["merge", path("one")]).stdout, "merged 1 shard: 10 frames → \(path("one/manifest.json"))\n")
    }
}
