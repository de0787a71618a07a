import ArgumentParser
import Foundation
import Frames
import GoldenTesting
import RenderKit

/// `render diff ACTUAL EXPECTED`: compares two PNG files or two folders of frames (paired by file name).
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare rendered frames with expected ones (two PNG files or two folders).",
        discussion: """
        Counts differing pixels as pixelmatch 5.3 does, with its defaults (YIQ colour distance over \
        white, threshold 0.1, antialiasing not counted unless --include-aa). A frame fails when it has \
        more counted pixels than --max-diff-pixels and more than --max-diff-ratio of its pixels \
        (defaults 0: any counted pixel fails); size mismatches, missing and extra frames fail too. Writes \
        diff images and index.html into --report. The two images are in pixelmatch's order: a diff \
        image is the first image (ACTUAL) in faded grey, counted pixels red, antialiasing yellow \
        (--diff-color, --aa-color, --alpha and --diff-mask as pixelmatch's options); --json names both.

        When both folders hold a manifest.json and they were rendered at different fps, pixel sizes or \
        scales, a warning on stderr names the differences; the comparison still runs.

        Examples:
          render diff Output/unlock Tests/Goldens/unlock         compare a render with its goldens
          render diff a.png b.png --threshold 0.2 --include-aa   two files, more tolerant
          render diff Output/unlock golden --json --junit j.xml  for CI
          render diff a.png b.png --diff-mask --diff-color 0,0,255  blue marks on transparency

        Exit status: 0 same, 1 different, 2 bad usage or unreadable input.
        """)

    @Argument(help: "The actual frame (PNG) or folder of frames.", completion: .file())
    var actual: String
    @Argument(help: "The expected frame (PNG) or folder of frames.", completion: .file())
    var expected: String

    @OptionGroup var comparison: ComparisonFlags
    @OptionGroup var picture: DiffImageFlags
    @OptionGroup var reporting: ReportFlags

    @Option(help: "Folder for index.html and the diff images.")
    var report: String = "Output/diff"

    func run() throws {
        let pairs: [GoldenComparison.Pair]
        do { pairs = try GoldenComparison.pairs(actual: actual, expected: expected) } catch {
            printError("render diff: \(explain(error))")
            throw ExitCode(2)
        }
        do {
            if let a = try RenderSettings(folder: actual), let b = try RenderSettings(folder: expected),
               let differences = RenderSettings.differences(a, b) {
                printError("warning: \(actual) and \(expected) were rendered differently (\(differences)); "
                    + "frames of the same name do not show the same picture")
            }
        } catch {
            printError("warning: \(error); cannot tell whether the folders were rendered alike")
        }
        let engine = GoldenComparison(options: picture.apply(to: comparison.options(.pixelmatch)), diffFolder: report + "/diff")
        let progress = reporting.progressReporter(task: "diff", total: pairs.count)
        let run: GoldenRun
        do { run = try engine.compare(pairs) { done, _ in progress.update(done: done) } } catch {
            progress.finish()
            printError("render diff: \(explain(error))")
            throw ExitCode(2)
        }
        progress.finish()
        try reporting.finish(run, title: "render diff \(actual) \(expected)", reportFolder: report, inputs: (actual, expected))
        if !run.passed { throw ExitCode(1) }
    }
}

/// The comparison options `render diff` and `render test` share. Their defaults differ: `render diff` counts as
/// pixelmatch does (threshold 0.1, antialiasing not counted), for comparing renders of different renderers or
/// machines; `render test` compares with goldens recorded by this renderer on the same machine image, where the same
/// scene gives the same bytes, so any changed pixel counts (threshold 0, antialiasing counted; docs/ci.md has the
/// measurements behind that choice).
struct ComparisonFlags: ParsableArguments {
    @Option(parsing: .unconditional,
            help: "Per-pixel colour sensitivity 0…1 (YIQ, as pixelmatch; default 0.1 for diff, 0 for test: any change).",
            transform: NumberRule.fraction.decimal)
    var threshold: Double?
    @Flag(name: .customLong("include-aa"), inversion: .prefixedNo,
          help: "Count pixels that look like antialiasing too (default: no for diff, yes for test).")
    var includeAA: Bool?
    @Option(name: .customLong("max-diff-pixels"), parsing: .unconditional,
            help: "Counted pixels a frame may have and still pass (0 to 10⁹).", transform: NumberRule.pixels.wholeNumber)
    var maxDiffPixels: Int = 0
    @Option(name: .customLong("max-diff-ratio"), parsing: .unconditional,
            help: "Fraction 0…1 of a frame's pixels that may be counted.", transform: NumberRule.fraction.decimal)
    var maxDiffRatio: Double = 0
    @Option(parsing: .unconditional, help: "Worker threads, 1 to 256 (default: all cores).", transform: NumberRule.jobs.wholeNumber)
    var jobs: Int?

    /// The options, with `defaults` where no flag was given.
    func options(_ defaults: GoldenOptions) -> GoldenOptions {
        var o = defaults
        o.threshold = threshold ?? defaults.threshold
        o.includeAA = includeAA ?? defaults.includeAA
        o.maxDiffPixels = maxDiffPixels
        o.maxDiffRatio = maxDiffRatio
        o.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        return o
    }
}

