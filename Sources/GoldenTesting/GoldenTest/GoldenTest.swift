import Formats
import Foundation
import Frames
import ImageIO
import Raster
import RenderKit

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

    /// What a run does with one golden — a frame or the motion track — before comparing: the one table both kinds of
    /// golden follow, so that a mode means the same for each.
    enum Step: Equatable, Sendable {
        /// Record the actual as the golden (unless the golden already has its bytes).
        case record
        /// No golden, and none is recorded: a failure that names the command that records it.
        case noGolden
        /// Compare with the golden.
        case compare
    }

    /// | mode | golden there | golden absent |
    /// |---|---|---|
    /// | `missing` | compare | record |
    /// | `all` | record | record |
    /// | `failed` | compare, then replace when it fails | record |
    /// | `never` | compare | no golden (a failure) |
    func step(hasGolden: Bool) -> Step {
        switch (self, hasGolden) {
        case (.all, _): return .record
        case (.never, false): return .noGolden
        case (_, false): return .record
        case (_, true): return .compare
        }
    }

    /// Whether a golden that fails its comparison is replaced by the actual (`failed`), instead of kept as evidence.
    var replacesFailures: Bool { self == .failed }
}

/// `render test --golden`: checks the motion golden (`MotionTest`) and the expectations, then draws a selection of a
/// scene's frames through the frame pump and compares each with its golden in `golden` (paired by file name,
/// `frame_NNNNN.png`) in memory, on the drawing threads; both kinds of golden are recorded according to `mode`
/// (`GoldenCheck`); writes `summary.md` into `artifacts` (`GoldenSummaryPage`), and on failure leaves the evidence there:
/// index.html, report.json (`TestReportRecord`, what `render accept` reads), the failing actual frames in `actual/`,
/// their diff images in `diff/` and the actual motion track. Files are written only for failures and recordings, and the folder's manifest.json
/// (environment, pixel and display-list hashes: `GoldenFolderManifest`) after a recording.
///
/// A frame whose display list and environment are its golden's passes without being drawn, unless `full`.
public struct GoldenTest: Sendable {
    public var golden: String
    public var mode: GoldenRecordMode
    public var options: GoldenOptions
    public var artifacts: String
    /// Draw and compare every frame, even those the golden manifest shows unchanged (`--full`).
    public var full = false
    /// The scene file and the `--set`/`--state` arguments, for the report's `report.json` and `summary.md`.
    public var scene = ""
    public var variant: [String] = []
    /// The HTML report lists every frame (failures first), not only the failing ones.
    public var verbose = false
    /// `--motion-only`: the motion golden and the expectations, no frame drawn.
    public var motionOnly = false
    /// `--motion-tolerance`, for the motion golden (`MotionTest.tolerance`).
    public var motionTolerance = MotionComparison.defaultTolerance

    /// Whether the pass that lays out every frame of `motion` for the motion golden (`MotionSamples(_:digests:)`) should
    /// also make each frame's display-list digest, so that unchanged frames pass undrawn: the frames are drawn, from
    /// that same source (goldens at the scene's fps and scale), the golden folder has a manifest to match them with,
    /// and no frame is to be recorded or drawn anyway.
    public func wantsDigests(frames: FrameSource, motion: FrameSource) -> Bool {
        !motionOnly && frames === motion && !full && mode != .all && FileManager.default.fileExists(atPath: GoldenFolderManifest.path(golden))
    }

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

    /// Refuses goldens of another variant (`--set`/`--state`) than `source`'s: comparing would call every difference
    /// a change, and recording into them (motion or frames) would leave a folder of two variants. Checked before
    /// anything is compared or written; `--record all` records this variant over them.
    func checkVariant(of source: FrameSource) throws(Failure) {
        guard mode != .all, let earlier = try GoldenFolderManifest.read(golden).earlier, earlier.header.scene == source.scene.name else { return }
        let theirs = ManifestOverrides.variant(earlier.header.overrides), ours = ManifestOverrides.variant(RenderHeader(source).overrides)
        guard theirs != ours else { return }
        throw .input("the goldens \(golden) are of \(theirs), but this run is of \(ours): give the goldens folder of this variant "
            + "(or --record all to record this variant there instead)")
    }

