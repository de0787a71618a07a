import Foundation
import Frames
import Geometry
import RenderKit
import XCTest

/// Issue 36 item 6, "the frame pump has one engine": drawing and state passes are scheduled alike (`PumpPass`), both
/// stop on cancellation, and no frame's state or layout is computed twice: a run's first frame is compared with the
/// last frame of the run before it as the thread that drew that one has it, not by computing it again. On the pump
/// before (every run start recomputed its neighbour) this test counted 64 to 67 states and layouts for 60 frames at
/// jobs 2 in runs of 4 (80 to 87 in runs of 1), and a state pass did not stop when cancelled.
final class FramePumpOneEngineTests: XCTestCase {
    /// A red square sliding right from 0.2 s (linear, 0.5 s), then still: 60 frames at 30 fps, some unchanged.
    let sliding = """
    {"scene": 1, "canvas": {"width": 80, "height": 40, "background": "#FFFFFF"}, "duration": 2, "state": {"x": 0},
     "body": {"type": "rect", "fill": "#FF0000", "frame": {"width": 20, "height": 20}, "offset": {"x": "=x"}},
     "timeline": [{"at": 0.2, "set": {"x": 30}, "animation": {"linear": 0.5}},
                  {"at": 1.2, "set": {"x": 0}, "animation": {"linear": 0.2}}]}
    """

    func source() throws -> FrameSource {
        var options = FrameOptions()
        options.fps = 30
        options.scale = 1
        return try FrameSource(try loadScene(sliding), options: options)
    }

    /// Keeps each frame's pixels and unchanged flag by slot; cancels `flag` after `cancelAfter` frames.
    final class Keep: FrameSink {
        let order: FrameOrder
        var frames: [Int: (index: Int, unchanged: Bool, image: RGBAImage)] = [:]
        let cancelAfter: Int?, flag: CancellationFlag?
        init(order: FrameOrder, cancelAfter: Int? = nil, flag: CancellationFlag? = nil) {
            self.order = order; self.cancelAfter = cancelAfter; self.flag = flag
        }
        func makeWorker() -> Worker { Worker() }
        func receive(_ frame: PumpedFrame<RGBAImage>) -> Bool {
            frames[frame.slot] = (frame.index, frame.unchanged, frame.product)
            if let cancelAfter, frames.count == cancelAfter { flag?.cancel() }
            return true
        }
        struct Worker: FrameWorker {
            func make(_ frame: RenderedFrame, previous: RGBAImage?, timings: inout StageTimings) -> RGBAImage { frame.image }
        }
    }

    func testEveryFrameIsLaidOutOnceAndTheSameAtAnyJobs() throws {
        let s = try source()
        XCTAssertEqual(s.frameCount, 60)
        for indices in [Array(0..<60), Array(stride(from: 1, to: 60, by: 3)), [5, 40, 6, 7, 8, 59]] {
            // The reference: one drawer, in selection order; "unchanged" as the pump defines it.
            let drawer = try s.drawer()
            let serial = try indices.map { try drawer.frame($0) }
            let expectedUnchanged = serial.indices.map { $0 > 0 && serial[$0 - 1].displayList == serial[$0].displayList }
            for jobs in [1, 2, 3] {
                for run in [1, 4] {
                    for order in [FrameOrder.ordered, .unordered] {
                        let sink = Keep(order: order)
                        let report = try FramePump(source: s, jobs: jobs, run: run).pump(indices, into: sink)
                        let what = "\(indices.count) frames, jobs \(jobs), run \(run), \(order)"
                        XCTAssertEqual(report.frames, indices.count, what)
                        XCTAssertEqual(report.timings.calls[.timeline], indices.count, "states computed, \(what)")
                        XCTAssertEqual(report.timings.calls[.layout], indices.count, "layouts computed, \(what)")
                        XCTAssertEqual(report.unchanged, expectedUnchanged.filter { $0 }.count, what)
                        for slot in indices.indices {
                            XCTAssertEqual(sink.frames[slot]?.index, indices[slot], what)
                            XCTAssertEqual(sink.frames[slot]?.unchanged, expectedUnchanged[slot], "slot \(slot), \(what)")
                            XCTAssertEqual(sink.frames[slot]?.image, serial[slot].image, "slot \(slot), \(what)")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(try FramePump(source: s, jobs: 2).pump(Array(0..<60), into: Keep(order: .ordered)).unchanged, 10,
                             "the scene has unchanged frames to find")
    }

    func testAStatePassIsScheduledAsDrawingIsAndComputesEachStateOnce() throws {
        let s = try source()
        let indices = Array(0..<60) + [3, 3, 17]
        let serial = indices.map { s.state($0).time }
        for jobs in [1, 2, 3] {
            let count = Counter()
            let times = try FramePump(source: s, jobs: jobs).withStates(indices) { state in
                count.add()
                return state.time
            }
            XCTAssertEqual(times, serial, "jobs \(jobs)")
            XCTAssertEqual(count.value, indices.count, "jobs \(jobs)")
        }
    }

    func testDrawingAndStatePassesStopOnCancellation() throws {
        let s = try source()
        // Set before the pass: nothing is made.
        let set = CancellationFlag()
        set.cancel()
        XCTAssertThrowsError(try FramePump(source: s, jobs: 2, cancellation: set).withStates(Array(0..<60)) { $0.time }) {
            XCTAssertEqual("\($0)", "\(RenderError.cancelled)")
        }
        XCTAssertThrowsError(try FramePump(source: s, jobs: 2, cancellation: set).pump(Array(0..<60), into: Keep(order: .ordered)))
        // Set mid-way by the sink: the pass stops with what it received so far, each frame as at jobs 1.
        let drawer = try s.drawer()
        for jobs in [1, 2] {
            let flag = CancellationFlag()
            let sink = Keep(order: .ordered, cancelAfter: 10, flag: flag)
            XCTAssertThrowsError(try FramePump(source: s, jobs: jobs, cancellation: flag).pump(Array(0..<60), into: sink)) {
                XCTAssertEqual("\($0)", "\(RenderError.cancelled)")
            }
            XCTAssertEqual(sink.frames.keys.sorted(), Array(0..<10), "jobs \(jobs)")
            for (slot, frame) in sink.frames { XCTAssertEqual(frame.image, try drawer.frame(slot).image) }
        }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func add() { lock.lock(); n += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return n }
    }
}
