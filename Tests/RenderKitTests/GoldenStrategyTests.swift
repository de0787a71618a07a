import Foundation
import Formats
import Geometry
import ImageIO
@testable import GoldenTesting
import XCTest

/// The two kinds of golden as strategies of one mechanism: each round-trips its value through its file's bytes, finds
/// a planted difference in words a person reads, and goes through the same record, compare and keep steps
/// (`GoldenCheck`), checked here on hand-made frames and tracks, with files on disk as the only witness.
final class GoldenStrategyTests: FolderTestCase {
    /// 4×2, opaque grey, with pixel `changed` (if any) white.
    func image(changed: Int? = nil) -> RGBAImage {
        var pixels = [UInt8](repeating: 128, count: 4 * 2 * 4)
        for p in 0..<8 { pixels[p * 4 + 3] = 255 }
        if let changed { for c in 0..<3 { pixels[changed * 4 + c] = 255 } }
        return RGBAImage(width: 4, height: 2, pixels: pixels)
    }

    /// A card that moves from 0 to 100 pt over five frames at 10 fps; `end` moves its last frames elsewhere.
    func track(end: Double = 100) -> MotionTrack {
        MotionTrack(scene: "s", fps: 10, frameCount: 6,
                    series: [MotionSeries(view: "card", property: "x", frames: [0, 30, 70, 95, end, end])], state: [], events: [])
    }

    let frames = FrameGolden(comparison: GoldenComparison(options: GoldenOptions(), threadsPerFrame: 1))
    let motion = MotionGolden(tolerance: MotionComparison.defaultTolerance)

    func testEachStrategyRoundTripsItsValueThroughItsBytes() throws {
        XCTAssertEqual(try frames.decode(try frames.encode(image(changed: 5)), path: "f.png"), image(changed: 5))
        let bytes = try motion.encode(track())
        XCTAssertEqual(try motion.decode(bytes, path: "motion.json"), track())
        XCTAssertEqual(try motion.encode(try motion.decode(bytes, path: "motion.json")), bytes, "written the same again")
        // A file that is not one is named in the message.
        XCTAssertThrowsError(try frames.decode(Array("not a png".utf8), path: "g/frame_00000.png")) {
            XCTAssertTrue("\($0)".hasPrefix("g/frame_00000.png: "), "\($0)")
        }
        XCTAssertThrowsError(try motion.decode(Array("{}".utf8), path: "g/motion.json")) {
            XCTAssertTrue("\($0)".hasPrefix("g/motion.json: "), "\($0)")
        }
    }

    func testAPlantedDifferenceFailsWithFindingsAndEvidence() throws {
        let pixels = try frames.compare(golden: image(), actual: image(changed: 5))
        XCTAssertEqual(pixels.status, .different)
        XCTAssertEqual(pixels.findings, ["1 pixel differs (12.5 %)"])
        let evidence = try pixels.evidence(for: "frame_00003.png")
        XCTAssertEqual(evidence.map(\.path), ["diff/frame_00003.png"])
        XCTAssertEqual(try PNGDecoder().decode(try XCTUnwrap(evidence.first).bytes).width, 4, "the diff image, the frame's size")
        let same = try frames.compare(golden: image(), actual: image())
        XCTAssertEqual(same.status, .same)
        XCTAssertEqual(same.findings, [])
        XCTAssertEqual(try same.evidence(for: "frame_00003.png").count, 0, "nothing to show")

        let moved = motion.compare(golden: track(), actual: track(end: 104))
        XCTAssertEqual(moved.status, .different)
        XCTAssertEqual(moved.findings.count, 1)
        XCTAssertTrue(moved.findings[0].hasPrefix("card.x: "), moved.findings[0])
        XCTAssertTrue(moved.findings[0].contains("ends at 100.0 pt → 104.0 pt"), moved.findings[0])
        XCTAssertEqual(motion.compare(golden: track(), actual: track()).status, .same)
    }

    /// One golden of kind `strategy` through the record modes, the same steps for both kinds: recorded when absent,
    /// a failure that keeps the actual (and evidence) in the report, replaced under `failed`, no golden under `never`.
    func checkSteps<S: GoldenStrategy>(_ strategy: S, golden: S.Value, changed: S.Value, name: String, keepAs: String,
                                       evidence: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let goldens = folder + "/goldens-" + name, report = folder + "/report-" + name
        func check(_ mode: GoldenRecordMode, _ value: S.Value) throws -> GoldenCheck.Verdict<S.Difference> {
            let recording = GoldenRecording(golden: goldens)
            let verdict = try GoldenCheck(golden: goldens, mode: mode, artifacts: report, recording: recording)
                .check(strategy, value, name: name, hasGolden: FileManager.default.fileExists(atPath: goldens + "/" + name), keepAs: keepAs)
            try recording.commit()
            return verdict
        }
        let never = try check(.never, golden)
        XCTAssertEqual(never.status, .noGolden, file: file, line: line)
        XCTAssertEqual(never.actualPath, report + "/" + keepAs, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens + "/" + name), "never records nothing", file: file, line: line)

        XCTAssertEqual(try check(.missing, golden).status, .recorded, file: file, line: line)
        let recorded = try readFileBytes(at: goldens + "/" + name)
        XCTAssertEqual(recorded, try strategy.encode(golden), file: file, line: line)
        XCTAssertEqual(try check(.missing, golden).status, .same, file: file, line: line)
        XCTAssertEqual(try check(.all, golden).status, .same, "recorded again to the same bytes", file: file, line: line)

        let failed = try check(.missing, changed)
        XCTAssertEqual(failed.status, .different, file: file, line: line)
        XCTAssertFalse(failed.difference?.findings.isEmpty ?? true, file: file, line: line)
        XCTAssertEqual(try readFileBytes(at: report + "/" + keepAs), try strategy.encode(changed), "the actual kept", file: file, line: line)
        XCTAssertEqual(failed.evidencePaths, evidence.map { report + "/" + $0 }, file: file, line: line)
        for path in failed.evidencePaths { XCTAssertTrue(FileManager.default.fileExists(atPath: path), path, file: file, line: line) }
        XCTAssertEqual(try readFileBytes(at: goldens + "/" + name), recorded, "a failing golden is kept", file: file, line: line)

        let replaced = try check(.failed, changed)
        XCTAssertEqual(replaced.status, .updated, file: file, line: line)
        XCTAssertFalse(replaced.difference?.findings.isEmpty ?? true, "what changed is still said", file: file, line: line)
        XCTAssertNil(replaced.actualPath, file: file, line: line)
        XCTAssertEqual(try readFileBytes(at: goldens + "/" + name), try strategy.encode(changed), file: file, line: line)
    }

    func testFramesAndMotionGoThroughTheSameSteps() throws {
        try checkSteps(frames, golden: image(), changed: image(changed: 2), name: "frame_00000.png", keepAs: "actual/frame_00000.png",
                       evidence: ["diff/frame_00000.png"])
        try checkSteps(motion, golden: track(), changed: track(end: 104), name: "motion.json", keepAs: "motion.json", evidence: [])
    }
}
