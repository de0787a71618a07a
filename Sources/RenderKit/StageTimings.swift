import Foundation

/// Time spent in each stage of the pipeline, summed over frames (nanoseconds of wall time on the
/// worker that did the work). Reported by `render --timings` and the benchmark, never asserted.
public struct StageTimings: Sendable {
    public enum Stage: String, CaseIterable, Sendable {
        case timeline, layout, displayList, raster, encode, write
    }
    public private(set) var nanoseconds: [Stage: UInt64] = [:]

    public init() {}

    mutating func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { nanoseconds[stage, default: 0] += DispatchTime.now().uptimeNanoseconds - start }
        return try body()
    }

    mutating func add(_ other: StageTimings) {
        for (k, v) in other.nanoseconds { nanoseconds[k, default: 0] += v }
    }

    /// Milliseconds in a stage.
    public func milliseconds(_ s: Stage) -> Double { Double(nanoseconds[s] ?? 0) / 1e6 }
}
