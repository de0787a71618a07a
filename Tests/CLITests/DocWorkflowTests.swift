import Foundation
import TestSupport
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The YAML in docs/ci.md and docs/distributed.md, checked and run by `Tests/Tools/doc_workflows.py` (PyYAML parses
/// it; the script emulates GitHub Actions' jobs, matrix and artifacts, and a Kubernetes Indexed Job's pods), with this
/// build's `render`. The results are then checked here with independent readers: ffprobe for the joined video,
/// XMLParser for JUnit, byte comparison for goldens.
final class DocWorkflowTests: CLITestCase {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
    static func doc(_ name: String) -> String { root.appendingPathComponent("docs/\(name)").path }

    /// Runs the script; returns its JSON output. A `{"problem": …}` answer fails the test with the problem.
    func script(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        guard (try? Python.run(["-c", "import yaml"])) == 0 else {
            throw missingTool("PyYAML (Debian package python3-yaml) is not installed: the docs' YAML not checked")
        }
        let process = Python.process([Self.root.appendingPathComponent("Tests/Tools/doc_workflows.py").path] + arguments)
        let data = try ProcessOutput.run(process).stdout
        let answer = try JSONSerialization.jsonObject(with: data)
        if let problem = (answer as? [String: Any])?["problem"] as? String {
            XCTFail("doc_workflows.py \(arguments.joined(separator: " ")): \(problem)", file: file, line: line)
        }
        return answer
    }

    /// The jobs a workflow run reports: name, status, and the failing steps' output for messages.
    func jobs(_ answer: Any) -> [(job: String, status: String, workspace: String, detail: String, summary: String)] {
        ((answer as? [[String: Any]]) ?? []).map { j in
            let steps = (j["steps"] as? [[String: Any]]) ?? []
            let detail = steps.filter { ($0["status"] as? Int) != 0 }
                .map { "\($0["step"] ?? ""): \($0["stderr"] ?? "")\($0["stdout"] ?? "")" }.joined(separator: "\n")
            let summary = (j["summary"] as? String).flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
            return (j["job"] as? String ?? "", j["status"] as? String ?? "", j["workspace"] as? String ?? "", detail, summary)
        }
    }

    func testTheYAMLParsesAndHasTheStructureItsSystemExpects() throws {
        let ci = try XCTUnwrap(try script(["validate", Self.doc("ci.md")]) as? [String: Any])
        XCTAssertEqual(ci["workflows"] as? Int, 1)
        let distributed = try XCTUnwrap(try script(["validate", Self.doc("distributed.md")]) as? [String: Any])
        XCTAssertEqual(distributed["jobs"] as? [String], ["render", "merge"])
        XCTAssertEqual(distributed["kubernetes"] as? [String], ["Job/render-unlock", "Job/render-unlock-merge"])
    }

    /// docs/ci.md's workflow: recorded by hand (workflow_dispatch, record: all), committed, then run on push — passing
    /// as recorded, failing with a report and JUnit failures once the scene changes.
    func testTheCIWorkflowRecordsThenTestsThenCatchesAChange() throws {
        let template = path("repo")
        try FileManager.default.createDirectory(atPath: template + "/Tests/Goldens", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.root.appendingPathComponent("Scenes").path, toPath: template + "/Scenes")

        // 1. Record on "the CI image": the unlock goldens come out byte for byte as committed in this repository.
        let record = jobs(try script(["run-workflow", Self.doc("ci.md"), "--template", template, "--scratch", path("record"),
                                      "--render", RenderBinary.path, "--event", "workflow_dispatch", "--input", "record=all"]))
        XCTAssertEqual(record.map(\.status), ["success", "success"], record.map(\.detail).joined())
        for variant in ["unlock", "unlock-blue"] {
            let recorded = path("record/artifacts/goldens-\(variant)")
            XCTAssertEqual(try files(in: recorded), frameNames(0..<20) + ["manifest.json", "motion.json"], variant)
            try FileManager.default.copyItem(atPath: recorded, toPath: template + "/Tests/Goldens/\(variant)")
        }
        let committed = Self.root.appendingPathComponent("Tests/Goldens/unlock").path
        for name in frameNames(0..<20) + ["manifest.json"] {
            XCTAssertEqual(try bytes(template + "/Tests/Goldens/unlock/" + name), try bytes(committed + "/" + name), name)
        }
        XCTAssertNotEqual(try bytes(template + "/Tests/Goldens/unlock-blue/frame_00010.png"),
                          try bytes(committed + "/frame_00010.png"), "the variant has its own goldens")

        // 2. A push: both variants pass; JUnit has 20 passing frames, the motion golden and one case per expectation of
        //    Scenes/unlock.test.json (checked beside the scene, whatever the variant) each; no report is uploaded.
        let expectations = try XCTUnwrap(try json(template + "/Scenes/unlock.test.json")["expect"] as? [Any]).count
        XCTAssertGreaterThan(expectations, 0)
        let push = jobs(try script(["run-workflow", Self.doc("ci.md"), "--template", template, "--scratch", path("push"),
                                    "--render", RenderBinary.path]))
        XCTAssertEqual(push.map(\.status), ["success", "success"], push.map(\.detail).joined())
        for (job, variant) in zip(push, ["unlock", "unlock-blue"]) {
            XCTAssertEqual(try junitCounts(job.workspace + "/junit/\(variant).xml"), JUnitCounts(tests: 21 + expectations, failures: 0))
            XCTAssertTrue(job.summary.hasPrefix("## \(variant == "unlock" ? "unlock" : "unlock (--set accent=#7CA0FF)"): passed\n"), job.summary)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("push/artifacts/report-unlock")))

        // 3. A push that changes the label's colour a little: both variants fail on the 11 frames that show the label,
        //    with a report uploaded; the motion and the expectations are unchanged.
        let scene = template + "/Scenes/unlock.json"
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        XCTAssertTrue(text.contains("\"label\": \"#FFFFFF99\""))
        try text.replacingOccurrences(of: "\"label\": \"#FFFFFF99\"", with: "\"label\": \"#FFFFFFB3\"")
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let changed = jobs(try script(["run-workflow", Self.doc("ci.md"), "--template", template, "--scratch", path("changed"),
                                       "--render", RenderBinary.path]))
        XCTAssertEqual(changed.map(\.status), ["failure", "failure"])
        for (job, variant) in zip(changed, ["unlock", "unlock-blue"]) {
            XCTAssertEqual(try junitCounts(job.workspace + "/junit/\(variant).xml"), JUnitCounts(tests: 21 + expectations, failures: 11))
            XCTAssertTrue(FileManager.default.fileExists(atPath: path("changed/artifacts/report-\(variant)/\(variant)/index.html")), variant)
            // The job summary: the verdict, the 11 failing frames, and the animation uploaded with the report.
            XCTAssertTrue(job.summary.contains(": FAILED\n"), job.summary)
            XCTAssertTrue(job.summary.contains("**Frames:** 11 of 20 failing, 9 passing"), job.summary)
            XCTAssertTrue(job.summary.contains("![golden left, actual right](summary.png)"), job.summary)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path("changed/artifacts/report-\(variant)/\(variant)/summary.png")), variant)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path("changed/artifacts/report-\(variant)/\(variant)/report.json")), variant)
        }
    }

    /// docs/distributed.md's matrix and Indexed Job, on a 45-frame stand-in for Scenes/unlock.json: each gives one
    /// video of all 45 frames.
    func testTheDistributedExamplesJoinTheirChunks() throws {
        let template = path("repo")
        try FileManager.default.createDirectory(atPath: template + "/Scenes", withIntermediateDirectories: true)
        try VideoShardTests.scene.write(toFile: template + "/Scenes/unlock.json", atomically: true, encoding: .utf8)
        try FFmpegTools.require()

        let matrix = jobs(try script(["run-workflow", Self.doc("distributed.md"), "--template", template,
                                      "--scratch", path("gha"), "--render", RenderBinary.path, "--event", "workflow_dispatch"]))
        XCTAssertEqual(matrix.map(\.job), ["render", "render", "render", "render", "merge"])
        XCTAssertEqual(matrix.map(\.status), Array(repeating: "success", count: 5), matrix.map(\.detail).joined())
        XCTAssertEqual(try FFmpegTools.probe(path("gha/artifacts/unlock-video/unlock.mp4"))["nb_read_frames"], "45")

        let pods = try XCTUnwrap(try script(["run-kubernetes", Self.doc("distributed.md"), "--template", template,
                                             "--scratch", path("k8s"), "--render", RenderBinary.path]) as? [[String: Any]])
        XCTAssertEqual(pods.map { $0["status"] as? Int }, [0, 0, 0, 0, 0], "\(pods.map { $0["stderr"] ?? "" })")
        XCTAssertEqual(pods.compactMap { $0["index"] as? Int }, [3, 2, 1, 0], "indexed pods, in reverse order")
        XCTAssertEqual(try files(in: path("k8s/volumes/out/chunks")),
                       (1...4).map { "manifest.shard-\($0)-of-4.json" } + (1...4).map { "unlock-\($0).mp4" })
        XCTAssertEqual(try FFmpegTools.probe(path("k8s/volumes/out/unlock.mp4"))["nb_read_frames"], "45")
    }

    struct JUnitCounts: Equatable { var tests: Int; var failures: Int }

    /// The test cases and failures in a JUnit file, counted by XMLParser.
    func junitCounts(_ file: String) throws -> JUnitCounts {
        final class Counter: NSObject, XMLParserDelegate {
            var counts = JUnitCounts(tests: 0, failures: 0)
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if name == "testcase" { counts.tests += 1 }
                if name == "failure" { counts.failures += 1 }
            }
        }
        let parser = try XCTUnwrap(XMLParser(contentsOf: URL(fileURLWithPath: file)), file)
        let counter = Counter()
        parser.delegate = counter
        XCTAssertTrue(parser.parse(), "\(file) is not well-formed XML")
        return counter.counts
    }
}
