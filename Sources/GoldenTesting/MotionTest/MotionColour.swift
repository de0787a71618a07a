import Formats
import Geometry
import RenderKit

/// A colour of the motion track — four channel series `NAME.red`, `.green`, `.blue`, `.alpha` (sRGB, 0…1) kept whole
/// when any of them moves (`MotionTable.moving`) — reported as one finding in a designer's words: the colour it
/// reaches and when (`swatch.fill: reaches #FFFFFF 200 ms later (1.500 s → 1.700 s)`), instead of four channels.
enum MotionColour {
    static let channels = ["red", "green", "blue", "alpha"]

    /// `card.fill` for `card.fill.red` (any channel); nil for a series that is not a colour channel.
    static func colourName(of series: String) -> String? {
        guard let dot = series.lastIndex(of: "."), channels.contains(String(series[series.index(after: dot)...])) else { return nil }
        return String(series[..<dot])
    }

    /// The findings with those of each colour's channels replaced by one finding for the colour, when both tracks
    /// hold all four channels of it (else the channels stay as they are).
    static func merged(_ findings: [MotionFinding], in comparison: MotionComparison) -> [MotionFinding] {
        var out: [MotionFinding] = [], done: Set<String> = []
        for f in findings {
            guard let colour = colourName(of: f.name) else { out.append(f); continue }
            if done.contains(colour) { continue }
            guard let g = frames(of: colour, in: comparison.golden, comparison), let a = frames(of: colour, in: comparison.actual, comparison) else {
                out.append(f); continue
            }
            done.insert(colour)
            let channelFindings = findings.filter { colourName(of: $0.name) == colour }
            // The plot shows the channel that differs most.
            var finding = channelFindings.max { largest($0) < largest($1) } ?? f
            finding.name = colour
            finding.unit = ""
            finding.frames = channelFindings.compactMap(\.frames).reduce(nil) { r, x in r.map { min($0.lowerBound, x.lowerBound)...max($0.upperBound, x.upperBound) } ?? x }
            finding.words = words(golden: g, actual: a, fps: comparison.actual.fps) + (finding.frames.map { "; " + MotionWords.frames($0) } ?? "")
            out.append(finding)
        }
        return out
    }

    private static func largest(_ f: MotionFinding) -> Double {
        zip(f.goldenValues, f.actualValues).map { g, a in g.flatMap { g in a.map { abs($0 - g) } } ?? 0 }.max() ?? 0
    }

    /// The colour of each frame (nil where not drawn), from the four channel series of `track` (one side of
    /// `comparison`, sampled at its actual side's frames); nil unless it has all.
    static func frames(of colour: String, in track: MotionTrack, _ comparison: MotionComparison) -> [Color?]? {
        let series = channels.map { c in track.series.first { $0.name == colour + "." + c } }
        guard series.allSatisfy({ $0 != nil }) else { return nil }
        let values = series.map { comparison.resampled($0!.frames, from: track) }
        return (0..<(values.map(\.count).min() ?? 0)).map { i in
            guard let r = values[0][i], let g = values[1][i], let b = values[2][i], let a = values[3][i] else { return nil }
            return Color(r: r, g: g, b: b, a: a)
        }
    }

    /// `reaches #FFFFFF 200 ms later (1.500 s → 1.700 s), starts 200 ms later (0.600 s → 0.800 s)`, or with the
    /// colour it ends on when that changed: `ends at #FF0000 → #00FF00, reached at 1.500 s → 1.700 s`.
    static func words(golden g: [Color?], actual a: [Color?], fps: Double) -> String {
        let gr = reach(g, fps: fps), ar = reach(a, fps: fps)
        guard let gr, let ar else { return gr == nil ? "drawn now, not in the golden" : "no longer drawn" }
        var parts: [String] = []
        if gr.final.description == ar.final.description {
            parts.append("reaches \(ar.final) " + (MotionWords.shift(gr.time, ar.time, fps: fps).map {
                "\($0) (\(MotionWords.seconds(gr.time)) → \(MotionWords.seconds(ar.time)))" } ?? "on time (\(MotionWords.seconds(ar.time)))"))
        } else {
            parts.append("ends at \(gr.final) → \(ar.final), reached at \(MotionWords.seconds(gr.time)) → \(MotionWords.seconds(ar.time))")
        }
        switch (gr.start, ar.start) {
        case let (x?, y?): parts.append(MotionWords.timed("starts", x, y, fps: fps))
        case let (x?, nil): parts.append("no longer changes (started at \(MotionWords.seconds(x)))")
        case let (nil, y?): parts.append("changes now, from \(MotionWords.seconds(y))")
        case (nil, nil): break
        }
        return parts.joined(separator: ", ")
    }

    /// The colour a side ends on, the time of the first frame from which it shows that colour to the 8-bit level
    /// (what a designer sees), and the time it first leaves its first colour.
    private static func reach(_ colours: [Color?], fps: Double) -> (final: Color, time: Double, start: Double?)? {
        let drawn = colours.enumerated().compactMap { i, c in c.map { (i, $0.description) } }
        guard let first = drawn.first, let last = drawn.last, let final = colours[last.0] else { return nil }
        let reached = (drawn.lastIndex { $0.1 != last.1 }).map { drawn[$0 + 1].0 } ?? first.0
        let start = drawn.first { $0.1 != first.1 }.map { Double($0.0) / fps }
        return (final, Double(reached) / fps, start)
    }
}
