import ArgumentParser
import Foundation
import Frames
import Geometry
import ImageIO
import GoldenTesting
import RenderKit

/// `render SCENE.json`: writes frames, manifest.json and events.json.
struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Render a scene's frames to PNG files, or to one video file (the default command).",
        discussion: """
        Writes frame_00000.png … (8-bit RGBA, sRGB, canvas size × scale), manifest.json (pixel hash \
        per frame) and events.json (every fired event, tick and haptic) into Output/<name>/ or --out. \
        Files are written whole (temporary name, then rename); the same scene and options give \
        byte-identical files whatever --jobs is.

        --at T renders the one frame that shows time T: into the folder like any frame, or, with --out NAME.png, \
        as that one file alone.

        The folder's frame files are always the ones its manifest.json lists, all of one size and rate: --frames \
        and --at add their frames to an earlier render of the same scene and settings in the folder (the summary \
        says so and which files were written), and replace the frames of an earlier render at other settings; a \
        full render removes earlier frames it did not write again. Only frames an earlier manifest.json listed are \
        ever removed.

        --frames and --at must lie within the scene (--at may be its duration: the last frame). A range \
        or time past the end of the scene is an error (exit status 2) that names the scene's length; \
        nothing is clamped. Numeric options outside their range are refused the same way.

        --format mp4, webm, mov, gif, apng or webp (or --out NAME.mp4 and so on) writes one file instead, \
        encoded by ffmpeg from the same frames (raw pixels on a pipe); the file appears whole or not at all. \
        See docs/video.md for each format's defaults and --quality.

        --shard K/N renders the K-th of N blocks of frames: PNG frames with manifest.shard-K-of-N.json, or, \
        with --format mp4, webm or mov, one chunk (default Output/<name>-K-of-N.<format>) with the manifest \
        beside it. `render merge` joins either (docs/distributed.md).

        Examples:
          render Scenes/unlock.json --frames 0-59 --out Output/first-second
          render Scenes/unlock.json --format mp4 --quality medium
          render Scenes/unlock.json --out unlock.webm --scale 1
          render Scenes/unlock.json --at 1.25 --scale 3
          render Scenes/unlock.json --at 1.25 --out Output/unlock-1.25s.png
          render Scenes/unlock.json --shard 2/4 --out shard2 --progress json
          render Scenes/unlock.json --shard 2/4 --format mp4 --out chunks/unlock-2.mp4
        """)

    @OptionGroup var sceneOptions: SceneOptions

    @Option(name: .long, help: "Output folder (default: Output/<scene name>), the video file (NAME.mp4, .webm, .mov, .gif, .apng, .webp; default: Output/<scene name>.<format>), or with --at the still's file (NAME.png).")
    var out: String?

    @Option(help: "png (frames in a folder, the default), or one file encoded by ffmpeg: mp4, webm, mov, gif, apng or webp (docs/video.md).")
    var format: OutputFormat?

    @Option(help: "Video quality: high (the default), medium, low or lossless (docs/video.md).")
    var quality: VideoQuality?

    @Option(parsing: .unconditional, help: ArgumentHelp("Inclusive frame range to render, e.g. 0-59 or 120; past the scene's last frame is an error.", valueName: "A-B"),
            transform: RangeOptions.frames)
    var frames: ClosedRange<Int>?

    @Option(parsing: .unconditional, help: ArgumentHelp("Render one still at this time, 0 to the scene's duration (seconds).", valueName: "SECONDS"),
            transform: NumberRule.time.decimal)
    var at: Double?

    @Option(parsing: .unconditional, help: "Worker threads, 1 to 256 (default: all cores).", transform: NumberRule.jobs.wholeNumber)
    var jobs: Int?

    @Option(help: "PNG compression: fast, default or small.")
    var compression: CompressionChoice = .default

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print per-stage timings after the render.")
    var timings = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Render the K-th of N disjoint blocks of frames, with manifest.shard-K-of-N.json (join with `render merge`).", valueName: "K/N"),
            transform: RangeOptions.shard)
    var shard: ShardSelection?

    @Option(help: "Progress on stderr: auto (a line on a terminal), json (one JSON object per line) or none.")
    var progress: ProgressReporter.Style = .auto

    @OptionGroup var touches: TouchOptions

    func validate() throws {
        if frames != nil && at != nil { throw ValidationError("give --frames or --at, not both") }
        if shard != nil && (frames != nil || at != nil) { throw ValidationError("give --shard or --frames/--at, not both") }
        try validateVideo()
    }

    func run() throws {
        // The scene is simulated once: the selection is computed from this source's length and handed to the output.
        let source = try sceneOptions.frameSource(showTouches: touches.showTouches)
        let selection = try self.selection(of: source)
        let pump = FramePump(source: source, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        if let video = videoFormat {
            return try runVideo(pump, selection: selection, format: video)
        }
        if case .still(let i) = selection.kind, let file = out, file.lowercased().hasSuffix(".png") {
            return try writeStill(pump, frame: i, to: file)
        }
        let sequence = PNGSequence(source: source, selection: selection, outputDirectory: out, compression: compression.value)
        let summary = try reportingProgress(task: "render", total: selection.indices.count,
                                            cancellation: pump.cancellation) { progress in
            try sequence.write(with: pump) { done, _ in progress.update(done: done) }
        }
        if !quiet { print(Self.summaryLine(summary, selection: selection, source: source)) }
        if timings { printTimings(summary.timings, frames: summary.frames.count) }
    }

    /// What a PNG render says when it is done: how many frames, where, how fast; for `--frames` and `--at` which files
    /// it wrote; and how the folder's earlier frames were treated (kept beside these when they are of the same
    /// render, removed when not), so that the folder and its manifest.json say the same.
    static func summaryLine(_ summary: RenderSummary, selection: FrameSelection, source: FrameSource) -> String {
        let mb = Double(summary.bytes) / 1_048_576
        let speed = String(format: "in %.2f s, %.1f frames/s, %.1f MiB", summary.seconds,
                           Double(summary.frames.count) / max(summary.seconds, 1e-9), mb)
            + (summary.reused > 0 ? ", \(summary.reused) reused" : "")
        var line: String
        switch selection.kind {
        case .still(let i):
            line = "\(summary.outputDirectory)/\(summary.files.first ?? "") (frame \(i), t = \(fmt(source.time(frame: i))) s, "
                + "\(summary.pixelWidth)×\(summary.pixelHeight) px)"
        case .range:
            line = "\(summary.frames.count) of \(counted(summary.frameCount, "frame")) (\(summary.pixelWidth)×\(summary.pixelHeight) px) → "
                + "\(summary.outputDirectory)/" + (summary.files.first.map { $0 + (summary.files.count > 1 ? " … " + (summary.files.last ?? "") : "") } ?? "")
                + " " + speed
        case .all, .shard:
            line = "\(summary.frames.count) of \(counted(summary.frameCount, "frame")) "
                + "(\(summary.pixelWidth)×\(summary.pixelHeight) px) → \(summary.outputDirectory)/ " + speed
        }
        if summary.kept > 0 {
            line += "; merged into the render already there (\(counted(summary.kept, "frame")) kept): manifest.json lists \(summary.listed)"
        }
        if summary.removed > 0 {
            line += "; removed \(counted(summary.removed, "frame")) of an earlier render "
                + (selection.isAll ? "that this one did not write again" : "at other settings")
        }
        return line
    }

    /// The frames this command line asks for: `--at`, `--frames` (both within the scene: `SceneSpan`), `--shard`, or
    /// every frame.
    func selection(of source: FrameSource) throws -> FrameSelection {
        let span = SceneSpan(source)
        if let t = at { return .still(try span.frame(at: t), of: source.frameCount) }
        if let f = frames { return .range(try span.check(frames: f), of: source.frameCount) }
        if let shard { return .shard(shard, of: source.frameCount) }
        return .all(of: source.frameCount)
    }

    /// `--at T --out NAME.png`: the frame showing T, drawn through the pump like every other frame, as one PNG file
    /// (no manifest or events beside it); the file appears whole or not at all.
    func writeStill(_ pump: FramePump, frame i: Int, to file: String) throws {
        do {
            let image = try PNGStill.write(frame: i, with: pump, to: file, compression: compression.value)
            if !quiet {
                print("frame \(i) (t = \(fmt(pump.source.time(frame: i))) s, \(image.width)×\(image.height) px) → \(file)")
            }
        } catch {
            printError("\(sceneOptions.scene): \(explain(error, known: file))")
            throw ExitCode(1)
        }
    }

    /// Runs `work` with the `--progress` display and Ctrl-C handling (`cancellation` stops it between frames). A failure
    /// is printed after the scene's name and exits with status 1, or 130 when interrupted; `known` is a path the
    /// message need not repeat.
    func reportingProgress<T>(task: String, total: Int, cancellation: CancellationFlag, known: String? = nil,
                              _ work: (ProgressReporter) throws -> T) throws -> T {
        let reporter = ProgressReporter(style: quiet && progress == .auto ? .none : progress, task: task, total: total)
        Interrupts.install(cancellation, scene: sceneOptions.scene)
        defer { reporter.finish() }
        do {
            return try work(reporter)
        } catch {
            reporter.finish()
            printError("\(sceneOptions.scene): \(explain(error, known: known))")
            throw ExitCode(Interrupts.received ? 130 : 1)
        }
    }

    /// `--timings`: each stage's total and per-frame milliseconds.
    func printTimings(_ t: StageTimings, frames: Int) {
        let n = Double(max(frames, 1))
        for s in StageTimings.Stage.allCases {
            // Padded here: "%-12@" does not pad on Linux's Foundation.
            let name = s.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
            print("  " + name + String(format: " %9.2f ms total  %7.3f ms/frame", t.milliseconds(s), t.milliseconds(s) / n))
        }
    }
}

/// `--compression` values.
enum CompressionChoice: String, ExpressibleByArgument, CaseIterable {
    case fast, `default`, small
    var value: PNGCompression {
        switch self {
        case .fast: return .fast
        case .default: return .default
        case .small: return .small
        }
    }
}
