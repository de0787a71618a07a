import Foundation
import ImageIO
import XCTest

/// `--shard K/N` and `render merge`: the union of the shards is the full render, byte for byte.
final class ShardCLITests: XCTestCase {
    func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    func testShardsMergeToTheFullRenderByteForByte() throws {
        let dir = try DiffCLI.scratch("shard")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/square.json"
        try DiffCLI.movingSquare().write(toFile: scene, atomically: true, encoding: .utf8)
        XCTAssertEqual(try DiffCLI.run(["frames", scene, "--out", dir + "/full", "-q"]).status, 0)
        var blocks: [[String]] = []
        for k in 1...3 {
            XCTAssertEqual(try DiffCLI.run(["frames", scene, "--out", dir + "/s\(k)", "--shard", "\(k)/3", "-q"]).status, 0)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/s\(k)/manifest.json"))
            blocks.append(files(dir + "/s\(k)").filter { $0.hasPrefix("frame_") })
        }
        // 10 frames in 3 blocks: ⌊k·10/3⌋ boundaries 0, 3, 6, 10.
        XCTAssertEqual(blocks.map(\.count), [3, 3, 4])
        XCTAssertEqual(blocks.joined().sorted(), (0..<10).map { String(format: "frame_%05d.png", $0) })

        let merged = try DiffCLI.run(["merge", dir + "/s1", dir + "/s2", dir + "/s3", "--out", dir + "/merged", "--verify"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        let expected = files(dir + "/full")
        XCTAssertEqual(files(dir + "/merged"), expected)
        for name in expected {
            XCTAssertEqual(try readFileBytes(at: dir + "/merged/" + name), try readFileBytes(at: dir + "/full/" + name), name)
        }
    }

    /// The merged manifest lists the `--set` values in the scene's order, as the unsharded render's does, though
    /// neither that order nor the shards' is alphabetical.
    func testMergeKeepsTheSetValuesInTheScenesOrder() throws {
        let dir = try DiffCLI.scratch("shard-set")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/square.json"
        try DiffCLI.movingSquare()
            .replacingOccurrences(of: #""state": {"x": -20}"#,
                                  with: ##""state": {"zeta": 0, "x": -20, "alpha": "a"}, "colors": {"paint": "#FF0000", "accent": "#00FF00"}"##)
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let set = ["--set", "alpha=b\"é", "--set", "zeta=0.123456", "--set", "accent=#FF00FF", "--set", "paint=accent", "-q"]
        XCTAssertEqual(try DiffCLI.run(["frames", scene, "--out", dir + "/full"] + set).status, 0)
        for k in 1...2 {
            XCTAssertEqual(try DiffCLI.run(["frames", scene, "--out", dir + "/s\(k)", "--shard", "\(k)/2"] + set).status, 0)
        }
        let merged = try DiffCLI.run(["merge", dir + "/s1", dir + "/s2", "--out", dir + "/merged"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        func text(_ path: String) throws -> String { String(decoding: try readFileBytes(at: path), as: UTF8.self) }
        let manifest = try text(dir + "/full/manifest.json")
        XCTAssertTrue(manifest.contains(##"  "overrides": {"state": {"zeta": 0.1235, "alpha": "b\"é"}, "colors": {"paint": "accent", "accent": "#FF00FF"}},"##),
                      manifest)
        XCTAssertEqual(try text(dir + "/merged/manifest.json"), manifest)
    }

    func testMergeRefusesIncompleteOrOverlappingShards() throws {
        let dir = try DiffCLI.scratch("shard-bad")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/square.json"
        try DiffCLI.movingSquare().write(toFile: scene, atomically: true, encoding: .utf8)
        for (folder, shard) in [("a", "1/2"), ("b", "2/2"), ("c", "2/3")] {
            XCTAssertEqual(try DiffCLI.run(["frames", scene, "--out", dir + "/" + folder, "--shard", shard, "-q"]).status, 0)
        }
        let missing = try DiffCLI.run(["merge", dir + "/a", "--out", dir + "/m1"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("missing shard 2/2"), missing.stderr)
        XCTAssertEqual(try DiffCLI.run(["merge", dir + "/a", dir + "/c", "--out", dir + "/m2"]).status, 1, "different N")
        // A frame file deleted after rendering is caught.
        try FileManager.default.removeItem(atPath: dir + "/b/frame_00007.png")
        XCTAssertEqual(try DiffCLI.run(["merge", dir + "/a", dir + "/b", "--out", dir + "/m3"]).status, 1)
        XCTAssertEqual(try DiffCLI.run(["frames", scene, "--shard", "0/2"]).status, 2)
        XCTAssertEqual(try DiffCLI.run(["frames", scene, "--shard", "3/2"]).status, 2)
    }
}
