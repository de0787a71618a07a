import Formats
import Foundation
import ImageIO

/// When `render test` writes goldens instead of (or besides) comparing with them.
public enum GoldenRecordMode: String, CaseIterable, Sendable {
    /// Record frames that have no golden yet; compare the rest (the default).
    case missing
    /// Record every frame; compare nothing.
    case all
    /// Compare, then replace the goldens of failing frames (and record new ones, drop stale ones).
    case failed
    /// Record nothing: a frame without a golden fails.
    case never
}

/// `render test`: renders a scene into a scratch folder, compares its frames with the goldens in `golden` (paired by
/// file name), records goldens according to `mode`, and on failure leaves the evidence in `artifacts`: index.html,
/// the failing actual frames in `actual/` and their diff images in `diff/`.
public struct GoldenTest: Sendable {
    public var golden: String
    public var mode: GoldenRecordMode
    public var options: GoldenOptions
    public var artifacts: String

    public init(golden: String, mode: GoldenRecordMode, options: GoldenOptions, artifacts: String) {
        self.golden = golden; self.mode = mode; self.options = options; self.artifacts = artifacts
    }

    /// Why `render test` stopped before a verdict.
    public enum Failure: Error, CustomStringConvertible {
        /// The scene could not be rendered (exit 1).
        case render(RenderError)
        /// Goldens or scratch files could not be read or written (exit 2).
        case input(String)
        public var description: String {
            switch self {
            case .render(let e): return e.description
            case .input(let s): return s
            }
        }
    }

    /// Renders with `renderer` (whose output folder is ignored) and compares.
    /// - Returns: the comparison; `artifactsWritten` tells whether `artifacts` received a report.
    public func run(_ loaded: LoadedScene, renderOptions: RenderOptions,
                    renderProgress: (@Sendable (Int, Int) -> Void)? = nil,
                    diffProgress: (@Sendable (Int, Int) -> Void)? = nil) throws(Failure) -> (run: GoldenRun, artifactsWritten: Bool) {
        clearEvidence()
        let scratch = NSTemporaryDirectory() + "render-test-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var renderOptions = renderOptions
        renderOptions.outputDirectory = scratch + "/actual"
        do {
            let renderer = try Renderer(loaded, options: renderOptions)
            _ = try renderer.render(progress: renderProgress)
        } catch {
            throw .render(error)
        }
        do { try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true) } catch {
            throw .input("cannot create the golden folder \(golden): \(explain(error, known: golden))")
        }
        var pairs: [GoldenComparison.Pair]
        do { pairs = try GoldenComparison.pairs(actual: scratch + "/actual", expected: golden) } catch {
            throw .input(error.description)
        }
        if let selected = renderOptions.frames {
            // Only some frames were rendered: goldens of the others are neither missing nor stale.
            pairs = pairs.filter { $0.actual != nil || FrameFileName($0.name).map { selected.contains($0.index) } ?? true }
        }
        var run: GoldenRun
        if mode == .all {
            run = GoldenRun(results: pairs.map { p in
                var r = GoldenFrameResult(name: p.name, status: .same)
                r.actualPath = p.actual
                r.expectedPath = p.expected
                return r
            }, options: options, seconds: 0)
        } else {
            let engine = GoldenComparison(options: options, diffFolder: scratch + "/diff")
            do { run = try engine.compare(pairs.filter { $0.actual != nil && $0.expected != nil }, progress: diffProgress) } catch {
                throw .input(error.description)
            }
            for p in pairs where p.actual == nil || p.expected == nil {
                var r = GoldenFrameResult(name: p.name, status: p.actual == nil ? .missing : .extra)
                r.actualPath = p.actual
                r.expectedPath = p.expected
                run.results.append(r)
            }
            run.results.sort { $0.name < $1.name }
        }
        try record(&run)
        guard !run.passed else { return (run, false) }
        try keepEvidence(&run)
        do { _ = try GoldenReport.write(run, title: "render test → \(golden)", to: artifacts) } catch {
            throw .input("cannot write the report into \(artifacts): \(explain(error, known: artifacts))")
        }
        return (run, true)
    }

    /// Applies the record mode: copies actual frames over goldens, removes stale goldens (only files named like our
    /// frames), and marks the results `recorded` (new golden) or `updated` (golden replaced or removed).
    func record(_ run: inout GoldenRun) throws(Failure) {
        for k in run.results.indices {
            let r = run.results[k]
            let target = golden + "/" + r.name
            switch (mode, r.status) {
            case (.all, _), (.missing, .extra), (.failed, .extra), (.failed, .different), (.failed, .sizeMismatch),
                 (.failed, .missing):
                break
            default:
                continue
            }
            if let from = r.actualPath {
                do { try writeFileAtomically(try readFileBytes(at: from), to: target) } catch {
                    throw .input("cannot record \(target): \(explain(error, known: target))")
                }
                run.results[k].status = r.expectedPath == nil ? .recorded : .updated
                run.results[k].expectedPath = target
            } else if FrameFileName(r.name) != nil {
                try? FileManager.default.removeItem(atPath: target)
                run.results[k].status = .updated
                run.results[k].expectedPath = nil
            }
        }
    }

    /// Removes what an earlier run left in `artifacts` (its report and the PNGs in `actual/` and `diff/`), so that
    /// the folder only ever shows the latest failure. Nothing else there is touched.
    func clearEvidence() {
        let fm = FileManager.default
        try? fm.removeItem(atPath: artifacts + "/index.html")
        for sub in ["actual", "diff"] {
            let folder = artifacts + "/" + sub
            for name in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".png") {
                try? fm.removeItem(atPath: folder + "/" + name)
            }
        }
    }

    /// Copies the failing frames' actual images and diff images into `artifacts` and points the results at them.
    func keepEvidence(_ run: inout GoldenRun) throws(Failure) {
        for k in run.results.indices where run.results[k].failed {
            let r = run.results[k]
            for (sub, path) in [("actual", r.actualPath), ("diff", r.diffPath)] {
                guard let path else { continue }
                let target = artifacts + "/" + sub + "/" + r.name
                do {
                    try FileManager.default.createDirectory(atPath: artifacts + "/" + sub, withIntermediateDirectories: true)
                    try writeFileAtomically(try readFileBytes(at: path), to: target)
                } catch {
                    throw .input("cannot keep \(target): \(explain(error, known: target))")
                }
                if sub == "actual" { run.results[k].actualPath = target } else { run.results[k].diffPath = target }
            }
        }
        // Paths into the scratch folder vanish with it.
        for k in run.results.indices where !run.results[k].failed {
            run.results[k].actualPath = nil
            run.results[k].diffPath = nil
        }
    }
}
