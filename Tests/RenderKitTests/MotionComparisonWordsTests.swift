import Formats
@testable import GoldenTesting
import RenderKit
import XCTest

/// A change that keeps a curve's start, settle time, overshoot and final value still says how far it moved, and a
/// value drawn where the golden has none says so (hand-made tracks, values worked by hand).
final class MotionComparisonWordsTests: XCTestCase {
    private func track(_ frames: [Double?]) -> MotionTrack {
        MotionTrack(scene: "s", fps: 10, frameCount: frames.count,
                    series: [MotionSeries(view: "card", property: "x", frames: frames)], state: [], events: [])
    }

    func testSamePathEndsButAnotherRouteSaysByHowMuch() throws {
        // Both start moving at frame 1, settle at frame 4, end at 100 without overshoot; the actual passes
        // frame 2 at 80 instead of 50: 30 pt apart at 0.2 s.
        let golden = track([0, 10, 50, 90, 100, 100]), actual = track([0, 10, 80, 90, 100, 100])
        let words = try XCTUnwrap(MotionComparison(golden: golden, actual: actual).findings.first?.words)
        XCTAssertTrue(words.contains("differs by up to 30.0 pt at 0.200 s"), words)
        XCTAssertTrue(words.hasSuffix("; frame 2"), words)
    }

    func testDrawnWhereTheGoldenIsNotIsCounted() throws {
        let golden = track([nil, nil, 5, 5]), actual = track([5, 5, 5, 5])
        let words = try XCTUnwrap(MotionComparison(golden: golden, actual: actual).findings.first?.words)
        XCTAssertTrue(words.contains("drawn in 2 frames where the golden does not draw it"), words)
        XCTAssertFalse(words.contains("differs by up to"), words)
        let back = try XCTUnwrap(MotionComparison(golden: actual, actual: golden).findings.first?.words)
        XCTAssertTrue(back.contains("not drawn in 2 frames where the golden draws it"), back)
    }
}
