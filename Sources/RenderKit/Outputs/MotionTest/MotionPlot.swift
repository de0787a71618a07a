import Foundation
import Formats

/// An inline SVG of one changed value over time, golden (grey) against actual (red), for the HTML report: people
/// see a later settle or a bigger overshoot at a glance where numbers take reading. Frames where the view is not
/// drawn leave a gap in the line.
enum MotionPlot {
    static let width = 640.0, height = 180.0, margin = 36.0

    static func svg(_ f: MotionFinding, fps: Double) -> String {
        let all = (f.goldenValues + f.actualValues).compactMap { $0 }
        let count = max(f.goldenValues.count, f.actualValues.count)
        guard let low = all.min(), let high = all.max(), count > 1 else { return "" }
        let span = high > low ? high - low : 1
        func point(_ i: Int, _ v: Double) -> String {
            let x = margin + Double(i) / Double(count - 1) * (width - 2 * margin)
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
        s += "<text x=\"2\" y=\"12\" font-size=\"10\">\(label(high))</text><text x=\"2\" y=\"\(Int(height) - 4)\" font-size=\"10\">\(label(low))</text>"
        s += "<text x=\"\(Int(width - margin))\" y=\"\(Int(height) - 4)\" font-size=\"10\" text-anchor=\"end\">"
            + "\(TextEscaping.html(MotionWords.seconds(Double(count - 1) / fps)))</text>"
        s += lines(f.goldenValues, colour: "#9e9e9e") + lines(f.actualValues, colour: "#c62828")
        return s + "</svg>"
    }
}
