import Foundation
import XCTest

/// The human summaries `render` prints: the line after a render and the `--timings` table.
final class SummaryOutputTests: CLITestCase {
    func testRenderSummaryAndTimingsTable() throws {
        let scene = try writeScene(TinyScenes.moving)
        let out = path("out")
        let run = try expect(0, [scene, "--frames", "0-9", "--out", out, "--timings"])
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 1 + 7 + 1, run.stdout)   // summary, 7 stages, the final newline
        // Frames 0-6 show the circle at rest (the spring starts at 0.1 s, frame 6, from zero): 1…6 equal their predecessor.
        let summary = try NSRegularExpression(pattern: #"^10 of 36 frames \(40×30 px\) → \#(NSRegularExpression.escapedPattern(for: out))/frame_00000\.png … frame_00009\.png in [0-9]+\.[0-9]{2} s, [0-9]+\.[0-9] frames/s, [0-9]+\.[0-9] MiB, 6 reused$"#)
        XCTAssertNotNil(summary.firstMatch(in: lines[0], range: NSRange(lines[0].startIndex..., in: lines[0])), lines[0])
        let row = try NSRegularExpression(pattern: #"^  ([a-zA-Z]+) +([0-9]+\.[0-9]{2}) ms total +([0-9]+\.[0-9]{3}) ms/frame$"#)
        var names: [String] = []
        for line in lines[1...7] {
            let ns = line as NSString
            guard let m = row.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) else {
                XCTFail("not a timings row: \(line)"); continue
            }
            names.append(ns.substring(with: m.range(at: 1)))
            let total = try XCTUnwrap(Double(ns.substring(with: m.range(at: 2))))
            let perFrame = try XCTUnwrap(Double(ns.substring(with: m.range(at: 3))))
            XCTAssertEqual(perFrame * 10, total, accuracy: 0.01, "per frame is the total over the 10 frames: \(line)")
            // The columns line up: every row has its "ms total" at the same place.
            XCTAssertEqual(ns.range(of: " ms total").location, 2 + 12 + 1 + 9, line)
        }
        XCTAssertEqual(names, ["timeline", "layout", "displayList", "raster", "blur", "encode", "write"])
        XCTAssertEqual(lines[8], "")
    }

    func testOneFrameIsSingular() throws {
        let scene = try writeScene(TinyScenes.moving)
        let run = try expect(0, [scene, "--frames", "3", "--out", path("out")])
        XCTAssertTrue(run.stdout.hasPrefix("1 of 36 frames (40×30 px)"), run.stdout)
        let preview = try expect(0, ["preview", scene, "--out", path("pv"), "--no-apng", "--fps", "1"])
        XCTAssertEqual(preview.stdout, "1 frame → \(path("pv/preview.html"))\n")
    }
}

/// The "reused" count is the number of frames equal to the frame before them: the same for every --jobs.
final class ReuseCountTests: CLITestCase {
    func testReusedCountDoesNotDependOnTheNumberOfWorkers() throws {
        let scene = try writeScene(TinyScenes.moving)
        var counts: Set<String> = []
        for jobs in ["1", "2", "3", "5"] {
            let run = try expect(0, [scene, "--out", path("out-\(jobs)"), "--jobs", jobs])
            let reused = run.stdout.split(separator: ",").last.map(String.init) ?? ""
            XCTAssertTrue(reused.hasSuffix(" reused\n"), run.stdout)
            counts.insert(reused)
        }
        XCTAssertEqual(counts.count, 1, "\(counts)")
        // Independently: count the frames whose manifest hash equals the previous frame's.
        let frames = try XCTUnwrap(try json(path("out-1/manifest.json"))["frames"] as? [[String: Any]])
        let hashes = frames.compactMap { $0["hash"] as? String }
        let unchanged = zip(hashes, hashes.dropFirst()).filter { $0 == $1 }.count
        XCTAssertEqual(counts.first, " \(unchanged) reused\n")
    }
}