    /// The whole of `render test --golden`: the variant checked (`checkVariant`); the motion golden first, from
    /// `samples` (the states and layouts of the scene at its own fps, laid out already: it draws nothing); then the
    /// expectations, so that a report written on failure shows them; then `selection` drawn with `pump` and compared,
    /// unless `motionOnly`. Everything the run records (motion, frames, manifest) is staged in one `GoldenRecording`
    /// and committed at the end: a run stopped by a signal or a failure leaves the golden folder as it was.
    /// `progress` gets (frames done, frames to do).
    /// - Returns: the verdict; `artifactsWritten` tells whether `artifacts` received a report.
    public func run(samples: MotionSamples, expectations: ExpectationTest?, pump: FramePump, selection: FrameSelection,
                    progress: ((Int, Int) -> Void)? = nil) throws(Failure) -> (run: GoldenRun, artifactsWritten: Bool) {
        try checkVariant(of: pump.source)
        let recording = GoldenRecording(golden: golden)
        do {
            var motionTest = MotionTest(golden: golden, mode: mode, artifacts: artifacts, recording: recording)
            motionTest.tolerance = motionTolerance
            let motion = try motionTest.run(samples)
            let checked = expectations?.run()
            if motionOnly { return try run(motion: motion, source: pump.source, expectations: checked, recording: recording) }
            return try compare(with: pump, selection: selection, knownDigests: samples.digests, motion: motion, expectations: checked,
                               recording: recording, progress: progress)
        } catch {
            recording.discard()
            throw error
        }
    }

