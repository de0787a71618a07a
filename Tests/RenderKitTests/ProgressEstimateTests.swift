import Foundation
import Frames
import RenderKit
import XCTest

/// The progress reporter's time left, on a made-up clock, against the real time left of a run whose first
/// frames are cheap (reused) and whose last are not; and its JSON summary line.
final class ProgressEstimateTests: XCTestCase {
    /// A clock and an output sink the test controls.
    final class Harness: @unchecked Sendable {
        private let lock = NSLock()
        private var nanoseconds: UInt64 = 1_000_000_000
        private var lines: [String] = []
        func advance(_ seconds: Double) { lock.lock(); nanoseconds += UInt64(seconds * 1e9); lock.unlock() }
        func now() -> UInt64 { lock.lock(); defer { lock.unlock() }; return nanoseconds }
        func write(_ s: String) { lock.lock(); lines.append(s); lock.unlock() }
        var output: [String] { lock.lock(); defer { lock.unlock() }; return lines }
        func reporter(total: Int) -> ProgressReporter {
            ProgressReporter(style: .json, task: "render", total: total, write: { self.write($0) }, clock: { self.now() })
        }
    }

    private func remaining(_ line: String) throws -> Double {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try XCTUnwrap(object["remaining"] as? Double, line)
    }

    /// 100 frames: 50 at 10 ms (reused), then 50 at 100 ms. At frame 60, 1.5 s in, 4 s are left; the average
    /// pace (1.5 s / 60 frames) says 1 s. The estimate must be within 10 % of the truth from there on.
    func testTimeLeftFollowsTheRecentPaceWhenEarlyFramesWereCheap() throws {
        let h = Harness()
        let reporter = h.reporter(total: 100)
        var truth: [Int: Double] = [:]
        for i in 1...100 {
            h.advance(i <= 50 ? 0.01 : 0.1)
            reporter.update(done: i)
            truth[i] = Double(100 - i) * 0.1
        }
        let lines = h.output
        XCTAssertEqual(lines.count, 100)
        for i in 60...99 {
            let estimate = try remaining(lines[i - 1])
            XCTAssertEqual(estimate, try XCTUnwrap(truth[i]), accuracy: 0.1 * (truth[i] ?? 0) + 0.001, "after frame \(i)")
        }
    }

    /// When the pace is steady both estimates agree: 1 s per frame, 10 frames, after 4 frames 6 s are left.
    func testSteadyPace() throws {
        let h = Harness()
        let reporter = h.reporter(total: 10)
        for i in 1...4 { h.advance(1); reporter.update(done: i) }
        XCTAssertEqual(try remaining(h.output[3]), 6, accuracy: 1e-9)
    }

    func testJSONEndsWithOneSummaryLine() throws {
        let h = Harness()
        let reporter = h.reporter(total: 3)
        for i in 1...3 { h.advance(0.5); reporter.update(done: i) }
        reporter.finish()
        reporter.finish()
        XCTAssertEqual(h.output.count, 4)
        XCTAssertEqual(h.output.last, "{\"task\": \"render\", \"done\": 3, \"total\": 3, \"unit\": \"frames\", \"elapsed\": 1.5, \"finished\": true}\n")
    }
}
