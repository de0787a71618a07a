import ArgumentParser
import Foundation
import Frames
import GoldenTesting
import RenderKit
import SceneJSONReader
import SceneModel

/// `render test SCENE.json [--golden DIR]`: check the scene's expectations (`SCENE.test.json` or `--expect`), and with
/// `--golden` render and compare with golden frames and the motion golden, recording goldens as asked.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check a scene's expectations, and compare its frames and its motion with goldens.",
        discussion: """
        Frames are paired with the goldens in --golden by file name and compared as `render diff` does, \
        but exactly by default: any changed pixel counts (--threshold 0, antialiasing included), since \
        the same scene renders to the same bytes on the machine image that recorded the goldens. Give \
        --threshold 0.1 --no-include-aa for pixelmatch's tolerance. Diff images show the golden in grey. \
        --set and --state render a variant: give each variant its own --golden folder. \
        --record (or the RENDER_RECORD environment variable) decides what is written to --golden: \
        missing (the default, except under CI=true) records frames that have no golden yet, all records every \
        frame, failed replaces the goldens of failing frames, never (the default under CI=true) records \
        nothing: a missing golden fails, named with the command that records it.

        --artifacts (default Output/<name>-test) is the report folder: summary.md every time (the verdict, \
        the failing frames, the motion changes in words, and summary.png, golden beside actual over the \
        changed frames, for a pull request or a CI job summary), and on failure index.html (failures first; \
        passes counted, listed with --verbose), the failing actual frames and their diff images, the actual \
        motion.json and report.json, from which `render accept` makes them the goldens without rendering again.

        Beside the frames, --golden holds motion.json, the motion golden: every view value that moves \
        (x, y, width, height as drawn, opacity, scale, rotation, blur, corner radius), the state variables \
        and the events, at the scene's own fps and scale whatever --fps the frames use, recorded under the \
        same --record mode. A difference is reported per view and property in motion terms (start, settle \
        time, overshoot, final value; events moved, missing or new), in the terminal, --json, --junit and \
        the report, which plots each changed curve, golden against actual. --motion-only checks the motion \
        golden alone, without drawing a frame.

        Expectations (SCENE.test.json beside the scene, or --expect FILE) state facts about the interaction: \
        a view's frame or opacity at a time, state values, haptic counts in a window, an event's time, settled \
        by, and follows a spring or curve. They are read like a scene (every problem one located line, exit 1, \
        nothing run) and checked from the simulated states and layouts at the scene's fps, without drawing; \
        each failure is one located line with the value found (a time past the end of a scene that got shorter \
        is such a failure, not a problem of the file). Without --golden only the expectations run.

        --golden also holds manifest.json, written whenever goldens are recorded: the environment \
        (renderer, Cairo, pixman, Pango, HarfBuzz, FreeType, fontconfig, libpng and libdeflate versions, \
        each font file used with a SHA-256 prefix) and each frame's pixel and display-list hashes. When \
        pixels differ, the first line says whether the environment differs from the goldens' (and how) \
        or is the same, so that the scene's pictures changed. A frame whose display list and environment \
        match its golden's passes without being drawn ("same display list"); --full draws every frame. \
        What a run records is written beside the goldens and moved into place when the run completes: \
        Ctrl-C, SIGTERM or a failure before then leaves --golden as it was.

        Prints the failing frames and a summary that counts the passes; --verbose prints every frame, failures first. --frames limits the \
        render and the comparison to a range (within the scene, as for `render`).

        Examples:
          render test Scenes/unlock.json --golden Tests/Goldens/unlock --fps 2 --scale 1
          RENDER_RECORD=never render test Scenes/unlock.json --golden golden --frames 0-59
          render test Scenes/unlock.json --set accent=#7CA0FF --golden Tests/Goldens/unlock-blue
          render test Scenes/unlock.json --golden Tests/Goldens/unlock --motion-only
          render test Scenes/unlock.json
          render test Scenes/unlock.json --expect checks/unlock-haptics.test.json
          CI=true render test Scenes/unlock.json --golden Tests/Goldens/unlock --fps 2 --scale 1
          render accept Output/unlock-test       (after a failure: its actual frames become the goldens)

        Exit status: 0 all frames, the motion and the expectations hold (or were recorded), 1 a frame or the \
        motion differs, an expectation fails, or the scene or the expectation file is bad, 2 bad usage or unreadable goldens (a motion.json that is not one is named with the \
        place in it).
        """)

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var touches: TouchOptions
    @Option(help: "Folder of golden frames (created when recording); without it only the expectations are checked.")
    var golden: String?
    @Option(help: ArgumentHelp("Expectation file (default: SCENE.test.json beside the scene, when there is one).", valueName: "FILE"))
    var expect: String?
    @Option(help: ArgumentHelp("missing, all, failed or never (default: $RENDER_RECORD, else never under CI=true, else missing).", valueName: "MODE"))
    var record: String?
    @Option(help: "Folder for the report and failing frames (default: Output/<name>-test).")
    var artifacts: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Render and compare only these frames, e.g. 0-59 or 120; past the scene's last frame is an error.", valueName: "A-B"),
            transform: RangeOptions.frames)
    var frames: ClosedRange<Int>?
    @Flag(help: "Check only the motion golden (motion.json): no frame is drawn.")
    var motionOnly = false
    @Flag(help: "Draw and compare every frame, also those whose display list and environment are their golden's.")
    var full = false
    @Option(help: ArgumentHelp("How far a motion value may be from its golden before it differs, in points or degrees; "
                               + "ratios (opacity, scale, colour channels) get a tenth of it.", valueName: "POINTS"))
    var motionTolerance: Double = MotionComparison.defaultTolerance
    @OptionGroup var comparison: ComparisonFlags
    @OptionGroup var picture: DiffImageFlags
    @OptionGroup var reporting: ReportFlags

    func validate() throws {
        _ = try recordMode()
        if motionOnly && golden == nil { throw ValidationError("--motion-only needs --golden DIR (the folder of motion.json)") }
        if !(motionTolerance >= 0 && motionTolerance <= 1000) {
            throw ValidationError("--motion-tolerance must be a number of points from 0 to 1000 (got \(motionTolerance))")
        }
    }

    /// `--record`, else `RENDER_RECORD`, else `never` under CI (`CI=true`, as GitHub Actions, GitLab and most CI
    /// systems set it) and `missing` elsewhere: on CI a missing golden fails instead of being recorded silently.
    func recordMode() throws -> GoldenRecordMode {
        let environment = ProcessInfo.processInfo.environment
        let fromEnvironment = environment["RENDER_RECORD"].flatMap { $0.isEmpty ? nil : $0 }
        guard let text = record ?? fromEnvironment else { return Self.onCI(environment) ? .never : .missing }
        guard let mode = GoldenRecordMode(rawValue: text.lowercased()) else {
            let source = record != nil ? "--record" : "RENDER_RECORD"
            throw ValidationError("\(source) must be missing, all, failed or never (got \"\(text)\")")
        }
        return mode
    }

    /// Whether `CI` says this runs on a CI system (`true` or `1`, in any case).
    static func onCI(_ environment: [String: String]) -> Bool {
        guard let ci = environment["CI"]?.lowercased() else { return false }
        return ci == "true" || ci == "1"
    }

    /// The goldens the run did not record (record mode `never`), with the command that records them: this command
    /// as given, with `--record missing`.
    func missingGoldens(_ run: GoldenRun, golden: String) -> [String] {
        let frames = run.results.filter(\.noGolden).map(\.name)
        let motion = run.motion?.status == .noGolden
        guard !frames.isEmpty || motion else { return [] }
        var names = frames.count > 4 ? Array(frames.prefix(3)) + ["… \(frames.count - 3) more"] : frames
        if motion { names.append(MotionTest.fileName) }
        let why = record != nil ? "--record never" : ProcessInfo.processInfo.environment["RENDER_RECORD"].map { "RENDER_RECORD=\($0)" } ?? "CI=true"
        return ["missing golden\(frames.count + (motion ? 1 : 0) == 1 ? "" : "s") in \(golden), not recorded under \(why): "
                    + names.joined(separator: ", "),
                "  record with: " + Self.recordCommand(Array(CommandLine.arguments.dropFirst()))]
    }

    /// `render ARGS --record missing`, any earlier `--record` dropped, each argument quoted for a POSIX shell when
    /// it needs to be.
    static func recordCommand(_ arguments: [String]) -> String {
        var kept: [String] = []
        var skip = false
        for a in arguments {
            if skip { skip = false; continue }
            if a == "--record" { skip = true; continue }
            if a.hasPrefix("--record=") { continue }
            kept.append(a)
        }
        return (["render"] + (kept + ["--record", "missing"]).map(GoldenSummaryPage.shellQuoted)).joined(separator: " ")
    }

    /// The expectation file: `--expect`, else `SCENE.test.json` beside the scene when it exists.
    var expectationPath: String? {
        if let expect { return expect }
        let scene = sceneOptions.scene
        let stem = scene.hasSuffix(".json") ? String(scene.dropLast(5)) : scene
        return FileManager.default.fileExists(atPath: stem + ".test.json") ? stem + ".test.json" : nil
    }

    func run() throws {
        let expectationFile = expectationPath
        guard golden != nil || expectationFile != nil else {
            printError("render test: give --golden DIR, an expectation file (--expect FILE) or both; "
                + "\(sceneOptions.scene) has no .test.json beside it")
            throw ExitCode(2)
        }
        // The scene is simulated once: the selection comes from this source's length. A scene that does not load is
        // still a verdict: --json and --junit say so too (a CI job's test report must not go missing).
        let source: FrameSource
        switch sceneOptions.frameSourceOrProblems(showTouches: touches.showTouches, simulateAtSceneRate: true) {
        case .success(let s): source = s
        case .failure(let problems):
            for line in problems.lines { printError(line) }
            let title = "render test \(sceneOptions.scene)\(variant)"
            if let junit = reporting.junit {
                do { try writeText(GoldenSummary.junit(loadProblems: problems.lines, title: title), to: junit) } catch {
                    printError("render: cannot write the report: \(explain(error))")
                    throw ExitCode(2)
                }
            }
            if reporting.json { print(GoldenSummary.json(loadProblems: problems.lines, title: title), terminator: "") }
            throw ExitCode(1)
        }
        // Expectations and motion read states at the scene's fps: nothing is drawn for them.
        let motionSource: FrameSource
        do { motionSource = try MotionTest.source(for: source) } catch {
            printError("\(sceneOptions.scene): \(explain(error))")
            throw ExitCode(1)
        }
        let jobs = comparison.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let artifactsFolder = artifacts ?? "Output/\(source.scene.name)-test"
        let test = try golden.map { golden in
            var test = GoldenTest(golden: golden, mode: try recordMode(), options: picture.apply(to: comparison.options(.exact)),
                                  artifacts: artifactsFolder)
            test.full = full
            test.motionOnly = motionOnly
            test.motionTolerance = motionTolerance
            test.scene = sceneOptions.scene
            test.variant = variantArguments
            test.verbose = reporting.verbose
            return test
        }
        // Every frame laid out once on the pump's threads, for the motion golden and the expectations alike, and for
        // the display-list digests that let unchanged frames pass undrawn.
        let samples = try MotionSamples(FramePump(source: motionSource, jobs: jobs),
                                        digests: test?.wantsDigests(frames: source, motion: motionSource) ?? false)
        // A bad expectation file is reported like a bad scene, every problem located, before anything is checked.
        let expectations = try expectationFile.map { try loadExpectations($0, samples: samples) }
        guard let golden, let test else {
            let run = GoldenRun(results: [], options: comparison.options(.exact), seconds: 0, expectations: expectations?.run())
            try reporting.finish(run, title: "render test \(sceneOptions.scene)\(variant)", reportFolder: nil,
                                 inputs: (nil, expectationFile))
            if !run.passed { throw ExitCode(1) }
            return
        }
        let selection = try frames.map { FrameSelection.range(try SceneSpan(source).check(frames: $0), of: source.frameCount) }
            ?? .all(of: source.frameCount)
        let pump = FramePump(source: source, jobs: jobs)
        let progress = reporting.progressReporter(task: "test", total: selection.indices.count)
        Interrupts.install(pump.cancellation, scene: sceneOptions.scene)
        let outcome: (run: GoldenRun, artifactsWritten: Bool)
        do {
            outcome = try test.run(samples: samples, expectations: expectations, pump: pump, selection: selection) { done, total in
                progress.update(done: done, of: total)
            }
        } catch {
            progress.finish()
            printError("\(sceneOptions.scene): \(explain(error))")
            if case .render(let e) = error {
                if case .cancelled = e { throw ExitCode(130) }
                throw ExitCode(1)
            }
            throw ExitCode(2)
        }
        progress.finish()
        let run = outcome.run
        try reporting.finish(run, title: "render test \(sceneOptions.scene)\(variant)",
                             reportFolder: nil, reportPath: outcome.artifactsWritten ? artifactsFolder + "/index.html" : nil,
                             inputs: (nil, golden))
        if !reporting.json && !reporting.quiet { for line in missingGoldens(run, golden: golden) { print(line) } }
        if !run.passed { throw ExitCode(1) }
    }

    /// `--set` and `--state` as given, for the report's title.
    var variant: String { variantArguments.map { " " + $0 }.joined() }

    /// `--state FILE` and each `--set NAME=VALUE`, for report.json.
    var variantArguments: [String] {
        (sceneOptions.stateFile.map { ["--state", $0] } ?? []) + sceneOptions.settings.flatMap { ["--set", $0] }
    }

    /// The expectation file read against the simulated scene; its problems, one located line each, exit status 1.
    func loadExpectations(_ path: String, samples: MotionSamples) throws -> ExpectationTest {
        let test = ExpectationTest(ExpectationLoader.load(path: path, scene: samples.source.scene), samples: samples)
        let problems = test.problems
        for e in problems { printError(e.description) }
        if !problems.isEmpty { throw ExitCode(1) }
        return test
    }
}