/// How the diff images are drawn: pixelmatch's options of the same names.
struct DiffImageFlags: ParsableArguments {
    @Option(name: .customLong("diff-color"), help: ArgumentHelp("Colour of counted pixels in the diff image (default #FF0000).", valueName: "#RRGGBB|R,G,B"),
            transform: DiffImageFlags.colour)
    var diffColor: DiffMarkColour?
    @Option(name: .customLong("aa-color"), help: ArgumentHelp("Colour of antialiasing-like pixels (default #FFFF00).", valueName: "#RRGGBB|R,G,B"),
            transform: DiffImageFlags.colour)
    var aaColor: DiffMarkColour?
    @Option(parsing: .unconditional, help: "Opacity 0…1 of the grey picture under the marks (default 0.1).",
            transform: NumberRule.fraction.decimal)
    var alpha: Double?
    @Flag(name: .customLong("diff-mask"), help: "Draw only the counted pixels, on a transparent image.")
    var diffMask = false

    func apply(to options: GoldenOptions) -> GoldenOptions {
        var o = options
        o.diffColor = diffColor ?? o.diffColor
        o.aaColor = aaColor ?? o.aaColor
        o.alpha = alpha ?? o.alpha
        o.diffMask = diffMask
        return o
    }

    /// `#RRGGBB` or `R,G,B` (whole numbers 0…255), as pixelmatch's `[R, G, B]`.
    static func colour(_ text: String) throws -> DiffMarkColour {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 3 {
            let rule = NumberRule(low: 0, high: 255, whole: true)
            if let c = try? parts.map({ UInt8(try rule.wholeNumber(String($0))) }) { return DiffMarkColour(r: c[0], g: c[1], b: c[2]) }
        } else if text.count == 7, text.hasPrefix("#"), let v = UInt32(text.dropFirst(), radix: 16), text.dropFirst().allSatisfy(\.isHexDigit) {
            return DiffMarkColour(r: UInt8(v >> 16), g: UInt8((v >> 8) & 0xFF), b: UInt8(v & 0xFF))
        }
        throw NumberError(message: "expected a colour #RRGGBB or R,G,B with whole numbers from 0 to 255")
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
    @Flag(name: [.short, .long], help: "Print a line for every frame (not only the failing ones) and the comparison time.")
    var verbose = false
    @Option(help: "Progress on stderr: auto (a line on a terminal), json (one JSON object per line) or none.")
    var progress: ProgressReporter.Style = .auto

    func progressReporter(task: String, total: Int) -> ProgressReporter {
        ProgressReporter(style: quiet && progress == .auto ? .none : progress, task: task, total: total)
    }

    /// Writes the HTML report, the JUnit file and the summary.
    func finish(_ run: GoldenRun, title: String, reportFolder: String?, reportPath written: String? = nil,
                inputs: (actual: String?, expected: String?) = (nil, nil)) throws {
        var reportPath = written
        do {
            if let folder = reportFolder { reportPath = try GoldenReport.write(run, title: title, to: folder, verbose: verbose) }
            if let junit { try writeText(GoldenSummary.junit(run, title: title), to: junit) }
        } catch {
            printError("render: cannot write the report: \(explain(error))")
            throw ExitCode(2)
        }
        if json {
            print(GoldenSummary.json(run, title: title, actual: inputs.actual, expected: inputs.expected), terminator: "")
            return
        }
        guard !quiet else { return }
        if let e = run.environment { print(e) }
        // Failures first; passes only with --verbose (the summary line counts them).
        for r in run.failures + (verbose ? run.results.filter { !$0.failed } : []) {
            print("\(r.name): \(r.message)")
        }
        let recorded = run.count(.recorded), updated = run.count(.updated)
        if recorded + updated > 0 {
            print("recorded \(counted(recorded, "new golden"))" + (updated > 0 ? ", updated \(updated)" : "") + " (--verbose names them)")
        }
        // Expectations: the located line of each failure (of each one with --verbose), and a count.
        if let expectations = run.expectations {
            for e in expectations where verbose || !e.passed { print(e.description) }
            let failing = expectations.filter { !$0.passed }.count
            print("expectations: \(counted(expectations.count, "expectation")), \(failing) failing")
            if run.motion == nil && run.results.isEmpty { return }
        }
        // The motion line when it says something: a difference, a recording, beside failing frames (whose report
        // should say whether the motion changed too), with --verbose, or as the only verdict (--motion-only).
        if let m = run.motion, m.failed || m.status == .recorded || m.status == .updated || !run.passed || verbose || run.results.isEmpty {
            print(m.message)
            for f in m.findings { print("  " + f.line) }
            if m.actualPath != nil, let p = reportPath { print("  the curves, golden against actual: \(p)") }
        }
        if run.motion != nil && run.results.isEmpty { return }
        let allowed = run.results.filter { $0.status == .same && $0.differingPixels > 0 }.count
        // The frames' word: failing expectations have their own line above.
        let framesPassed = run.failures.isEmpty && run.motion?.failed != true
        let unseen = run.results.filter(\.sameDisplayList).count
        print((framesPassed ? "same" : "different") + ": \(counted(run.results.count, "frame")), \(run.failures.count) failing"
            + (allowed > 0 ? ", \(allowed) within the allowance" : "")
            + (unseen > 0 ? ", \(unseen) not drawn (same display list)" : "")
            + (verbose ? String(format: " (%.0f ms)", run.seconds * 1000) : "")
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
