import Foundation
import XCTest

/// `render check`, `render dump` and `--help`.
final class SubcommandTests: CLITestCase {
    func testCheckAcceptsAGoodSceneAndSummarisesIt() throws {
        let scene = try writeScene(TinyScenes.moving)
        let run = try expect(0, ["check", scene])
        XCTAssertTrue(run.stdout.contains("ok"), run.stdout)
        XCTAssertTrue(run.stdout.contains("36 frames"), run.stdout)
        XCTAssertEqual(run.stderr, "")
        XCTAssertEqual(try files(in: folder.path), ["scene.json"], "check writes nothing")
    }

    func testCheckRejectsABadSceneWithLocatedLines() throws {
        let scene = try writeScene(TinyScenes.twoProblems, named: "bad.json")
        let run = try expect(1, ["check", scene])
        XCTAssertEqual(run.errorLines.count, 2, run.stderr)
        XCTAssertTrue(run.errorLines.allSatisfy { $0.contains("bad.json:") }, run.stderr)
    }

    func testDumpShowsTheViewTreeAndTheSpringOffsetAtTheGivenTime() throws {
        let scene = try writeScene(TinyScenes.moving)
        let run = try expect(0, ["dump", scene, "--at", "0.2"])
        XCTAssertTrue(run.stdout.contains("# views"), run.stdout)
        XCTAssertTrue(run.stdout.contains("# display list"), run.stdout)
        // The circle: 10×10 pt centred in 40×30 pt.
        XCTAssertTrue(run.stdout.contains("circle [15, 10, 10×10]"), run.stdout)
        // Its offset 0.1 s into the spring (response 0.3, ζ 0.5, 10 pt), from the closed-form underdamped solution.
        let omega = 2 * Double.pi / 0.3, zeta = 0.5, t = 0.1
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        let expected = 10 * (1 - exp(-zeta * omega * t) * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t)))
        let ns = run.stdout as NSString
        let m = try XCTUnwrap(try NSRegularExpression(pattern: #"translate\((-?[0-9.]+), "#)
            .firstMatch(in: run.stdout, range: NSRange(location: 0, length: ns.length)), run.stdout)
        XCTAssertEqual(try XCTUnwrap(Double(ns.substring(with: m.range(at: 1)))), expected, accuracy: 1e-3)
    }

    func testHelpNamesTheSubcommands() throws {
        let run = try expect(0, ["--help"])
        for word in ["frames", "check", "dump"] {
            XCTAssertTrue(run.stdout.contains(word), "--help does not mention \(word):\n\(run.stdout)")
        }
    }
}
