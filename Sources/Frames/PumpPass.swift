import DisplayList
import Foundation

/// A thread's part of a `PumpPass`: the item of each slot of the runs its thread takes, asked for in slot order.
protocol PumpLane {
    associatedtype Item
    associatedtype Edge
    /// The item of `slot` and what its neighbour across a run boundary is compared with (`PumpPass.drive`'s `link`).
    /// `runStart`: the slot starts a run, so this lane did not do the slot before it just now (or ever).
    mutating func item(_ slot: Int, runStart: Bool) throws -> (item: Item, edge: Edge)
    /// Called once on the lane's thread when it has no more slots to do (or the pass stopped).
    mutating func finish()
}

/// The pump's one engine, for drawing (`FramePump.pump`) and for state passes (`FramePump.withStates`) alike: `threads`
/// threads take runs of `run` consecutive slots, in order, at most `window` slots ahead of what the calling thread has
/// received, and the calling thread hands each item to `receive` in slot order or as they are done. Cancellation,
/// errors and `receive` returning false stop every thread between two items.
///
/// A run's first slot (but the selection's first) needs its neighbour, the last slot of the run before, which
/// another thread may be doing: instead of doing that slot again, each thread hands over the `Edge` of the slots at
/// the boundaries of its runs, and the pass `link`s the two when both are there. No slot is ever done twice.
final class PumpPass<Item, Edge>: @unchecked Sendable {
    let count: Int, run: Int, threads: Int, window: Int
    let ordered: Bool
    let cancellation: CancellationFlag
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var nextRun = 0
    private var received = 0
    private var ready: [Int: Item] = [:]
    /// Run starts whose neighbour is not done yet: the item and its edge.
    private var waiting: [Int: (item: Item, edge: Edge)] = [:]
    /// Edges of run ends whose following run start is not done yet.
    private var ends: [Int: Edge] = [:]
    private var failure: Error?
    private var stopped = false

    init(count: Int, run: Int, threads: Int, window: Int? = nil, ordered: Bool, cancellation: CancellationFlag) {
        self.count = count; self.run = max(1, run); self.threads = max(1, threads)
        self.window = window ?? 2 * self.threads * self.run
        self.ordered = ordered; self.cancellation = cancellation
    }

    /// Starts `threads` threads, lane `t` made on the calling thread by `lane(t)`, and hands every item to `receive`
    /// on the calling thread. `link(before, first, &item)` completes the item of a run start from the edge of the slot
    /// before it; it runs on one of the threads. Throws the first error of a lane or of `receive`, or
    /// `RenderError.cancelled`; the threads have stopped when it returns either way.
    func drive<Lane: PumpLane>(lane: (Int) throws -> Lane, link: @escaping (Edge, Edge, inout Item) -> Void,
                               receive: (Item) throws -> Bool) throws where Lane.Item == Item, Lane.Edge == Edge {
        guard count > 0 else { return }
        var lanes: [Lane] = []
        for t in 0..<threads { lanes.append(try lane(t)) }
        let group = DispatchGroup()
        for lane in lanes {
            group.enter()
            let job = ThreadJob { [self] in work(lane, link: link) }
            Thread.detachNewThread {
                job.run()
                group.leave()
            }
        }
        defer {
            condition.lock(); stopped = true; condition.broadcast(); condition.unlock()
            group.wait()
        }
        for _ in 0..<count {
            condition.lock()
            var item: Item?
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

    /// One thread: takes runs within the window and does them until none are left or the pass stopped.
    private func work<Lane: PumpLane>(_ lane: Lane, link: (Edge, Edge, inout Item) -> Void)
    where Lane.Item == Item, Lane.Edge == Edge {
        var lane = lane
        defer { lane.finish() }
        while true {
            condition.lock()
            var start = nextRun * run
            while !stopped && failure == nil && start < count && start >= received + window {
                condition.wait()
                start = nextRun * run
            }
            if stopped || failure != nil || start >= count { condition.unlock(); return }
            nextRun += 1
            condition.unlock()
            let end = min(start + run, count)
            for slot in start..<end {
                if cancellation.isCancelled { return wake() }
                let done: (item: Item, edge: Edge)
                do { done = try lane.item(slot, runStart: slot == start) } catch { return fail(error) }
                // Asked to stop while this item was made: it goes no further.
                if cancellation.isCancelled { return wake() }
                if !deliver(done, slot: slot, runStart: slot == start, runEnd: slot == end - 1, link: link) { return }
            }
        }
    }

    /// Hands a done slot over: to `ready`, or, for a run start whose neighbour is not done yet, to `waiting`. A run
    /// end's edge links the run start after it when that is waiting. False when the pass stopped.
    private func deliver(_ done: (item: Item, edge: Edge), slot: Int, runStart: Bool, runEnd: Bool,
                         link: (Edge, Edge, inout Item) -> Void) -> Bool {
        var item = done.item
        condition.lock()
        if runStart && slot > 0 {
            if let before = ends.removeValue(forKey: slot - 1) {
                condition.unlock()
                link(before, done.edge, &item)
                condition.lock()
                ready[slot] = item
            } else {
                waiting[slot] = (item, done.edge)
            }
        } else {
            ready[slot] = item
        }
        if runEnd && slot + 1 < count {
            if var next = waiting.removeValue(forKey: slot + 1) {
                condition.unlock()
                link(done.edge, next.edge, &next.item)
                condition.lock()
                ready[slot + 1] = next.item
            } else {
                ends[slot] = done.edge
            }
        }
        let stop = stopped
        condition.broadcast()
        condition.unlock()
        return !stop
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

/// Adds the lanes' stage timings up as their threads finish.
final class TimingsTotal: @unchecked Sendable {
    private let lock = NSLock()
    private var total = StageTimings()
    func add(_ t: StageTimings) { lock.lock(); total.add(t); lock.unlock() }
    var timings: StageTimings { lock.lock(); defer { lock.unlock() }; return total }
}

/// A drawing thread's lane: its `FrameDrawer` and sink worker. Within a run it says whether a frame's display list
/// equals the one before it; at a run start the pass links it with the run before's last frame instead.
struct FrameLane<Worker: FrameWorker>: PumpLane {
    let source: FrameSource
    let indices: [Int]
    var worker: Worker
    let totals: TimingsTotal
    private var drawer: FrameDrawer?
    /// This lane's previous frame: its display list and the worker's product of it.
    private var last: (list: DisplayList, product: Worker.Product)?

    init(source: FrameSource, indices: [Int], worker: Worker, totals: TimingsTotal) {
        self.source = source; self.indices = indices; self.worker = worker; self.totals = totals
    }

    mutating func item(_ slot: Int, runStart: Bool) throws -> (item: PumpedFrame<Worker.Product>, edge: DisplayList) {
        if drawer == nil { drawer = try source.drawer() }
        let drawer = drawer!
        let frame = try drawer.frame(indices[slot])
        let unchanged = !runStart && last?.list == frame.displayList
        let product = try worker.make(frame, previous: last?.product, timings: &drawer.timings)
        last = (frame.displayList, product)
        return (PumpedFrame(index: frame.index, slot: slot, time: frame.time, product: product, unchanged: unchanged),
                frame.displayList)
    }

    mutating func finish() {
        if let drawer { totals.add(drawer.timings) }
    }
}

/// A thread's work, moved onto the thread that alone runs it.
private final class ThreadJob: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
