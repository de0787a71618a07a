import Foundation
import Geometry
import ImageIO
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `render diff`: exit codes, the JSON summary, the JUnit file and the HTML report, on images whose differences are
/// counted by hand.
final class DiffCLITests: XCTestCase {
    /// White 50×40 with a hard black 10×10 square at x = `left`: moving it by 3 px changes 3 + 3 columns of 10 pixels,
    /// each with 3+ same-coloured neighbours in one image, so pixelmatch counts all 60 (none is antialiasing).
    func square(left: Int) -> RGBAImage {
        var img = DiffCLI.solid(50, 40, [255, 255, 255, 255])
        for y in 20..<30 { for x in left..<left + 10 { img.pixels.replaceSubrange(4 * (y * 50 + x)..<4 * (y * 50 + x) + 4, with: [0, 0, 0, 255]) } }
        return img
    }

    func testFilePairCountsAndAllowances() throws {
        let dir = try DiffCLI.scratch("diff-files")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try DiffCLI.write(square(left: 20), dir + "/a.png")
        try DiffCLI.write(square(left: 23), dir + "/b.png")
        try DiffCLI.write(square(left: 20), dir + "/c.png")
        let report = dir + "/report"
        let different = try DiffCLI.run(["diff", dir + "/a.png", dir + "/b.png", "--json", "--report", report])
        XCTAssertEqual(different.status, 1, different.stderr)
        let summary = try DiffCLI.json(different.stdout)
        XCTAssertEqual(summary["passed"] as? Bool, false)
        let result = try XCTUnwrap((summary["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(result["differingPixels"] as? Int, 60)
        XCTAssertEqual(result["antialiasedPixels"] as? Int, 0)
        XCTAssertEqual(result["totalPixels"] as? Int, 2000)
        // The diff image: red where counted, the first (actual) frame's faded grey elsewhere (white stays white).
        let diff = try PNGDecoder().decode(contentsOf: try XCTUnwrap(result["diff"] as? String))
        XCTAssertTrue(diff[20, 25] == (255, 0, 0, 255) && diff[32, 25] == (255, 0, 0, 255))
        XCTAssertTrue(diff[0, 0] == (255, 255, 255, 255))
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("data:image/png;base64,"), "images are embedded")
        XCTAssertTrue(html.contains("type=\"range\""), "a slider for the different frame")
        XCTAssertFalse(html.contains("src=\"file:") || html.contains("src=\"/"), "no external images")

        XCTAssertEqual(try DiffCLI.run(["diff", dir + "/a.png", dir + "/c.png", "-q", "--report", report]).status, 0)
        // 60 of 2000 pixels = 3 %: allowed by 60 pixels or a ratio of 0.03, not by 59 pixels or 0.0299.
        for (args, status) in [(["--max-diff-pixels", "60"], Int32(0)), (["--max-diff-pixels", "59"], 1),
                               (["--max-diff-ratio", "0.03"], 0), (["--max-diff-ratio", "0.0299"], 1),
                               (["--max-diff-pixels", "10", "--max-diff-ratio", "0.03"], 0)] {
            let r = try DiffCLI.run(["diff", dir + "/a.png", dir + "/b.png", "-q", "--report", report] + args)
            XCTAssertEqual(r.status, status, "\(args)")
        }
    }

    func testFoldersWithMissingExtraAndResizedFramesFailWithJUnit() throws {
        let dir = try DiffCLI.scratch("diff-folders")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let actual = dir + "/actual", expected = dir + "/expected"
        for f in [actual, expected] { try FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true) }
        try DiffCLI.write(square(left: 20), actual + "/frame_00000.png")
        try DiffCLI.write(square(left: 20), expected + "/frame_00000.png")
        try DiffCLI.write(square(left: 20), expected + "/frame_00001.png")     // missing in actual
        try DiffCLI.write(square(left: 20), actual + "/frame_00002.png")       // extra in actual
        try DiffCLI.write(DiffCLI.solid(4, 4, [0, 0, 0, 255]), actual + "/frame_00003.png")
        try DiffCLI.write(DiffCLI.solid(4, 5, [0, 0, 0, 255]), expected + "/frame_00003.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: actual + "/notes.txt"))
        let junit = dir + "/junit.xml"
        let r = try DiffCLI.run(["diff", actual, expected, "--json", "--junit", junit, "--report", dir + "/report"])
        XCTAssertEqual(r.status, 1, r.stderr)
        let summary = try DiffCLI.json(r.stdout)
        XCTAssertEqual(summary["frames"] as? Int, 4)
        XCTAssertEqual(summary["failed"] as? Int, 3)
        let statuses = (summary["results"] as? [[String: Any]] ?? []).map { $0["status"] as? String ?? "" }
        XCTAssertEqual(statuses, ["same", "missing", "extra", "sizeMismatch"])

        let doc = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        let suite = try XCTUnwrap(try doc.nodes(forXPath: "//testsuite").first as? XMLElement)
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "4")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "3")
        let failures = try doc.nodes(forXPath: "//testcase/failure").compactMap { ($0 as? XMLElement)?.attribute(forName: "type")?.stringValue }
        XCTAssertEqual(failures, ["missing", "extra", "sizeMismatch"])
        let names = try doc.nodes(forXPath: "//testcase").compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        XCTAssertEqual(names, ["frame_00000.png", "frame_00001.png", "frame_00002.png", "frame_00003.png"])
    }

    func testUnreadableInputAndBadUsageExitTwo() throws {
        let dir = try DiffCLI.scratch("diff-bad")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/broken.png"))
        try DiffCLI.write(square(left: 0), dir + "/ok.png")
        let report = ["--report", dir + "/report", "-q"]
        XCTAssertEqual(try DiffCLI.run(["diff", dir + "/broken.png", dir + "/ok.png"] + report).status, 2)
        XCTAssertEqual(try DiffCLI.run(["diff", dir + "/nothing.png", dir + "/ok.png"] + report).status, 2)
        XCTAssertEqual(try DiffCLI.run(["diff", dir, dir + "/ok.png"] + report).status, 2, "a folder against a file")
        XCTAssertEqual(try DiffCLI.run(["diff", dir + "/ok.png", dir + "/ok.png", "--threshold", "1.5"] + report).status, 2)
        XCTAssertEqual(try DiffCLI.run(["diff", dir + "/ok.png"] + report).status, 2)
    }

    func testJSONProgressLinesCountUp() throws {
        let dir = try DiffCLI.scratch("diff-progress")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for side in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + side, withIntermediateDirectories: true)
            for k in 0..<5 { try DiffCLI.write(square(left: k), dir + "/\(side)/frame_0000\(k).png") }
        }
        let r = try DiffCLI.run(["diff", dir + "/a", dir + "/b", "--progress", "json", "-q", "--jobs", "1", "--report", dir + "/r"])
        XCTAssertEqual(r.status, 0)
        let lines = r.stderr.split(separator: "\n").map { try? DiffCLI.json(String($0)) }
        // One line per frame, then the summary line.
        XCTAssertEqual(lines.map { $0?["done"] as? Int }, [1, 2, 3, 4, 5, 5])
        XCTAssertEqual(lines.map { $0?["finished"] as? Bool }, [nil, nil, nil, nil, nil, true])
        XCTAssertTrue(lines.allSatisfy { $0?["total"] as? Int == 5 && $0?["task"] as? String == "diff" })
    }
}
