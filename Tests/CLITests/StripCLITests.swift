import Foundation
import Geometry
import ImageIO
import Frames
import RenderKit
import XCTest

/// `render strip`: which frames, the sheet's geometry, that each cell is the frame itself, and the haptic marks.
final class StripCLITests: XCTestCase {
    func testFrameSelection() {
        var sheet = StripSheet()
        sheet.count = 5
        // k·59/4 for k = 0…4: 0, 14.75, 29.5, 44.25, 59 → rounded half up.
        XCTAssertEqual(sheet.frameIndices(frameCount: 60, fps: 60), [0, 15, 30, 44, 59])
        sheet.count = 1
        XCTAssertEqual(sheet.frameIndices(frameCount: 60, fps: 60), [0])
        sheet.count = 100
        XCTAssertEqual(sheet.frameIndices(frameCount: 4, fps: 60), [0, 1, 2, 3], "no frame twice")
        // Every 0.25 s at 10 fps: the first frames showing 0, 0.25, 0.5, 0.75 s are 0, 3 (2.5 rounds up), 5, 8.
        sheet.every = 0.25
        XCTAssertEqual(sheet.frameIndices(frameCount: 10, fps: 10), [0, 3, 5, 8])
        // Within frames 20–29 the same spacing starts at frame 20; a range past the end is cut at the last frame.
        sheet.range = 20...29
        XCTAssertEqual(sheet.frameIndices(frameCount: 60, fps: 10), [20, 23, 25, 28])
        sheet.every = nil
        sheet.count = 3
        XCTAssertEqual(sheet.frameIndices(frameCount: 60, fps: 10), [20, 25, 29], "20 + 9k/2 rounded half up")
        sheet.range = 55...70
        XCTAssertEqual(sheet.frameIndices(frameCount: 60, fps: 10), [55, 57, 59])
    }

    func testFramesOptionShowsEveryFrameOfTheRange() throws {
        let dir = try DiffCLI.scratch("strip-frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/square.json"
        try DiffCLI.movingSquare().write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try DiffCLI.run(["strip", scene, "--frames", "2-6", "--columns", "5", "--out", dir + "/strip.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Five cells of 80 px in one row.
        XCTAssertEqual(try PNGDecoder().decode(contentsOf: dir + "/strip.png").width, 12 + 5 * (80 + 12))
        let past = try DiffCLI.run(["strip", scene, "--frames", "5-99", "--out", dir + "/past.png"])
        XCTAssertNotEqual(past.status, 0)
        XCTAssertTrue(past.stderr.contains("--frames 5-99 is past the end of the scene"), past.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/past.png"))
    }

    func testSheetShowsTheFramesWithTheirHapticMarks() throws {
        let dir = try DiffCLI.scratch("strip")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/square.json"
        try DiffCLI.movingSquare().write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try DiffCLI.run(["strip", scene, "--count", "4", "--columns", "2", "--out", dir + "/strip.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try DiffCLI.run(["frames", scene, "--out", dir + "/frames", "-q"]).status, 0)
        let sheet = try PNGDecoder().decode(contentsOf: dir + "/strip.png")
        // 2 columns of 80 px and 2 rows of 40 px + 36 px labels, 12 px gaps, a 44 px track.
        XCTAssertEqual(sheet.width, 12 + 2 * (80 + 12))
        XCTAssertEqual(sheet.height, 12 + 2 * (40 + 36 + 12) + 44)
        // Frames 0, 3, 6, 9. Haptics: soft at 0.2 s (frame 2, so in (0, 3] → cell 1) and success at 0.75 s
        // (frame 8, in (6, 9] → cell 3): those cells carry a 3 px orange bar on top.
        let orange: (UInt8, UInt8, UInt8, UInt8) = (255, 159, 10, 255)
        for (cell, frame) in [0, 3, 6, 9].enumerated() {
            let image = try PNGDecoder().decode(contentsOf: dir + String(format: "/frames/frame_%05d.png", frame))
            let x0 = 12 + (cell % 2) * 92, y0 = 12 + (cell / 2) * 88
            var mismatches = 0
            for y in 3..<40 { for x in 0..<80 where sheet[x0 + x, y0 + y] != image[x, y] { mismatches += 1 } }
            XCTAssertEqual(mismatches, 0, "cell \(cell) is frame \(frame)")
            let marked = cell == 1 || cell == 3
            XCTAssertEqual(sheet[x0 + 40, y0 + 1] == orange, marked, "cell \(cell) haptic bar")
            if !marked { XCTAssertTrue(sheet[x0 + 40, y0 + 1] == image[40, 1]) }
        }
    }
}
