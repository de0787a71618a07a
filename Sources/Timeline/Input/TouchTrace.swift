import Geometry
import SceneModel

/// The scripted finger at one instant, as `--show-touches` draws it.
public struct TouchPoint: Sendable, Equatable {
    /// Canvas points.
    public var point: Point
    /// 0…1; 0 when the script gives none.
    public var force: Double
    public var isDown: Bool
    /// Seconds since the finger lifted; 0 while it is down.
    public var sinceUp: Double
}

/// Where the scene's scripted pointer is at any time: a pure function of the scene's `input` and
/// the time, computed from the same expansion the gestures see (drags move at the scene's own
/// frame times), so the drawn finger is exactly where the gestures think it is.
public struct TouchTrace: Sendable {
    /// After each sample in time order: its time on the microsecond grid and the pointer then.
    private let micros: [Int64]
    private let times: [Double]
    private let states: [TouchPoint]

    /// - Parameters:
    ///   - input: the scene's `input`.
    ///   - fps: the scene's own frame rate (not a CLI override), as the simulation uses.
    public init(input: [InputSpec], fps: Double) {
        let samples = PointerScript.samples(input, fps: fps).enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var m: [Int64] = [], ts: [Double] = [], out: [TouchPoint] = []
        var current = TouchPoint(point: .zero, force: 0, isDown: false, sinceUp: 0)
        for s in samples {
            current.point = s.point
            switch s.kind {
            case .down:
                current.isDown = true
                current.force = s.force ?? 0   // as the simulation: a new touch starts without pressure
            case .move:
                if let f = s.force { current.force = f }
            case .up:
                if let f = s.force { current.force = f }
                current.isDown = false
            }
            m.append(TimeGrid.micros(s.time)); ts.append(s.time); out.append(current)
        }
        micros = m; times = ts; states = out
    }

    /// The pointer at `time` seconds, or nil before the first touch. After an up it stays where it
    /// lifted, with `sinceUp` counting.
    public func touch(at time: Double) -> TouchPoint? {
        let t = TimeGrid.micros(time)
        // The last sample shown at t (same grid rule as state changes).
        var lo = 0, hi = micros.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if micros[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return nil }
        var p = states[lo - 1]
        if !p.isDown { p.sinceUp = max(0, time - times[lo - 1]) }
        return p
    }
}
