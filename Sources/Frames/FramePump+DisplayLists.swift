import DisplayList
import Foundation
import Timeline

extension FramePump {
    /// `make`'s product of the display list of each of `indices`, in their order, made on up to `jobs` threads
    /// without drawing anything: for work that needs the draw commands only (`render test` hashing them to find
    /// the frames its goldens already show). Each thread has its own `DisplayListDigest`, which remembers the
    /// commands it digested. The pump is the one scheduler, so this pass lives here too.
    public func withDisplayLists<T: Sendable>(_ indices: [Int],
                                              _ make: @escaping @Sendable (DisplayList, inout DisplayListDigest) -> T) -> [T] {
        let source = self.source
        return withStates(indices, context: { DisplayListDigest() }) { digest, state in
            var timings = StageTimings()
            return make(source.displayList(state, timings: &timings), &digest)
        }
    }

    /// `make`'s product of the state of each of `indices`, in their order, made on up to `jobs` threads without
    /// drawing anything: for work that reads states and layouts only (the motion track and the expectations of
    /// `render test`, which lay out every frame).
    public func withStates<T: Sendable>(_ indices: [Int], _ make: @escaping @Sendable (FrameState) -> T) -> [T] {
        withStates(indices, context: {}) { _, state in make(state) }
    }

    /// `withStates` with a `context` per thread (made by `context` on that thread) that `make` may change.
    public func withStates<Context, T: Sendable>(_ indices: [Int], context: @escaping @Sendable () -> Context,
                                                 _ make: @escaping @Sendable (inout Context, FrameState) -> T) -> [T] {
        guard !indices.isEmpty else { return [] }
        let slots = UnsafeMutablePointer<T?>.allocate(capacity: indices.count)
        slots.initialize(repeating: nil, count: indices.count)
        defer { slots.deinitialize(count: indices.count); slots.deallocate() }
        // Slot k is written by the one thread that takes k, read after all have finished. Thread t takes the runs of
        // `run` consecutive slots whose number is t modulo the thread count, so a thread mostly gets a frame right after
        // the one before it (which a `make` may reuse work of, as `MotionSamples` does) and the threads stay balanced.
        nonisolated(unsafe) let out = slots
        let run = self.run
        let runs = (indices.count + run - 1) / run
        let threads = max(1, min(jobs, runs))
        let source = self.source
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            var mine = context()
            for r in stride(from: t, to: runs, by: threads) {
                for k in r * run..<min((r + 1) * run, indices.count) {
                    out[k] = make(&mine, source.state(indices[k]))
                }
            }
        }
        return (0..<indices.count).map { out[$0]! }
    }
}
