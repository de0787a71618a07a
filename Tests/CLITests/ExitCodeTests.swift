import Foundation
import XCTest

/// Exit statuses: 0 ok, 1 bad scene (one `file:line:col: path: message` line per problem, nothing written),
/// 2 bad command-line usage.
final class ExitCodeTests: CLITestCase {
    func testBadSceneExitsWithOneLocatedLinePerProblemAndWritesNothing() throws {
        let scene = try writeScene(TinyScenes.twoProblems, named: "bad.json")
        let out = path("out")
        let run = try expect(1, [scene, "--out", out])

        XCTAssertEqual(run.errorLines.count, 2, "one line per problem, got:\n\(run.stderr)")
        let pattern = try NSRegularExpression(pattern: #"^(.+):(\d+):(\d+): (\S+): (.+)$"#)
        var seen: [String: (Int, Int)] = [:]
        for line in run.errorLines {
            let ns = line as NSString
            guard let m = pattern.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) else {
                XCTFail("not file:line:col: path: message: \(line)"); continue
            }
            XCTAssertTrue(ns.substring(with: m.range(at: 1)).hasSuffix("bad.json"), line)
            seen[ns.substring(with: m.range(at: 4))] = (Int(ns.substring(with: m.range(at: 2))) ?? -1, Int(ns.substring(with: m.range(at: 3))) ?? -1)
        }
        // The positions are those of the offending values in the file text.
        let type = try XCTUnwrap(TinyScenes.position(of: "\"circel\"", in: TinyScenes.twoProblems))
        let opacity = try XCTUnwrap(TinyScenes.position(of: "2}]", in: TinyScenes.twoProblems))
        XCTAssertEqual(seen["body.children[0].type"]?.0, type.line)
        XCTAssertEqual(seen["body.children[0].type"]?.1, type.column)
        XCTAssertEqual(seen["body.children[1].opacity"]?.0, opacity.line)
        XCTAssertEqual(seen["body.children[1].opacity"]?.1, opacity.column)

        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "a rejected scene must not create its output folder")
    }

    func testBadSceneLeavesAnExistingOutputFolderUntouched() throws {
        let scene = try writeScene(TinyScenes.twoProblems, named: "bad.json")
        let out = path("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try expect(1, [scene, "--out", out])
        XCTAssertEqual(try files(in: out), [])
    }

    func testUsageErrorsExitWithTwoAndWriteNothing() throws {
        let scene = try writeScene(TinyScenes.moving)
        let cases: [[String]] = [["--jobs", "0"], ["--frames", "5-2"], ["--bogus"], ["--at", "-1"], ["--frames", "x"]]
        for extra in cases {
            let out = path("out")
            let run = try expect(2, [scene, "--out", out] + extra)
            XCTAssertFalse(run.stderr.isEmpty, "\(extra) should explain itself on stderr")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(extra) wrote something")
        }
    }

    func testOutNamingAnExistingFileFailsWithOneAndDeletesNothing() throws {
        let scene = try writeScene(TinyScenes.moving)
        let target = path("not-a-folder")
        let content = Data("keep me\n".utf8)
        try content.write(to: URL(fileURLWithPath: target))
        let run = try expect(1, [scene, "--out", target])
        XCTAssertFalse(run.stderr.isEmpty)
        XCTAssertEqual(try bytes(target), content)
        XCTAssertEqual(try files(in: folder.path), ["not-a-folder", "scene.json"])
    }

    func testMissingSceneFileFailsWithOne() throws {
        let run = try expect(1, [path("nowhere.json"), "--out", path("out")])
        XCTAssertTrue(run.stderr.contains("nowhere.json"), run.stderr)
    }
}
