import Formats
import RenderKit

/// How one value moves over a scene, in the terms a motion designer uses (testing.md §1): when it starts, when it
/// settles, how far it overshoots, where it ends. Times come from the track's frames, so they are exact to a frame.
public struct MotionCharacter: Equatable, Sendable {
    /// The first frame's value (the value at rest before the move) and the last frame's.
    public var initial: Double
    public var final: Double
    /// Seconds: the first frame whose value differs from `initial`; nil when it never does.
    public var start: Double?
    /// Seconds: the last frame farther from `final` than the settle band; nil when none is.
    public var settle: Double?
    /// The largest excursion past `final` in the direction of the move, in the value's unit (0 for none).
    public var overshoot: Double
    /// Seconds between repeats when the value repeats itself to the end of the track (a shimmer's sweep, a pulse):
    /// then its start and its period are its timing, not a settle it never reaches. Nil otherwise.
    public var period: Double?

    /// `frames` as drawn (nil where the view is absent; those frames are skipped), at `fps`. The settle band is 1 % of
    /// the move and at least 0.5 pt (0.5° for a rotation, 0.005 for a ratio such as opacity): a spring's tail below a
    /// point is not something anyone sees end.
    public init?(_ frames: [Double?], fps: Double, property: String) {
        let drawn = frames.enumerated().compactMap { i, v in v.map { (time: Double(i) / fps, value: $0) } }
        guard let first = drawn.first, let last = drawn.last else { return nil }
        initial = first.value
        final = last.value
        start = drawn.first { $0.value != first.value }?.time
        let band = Self.band(frames, property: property)
        settle = drawn.last { abs($0.value - last.value) > band }?.time
        // Overshoot belongs to the last move: from the last rest (three equal frames) away from the final value, so
        // that a value which moved, rested and now ends elsewhere is not said to overshoot by its first move.
        let lastRest = (2..<max(2, drawn.count)).last { i in
            drawn[i].value == drawn[i - 1].value && drawn[i].value == drawn[i - 2].value && abs(drawn[i].value - last.value) > band
        }
        let moving = drawn[(lastRest ?? 0)...]
        let move = final - (moving.first?.value ?? initial)
        let direction: Double = move < 0 ? -1 : 1
        overshoot = move == 0 ? 0 : max(0, moving.map { ($0.value - last.value) * direction }.max() ?? 0)
        if let s = frames.firstIndex(where: { $0 != nil && $0 != first.value }), s > 0,
           frames[(s - 1)...].allSatisfy({ $0 != nil }) {
            period = Self.period(frames[(s - 1)...].map { $0! }).map { Double($0) / fps }
        }
    }

    /// The settle band of a value over `frames` (nil where not drawn): 1 % of its move from the first value drawn to
    /// the last (of its farthest excursion when it comes back where it started), at least 0.5 pt or degree, 0.005 for
    /// a ratio such as opacity: a spring's tail below a point is not something anyone sees end. `settledBy` uses the
    /// same band, so both say "settled" of the same frame.
    public static func band(_ frames: [Double?], property: String) -> Double {
        let drawn = frames.compactMap { $0 }
        let floor = MotionSeries.unit(of: property).isEmpty ? 0.005 : 0.5
        guard let first = drawn.first, let last = drawn.last else { return floor }
        let farthest = drawn.map { abs($0 - first) }.max() ?? 0
        return max(0.01 * (last == first ? farthest : abs(last - first)), floor)
    }

    /// The repeat of `values` (from the frame before they start moving), in frames: the smallest lag L at which each
    /// value equals the one L frames before within one frame's step (so a period that is not a whole number of
    /// frames still matches) except at most two frames a repeat (where a sweep jumps back: the frames on either side
    /// of the jump are a repeat apart only to the frame). A scene may end early in the second repeat, so the values
    /// compared need only cover an eighth of a repeat, and at least 8 frames. The value must still move over the last
    /// L frames as much as over the whole track, so a spring that settles, or a sweep that stops, never repeats.
    static func period(_ values: [Double]) -> Int? {
        let n = values.count
        guard n >= 10, let low = values.min(), let high = values.max(), high > low else { return nil }
        let steps = zip(values, values.dropFirst()).map { abs($1 - $0) }.filter { $0 > 0 }.sorted()
        guard !steps.isEmpty else { return nil }
        let tolerance = steps[steps.count / 2] * 1.01 + 1e-9
        /// The frames farther apart than the tolerance at `lag` (stopping past `allowed`), and how far apart all are.
        func misses(_ lag: Int) -> (count: Int, distance: Double) {
            let allowed = 2 * ((n + lag - 1) / lag)
            var count = 0, distance = 0.0
            for i in 0..<(n - lag) {
                let d = abs(values[i + lag] - values[i])
                distance += d
                if d > tolerance { count += 1; if count > allowed { break } }
            }
            return (count <= allowed ? count : Int.max, distance)
        }
        for lag in 2...(n - 8) where n - lag >= lag / 8 {
            let last = values[(n - lag)...]
            guard let lastLow = last.min(), let lastHigh = last.max(), lastHigh - lastLow >= 0.5 * (high - low) else { continue }
            let here = misses(lag)
            guard here.count != Int.max else { continue }
            // A period of a whole number of frames also matches a frame short, within a step: take the closer lag.
            if lag + 1 <= n - 8, n - lag - 1 >= (lag + 1) / 8 {
                let next = misses(lag + 1)
                if next.count != Int.max, next.distance / Double(n - lag - 1) < here.distance / Double(n - lag) { return lag + 1 }
            }
            return lag
        }
        return nil
    }

    /// The size of the move from `initial` to `final`.
    public var move: Double { final - initial }
}
