import Foundation
import Formats

/// An inline SVG of one changed value over time, golden (grey) against actual (red), for the HTML report: people
/// see a later settle or a bigger overshoot at a glance where numbers take reading. Frames where the view is not
/// drawn leave a gap in the line. The time axis spans the frames that changed and a quarter of their span either
/// side (at least half a second), so a spring's few hundred milliseconds are not a sliver of a ten-second scene;
/// both ends are labelled with their times.
enum MotionPlot {
    static let width = 640.0, height = 180.0, margin = 36.0

    static func svg(_ f: MotionFinding, fps: Double) -> String {
        let count = max(f.goldenValues.count, f.actualValues.count)
        guard count > 1 else { return "" }
        let changed = f.frames ?? 0...(count - 1)
        let pad = max(Int((Double(changed.count) / 4).rounded(.up)), Int((fps / 2).rounded(.up)))
        let window = max(0, changed.lowerBound - pad)...min(count - 1, changed.upperBound + pad)
        let golden = Array(f.goldenValues.prefix(window.upperBound + 1).dropFirst(window.lowerBound))
        let actual = Array(f.actualValues.prefix(window.upperBound + 1).dropFirst(window.lowerBound))
        let all = (golden + actual).compactMap { $0 }
        guard let low = all.min(), let high = all.max(), window.count > 1 else { return "" }
        let span = high > low ? high - low : 1
        func point(_ i: Int, _ v: Double) -> String {
            let x = margin + Double(i) / Double(window.count - 1) * (width - 2 * margin)
            let y = height - margin / 2 - (v - low) / span * (height - margin)
            return String(format: "%.1f,%.1f", x, y)
        }
        func lines(_ values: [Double?], colour: String) -> String {
            var runs: [[String]] = [[]]
            for (i, v) in values.enumerated() {
                if let v { runs[runs.count - 1].append(point(i, v)) } else if !runs[runs.count - 1].isEmpty { runs.append([]) }
            }
            return runs.filter { !$0.isEmpty }.map {
                "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\" points=\"\($0.joined(separator: " "))\"/>"
            }.joined()
        }
        let label = { (v: Double) in TextEscaping.html(MotionWords.value(v, unit: f.unit)) }
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
            + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(TextEscaping.html(f.name)) golden against actual\">"
        s += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
        s += "<text x=\"2\" y=\"12\" font-size=\"10\">\(label(high))</text><text x=\"2\" y=\"\(Int(height - margin / 2))\" font-size=\"10\">\(label(low))</text>"
        for (x, anchor, frame) in [(margin, "start", window.lowerBound), (width - margin, "end", window.upperBound)] {
            s += "<text x=\"\(Int(x))\" y=\"\(Int(height) - 4)\" font-size=\"10\" text-anchor=\"\(anchor)\">"
                + "\(TextEscaping.html(MotionWords.seconds(Double(frame) / fps)))</text>"
        }
        s += lines(golden, colour: "#9e9e9e") + lines(actual, colour: "#c62828")
        return s + "</svg>"
    }
}
