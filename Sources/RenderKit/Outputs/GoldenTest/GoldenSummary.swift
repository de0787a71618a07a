import Foundation
import Frames

/// Machine-readable forms of a comparison: the JSON summary (`render diff --json`) and a JUnit XML file (`--junit`),
/// which CI systems (GitHub Actions reporters, GitLab, Jenkins) show as one test case per frame.
public enum GoldenSummary {
    /// One JSON document: totals, the options used and one entry per frame.
    /// `actual` and `expected` name the two inputs as given (files or folders); `diffBackground` says which of them
    /// the diff images' grey picture shows.
    public static func json(_ run: GoldenRun, title: String, actual: String? = nil, expected: String? = nil) -> String {
        let o = run.options
        var s = "{\n"
        s += "  \"title\": \(jsonString(title)),\n"
        if let actual { s += "  \"actual\": \(jsonString(actual)),\n" }
        if let expected { s += "  \"expected\": \(jsonString(expected)),\n" }
        s += "  \"diffBackground\": \(jsonString(o.background.rawValue)),\n"
        s += "  \"passed\": \(run.passed),\n"
        s += "  \"frames\": \(run.results.count),\n"
        s += "  \"failed\": \(run.failures.count),\n"
        for status in [GoldenFrameResult.Status.same, .different, .sizeMismatch, .missing, .extra, .recorded, .updated] {
            s += "  \(jsonString(status.rawValue)): \(run.count(status)),\n"
        }
        s += "  \"threshold\": \(jsonNumber(o.threshold)),\n"
        s += "  \"includeAA\": \(o.includeAA),\n"
        s += "  \"maxDiffPixels\": \(o.maxDiffPixels),\n"
        s += "  \"maxDiffRatio\": \(jsonNumber(o.maxDiffRatio)),\n"
        s += "  \"seconds\": \(jsonNumber((run.seconds * 1000).rounded() / 1000)),\n"
        s += "  \"results\": ["
        s += run.results.map { r in
            var fields = ["\"name\": \(jsonString(r.name))", "\"status\": \(jsonString(r.status.rawValue))",
                          "\"differingPixels\": \(r.differingPixels)", "\"antialiasedPixels\": \(r.antialiasedPixels)",
                          "\"totalPixels\": \(r.totalPixels)", "\"ratio\": \(jsonNumber(r.ratio))",
                          "\"compareMs\": \(jsonNumber((r.compareSeconds * 1e4).rounded() / 10))"]
            if let p = r.actualPath { fields.append("\"actual\": \(jsonString(p))") }
            if let p = r.expectedPath { fields.append("\"expected\": \(jsonString(p))") }
            if let p = r.diffPath { fields.append("\"diff\": \(jsonString(p))") }
            return "\n    {" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ",")
        s += run.results.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return s
    }

    /// A JUnit XML report: one `testsuite` named `title`, one `testcase` per frame, `failure` for failing ones.
    public static func junit(_ run: GoldenRun, title: String) -> String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let time = String(format: "%.3f", run.seconds)
        s += "<testsuites name=\"render\" tests=\"\(run.results.count)\" failures=\"\(run.failures.count)\" time=\"\(time)\">\n"
        s += "  <testsuite name=\"\(xml(title))\" tests=\"\(run.results.count)\" failures=\"\(run.failures.count)\" "
        s += "errors=\"0\" skipped=\"0\" time=\"\(time)\">\n"
        for r in run.results {
            s += "    <testcase classname=\"\(xml(title))\" name=\"\(xml(r.name))\" time=\"\(String(format: "%.3f", r.seconds))\""
            if r.failed {
                s += ">\n      <failure message=\"\(xml(r.message))\" type=\"\(r.status.rawValue)\">"
                var detail = r.message
                if let p = r.actualPath { detail += "\nactual: \(p)" }
                if let p = r.expectedPath { detail += "\nexpected: \(p)" }
                if let p = r.diffPath { detail += "\ndiff: \(p)" }
                s += xml(detail) + "</failure>\n    </testcase>\n"
            } else if r.status == .recorded || r.status == .updated {
                s += ">\n      <system-out>\(xml(r.message))</system-out>\n    </testcase>\n"
            } else {
                s += "/>\n"
            }
        }
        s += "  </testsuite>\n</testsuites>\n"
        return s
    }

    /// Text escaped for XML attributes and content.
    static func xml(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // XML 1.0 allows no control characters but tab, newline and carriage return.
                if c.value < 0x20 && c != "\n" && c != "\t" && c != "\r" { out += "?" } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }
}
