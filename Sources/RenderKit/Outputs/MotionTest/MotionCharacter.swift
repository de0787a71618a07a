import Formats

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

    /// `frames` as drawn (nil where the view is absent; those frames are skipped), at `fps`. The settle band is 1 % of
    /// the move and at least 0.5 pt (0.5° for a rotation, 0.005 for a ratio such as opacity): a spring's tail below a
    /// point is not something anyone sees end.
    public init?(_ frames: [Double?], fps: Double, property: String) {
        let drawn = frames.enumerated().compactMap { i, v in v.map { (time: Double(i) / fps, value: $0) } }
        guard let first = drawn.first, let last = drawn.last else { return nil }
        initial = first.value
        final = last.value
        start = drawn.first { $0.value != first.value }?.time
        let farthest = drawn.map { abs($0.value - first.value) }.max() ?? 0
        let move = final - initial
        let floor = MotionSeries.unit(of: property).isEmpty ? 0.005 : 0.5
        let band = max(0.01 * (move == 0 ? farthest : abs(move)), floor)
        settle = drawn.last { abs($0.value - last.value) > band }?.time
        let direction: Double = move < 0 ? -1 : 1
        overshoot = move == 0 ? 0 : max(0, drawn.map { ($0.value - last.value) * direction }.max() ?? 0)
    }

    /// The size of the move from `initial` to `final`.
    public var move: Double { final - initial }
}
