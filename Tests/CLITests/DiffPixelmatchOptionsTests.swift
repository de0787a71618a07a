import Foundation
import Geometry
import ImageIO
import XCTest

/// `render diff` in pixelmatch's terms: the grey picture of the diff image comes from the first image, as
/// `pixelmatch img1.png img2.png diff.png` draws it, the JSON says which input is which, and pixelmatch's drawing
/// options (`--diff-color`, `--aa-color`, `--alpha`, `--diff-mask`) act as in pixelmatch. Values worked by hand from
/// pixelmatch's formula for the grey: 255 + (Y − 255) · alpha, truncated.
final class DiffPixelmatchOptionsTests: XCTestCase {
    /// 20×10: the left half grey `level`, the right half white but for one black pixel at (15, 5) when `dot`.
    func image(level: UInt8, dot: Bool) -> RGBAImage {
        var img = DiffCLI.solid(20, 10, [255, 255, 255, 255])
        for y in 0..<10 { for x in 0..<10 { img.pixels.replaceSubrange(4 * (y * 20 + x)..<4 * (y * 20 + x) + 4, with: [level, level, level, 255]) } }
        if dot { img.pixels.replaceSubrange(4 * (5 * 20 + 15)..<4 * (5 * 20 + 15) + 4, with: [0, 0, 0, 255]) }
        return img
    }

    func testGreyComesFromTheFirstImageAndTheJSONNamesBoth() throws {
        let dir = try DiffCLI.scratch("diff-order")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Greys 128 and 120 differ by a YIQ distance far under the threshold; the black dot is counted.
        try DiffCLI.write(image(level: 128, dot: true), dir + "/one.png")
        try DiffCLI.write(image(level: 120, dot: false), dir + "/two.png")
        let run = try DiffCLI.run(["diff", dir + "/one.png", dir + "/two.png", "--json", "--report", dir + "/r1"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let summary = try DiffCLI.json(run.stdout)
        XCTAssertEqual(summary["actual"] as? String, dir + "/one.png")
        XCTAssertEqual(summary["expected"] as? String, dir + "/two.png")
        XCTAssertEqual(summary["diffBackground"] as? String, "actual")
        let diff = try PNGDecoder().decode(contentsOf: dir + "/r1/diff/one.png")
        // 255 + (128 − 255) · 0.1 = 242.3 → 242 (from one.png; two.png would give 241.5 → 241).
        XCTAssertTrue(diff[2, 2] == (242, 242, 242, 255), "\(diff[2, 2])")
        XCTAssertTrue(diff[15, 5] == (255, 0, 0, 255))
        // The other order draws the other image.
        _ = try DiffCLI.run(["diff", dir + "/two.png", dir + "/one.png", "--report", dir + "/r2", "-q"])
        XCTAssertTrue(try PNGDecoder().decode(contentsOf: dir + "/r2/diff/two.png")[2, 2] == (241, 241, 241, 255))
    }

    func testDrawingOptions() throws {
        let dir = try DiffCLI.scratch("diff-options")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try DiffCLI.write(image(level: 128, dot: true), dir + "/one.png")
        try DiffCLI.write(image(level: 120, dot: false), dir + "/two.png")
        let colours = try DiffCLI.run(["diff", dir + "/one.png", dir + "/two.png", "--report", dir + "/c", "-q",
                                       "--diff-color", "0,0,255", "--alpha", "0.5"])
        XCTAssertEqual(colours.status, 1, colours.stderr)
        let painted = try PNGDecoder().decode(contentsOf: dir + "/c/diff/one.png")
        XCTAssertTrue(painted[15, 5] == (0, 0, 255, 255))
        // 255 + (128 − 255) · 0.5 = 191.5 → 191; white stays 255.
        XCTAssertTrue(painted[2, 2] == (191, 191, 191, 255), "\(painted[2, 2])")
        XCTAssertTrue(painted[18, 1] == (255, 255, 255, 255))
        let masked = try DiffCLI.run(["diff", dir + "/one.png", dir + "/two.png", "--report", dir + "/m", "-q",
                                      "--diff-mask", "--diff-color", "#00FF00"])
        XCTAssertEqual(masked.status, 1, masked.stderr)
        let mask = try PNGDecoder().decode(contentsOf: dir + "/m/diff/one.png")
        XCTAssertTrue(mask[15, 5] == (0, 255, 0, 255))
        var marked = 0
        for y in 0..<10 { for x in 0..<20 where mask[x, y] != (0, 0, 0, 0) { marked += 1 } }
        XCTAssertEqual(marked, 1, "a mask holds the counted pixel only")
        for bad in [["--diff-color", "#12345"], ["--aa-color", "256,0,0"], ["--alpha", "2"]] {
            XCTAssertEqual(try DiffCLI.run(["diff", dir + "/one.png", dir + "/two.png"] + bad).status, 2, "\(bad)")
        }
    }
}
