import Foundation
import TestSupport
import XCTest

/// The bytes of every output, kept until a deliberate picture change: every scene in `Scenes/` as PNG frames (with
/// manifest.json and events.json) at `--jobs 1` and `--jobs 2`, and Scenes/unlock.json as mp4 (both `--jobs`), strip,
/// preview page (with its frames) and APNG, all at 4 fps and scale 0.25 to stay quick, compared with the hashes
/// recorded in `Tests/Goldens/output-bytes.json`. Restructuring how frames reach the outputs must not change a byte.
///
/// An output's hash is coreutils' `sha256sum` of the sorted lines "PATH SHA256" of its files (PATH relative to the
/// output), as in Benchmarks/output-hashes.sh, which does the same at full rate. After a deliberate picture change,
/// re-record with `RENDER_RECORD=all` (or `failed`, `missing`: as SceneGoldenTests) and commit the file with the change.
/// The mp4 is ffmpeg's (libx264): another ffmpeg build may write other bytes; re-record on the new machine image then.
final class OutputBytesTests: CLITestCase {
    static let cheap = ["--fps", "4", "--scale", "0.25"]
    static var recordFile: URL { SceneGoldenTests.root.appendingPathComponent("Tests/Goldens/output-bytes.json") }
    static var unlock: String { SceneGoldenTests.root.appendingPathComponent("Scenes/unlock.json").path }

    /// What the file holds for one output.
    struct Recorded: Codable, Equatable {
        var files: Int
        var sha256: String
    }

    func testFramesOfEveryScene() throws {
        var found: [String: Recorded] = [:]
        for name in try SceneGoldenTests.sceneNames() {
            let stem = String(name.dropLast(5))
            for jobs in [1, 2] {
                let out = path("\(stem)-\(jobs)")
                try expect(0, [SceneGoldenTests.root.appendingPathComponent("Scenes/\(name)").path, "--out", out,
                               "--jobs", String(jobs), "--quiet"] + Self.cheap)
                found["\(stem) png jobs \(jobs)"] = try digest(out)
            }
            XCTAssertEqual(found["\(stem) png jobs 1"], found["\(stem) png jobs 2"],
                           "\(stem): --jobs 1 and --jobs 2 wrote different bytes (a bug: the jobs must not change a byte)")
        }
        try check(found, kinds: ["png"])
    }

    func testUnlockVideo() throws {
        try FFmpegTools.require()
        var found: [String: Recorded] = [:]
        for jobs in [1, 2] {
            let out = path("mp4-\(jobs)")
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
            try expect(0, [Self.unlock, "--out", out + "/unlock.mp4", "--jobs", String(jobs), "--quiet"] + Self.cheap)
            found["unlock mp4 jobs \(jobs)"] = try digest(out)
        }
        XCTAssertEqual(found["unlock mp4 jobs 1"], found["unlock mp4 jobs 2"], "unlock.mp4: --jobs 1 and --jobs 2 differ")
        try check(found, kinds: ["mp4"])
    }

    func testUnlockStripPreviewAndAPNG() throws {
        let strip = path("strip"), preview = path("preview"), apng = path("apng")
        try FileManager.default.createDirectory(atPath: strip, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: apng, withIntermediateDirectories: false)
        try expect(0, ["strip", Self.unlock, "--out", strip + "/strip.png", "--quiet"] + Self.cheap)
        try expect(0, ["preview", Self.unlock, "--out", preview, "--quiet"] + Self.cheap)
        // The APNG on a line of its own, so that a change names it.
        try FileManager.default.moveItem(atPath: preview + "/preview.png", toPath: apng + "/preview.png")
        try check(["unlock strip": try digest(strip), "unlock preview": try digest(preview), "unlock apng": try digest(apng)],
                  kinds: ["strip", "preview", "apng"])
    }

    // MARK: - Hashing and the record

