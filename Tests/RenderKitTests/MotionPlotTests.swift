import Foundation
@testable import GoldenTesting
import RenderKit
import XCTest

/// The motion plot as a designer reads it: gridlines at round values and times, and each curve's start and settle
/// marked where the motion report's characters say, checked against hand-worked positions in the SVG.
final class MotionPlotTests: XCTestCase {
    func testRoundSteps() {
        // 10…53 in about 4 steps: a raw step of 10.75 rounds up to 20 (1, 2 or 5 times a power of ten).
        XCTAssertEqual(MotionPlot.steps(10, 53, about: 4), [20, 40])
        // 0…0.9 s in about 6: raw 0.15 → 0.2.
        XCTAssertEqual(MotionPlot.steps(0, 0.9, about: 6).map { ($0 * 1000).rounded() / 1000 }, [0, 0.2, 0.4, 0.6, 0.8])
        // Negative to positive: 0 appears exactly.
        XCTAssertEqual(MotionPlot.steps(-1, 1, about: 4), [-1, -0.5, 0, 0.5, 1])
        XCTAssertEqual(MotionPlot.seconds(0.35), "0.35 s")
        XCTAssertEqual(MotionPlot.seconds(1), "1 s")
    }

    func testSettleMarksSitAtTheirTimes() throws {
        // 10 frames at 10 fps: golden settles at 0.5 s, actual at 0.6 s; every frame changed, so the window is 0…0.9 s.
        var f = MotionFinding(name: "box.x", words: "settles 100 ms later")
        f.frames = 0...9
        f.goldenValues = [10, 10, 10, 35, 52, 51, 50.2, 50, 50, 50]
        f.actualValues = [10, 10, 10, 26, 42, 49, 50.6, 50, 50, 50]
        f.golden = MotionCharacter(f.goldenValues, fps: 10, property: "x")
        f.actual = MotionCharacter(f.actualValues, fps: 10, property: "x")
        f.unit = "pt"
        // The settle band is 0.5 pt (1 % of 40 pt is less): golden's last frame outside it is 51 at 0.5 s, actual's
        // 50.6 at 0.6 s.
        XCTAssertEqual(f.golden?.settle, 0.5)
        XCTAssertEqual(f.actual?.settle, 0.6)
        let svg = MotionPlot.svg(f, fps: 10)
        // x(t) = 56 + t / 0.9 · (640 − 56 − 14): 0.5 s → 372.7, 0.6 s → 436.0; 0.3 s (both start) → 246.0.
        XCTAssertTrue(svg.contains(##"<line x1="372.7" x2="372.7" y1="12.0" y2="170.0" stroke="#9e9e9e""##), svg)
        XCTAssertTrue(svg.contains(##"<line x1="436.0" x2="436.0" y1="12.0" y2="170.0" stroke="#c62828""##), svg)
        XCTAssertTrue(svg.contains("settles 0.5 s") && svg.contains("settles 0.6 s"), svg)
        XCTAssertTrue(svg.contains(#"<line x1="246.0" x2="246.0""#), svg)
        XCTAssertTrue(svg.contains("starts 0.3 s"), svg)
        // Value gridlines at 20 and 40 pt, time gridlines labelled 0 s to 0.8 s; ten dots per curve.
        XCTAssertTrue(svg.contains(">20.0 pt<") && svg.contains(">40.0 pt<"), svg)
        XCTAssertEqual(svg.components(separatedBy: "<circle").count - 1, 20)
        XCTAssertTrue(svg.contains(">0.8 s<") && svg.contains(">0 s<"), svg)
    }
}
