import Geometry
import Motion
import RenderKit
import SceneModel
import Timeline

extension ExpectationTest {
    /// Within `from...to` the property equals a + (b − a)·p(t − from): a its value at `from`, b the value it comes
    /// to rest at (from `to` on, the first frame the next one does not move from), p the curve's progress as the
    /// timeline computes it for that animation (`Motion.Animation`, the scene format's definition of each curve).
    func checkFollows(_ e: Expectation, _ spec: AnimationSpec, _ property: String) -> (Bool, String) {
        let view = e.view ?? "", from = e.from ?? 0, to = e.to ?? 0
        let tolerance = e.tolerance ?? Self.tolerance(of: property)
        let name = "\(view).\(property)"
        guard let a = samples.value(view, property, at: from), let series = samples.table.frames(view, property) else {
            return (false, "at \(Self.seconds(from)) \(view) is not drawn, expected \(property) to follow the curve")
        }
        // The loader refuses an expression here, so the initial velocity is a number or none.
        let animation = Animation(constantVelocity: spec)
        let window = samples.frames(from: from, to: to)
        let repeats = animation.repeatCount != .count(1)
        guard let b = repeats ? endOfCycle(series, window, a: a, animation, from: from) : rest(series, after: to) else {
            return (false, "\(name) is not drawn from \(Self.seconds(to)) on, so it has no value to settle at")
        }
        guard !window.isEmpty else {
            return (false, "no frame of the scene lies from \(Self.seconds(from)) to \(Self.seconds(to)): nothing to compare with the curve")
        }
        var worst: (frame: Int, got: Double, want: Double)?, firstOff: (frame: Int, got: Double, want: Double)?
        for i in window {
            guard let got = series[i] else { return (false, "at \(Self.seconds(samples.source.time(frame: i))) \(view) is not drawn, expected \(name) to follow the curve") }
            let want = a + (b - a) * animation.progress(at: samples.source.time(frame: i) - from)
            if abs(got - want) > abs((worst.map { $0.got - $0.want }) ?? 0) { worst = (i, got, want) }
            if firstOff == nil, abs(got - want) > tolerance + 1e-9 { firstOff = (i, got, want) }
        }
        let move = "from \(fmt(a)) to \(fmt(b))" + (repeats ? " a cycle" : "")
        guard let w = worst, let f = firstOff else {
            return (true, "\(name) follows the curve \(move) within \(fmt(tolerance))")
        }
        // The worst frame says how far off; the first frame off says where it starts to diverge (a repeat that drifts
        // a little more each cycle is off first long before it is off most).
        let time = { (i: Int) in Self.seconds(self.samples.source.time(frame: i)) }
        return (false, "at \(time(w.frame)) \(name) = \(fmt(w.got)), expected \(fmt(w.want)) ± \(fmt(tolerance)) on the curve \(move) from \(Self.seconds(from))"
                + (f.frame == w.frame ? "" : "; first off the curve at \(time(f.frame)) (frame \(f.frame)): \(fmt(f.got)), expected \(fmt(f.want))"))
    }

    /// For a curve that repeats (forever, or a number of times), which rests only after its repeats if ever: the value its first cycle ends at, read from the frame of
    /// the window with the most progress (b = a + (v − a)/p), so that the other frames test the curve's shape and period.
    private func endOfCycle(_ series: [Double?], _ window: [Int], a: Double, _ animation: Animation, from: Double) -> Double? {
        let progress = window.map { animation.progress(at: samples.source.time(frame: $0) - from) }
        guard let k = progress.indices.max(by: { progress[$0] < progress[$1] }), progress[k] > 0, let v = series[window[k]] else { return nil }
        return a + (v - a) / progress[k]
    }

    /// The value a series comes to rest at from frame-time `to` on: the first frame whose successor does not move from
    /// it (within a hundredth of the property's tolerance), else the last frame drawn.
    private func rest(_ series: [Double?], after to: Double) -> Double? {
        let frames = samples.frames(from: to, to: samples.source.duration)
        for (i, j) in zip(frames, frames.dropFirst()) {
            guard let x = series[i], let y = series[j] else { return series[i] }
            if abs(x - y) <= 1e-4 { return x }
        }
        return frames.last.flatMap { series[$0] }
    }
}
