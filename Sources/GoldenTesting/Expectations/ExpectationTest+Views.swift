import Formats
import Foundation
import Geometry
import RenderKit
import SceneModel

extension ExpectationTest {
    /// Whether `e` holds, and the line that says so or what was found instead.
    func check(_ e: Expectation) -> (Bool, String) {
        switch e.fact {
        case .frame(let wanted):
            let keys = ["x", "y", "width", "height"].filter { wanted[$0] != nil }
            return compare(e, keys.map { ($0, wanted[$0]!) })
        case .opacity(let o): return compare(e, [("opacity", o)])
        case .value(let v, let property): return compare(e, [(property, v)])
        case .state(let facts): return checkState(e, facts)
        case .haptics(let counts): return checkHaptics(e, counts)
        case .event(let reference): return checkEvent(e, reference)
        case .settledBy(let t, let within): return checkSettled(e, by: t, within: within)
        case .follows(let spec, let property): return checkFollows(e, spec, property)
        }
    }

    /// The default tolerance of a view property, the motion golden's (`MotionComparison.tolerance`): 0.001 for a
    /// ratio (opacity, scale, a colour channel), 0.01 pt (or degree) for the rest.
    static func tolerance(of property: String) -> Double { MotionComparison.tolerance(property) }

    /// One frame of the scene: the default tolerance of a time.
    var frameTime: Double { 1 / samples.source.fps }

    /// Values of `e.view` at `e.at` against `wanted`, all on one line when any is off.
    func compare(_ e: Expectation, _ wanted: [(String, Double)]) -> (Bool, String) {
        let view = e.view ?? "", at = e.at ?? 0
        let expected = wanted.map { (wanted.count == 1 ? "" : "\($0.0) ") + "\(fmt($0.1)) ± \(fmt(e.tolerance ?? Self.tolerance(of: $0.0)))" }.joined(separator: ", ")
        var found: [String] = []
        var passed = true
        for (property, want) in wanted {
            guard let got = samples.value(view, property, at: at) else {
                // Drawn without the property: a gradient's values asked of a view that is no linear gradient.
                let drawn = samples.value(view, "x", at: at) != nil
                return (false, "at \(Self.seconds(at)) \(view) " + (drawn ? "has no \(property)" : "is not drawn") + ", expected \(expected)")
            }
            if abs(got - want) > (e.tolerance ?? Self.tolerance(of: property)) + 1e-9 { passed = false }
            found.append("\(view).\(property) = \(fmt(got))")
        }
        if passed { return (true, "at \(Self.seconds(at)) \(found.joined(separator: ", "))") }
        return (false, "at \(Self.seconds(at)) \(found.joined(separator: ", ")), expected \(expected)")
    }

    /// Every property of `e.view` that the motion track records (frame, opacity, colours, shadows…) is, in every frame
    /// from `t` (plus the time tolerance) to `e.to` or the end, within its settle band of its value in that last frame:
    /// the motion report's band (`MotionCharacter.band`: 1 % of the value's move, at least 0.5 pt, 0.005 for a ratio),
    /// so that "settles at" in a motion report and `settledBy` mean the same, or `within` when the entry gives it.
    /// Presence counts as a value (a view that appears or vanishes later has not settled). A failure names the
    /// property that is off its final value longest and until when.
    func checkSettled(_ e: Expectation, by t: Double, within: Double?) -> (Bool, String) {
        let view = e.view ?? ""
        let timeTolerance = e.tolerance ?? frameTime
        let frames = samples.frames(from: t + timeTolerance, to: e.to ?? samples.source.duration)
        guard let final = frames.last else { return (true, "\(view) settled by \(Self.seconds(t))") }
        var latest: (frame: Int, property: String, final: Double?, band: Double)?
        for property in samples.table.properties(of: view) {
            guard let series = samples.table.frames(view, property) else { continue }
            let ratio = MotionSeries.unit(of: property).isEmpty
            let band = within.map { ratio ? $0 / 100 : $0 }
                ?? MotionCharacter.band(Array(series[...final]), property: property)
            let off = frames.last { Self.differ(series[$0], series[final], by: band) }
            if let i = off, latest.map({ i > $0.frame }) ?? true { latest = (i, property, series[final], band) }
        }
        guard let l = latest else { return (true, "\(view) settled by \(Self.seconds(t))") }
        let settle = Self.seconds(samples.source.time(frame: l.frame + 1))
        return (false, "\(view).\(l.property) is off its final value \(l.final.map(fmt) ?? "(not drawn)") by more than "
                + "\(fmt(l.band)) until \(settle), expected settled by \(fmt(t)) ± \(fmt(timeTolerance)) s")
    }

    static func differ(_ a: Double?, _ b: Double?, by tolerance: Double) -> Bool {
        switch (a, b) {
        case (nil, nil): false
        case (let x?, let y?): abs(x - y) > tolerance + 1e-9
        default: true
        }
    }

    /// Seconds to the millisecond, as every expectation line writes times.
    static func seconds(_ t: Double) -> String { String(format: "%.3f s", t) }
}
