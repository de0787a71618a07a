import ArgumentParser
import Foundation
import RenderKit

/// `render diff ACTUAL EXPECTED`: compares two PNG files or two folders of frames (paired by file name).
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare rendered frames with expected ones (two PNG files or two folders).",
        discussion: """
        Counts differing pixels as pixelmatch 5.3 does (YIQ colour distance over white, antialiasing \
        not counted unless --include-aa). A frame fails when it has more counted pixels than \
        --max-diff-pixels and more than --max-diff-ratio of its pixels (defaults 0: any counted pixel \
        fails); size mismatches, missing and extra frames fail too. Writes diff images (red: counted, \
        yellow: antialiasing, grey: the expected frame) and index.html into --report.

        Exit status: 0 same, 1 different, 2 bad usage or unreadable input.
        """)

    @Argument(help: "The actual frame (PNG) or folder of frames.", completion: .file())
    var actual: String
    @Argument(help: "The expected frame (PNG) or folder of frames.", completion: .file())
    var expected: String

    @OptionGroup var comparison: ComparisonFlags
    @OptionGroup var reporting: ReportFlags

    @Option(help: "Folder for index.html and the diff images.")
    var report: String = "Output/diff"

    func run() throws {
        let pairs: [GoldenComparison.Pair]
        do { pairs = try GoldenComparison.pairs(actual: actual, expected: expected) } catch {
            printError("render diff: \(error)")
            throw ExitCode(2)
        }
        let engine = GoldenComparison(options: comparison.options, diffFolder: report + "/diff")
        let progress = reporting.progressReporter(task: "diff", total: pairs.count)
        let run: GoldenRun
        do { run = try engine.compare(pairs) { done, _ in progress.update(done: done) } } catch {
            progress.finish()
            printError("render diff: \(error)")
            throw ExitCode(2)
        }
        progress.finish()
        try reporting.finish(run, title: "render diff \(actual) \(expected)", reportFolder: report)
        if !run.passed { throw ExitCode(1) }
    }
}

/// The comparison options `render diff` and `render test` share.
struct ComparisonFlags: ParsableArguments {
    @Option(help: "Per-pixel colour sensitivity 0…1 (YIQ, as pixelmatch).")
    var threshold: Double = 0.1
    @Flag(name: .customLong("include-aa"), help: "Count pixels that look like antialiasing too.")
    var includeAA = false
    @Option(name: .customLong("max-diff-pixels"), help: "Counted pixels a frame may have and still pass.")
    var maxDiffPixels: Int = 0
    @Option(name: .customLong("max-diff-ratio"), help: "Fraction 0…1 of a frame's pixels that may be counted.")
    var maxDiffRatio: Double = 0
    @Option(help: "Worker threads (default: all cores).")
    var jobs: Int?

    func validate() throws {
        if !(threshold >= 0 && threshold <= 1) { throw ValidationError("--threshold must be between 0 and 1 (got \(threshold))") }
        if maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels must be ≥ 0 (got \(maxDiffPixels))") }
        if !(maxDiffRatio >= 0 && maxDiffRatio <= 1) { throw ValidationError("--max-diff-ratio must be between 0 and 1 (got \(maxDiffRatio))") }
        if let j = jobs, j < 1 || j > 256 { throw ValidationError("--jobs must be between 1 and 256 (got \(j))") }
    }

    var options: GoldenOptions {
        var o = GoldenOptions()
        o.threshold = threshold
        o.includeAA = includeAA
        o.maxDiffPixels = maxDiffPixels
        o.maxDiffRatio = maxDiffRatio
        o.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        return o
    }
}

/// How a comparison reports: text or JSON on stdout, a JUnit file, progress on stderr.
struct ReportFlags: ParsableArguments {
    @Option(help: ArgumentHelp("Also write a JUnit XML report to this file.", valueName: "FILE"))
    var junit: String?
    @Flag(help: "Print a JSON summary on stdout instead of text.")
    var json = false
    @Flag(name: [.short, .long], help: "Print nothing but errors (and the JSON summary when asked for).")
    var quiet = false
    @Option(help: "Progress on stderr: auto (a line on a terminal), json (one JSON object per line) or none.")
    var progress: ProgressReporter.Style = .auto

    func progressReporter(task: String, total: Int) -> ProgressReporter {
        ProgressReporter(style: quiet && progress == .auto ? .none : progress, task: task, total: total)
    }

    /// Writes the HTML report, the JUnit file and the summary.
    func finish(_ run: GoldenRun, title: String, reportFolder: String?, reportPath written: String? = nil) throws {
        var reportPath = written
        do {
            if let folder = reportFolder { reportPath = try GoldenReport.write(run, title: title, to: folder) }
            if let junit { try writeText(GoldenSummary.junit(run, title: title), to: junit) }
        } catch {
            printError("render: cannot write the report: \(error)")
            throw ExitCode(2)
        }
        if json {
            print(GoldenSummary.json(run, title: title), terminator: "")
            return
        }
        guard !quiet else { return }
        for r in run.results where r.failed || r.status == .recorded || r.status == .updated {
            print("\(r.name): \(r.message)")
        }
        let counted = run.results.filter { $0.status == .same && $0.differingPixels > 0 }.count
        print((run.passed ? "same" : "different") + ": \(run.results.count) frames, \(run.failures.count) failing"
            + (counted > 0 ? ", \(counted) within the allowance" : "")
            + String(format: " (%.0f ms)", run.seconds * 1000)
            + (reportPath.map { "; report: \($0)" } ?? ""))
    }
}

extension ProgressReporter.Style: ExpressibleByArgument {}

/// Writes text to a file whole, creating its folder.
func writeText(_ text: String, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
}
