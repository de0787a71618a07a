import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// What CI and a user's shell can hand `render` instead of a file: a folder, a named pipe (which blocks a read until
/// something writes), a device (`/dev/zero` never ends). Each is named for what it is, at once, for the scene, the
/// `--state` file and the expectation file alike. And a scene that does not load is still a verdict in `--json` and
/// `--junit`, so a CI job's test report never goes missing.
final class InputFileKindTests: CLITestCase {
    func testFoldersPipesAndDevicesAreNamedAtOnce() throws {
        let scene = try writeScene(DiffCLI.movingSquare(), named: "square.json")
        let folder = path("a-folder"), fifo = path("a-pipe")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let cases: [([String], String)] = [
            (["check", folder], "\(folder):1:1: (document): is a folder, not a scene file"),
            (["check", fifo], "\(fifo):1:1: (document): is a named pipe (FIFO), not a scene file: give the file itself"),
            (["check", "/dev/zero"], "/dev/zero:1:1: (document): is a device, not a scene file"),
            (["check", scene, "--state", fifo], "is a named pipe (FIFO), not a state file"),
            (["check", scene, "--state", "/dev/zero"], "is a device, not a state file"),
            (["test", scene, "--expect", fifo], "is a named pipe (FIFO), not an expectation file"),
            (["test", scene, "--expect", folder], "is a folder, not an expectation file"),
        ]
        for (arguments, message) in cases {
            let started = Date()
            let run = try render.run(arguments, timeout: 30)
            XCTAssertEqual(run.status, 1, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(arguments) answered at once")
        }
    }

    func testALoadErrorStillWritesTheJSONAndTheJUnitReport() throws {
        let scene = try writeScene("{\"scene\": 1, \"canvas\": {\"width\": 40}}\n", named: "broken.json")
        let junit = path("reports/junit.xml")
        let run = try render.run(["test", scene, "--golden", path("goldens"), "--json", "--junit", junit])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(scene):1:"), run.stderr)
        // The JSON verdict on stdout: not passed, not loaded, each problem as printed.
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
        XCTAssertEqual(summary["passed"] as? Bool, false)
        XCTAssertEqual(summary["loaded"] as? Bool, false)
        let problems = try XCTUnwrap(summary["problems"] as? [String])
        XCTAssertEqual(problems, run.stderr.split(separator: "\n").map(String.init))
        // JUnit, read by an XML parser: one test case in error, with the problems.
        final class Reader: NSObject, XMLParserDelegate, @unchecked Sendable {
            var errors: [String: String] = [:], cases = 0, text = ""
            func parser(_ p: XMLParser, didStartElement e: String, namespaceURI: String?, qualifiedName: String?, attributes a: [String: String] = [:]) {
                if e == "testsuites" { errors = a }
                if e == "testcase" { cases += 1 }
            }
            func parser(_ p: XMLParser, foundCharacters s: String) { text += s }
        }
        let reader = Reader()
        let parser = XMLParser(data: try bytes(junit))
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(reader.errors["errors"], "1")
        XCTAssertEqual(reader.errors["tests"], "1")
        XCTAssertEqual(reader.cases, 1)
        XCTAssertTrue(reader.text.contains(problems[0]), reader.text)
    }
}
