import Formats
import RenderKit

/// Compares a motion golden with the track of the scene as it is now and says what changed, per view property, state
/// variable and event, in a motion designer's words (testing.md §1). A value differs when some frame is farther from
/// its golden than the tolerance (0.01 pt or degree, 0.001 for a ratio), or is drawn where the golden is not.
public struct MotionComparison: Sendable {
    public var golden: MotionTrack
    public var actual: MotionTrack
    /// Points (or degrees) a value may differ by (`--motion-tolerance`); a ratio (opacity, scale, a colour channel) a
    /// tenth of it.
    public var pointTolerance: Double

    /// testing.md §1's default: 0.01 pt, so 0.001 for ratios.
    public static let defaultTolerance = 0.01

    public init(golden: MotionTrack, actual: MotionTrack, tolerance: Double = MotionComparison.defaultTolerance) {
        self.golden = golden; self.actual = actual; pointTolerance = tolerance
    }

    /// Every difference; empty when the motion is unchanged.
    public var findings: [MotionFinding] {
        var out: [MotionFinding] = []
        if golden.fps != actual.fps {
            out.append(MotionFinding(name: "track", words: "recorded at \(NumberText.shortest(golden.fps)) fps, "
                + "the scene now runs at \(NumberText.shortest(actual.fps)) fps; values are compared at the same times"))
        } else if golden.frameCount != actual.frameCount {
            out.append(MotionFinding(name: "track", words: "the scene lasts \(golden.frameCount) → \(actual.frameCount) frames "
                + "(\(MotionWords.seconds(golden.time(frame: golden.frameCount))) → \(MotionWords.seconds(actual.time(frame: actual.frameCount))))"))
        }
        let goldenByName = Dictionary(golden.series.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for s in golden.series { out += finding(golden: s, actual: actual.series.first { $0.name == s.name }) }
        for s in actual.series where goldenByName[s.name] == nil { out += finding(golden: nil, actual: s) }
        out = folded(MotionColour.merged(out, in: self))
        out += textFindings + stateFindings + eventFindings
        return out
    }

    /// The findings with each one whose change (actual minus golden, frame by frame, to the tolerance) equals that of
    /// an earlier finding of the same property on another view folded into it: a change that subviews inherit from a
    /// parent, which comes first in painter's order, is reported once, at the parent, naming the views that follow it.
    func folded(_ findings: [MotionFinding]) -> [MotionFinding] {
        var out: [MotionFinding] = [], first: [String: Int] = [:]
        for f in findings {
            guard let view = f.view, f.name.hasPrefix(view + "."), !f.goldenValues.isEmpty, !f.actualValues.isEmpty else {
                out.append(f); continue
            }
            let property = String(f.name.dropFirst(view.count + 1))
            let tolerance = tolerance(property)
            var key = property + ":"
            for i in 0..<max(f.goldenValues.count, f.actualValues.count) {
                let g = f.goldenValues[min(i, f.goldenValues.count - 1)], a = f.actualValues[min(i, f.actualValues.count - 1)]
                switch (g, a) {
                case let (x?, y?): key += String(Int(((y - x) / tolerance).rounded())) + ","
                case (nil, nil): key += "_,"
                case (nil, _): key += "+,"
                case (_, nil): key += "-,"
                }
            }
            if let k = first[key] {
                out[k].alsoOn.append(f.name)
            } else {
                first[key] = out.count
                out.append(f)
            }
        }
        return out.map { f in
            guard !f.alsoOn.isEmpty else { return f }
            var f = f
            let shown = f.alsoOn.prefix(5).joined(separator: ", ") + (f.alsoOn.count > 5 ? " and \(f.alsoOn.count - 5) more" : "")
            f.words += "; the same change on \(shown)"
            return f
        }
    }

    /// The default tolerance of a property's values (expectations use it too): 0.01 pt or degree, 0.001 for a ratio.
    static func tolerance(_ property: String) -> Double { tolerance(property, points: defaultTolerance) }

    static func tolerance(_ property: String, points: Double) -> Double { MotionSeries.unit(of: property).isEmpty ? points / 10 : points }

    /// This comparison's tolerance of a property's values.
    func tolerance(_ property: String) -> Double { Self.tolerance(property, points: pointTolerance) }

    /// The finding for one series present on either side (none when it is the same within the tolerance). The side
    /// without the series holds the value at rest, so only its absence is known: it is compared as such.
    func finding(golden g: MotionSeries?, actual a: MotionSeries?) -> [MotionFinding] {
        guard let any = g ?? a else { return [] }
        let unit = MotionSeries.unit(of: any.property)
        let gValues = g.map { resampled($0.frames, from: golden) } ?? [], aValues = a.map { resampled($0.frames, from: actual) } ?? []
        let n = max(gValues.count, aValues.count)
        let tolerance = tolerance(any.property)
        let differing = (0..<n).filter { i in
            switch (value(gValues, i), value(aValues, i)) {
            case (nil, nil): return false
            case (let x?, let y?): return abs(x - y) > tolerance
            default: return true
            }
        }
        guard let first = differing.first, let last = differing.last else { return [] }
        let fps = actual.fps
        var f = MotionFinding(name: any.name, words: "")
        f.view = any.view
        f.golden = MotionCharacter(gValues, fps: fps, property: any.property)
        f.actual = MotionCharacter(aValues, fps: fps, property: any.property)
        f.frames = first...last
        f.goldenValues = gValues; f.actualValues = aValues; f.unit = unit
        let range = MotionWords.frames(first...last)
        switch (g, a) {
        case (nil, _): f.words = "moves now, the golden has it at rest; " + describe(f.actual, unit: unit) + "; " + range
        case (_, nil): f.words = "no longer moves; the golden " + describe(f.golden, unit: unit) + "; " + range
        default:
            f.words = compare(f.golden, f.actual, unit: unit, fps: fps) + "; " + largestDifference(gValues, aValues, unit: unit, fps: fps) + "; " + range
        }
        return [f]
    }

    /// `frames` of `track` sampled at the times of `actual`'s frames: themselves when both tracks share an fps (the
    /// scene's fps changed otherwise). A frame past a side's end holds its last value, as the scene stays at rest.
    func resampled(_ frames: [Double?], from track: MotionTrack) -> [Double?] {
        guard track.fps != actual.fps, !frames.isEmpty else { return frames }
        let count = Int((Double(frames.count) * actual.fps / track.fps).rounded(.up))
        return (0..<count).map { i in frames[min(Int((Double(i) * track.fps / actual.fps + 1e-9).rounded(.down)), frames.count - 1)] }
    }

    /// Where the two curves are farthest apart, so that a change that keeps start, settle, overshoot and final value
    /// (a different path between the same ends) still says how much it moved: `differs by up to 5.2 pt at 6.700 s`.
    func largestDifference(_ g: [Double?], _ a: [Double?], unit: String, fps: Double) -> String {
        var best = (difference: 0.0, frame: -1), drawnNow = 0, goneNow = 0
        for i in 0..<max(g.count, a.count) {
            switch (value(g, i), value(a, i)) {
            case (nil, _?): drawnNow += 1
            case (_?, nil): goneNow += 1
            case let (x?, y?) where abs(y - x) > best.difference: best = (abs(y - x), i)
            default: break
            }
        }
        var parts: [String] = []
        if best.frame >= 0 {
            parts.append("differs by up to \(MotionWords.value(best.difference, unit: unit)) at \(MotionWords.seconds(Double(best.frame) / fps))")
        }
        if drawnNow > 0 { parts.append("drawn in \(drawnNow) frame\(drawnNow == 1 ? "" : "s") where the golden does not draw it") }
        if goneNow > 0 { parts.append("not drawn in \(goneNow) frame\(goneNow == 1 ? "" : "s") where the golden draws it") }
        return parts.joined(separator: "; ")
    }

    private func value(_ values: [Double?], _ i: Int) -> Double? { values.isEmpty ? nil : values[min(i, values.count - 1)] }

    /// Start, settle, overshoot and final value of one side.
    func describe(_ c: MotionCharacter?, unit: String) -> String {
        guard let c else { return "is not drawn" }
        var parts: [String] = []
        if let s = c.start { parts.append("starts at " + MotionWords.seconds(s)) }
        if let s = c.settle { parts.append("settles at " + MotionWords.seconds(s)) }
        if c.overshoot > 0 { parts.append("overshoots by " + MotionWords.value(c.overshoot, unit: unit)) }
        parts.append("ends at " + MotionWords.value(c.final, unit: unit))
        return parts.joined(separator: ", ")
    }

    /// Both sides side by side: `starts on time, settles 42 ms later (6.318 → 6.360 s); overshoot 3.1 → 5.4 pt (+74 %);
    /// ends at 142.0 pt as before`.
    func compare(_ g: MotionCharacter?, _ a: MotionCharacter?, unit: String, fps: Double) -> String {
        guard let g, let a else { return g == nil ? "drawn now, not in the golden" : "no longer drawn" }
        var timing: [String] = []
        if g.period != nil || a.period != nil {
            // A repeating value (a sweep) never settles: its timing is when it starts and how often it repeats.
            switch (g.period, a.period) {
            case let (x?, y?) where MotionWords.shift(x, y, fps: fps) == nil:
                timing.append("repeats every \(MotionWords.seconds(y)) as before")
            case let (x?, y?): timing.append("repeats every \(MotionWords.seconds(x)) → \(MotionWords.seconds(y))")
            case let (nil, y?): timing.append("repeats every \(MotionWords.seconds(y)) now (no repeat within the golden's frames)")
            case let (x?, nil): timing.append("no longer repeats within the scene's frames (every \(MotionWords.seconds(x)) before)")
            case (nil, nil): break
            }
            switch (g.start, a.start) {
            case let (x?, y?): timing.append(MotionWords.timed("starts", x, y, fps: fps))
            default: break
            }
            return timing.joined(separator: ", ")
        }
        switch (g.start, a.start) {
        case let (x?, y?): timing.append(MotionWords.timed("starts", x, y, fps: fps))
        case let (x?, nil): timing.append("no longer moves (started at \(MotionWords.seconds(x)))")
        case let (nil, y?): timing.append("moves now, from \(MotionWords.seconds(y))")
        case (nil, nil): break
        }
        switch (g.settle, a.settle) {
        case let (x?, y?): timing.append(MotionWords.timed("settles", x, y, fps: fps))
        case let (x?, nil): timing.append("settles at once (was \(MotionWords.seconds(x)))")
        case let (nil, y?): timing.append("settles at \(MotionWords.seconds(y)) (at once before)")
        case (nil, nil): break
        }
        var parts = timing.isEmpty ? [] : [timing.joined(separator: ", ")]
        let tolerance = unit.isEmpty ? pointTolerance / 10 : pointTolerance
        if g.overshoot == 0 && a.overshoot == 0 {
            parts.append("no overshoot")
        } else if abs(g.overshoot - a.overshoot) <= tolerance {
            parts.append("overshoot \(MotionWords.value(a.overshoot, unit: unit)) as before")
        } else {
            parts.append("overshoot \(MotionWords.value(g.overshoot, unit: unit)) → \(MotionWords.value(a.overshoot, unit: unit))"
                + MotionWords.change(g.overshoot, a.overshoot))
        }
        parts.append(abs(g.final - a.final) <= tolerance ? "ends at \(MotionWords.value(a.final, unit: unit)) as before"
            : "ends at \(MotionWords.value(g.final, unit: unit)) → \(MotionWords.value(a.final, unit: unit))")
        return parts.joined(separator: "; ")
    }
}
