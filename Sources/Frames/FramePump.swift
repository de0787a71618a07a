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
        let threads = min(jobs, max(1, (indices.count + run - 1) / run))
        var workers: [Sink.Worker] = []
        for _ in 0..<threads { workers.append(try sink.makeWorker()) }
        let pass = PumpPass<Sink.Worker.Product>(source: source, indices: indices, run: run,
                                                 window: 2 * threads * run, ordered: sink.order == .ordered,
                                                 cancellation: cancellation)
        var report = Report(frames: 0, unchanged: 0, timings: StageTimings(), seconds: 0)
        try pass.drive(workers) { item in
            report.frames += 1
            if item.unchanged { report.unchanged += 1 }
            return try sink.receive(item)
        }
        report.timings = pass.timings
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return report
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

/// One pass of the pump: the shared state of its drawing threads and the receiving thread.
private final class PumpPass<Product>: @unchecked Sendable {
    let source: FrameSource
    let indices: [Int]
    let run: Int, window: Int
    let ordered: Bool
    let cancellation: CancellationFlag
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var nextRun = 0
    private var received = 0
    private var ready: [Int: PumpedFrame<Product>] = [:]
    private var failure: Error?
    private var stopped = false
    private(set) var timings = StageTimings()

    init(source: FrameSource, indices: [Int], run: Int, window: Int, ordered: Bool, cancellation: CancellationFlag) {
        self.source = source; self.indices = indices; self.run = run; self.window = window
        self.ordered = ordered; self.cancellation = cancellation
    }

    /// Starts a thread per worker and hands every frame to `receive` on this thread.
    func drive<W: FrameWorker>(_ workers: [W], receive: (PumpedFrame<Product>) throws -> Bool) throws where W.Product == Product {
        let group = DispatchGroup()
        for worker in workers {
            group.enter()
            let job = ThreadJob { [self] in draw(worker) }
            Thread.detachNewThread {
                job.run()
                group.leave()
            }
        }
        defer {
            condition.lock(); stopped = true; condition.broadcast(); condition.unlock()
            group.wait()
        }
        for _ in indices.indices {
            condition.lock()
            var item: PumpedFrame<Product>?
            while failure == nil {
                item = ordered ? ready.removeValue(forKey: received) : ready.popFirst()?.value
                if item != nil || cancellation.isCancelled { break }
                condition.wait()
            }
            if let failure { condition.unlock(); throw failure }
            if cancellation.isCancelled { condition.unlock(); throw RenderError.cancelled }
            received += 1
            condition.broadcast()
            condition.unlock()
            guard let item, try receive(item) else { break }
        }
    }

    /// One thread: takes runs of frames within the window and draws them until none are left or the pass stopped.
    private func draw<W: FrameWorker>(_ worker: W) where W.Product == Product {
        var worker = worker
        let drawer: FrameDrawer
        do { drawer = try source.drawer() } catch { return fail(error) }
        defer { condition.lock(); timings.add(drawer.timings); condition.unlock() }
        // This thread's previous frame: its index, display list and the worker's product of it.
        var last: (index: Int, list: DisplayList, product: Product)?
        while true {
            condition.lock()
            var start = nextRun * run
            while !stopped && failure == nil && start < indices.count && start >= received + window {
                condition.wait()
                start = nextRun * run
            }
            if stopped || failure != nil || start >= indices.count { condition.unlock(); return }
            nextRun += 1
            condition.unlock()
            for slot in start..<min(start + run, indices.count) {
                if cancellation.isCancelled { return wake() }
                let frame: RenderedFrame
                do { frame = try drawer.frame(indices[slot]) } catch { return fail(error) }
                // Asked to stop while this frame was drawn: it goes no further (a sink's worker may write files).
                if cancellation.isCancelled { return wake() }
                let unchanged = slot > 0 && displayList(of: indices[slot - 1], drawer: drawer, last: last) == frame.displayList
                let product: Product
                do { product = try worker.make(frame, previous: last?.product, timings: &drawer.timings) } catch {
                    return fail(error)
                }
                last = (frame.index, frame.displayList, product)
                condition.lock()
                ready[slot] = PumpedFrame(index: frame.index, slot: slot, time: frame.time, product: product,
                                          unchanged: unchanged)
                let stop = stopped
                condition.broadcast()
                condition.unlock()
                if stop { return }
            }
        }
    }

    /// The display list of frame `index`: this thread's last one when it drew that frame, else drawn up to the list.
    private func displayList(of index: Int, drawer: FrameDrawer, last: (index: Int, list: DisplayList, product: Product)?) -> DisplayList {
        if let last, last.index == index { return last.list }
        let state = drawer.timings.measure(.timeline) { source.state(index) }
        return source.displayList(state, timings: &drawer.timings)
    }

    private func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }

    /// Wakes the receiving thread so it sees the cancellation.
    private func wake() {
        condition.lock(); condition.broadcast(); condition.unlock()
    }
}

/// A thread's work with its worker, moved onto the thread that alone runs it.
private final class ThreadJob: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