    /// Draws `selection` with `pump` and compares; `motion`, the verdict on the motion golden, joins the frames' in
    /// the result and the report. `knownDigests` are every frame's display-list digest of the pump's source when made
    /// already, by the pass that laid the frames out for the motion golden. What the run records goes to `recording`,
    /// committed before the report.
    private func compare(with pump: FramePump, selection: FrameSelection, knownDigests: [MotionSamples.FrameDigest]?,
                         motion: MotionResult, expectations: [ExpectationResult]?, recording: GoldenRecording,
                         progress: ((Int, Int) -> Void)?) throws(Failure) -> (run: GoldenRun, artifactsWritten: Bool) {
        let start = DispatchTime.now().uptimeNanoseconds
        clearEvidence()
        do { try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true) } catch {
            throw .input("cannot create the golden folder \(golden): \(explain(error, known: golden))")
        }
        let existing: [String]
        do { existing = try GoldenComparison.pngNames(golden) } catch { throw .input(error.description) }
        let names = PNGSequence(source: pump.source, selection: selection)
        let manifest = try GoldenFolderManifest.read(golden)
        let unchanged: (frames: Set<Int>, faces: Set<FontFace>)
        do {
            unchanged = full || mode == .all ? ([], []) : try manifest.unchanged(selection.indices, pump: pump,
                                                                                 fileName: names.fileName, existing: Set(existing),
                                                                                 known: knownDigests)
        } catch { throw .render(error) }
        let toDraw = selection.indices.filter { !unchanged.frames.contains($0) }
        let sink = GoldenFrames(test: self, recording: recording, fileName: names.fileName, existing: Set(existing),
                                count: toDraw.count, progress: progress)
        do { _ = try pump.pump(toDraw, into: sink) } catch let e as RenderError { throw .render(e) } catch let e as Failure {
            throw e
        } catch {
            throw .input("\(error)")
        }
        var run = GoldenRun(results: sink.results.compactMap { $0 }, options: options, seconds: 0)
        run.drawn = run.results.count
        for i in unchanged.frames.sorted() {
            var r = GoldenFrameResult(name: names.fileName(i), status: .same)
            r.sameDisplayList = true
            r.expectedPath = golden + "/" + r.name
            run.results.append(r)
        }
        let environment = RenderEnvironment.current(faces: run.results.reduce(unchanged.faces) { $0.union($1.faces) })
        // Goldens with no frame drawn: stale when every frame was drawn; those of frames outside a partial selection
        // are neither missing nor stale.
        let drawn = Set(run.results.map(\.name))
        for name in existing where !drawn.contains(name) {
            if !selection.isAll, let file = FrameFileName(name), !selection.indices.contains(file.index) { continue }
            var r = GoldenFrameResult(name: name, status: .missing)
            r.expectedPath = golden + "/" + name
            if mode == .all || mode == .failed, FrameFileName(name) != nil {
                // Only files named like our frames are ever removed.
                recording.remove(name)
                r.status = .updated
                r.expectedPath = nil
            } else if mode == .all {
                r.status = .same
            }
            run.results.append(r)
        }
        run.results.sort { $0.name < $1.name }
        if run.results.contains(where: { $0.status == .different || $0.status == .sizeMismatch }) {
            run.environment = manifest.verdict(environment)
        } else if !run.results.contains(where: { $0.status == .recorded || $0.status == .updated }) {
            // A pass in another environment than the goldens' (say goldens accepted from a CI report) is said too.
            run.environment = manifest.passedElsewhere(environment)
        }
        // `all` rewrites the manifest even when every frame was the same to the byte: its display lists and environment
        // are this run's.
        if mode == .all || (mode != .never && run.results.contains(where: { $0.status == .recorded || $0.status == .updated })) {
            try manifest.write(recording, source: pump.source, results: run.results, environment: environment)
        }
        try recording.commit()
        run.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // The motion track's size against the PNG goldens beside it, once the frames are recorded.
        var measured = motion
        let pngs = ((try? GoldenComparison.pngNames(golden)) ?? []).compactMap { FrameFileName($0) != nil ? golden + "/" + $0 : nil }
        measured.pngGoldenCount = pngs.count
        measured.pngGoldenBytes = pngs.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
        run.motion = measured
        run.expectations = expectations
        let context = GoldenReportContext(header: RenderHeader(pump.source), environment: environment,
                                          first: selection.indices.first ?? 0, last: selection.indices.last ?? 0)
        return try finish(run, context: context)
    }

    /// `render test --motion-only`: the motion verdict alone, no frame drawn.
    /// `source` is the scene's (at the frames' fps and scale), for the report's header.
    private func run(motion: MotionResult, source: FrameSource, expectations: [ExpectationResult]?,
                     recording: GoldenRecording) throws(Failure) -> (run: GoldenRun, artifactsWritten: Bool) {
        try recording.commit()
        clearEvidence()
        let context = GoldenReportContext(header: RenderHeader(source), environment: nil, first: 0, last: source.frameCount - 1)
        return try finish(GoldenRun(results: [], options: options, seconds: 0, motion: motion, expectations: expectations),
                          context: context)
    }

    /// Writes `summary.md` (pass or fail) and, when `run` failed, the rest of the report: index.html and report.json
    /// (what `render accept` reads) beside the actual frames and motion track the run kept there.
    private func finish(_ run: GoldenRun, context: GoldenReportContext) throws(Failure) -> (run: GoldenRun, artifactsWritten: Bool) {
        let record = record(run, context: context)
        do {
            try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
            try GoldenSummaryPage.write(run, record: record, report: artifacts, to: artifacts)
            guard !run.passed else { return (run, false) }
            _ = try GoldenReport.write(run, title: "render test → \(golden)", to: artifacts, verbose: verbose)
            try writeFileAtomically(try OrderedJSONEncoder().encodeBytes(record), to: artifacts + "/" + TestReportRecord.fileName)
        } catch {
            throw .input("cannot write the report into \(artifacts): \(explain(error, known: artifacts))")
        }
        return (run, true)
    }

    /// Removes what an earlier run left in `artifacts` (its report and the PNGs in `actual/` and `diff/`), so that
    /// the folder only ever shows the latest failure. Nothing else there is touched.
    func clearEvidence() {
        let fm = FileManager.default
        for name in ["index.html", TestReportRecord.fileName, GoldenSummaryPage.fileName, GoldenSummaryPage.animationName,
                     GoldenAcceptance.reviewStateName] {
            try? fm.removeItem(atPath: artifacts + "/" + name)
        }
        try? fm.removeItem(atPath: artifacts + "/" + GoldenAcceptance.replacedFolder)
        for sub in ["actual", "diff"] {
            let folder = artifacts + "/" + sub
            for name in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".png") {
                try? fm.removeItem(atPath: folder + "/" + name)
            }
        }
    }
}
