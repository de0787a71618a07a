import Foundation
import Formats
import Frames
@testable import GoldenTesting
import XCTest

/// `GoldenTest.run(samples:…)`, the whole of `render test --golden` as GoldenTesting holds it (the command only parses
/// and prints): motion and frames recorded or compared under one record mode, the statuses report.json carries read
/// back as `GoldenStatus`, nothing written into the golden folder when nothing is recorded.
final class GoldenTestRunTests: FolderTestCase {
    /// 0.5 s at 10 fps: a red box that jumps to `to` points at 0.2 s.
    func scene(to: Int) -> String {
        """
        {"scene": 1, "name": "box", "canvas": {"width": 40, "height": 30, "scale": 1, "background": "#000000"}, "fps": 10,
         "duration": 0.5, "state": {"x": 0},
         "body": {"type": "rect", "id": "box", "fill": "#FF0000", "frame": {"width": 10, "height": 10}, "offset": {"x": "=x", "y": 0}},
         "timeline": [{"at": 0.2, "set": {"x": \(to)}}]}
        """
    }

    func run(to: Int = 10, _ mode: GoldenRecordMode, motionOnly: Bool = false) throws -> GoldenRun {
        let source = try FrameSource(try loadScene(scene(to: to)), options: FrameOptions())
        var test = GoldenTest(golden: folder + "/golden", mode: mode, options: GoldenOptions(), artifacts: folder + "/report")
        test.motionOnly = motionOnly
        let motionSource = try MotionTest.source(for: source)
        XCTAssertTrue(motionSource === source, "goldens at the scene's fps: one source")
        let samples = try MotionSamples(FramePump(source: motionSource, jobs: 1), digests: test.wantsDigests(frames: source, motion: motionSource))
        return try test.run(samples: samples, expectations: nil, pump: FramePump(source: source, jobs: 1),
                            selection: .all(of: source.frameCount)).run
    }

    func goldens() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/golden")) ?? []).sorted() }

    func report() throws -> TestReportRecord { try FormatFile.read(TestReportRecord.self, at: folder + "/report/report.json") }

    func testNeverRecordsNothingAndTheReportSaysNoGolden() throws {
        let run = try run(.never)
        XCTAssertFalse(run.passed)
        XCTAssertEqual(Set(run.results.map(\.status)), [.extra])
        XCTAssertTrue(run.results.allSatisfy(\.noGolden))
        XCTAssertEqual(run.motion?.status, .noGolden)
        XCTAssertEqual(goldens(), [], "the golden folder holds nothing, not even a staging folder")
        let record = try report()
        XCTAssertEqual(Set(record.frames.map(\.status)), [.extra])
        XCTAssertEqual(record.frames.count, 5)
        XCTAssertEqual(record.motion?.status, .noGolden)
        XCTAssertEqual(record.motion?.failed, true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/report/motion.json"), "kept for render accept --motion")
    }

    func testMissingRecordsBothThenAChangedSceneFailsBoth() throws {
        let first = try run(.missing)
        XCTAssertTrue(first.passed)
        XCTAssertEqual(Set(first.results.map(\.status)), [.recorded])
        XCTAssertEqual(first.motion?.status, .recorded)
        XCTAssertEqual(goldens(), ["frame_00000.png", "frame_00001.png", "frame_00002.png", "frame_00003.png", "frame_00004.png",
                                   "manifest.json", "motion.json"])
        XCTAssertTrue(try run(.missing).passed, "the same scene passes")

        let changed = try run(to: 14, .missing)
        XCTAssertFalse(changed.passed)
        XCTAssertEqual(changed.results.filter(\.failed).map(\.name), ["frame_00002.png", "frame_00003.png", "frame_00004.png"])
        XCTAssertEqual(changed.motion?.status, .different)
        XCTAssertEqual(changed.motion?.findings.map(\.name), ["box.x", "state.x"])
        let record = try report()
        XCTAssertEqual(record.frames.map(\.status), [.different, .different, .different])
        XCTAssertEqual(record.motion?.status, .different)
        XCTAssertEqual(record.motion?.findings.count, 2)

        // --motion-only: the motion alone, the frames neither drawn nor reported.
        let motion = try run(to: 14, .missing, motionOnly: true)
        XCTAssertEqual(motion.results.count, 0)
        XCTAssertEqual(motion.motion?.status, .different)
        XCTAssertEqual(try report().frames.count, 0)
    }
}