    /// The number of files below `folder` and the sha256 of the sorted lines "PATH SHA256" of them.
    func digest(_ folder: String) throws -> Recorded {
        guard let tool = FFmpegTools.locate("sha256sum") else {
            throw missingTool("sha256sum (Debian package coreutils) is not on PATH: output bytes not checked")
        }
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path + "/"
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: folder))
        let names = enumerator.compactMap { $0 as? String }
            .filter { !FileManager.default.isDirectory(base + $0) }.sorted()
        XCTAssertFalse(names.isEmpty, "\(folder) is empty")
        // sha256sum prints "HASH  PATH" a file, in the order given.
        let sums = String(decoding: try FFmpegTools.run(tool, ["--"] + names.map { base + $0 }), as: UTF8.self)
            .split(separator: "\n").map { String($0.prefix(64)) }
        XCTAssertEqual(sums.count, names.count)
        let list = folder + ".sha256-list"
        try Data(zip(names, sums).map { "\($0) \($1)\n" }.joined().utf8).write(to: URL(fileURLWithPath: list))
        let sum = String(decoding: try FFmpegTools.run(tool, [list]), as: UTF8.self).prefix(64)
        return Recorded(files: names.count, sha256: String(sum))
    }

    /// Compares `found` with the recorded hashes of the outputs of `kinds` (the second word of a name), or records them as
    /// `RENDER_RECORD` says: `all` every one, `failed` the changed and the missing ones, `missing` the missing ones.
    func check(_ found: [String: Recorded], kinds: Set<String>, file: StaticString = #filePath, line: UInt = #line) throws {
        let mode = ProcessInfo.processInfo.environment["RENDER_RECORD"] ?? "never"
        var recorded: [String: Recorded] = [:]
        if FileManager.default.fileExists(atPath: Self.recordFile.path) {
            do {
                recorded = try JSONDecoder().decode([String: Recorded].self, from: Data(contentsOf: Self.recordFile))
            } catch where mode == "all" {
                // Written anew below.
            } catch {
                XCTFail("Tests/Goldens/output-bytes.json is not a JSON object of name → {files, sha256}: \(error). "
                        + "Restore it from git, or re-record every output with RENDER_RECORD=all", file: file, line: line)
                return
            }
        }
        let before = recorded
        let redo = "If the picture change is deliberate, re-record with RENDER_RECORD=all swift test --skip-build --filter "
            + "OutputBytesTests and commit Tests/Goldens/output-bytes.json with the change; anything else is a regression: "
            + "the same scene and options must write the same bytes."
        for (name, now) in found.sorted(by: { $0.key < $1.key }) where recorded[name] != now {
            if mode == "all" || mode == "failed" || (mode == "missing" && recorded[name] == nil) {
                recorded[name] = now
            } else if let old = recorded[name] {
                XCTFail("\(name) changed: \(old.files) files, sha256 \(old.sha256) recorded; now \(now.files) files, sha256 "
                        + "\(now.sha256). \(redo)", file: file, line: line)
            } else {
                XCTFail("\(name): no hash recorded in Tests/Goldens/output-bytes.json (now \(now.files) files, sha256 "
                        + "\(now.sha256)); record it with RENDER_RECORD=missing", file: file, line: line)
            }
        }
        // A recorded output of these kinds that no longer exists (a scene removed or renamed).
        for name in recorded.keys.sorted() where found[name] == nil && kinds.contains(Self.kind(name)) {
            if mode == "all" {
                recorded[name] = nil
            } else {
                XCTFail("\(name) is recorded but was not written; RENDER_RECORD=all drops it", file: file, line: line)
            }
        }
        if recorded != before {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try (encoder.encode(recorded) + Data("\n".utf8)).write(to: Self.recordFile)
        }
    }

    static func kind(_ name: String) -> String {
        let words = name.split(separator: " ")
        return words.count > 1 ? String(words[1]) : ""
    }
}

private extension FileManager {
    func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
