import DisplayList
import Foundation
import Timeline

extension FramePump {
    /// `make`'s product of the display list of each of `indices`, in their order, made on up to `jobs` threads
    /// without drawing anything: for work that needs the draw commands only (`render test` hashing them to find
    /// the frames its goldens already show). Each thread has its own `DisplayListDigest`, which remembers the
    /// commands it digested. The pump is the one scheduler, so this pass lives here too.
    public func withDisplayLists<T: Sendable>(_ indices: [Int],
                                              _ make: @escaping @Sendable (DisplayList, inout DisplayListDigest) -> T) throws(RenderError) -> [T] {
        let source = self.source
        return try withStates(indices, context: { DisplayListDigest() }) { digest, state in
            var timings = StageTimings()
            return make(source.displayList(state, timings: &timings), &digest)
        }
    }

    /// `make`'s product of the state of each of `indices`, in their order, made on up to `jobs` threads without
    /// drawing anything: for work that reads states and layouts only (the motion track and the expectations of
    /// `render test`, which lay out every frame).
    public func withStates<T: Sendable>(_ indices: [Int], _ make: @escaping @Sendable (FrameState) -> T) throws(RenderError) -> [T] {
        try withStates(indices, context: {}) { _, state in make(state) }
    }

    /// `withStates` with a `context` per thread (made by `context` on that thread) that `make` may change. Scheduled
    /// as drawing is (`PumpPass`): a thread mostly gets a frame right after the one before it, which a `make` may
    /// reuse work of, as `MotionSamples` does. Throws `RenderError.cancelled` when the pump's cancellation is set.
    public func withStates<Context, T: Sendable>(_ indices: [Int], context: @escaping @Sendable () -> Context,
                                                 _ make: @escaping @Sendable (inout Context, FrameState) -> T) throws(RenderError) -> [T] {
        guard !indices.isEmpty else { return [] }
        var out = [T?](repeating: nil, count: indices.count)
        let pass = PumpPass<(slot: Int, value: T), Void>(count: indices.count, run: run,
                                                         threads: threadCount(indices.count), ordered: false,
                                                         cancellation: cancellation)
        let source = self.source
        do {
            try pass.drive(lane: { _ in StateLane(source: source, indices: indices, context: context, make: make) },
                           link: { _, _, _ in }, receive: { item in
                out[item.slot] = item.value
                return true
            })
        } catch let e as RenderError { throw e } catch {
            throw .output("\(error)")  // nothing else throws: the lanes and receiving do not
        }
        return out.map { $0! }
    }
}

/// A state pass's lane: the thread's context, made on the thread at its first slot.
private struct StateLane<Context, T>: PumpLane {
    let source: FrameSource
    let indices: [Int]
    let context: () -> Context
    let make: (inout Context, FrameState) -> T
    var mine: Context?

    init(source: FrameSource, indices: [Int], context: @escaping () -> Context, make: @escaping (inout Context, FrameState) -> T) {
        self.source = source; self.indices = indices; self.context = context; self.make = make
    }

    mutating func item(_ slot: Int, runStart: Bool) throws -> (item: (slot: Int, value: T), edge: Void) {
        if mine == nil { mine = context() }
        return ((slot, make(&mine!, source.state(indices[slot]))), ())
    }

    mutating func finish() {}
}
