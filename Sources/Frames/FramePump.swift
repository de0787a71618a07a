import DisplayList
import Foundation

/// The one scheduler of frames: draws a selection of a `FrameSource`'s frames on `jobs` threads (one `FrameDrawer`
/// each) and hands them to a `FrameSink`, in selection order or as they are done. Every output — the PNG sequence,
/// the video encoders, strips, the preview page and its APNG, `render watch`, `render test` — is such a sink; none
/// schedules threads or keeps a frame of its own.
///
/// Threads take runs of `run` consecutive frames, so a thread usually draws a frame right after the one before it:
/// a frame whose display list equals that one's is not drawn again (`RenderedFrame.reused`) and the sink's worker
/// gets its product of that one to hand on, and a frame that differs is drawn only where it changed. The threads draw at most
/// `window` frames ahead of what the sink has taken, so memory stays bounded however long the scene is.
///
/// "Unchanged" has one meaning for every output: a frame whose display list equals the one of the frame before it
/// in the selection. It is cheap (no pixels compared) and the same at any `--jobs`.
public final class FramePump: Sendable {
    public let source: FrameSource
    /// Drawing threads.
    public let jobs: Int
    /// Consecutive frames a thread takes at a time.
    public let run: Int
    /// Set from a signal handler or another thread to stop between frames (the pump then throws `RenderError.cancelled`).
    public let cancellation: CancellationFlag

    public init(source: FrameSource, jobs: Int, run: Int = 4, cancellation: CancellationFlag = CancellationFlag()) {
        self.source = source
        self.jobs = max(1, jobs)
        self.run = max(1, run)
        self.cancellation = cancellation
    }

    /// What a pass of the pump did.
    public struct Report: Sendable {
        /// Frames handed to the sink.
        public var frames: Int
        /// Of those, frames whose display list equals the one of the frame before them in the selection.
        public var unchanged: Int
        /// The drawing threads' time per stage, the sink's workers' included (they add `encode` and `write`).
        public var timings: StageTimings
        /// Wall-clock seconds of the pass.
        public var seconds: Double
    }

    /// Draws the frames `indices` (in the order given: `FrameSelection.indices`) into `sink` until every frame was
    /// received or the sink's `receive` returns false. Throws the first drawing or sink error, or
    /// `RenderError.cancelled`; the threads have stopped when it returns either way.
    public func pump<Sink: FrameSink>(_ indices: [Int], into sink: Sink) throws -> Report {
        let started = DispatchTime.now().uptimeNanoseconds
        let threads = threadCount(indices.count)
        var workers: [Sink.Worker] = []
        for _ in 0..<threads { workers.append(try sink.makeWorker()) }
        let pass = PumpPass<PumpedFrame<Sink.Worker.Product>, DisplayList>(
            count: indices.count, run: run, threads: threads, ordered: sink.order == .ordered, cancellation: cancellation)
        var report = Report(frames: 0, unchanged: 0, timings: StageTimings(), seconds: 0)
        let source = self.source
        let totals = TimingsTotal()
        try pass.drive(lane: { t in
            FrameLane(source: source, indices: indices, worker: workers[t], totals: totals)
        }, link: { before, first, item in
            item.unchanged = before == first
        }, receive: { item in
            report.frames += 1
            if item.unchanged { report.unchanged += 1 }
            return try sink.receive(item)
        })
        report.timings = totals.timings
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return report
    }

    /// Threads for `count` items: `jobs`, but no more than there are runs.
    func threadCount(_ count: Int) -> Int {
        min(jobs, max(1, (count + run - 1) / run))
    }
}

/// Whether a sink takes frames in selection order (an encoder) or as they are done (files written side by side).
public enum FrameOrder: Sendable {
    case ordered, unordered
}

/// An output fed by the `FramePump`.
public protocol FrameSink: AnyObject {
    associatedtype Worker: FrameWorker
    /// The order `receive` gets frames in.
    var order: FrameOrder { get }
    /// The part of the sink that runs on one drawing thread: the pump makes one per thread, on the calling thread.
    func makeWorker() throws -> Worker
    /// Takes one frame's product, on the thread that called `FramePump.pump`, one frame at a time. False stops the pump.
    func receive(_ frame: PumpedFrame<Worker.Product>) throws -> Bool
}

/// What a sink makes of a drawn frame on the drawing thread (PNG bytes, converted video pixels, a comparison).
public protocol FrameWorker {
    associatedtype Product
    /// The product of `frame`. `previous` is this worker's product of the frame its thread drew just before (nil at
    /// the thread's first frame): the frame whose pixels `frame.changed` is relative to, and which `frame.reused`
    /// says has the same pixels — so a worker can hand its bytes on instead of encoding again. Time spent goes to
    /// `timings`.
    mutating func make(_ frame: RenderedFrame, previous: Product?, timings: inout StageTimings) throws -> Product
}

/// One frame as a sink receives it.
public struct PumpedFrame<Product> {
    /// Frame index, and the frame's place in the selection.
    public var index: Int
    public var slot: Int
    /// Seconds.
    public var time: Double
    public var product: Product
    /// The display list equals the one of the frame before it in the selection.
    public var unchanged: Bool
}

