import Formats
import Foundation
import Frames
import RenderKit

/// Machine-readable forms of a comparison: the JSON summary (`render diff --json`) and a JUnit XML file (`--junit`),
/// which CI systems (GitHub Actions reporters, GitLab, Jenkins) show as one test case per frame.
public enum GoldenSummary {
    /// The JSON summary (`DiffSummary`).
    public static func json(_ run: GoldenRun, title: String, actual: String? = nil, expected: String? = nil) -> String {
        let o = run.options
        var summary = DiffSummary(
            title: title, actual: actual, expected: expected, diffBackground: o.background.rawValue, passed: run.passed,
            frames: run.results.count, failed: run.failures.count,
            count: run.count,
            threshold: o.threshold, includeAA: o.includeAA, maxDiffPixels: o.maxDiffPixels, maxDiffRatio: o.maxDiffRatio,
            seconds: (run.seconds * 1000).rounded() / 1000,
            results: run.results.map { r in
                DiffSummary.Frame(name: r.name, status: r.status, differingPixels: r.differingPixels,
                                  antialiasedPixels: r.antialiasedPixels, totalPixels: r.totalPixels, ratio: r.ratio,
                                  compareMs: (r.compareSeconds * 1e4).rounded() / 10,
                                  actual: r.actualPath, expected: r.expectedPath, diff: r.diffPath)
                    .with(sameDisplayList: r.sameDisplayList)
            })
        summary.environment = run.environment
        summary.drawn = run.drawn
        summary.motion = run.motion.map(MotionSummary.init)
        summary.expectations = run.expectations?.map {
            ExpectationSummary(path: $0.path, file: $0.file, line: $0.line, column: $0.column, passed: $0.passed, message: $0.message)
        }
        // Only strings, whole numbers and finite doubles: encoding cannot fail.
        return (try? OrderedJSONEncoder().encode(summary)) ?? "{}\n"
    }

    /// The JSON summary of a test whose scene did not load: `passed` false and each problem, as printed.
    public static func json(loadProblems lines: [String], title: String) -> String {
        struct Failed: Encodable { var title: String; var passed = false; var loaded = false; var problems: [String] }
        return (try? OrderedJSONEncoder().encode(Failed(title: title, problems: lines))) ?? "{}\n"
    }

    /// The JUnit report of a test whose scene did not load: one test case, `load`, in error, with every problem.
    public static func junit(loadProblems lines: [String], title: String) -> String {
        let t = TextEscaping.xml(title)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"render\" tests=\"1\" failures=\"0\" errors=\"1\" time=\"0.000\">\n"
            + "  <testsuite name=\"\(t)\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0.000\">\n"
            + "    <testcase classname=\"\(t)\" name=\"load\" time=\"0.000\">\n"
            + "      <error message=\"\(TextEscaping.xml(lines.first ?? "the scene does not load"))\" type=\"load\">"
            + TextEscaping.xml(lines.joined(separator: "\n")) + "</error>\n    </testcase>\n  </testsuite>\n</testsuites>\n"
    }

    /// A JUnit XML report: one `testsuite` named `title`, one `testcase` per frame, `failure` for failing ones.
    public static func junit(_ run: GoldenRun, title: String) -> String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let time = String(format: "%.3f", run.seconds)
        let expectations = run.expectations ?? []
        let tests = run.results.count + (run.motion.map { max($0.findings.count, 1) } ?? 0) + expectations.count
        let failures = run.failures.count + (run.motion?.failed == true ? max(run.motion!.findings.count, 1) : 0)
            + expectations.filter { !$0.passed }.count
        s += "<testsuites name=\"render\" tests=\"\(tests)\" failures=\"\(failures)\" time=\"\(time)\">\n"
        s += "  <testsuite name=\"\(TextEscaping.xml(title))\" tests=\"\(tests)\" failures=\"\(failures)\" "
        s += "errors=\"0\" skipped=\"0\" time=\"\(time)\">\n"
        for r in run.results {
            s += "    <testcase classname=\"\(TextEscaping.xml(title))\" name=\"\(TextEscaping.xml(r.name))\" "
                + "time=\"\(String(format: "%.3f", r.seconds))\""
            if r.failed {
                s += ">\n      <failure message=\"\(TextEscaping.xml(r.message))\" type=\"\(r.status.rawValue)\">"
                var detail = r.message
                if let p = r.actualPath { detail += "\nactual: \(p)" }
                if let p = r.expectedPath { detail += "\nexpected: \(p)" }
                if let p = r.diffPath { detail += "\ndiff: \(p)" }
                s += TextEscaping.xml(detail) + "</failure>\n    </testcase>\n"
            } else if r.status == .recorded || r.status == .updated || r.sameDisplayList {
                s += ">\n      <system-out>\(TextEscaping.xml(r.message))</system-out>\n    </testcase>\n"
            } else {
                s += "/>\n"
            }
        }
        if let m = run.motion {
            // One case per view property, state variable or events that differ; one for the whole track otherwise.
            let cases = m.findings.isEmpty ? [MotionFinding(name: "motion", words: m.message)] : m.findings
            for f in cases {
                s += "    <testcase classname=\"\(TextEscaping.xml(title)).motion\" name=\"\(TextEscaping.xml(f.name))\" time=\"0.000\""
                if m.failed {
                    s += ">\n      <failure message=\"\(TextEscaping.xml(f.words))\" type=\"motion \(m.status.rawValue)\">"
                        + TextEscaping.xml(f.line + "\ngolden: " + m.goldenPath + (m.actualPath.map { "\nactual: " + $0 } ?? ""))
                        + "</failure>\n    </testcase>\n"
                } else {
                    s += ">\n      <system-out>\(TextEscaping.xml(f.line))</system-out>\n    </testcase>\n"
                }
            }
        }
        // One case per expectation, named by its place in the file; a failure carries the located line.
        for e in expectations {
            s += "    <testcase classname=\"\(TextEscaping.xml(title)).expectations\" name=\"\(TextEscaping.xml(e.path))\" time=\"0.000\""
            s += e.passed ? ">\n      <system-out>\(TextEscaping.xml(e.message))</system-out>\n    </testcase>\n"
                : ">\n      <failure message=\"\(TextEscaping.xml(e.message))\" type=\"expectation\">\(TextEscaping.xml(e.description))</failure>\n    </testcase>\n"
        }
        s += "  </testsuite>\n</testsuites>\n"
        return s
    }
}

extension DiffSummary.Frame {
    /// The frame, marked when it passed without being drawn (left out otherwise, as `render diff` writes it).
    func with(sameDisplayList: Bool) -> DiffSummary.Frame {
        var f = self
        f.sameDisplayList = sameDisplayList ? true : nil
        return f
    }
}
