import Formats
import Foundation
import RenderKit

/// An inline SVG of one changed value over time, golden (grey) against actual (red), for the HTML report and the
/// review page: people see a later settle or a bigger overshoot at a glance where numbers take reading. Frames where
/// the view is not drawn leave a gap in the line. The time axis spans the frames that changed and a quarter of their
/// span either side (at least half a second), so a spring's few hundred milliseconds are not a sliver of a ten-second
/// scene. A designer reads it like a curve editor: gridlines at round values and times, each labelled; the samples
/// as dots when there are few enough to see; each curve's end value as a dotted line; and where each one starts and
/// settles (the motion report's own `MotionCharacter` times) as marks on the time axis in its colour.
enum MotionPlot {
    static let width = 640.0, height = 200.0, left = 56.0, right = 14.0, top = 12.0, bottom = 30.0
    static let goldenColour = "#9e9e9e", actualColour = "#c62828"

    static func svg(_ f: MotionFinding, fps: Double) -> String {
        let count = max(f.goldenValues.count, f.actualValues.count)
        guard count > 1 else { return "" }
        let changed = f.frames ?? 0...(count - 1)
        let pad = max(Int((Double(changed.count) / 4).rounded(.up)), Int((fps / 2).rounded(.up)))
        let window = max(0, changed.lowerBound - pad)...min(count - 1, changed.upperBound + pad)
        let golden = Array(f.goldenValues.prefix(window.upperBound + 1).dropFirst(window.lowerBound))
        let actual = Array(f.actualValues.prefix(window.upperBound + 1).dropFirst(window.lowerBound))
        let all = (golden + actual).compactMap { $0 }
        guard var low = all.min(), var high = all.max(), window.count > 1 else { return "" }
        if high - low < 1e-9 { low -= 1; high += 1 }
        let (t0, t1) = (Double(window.lowerBound) / fps, Double(window.upperBound) / fps)
        func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * (width - left - right) }
        func y(_ v: Double) -> Double { height - bottom - (v - low) / (high - low) * (height - top - bottom) }
        func f1(_ v: Double) -> String { String(format: "%.1f", v) }
        let label = { (v: Double) in TextEscaping.html(MotionWords.value(v, unit: f.unit)) }

        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
            + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(TextEscaping.html(f.name)) golden against actual\" "
            + "font-family=\"system-ui,sans-serif\" font-size=\"10\">"
        s += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
        // Gridlines: values and times at round steps, each labelled.
        for v in steps(low, high, about: 4) {
            s += "<line x1=\"\(f1(left))\" x2=\"\(f1(width - right))\" y1=\"\(f1(y(v)))\" y2=\"\(f1(y(v)))\" stroke=\"#ececec\"/>"
                + "<text x=\"\(f1(left - 4))\" y=\"\(f1(y(v) + 3))\" text-anchor=\"end\" fill=\"#555\">\(label(v))</text>"
        }
        for t in steps(t0, t1, about: 6) {
            s += "<line x1=\"\(f1(x(t)))\" x2=\"\(f1(x(t)))\" y1=\"\(f1(top))\" y2=\"\(f1(height - bottom))\" stroke=\"#ececec\"/>"
                + "<text x=\"\(f1(x(t)))\" y=\"\(f1(height - bottom + 12))\" text-anchor=\"middle\" fill=\"#555\">\(seconds(t))</text>"
        }
        s += "<line x1=\"\(f1(left))\" x2=\"\(f1(left))\" y1=\"\(f1(top))\" y2=\"\(f1(height - bottom))\" stroke=\"#bbb\"/>"
        // Each curve's end value, dotted, and its start and settle on the time axis.
        for (character, colour, row) in [(f.golden, goldenColour, 0.0), (f.actual, actualColour, 1.0)] {
            guard let c = character else { continue }
            if (low...high).contains(c.final) {
                s += "<line x1=\"\(f1(left))\" x2=\"\(f1(width - right))\" y1=\"\(f1(y(c.final)))\" y2=\"\(f1(y(c.final)))\" "
                    + "stroke=\"\(colour)\" stroke-dasharray=\"2 3\" stroke-width=\"1\"/>"
            }
            for (time, word) in [(c.start, "starts"), (c.settle, "settles")] {
                guard let time, time >= t0, time <= t1 else { continue }
                let px = x(time)
                s += "<line x1=\"\(f1(px))\" x2=\"\(f1(px))\" y1=\"\(f1(top))\" y2=\"\(f1(height - bottom))\" stroke=\"\(colour)\" "
                    + "stroke-dasharray=\"4 3\" stroke-width=\"1\" opacity=\"0.7\"/>"
                    + "<text x=\"\(f1(px + 3))\" y=\"\(f1(top + 9 + 11 * row))\" fill=\"\(colour)\">\(word) \(seconds(time))</text>"
            }
        }
        // The curves, with their samples as dots when there are few.
        let dots = window.count <= 48
        for (values, colour) in [(golden, goldenColour), (actual, actualColour)] {
            var runs: [[(Double, Double)]] = [[]]
            for (i, v) in values.enumerated() {
                if let v { runs[runs.count - 1].append((x(Double(window.lowerBound + i) / fps), y(v))) } else if !runs[runs.count - 1].isEmpty { runs.append([]) }
            }
            for run in runs where !run.isEmpty {
                s += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.8\" points=\"\(run.map { "\(f1($0.0)),\(f1($0.1))" }.joined(separator: " "))\"/>"
                if dots { s += run.map { "<circle cx=\"\(f1($0.0))\" cy=\"\(f1($0.1))\" r=\"2\" fill=\"\(colour)\"/>" }.joined() }
            }
        }
        return s + "</svg>"
    }

    /// Round values from `low` to `high`, about `count` of them: steps of 1, 2 or 5 times a power of ten.
    static func steps(_ low: Double, _ high: Double, about count: Int) -> [Double] {
        let span = high - low
        guard span > 0, span.isFinite else { return [low] }
        let raw = span / Double(count), power = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
        var out: [Double] = []
        var v = (low / step).rounded(.up) * step
        while v <= high + step * 1e-9, out.count < 50 { out.append(abs(v) < step * 1e-9 ? 0 : v); v += step }
        return out
    }

    /// `0.35 s`: seconds without trailing zeros, to the millisecond.
    static func seconds(_ t: Double) -> String {
        var text = String(format: "%.3f", t)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " s"
    }
}
