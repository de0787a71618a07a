import Foundation
import XCTest

/// Every subcommand's help page has examples, and the top-level example of `render diff` works as written.
final class HelpExampleTests: CLITestCase {
    func testEveryHelpPageHasExamples() throws {
        for command in ["frames", "check", "dump", "diff", "test", "accept", "merge", "strip", "preview", "watch", "review"] {
            let help = try expect(0, ["help", command]).stdout
            XCTAssertTrue(help.contains("Examples:\n  render "), "render help \(command) has no examples:\n\(help)")
            // The prose above the examples is wrapped by the argument parser: a run of spaces inside a line is a line
            // break lost from the source (it happened: "or,         with --format").
            let prose = help.components(separatedBy: "Examples:")[0].split(separator: "\n").dropFirst()
            for line in prose where line.trimmingCharacters(in: .whitespaces).contains("  ") {
                XCTFail("render help \(command): spaces inside the text: \(line)")
            }
        }
    }

    func testTheTopLevelDiffExampleWorksAsWritten() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let help = try expect(0, ["--help"]).stdout
        XCTAssertTrue(help.contains("render diff Output/unlock Tests/Goldens/unlock"), help)
        XCTAssertTrue(help.contains("(render them with --fps 2 --scale 1)"), help)
        // As the help says: render the scene at 2 fps and scale 1, then diff against the goldens.
        let scene = root.appendingPathComponent("Scenes/unlock.json").path
        try expect(0, [scene, "--fps", "2", "--scale", "1", "--out", path("Output/unlock"), "-q"])
        try FileManager.default.createDirectory(atPath: path("Tests"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("Tests/Goldens"),
                                                   withDestinationPath: root.appendingPathComponent("Tests/Goldens").path)
        let run = try expect(0, ["diff", "Output/unlock", "Tests/Goldens/unlock", "--max-diff-ratio", "0.001", "--report", path("report")])
        XCTAssertTrue(run.stdout.hasPrefix("same: "), run.stdout)
    }
}
