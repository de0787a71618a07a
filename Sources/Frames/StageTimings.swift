import Foundation

/// Time spent in each stage of the pipeline, summed over frames (nanoseconds of wall time on the
/// worker that did the work). Reported by `render --timings` and the benchmark, never asserted.
/// The stages do not overlap, so they add up to the workers' busy time.
public struct StageTimings: Sendable {
    public enum Stage: String, CaseIterable, Sendable {
        /// `raster` is drawing without shadows and layer blur; `blur` is those (blurring the
        /// masks and compositing them), measured inside the rasterizer.
        case timeline, layout, displayList, raster, blur, encode, write
    }
    public internal(set) var nanoseconds: [Stage: UInt64] = [:]
    /// How many times each stage was measured (`timeline`: states computed, `layout`: layouts), so a pass's work can
    /// be counted as well as timed.
    public internal(set) var calls: [Stage: Int] = [:]

    public init() {}

    public mutating func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        calls[stage, default: 0] += 1
        defer { nanoseconds[stage, default: 0] += DispatchTime.now().uptimeNanoseconds - start }
        return try body()
    }

    /// Adds `ns` nanoseconds to `stage` and takes them off `from` (a stage that contains it).
    public mutating func move(_ ns: UInt64, to stage: Stage, from outer: Stage) {
        let available = nanoseconds[outer] ?? 0
        let moved = min(ns, available)
        nanoseconds[outer] = available - moved
        nanoseconds[stage, default: 0] += moved
    }

    public mutating func add(_ other: StageTimings) {
        for (k, v) in other.nanoseconds { nanoseconds[k, default: 0] += v }
        for (k, v) in other.calls { calls[k, default: 0] += v }
    }

    /// Milliseconds in a stage.
    public func milliseconds(_ s: Stage) -> Double { Double(nanoseconds[s] ?? 0) / 1e6 }
}
