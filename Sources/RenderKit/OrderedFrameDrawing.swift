import Foundation
import DisplayList
import Geometry
import Raster

/// Draws a `FrameSource`'s frames on several threads (one `FrameDrawer` each) for a consumer that takes them strictly
/// in order, as an encoder must. Threads take small runs of consecutive frames, so a held frame is still reused
/// (`RenderedFrame.reused`) inside a run, and they draw at most `window` frames ahead of the consumer, so memory stays
/// bounded however long the scene is. A `convert` step (the encoder's input format) also runs on the drawing threads.
final class OrderedFrameDrawing: @unchecked Sendable {
    /// Turns a frame's pixels into the bytes the consumer sends. The bytes passed in hold the conversion of the same
    /// thread's previous frame when the rectangles are given (only they changed: `RenderedFrame.changed`); with nil,
    /// everything is converted.
    typealias Convert = @Sendable (RGBAImage, [PixelRect]?, inout [UInt8]) -> Void

    private let source: FrameSource
    private let indices: [Int]
    private let jobs: Int, run: Int, window: Int
    private let convert: Convert?
    private let buffers: BufferPool?
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var nextRun = 0
    private var consumed = 0
    private var ready: [Int: (unchanged: Bool, bytes: [UInt8])] = [:]
    private var failure: Error?
    private var stopped = false
    private var timings = StageTimings()

    /// - Parameters: `jobs` drawing threads (at least 1); `run` consecutive frames per take; `convert`, when given,
    ///   makes the bytes handed on with each frame (else they are the frame's RGBA pixels), in arrays that the
    ///   consumer gives back with `recycle` when it is done with them.
    init(source: FrameSource, indices: [Int], jobs: Int, run: Int = 4, convert: Convert? = nil) {
        self.source = source
        self.convert = convert
        self.indices = indices
        self.jobs = max(1, jobs)
        self.run = max(1, run)
        window = 2 * self.jobs * self.run
        // Converted arrays alive at once: the window's, each thread's previous one, and a few on their way out.
        buffers = convert == nil ? nil : BufferPool(limit: window + self.jobs + 4)
    }

    /// Takes back bytes handed out by `frames` once the consumer is done with them, for the next frames' conversions
    /// (frames that are not converted are the drawers' own pixels and are not kept).
    func recycle(_ bytes: [UInt8]) { buffers?.give(bytes) }

    /// Calls `body` with every frame's bytes in order, and whether the frame is unchanged (its display list equals the
    /// one of the frame before it in `indices`: a property of the scene, whichever thread drew what), until it returns
    /// false; returns the drawing threads' stage timings. Throws the first drawing error, or what `body` throws; the
    /// threads have stopped either way. (Only the bytes are kept: the drawer can then update its next image in place.)
    func frames(_ body: (_ unchanged: Bool, _ bytes: [UInt8]) throws -> Bool) throws -> StageTimings {
        let group = DispatchGroup()
        for _ in 0..<jobs {
            group.enter()
            Thread.detachNewThread { [self] in
                draw()
                group.leave()
            }
        }
        defer {
            condition.lock(); stopped = true; condition.broadcast(); condition.unlock()
            group.wait()
        }
        for slot in indices.indices {
            condition.lock()
            while ready[slot] == nil && failure == nil { condition.wait() }
            if let failure { condition.unlock(); throw failure }
            let item = ready.removeValue(forKey: slot)
            consumed = slot + 1
            condition.broadcast()
            condition.unlock()
            guard let item, try body(item.unchanged, item.bytes) else { break }
        }
        condition.lock(); defer { condition.unlock() }
        return timings
    }

    /// One thread: takes runs of frames within the window and draws them until there are none left or it is stopped.
    private func draw() {
        let drawer: FrameDrawer
        do { drawer = try source.drawer() } catch { return fail(error) }
        defer { condition.lock(); timings.add(drawer.timings); condition.unlock() }
        // This thread's last converted bytes: a reused frame's pixels are this drawer's previous frame's.
        var converted: [UInt8] = []
        var haveConverted = false
        // The index and display list of this thread's previous frame.
        var last: (index: Int, list: DisplayList)?
        while true {
            condition.lock()
            var start = nextRun * run
            while !stopped && failure == nil && start < indices.count && start >= consumed + window {
                condition.wait()
                start = nextRun * run
            }
            if stopped || failure != nil || start >= indices.count { condition.unlock(); return }
            nextRun += 1
            condition.unlock()
            for slot in start..<min(start + run, indices.count) {
                let frame: RenderedFrame
                do { frame = try drawer.frame(indices[slot]) } catch { return fail(error) }
                // Compared with the frame before it in the output, which this thread drew only if it drew the run before.
                var unchanged = false
                if slot > 0 {
                    let before = indices[slot - 1]
                    if let last, last.index == before {
                        unchanged = last.list == frame.displayList
                    } else {
                        let state = drawer.timings.measure(.timeline) { source.state(before) }
                        unchanged = source.displayList(state, timings: &drawer.timings) == frame.displayList
                    }
                }
                last = (frame.index, frame.displayList)
                var bytes = frame.image.pixels
                if let convert {
                    if !(frame.reused && haveConverted) {
                        // A buffer of its own: the previous one may still be on its way to the consumer.
                        var next = buffers?.take() ?? []
                        if haveConverted, let changed = frame.changed {
                            // Only `changed` differs from this thread's previous frame: start from its bytes.
                            if next.count == converted.count {
                                converted.withUnsafeBytes { old in next.withUnsafeMutableBytes { $0.copyMemory(from: old) } }
                            } else {
                                next = converted
                            }
                            convert(frame.image, changed, &next)
                        } else {
                            convert(frame.image, nil, &next)
                        }
                        converted = next
                        haveConverted = true
                    }
                    bytes = converted
                }
                condition.lock()
                let stop = stopped
                ready[slot] = (unchanged, bytes)
                condition.broadcast()
                condition.unlock()
                if stop { return }
            }
        }
    }

    private func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }
}

/// Byte arrays handed back by a consumer for the next frames' bytes, so a long encode does not allocate (and fault in)
/// a new frame-sized array for every frame. Holds at most `limit`.
final class BufferPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [[UInt8]] = []
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// A returned array, or nil when none is free.
    func take() -> [UInt8]? {
        lock.lock(); defer { lock.unlock() }
        return free.popLast()
    }

    /// Gives `bytes` back. An array still referenced elsewhere (a frame sent twice) is copied when next written, as any
    /// Swift array is, so giving one back early is safe.
    func give(_ bytes: [UInt8]) {
        lock.lock(); defer { lock.unlock() }
        if free.count < limit { free.append(bytes) }
    }
}
