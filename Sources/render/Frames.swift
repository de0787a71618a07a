import ArgumentParser
import Foundation
import ImageIO
import RenderKit

/// `render SCENE.json`: writes frames, manifest.json and events.json.
struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Render a scene's frames to PNG files (the default command).",
        discussion: """
        Writes frame_00000.png … (8-bit RGBA, sRGB, canvas size × scale), manifest.json (pixel hash \
        per frame) and events.json (every fired event, tick and haptic) into Output/<name>/ or --out. \
        Files are written whole (temporary name, then rename); the same scene and options give \
        byte-identical files whatever --jobs is.
        """)

    @OptionGroup var sceneOptions: SceneOptions

    @Option(name: .long, help: "Output folder (default: Output/<scene name>).")
    var out: String?

    @Option(help: ArgumentHelp("Inclusive frame range to render, e.g. 0-59 or 120.", valueName: "A-B"))
    var frames: String?

    @Option(help: ArgumentHelp("Render one still at this time (seconds).", valueName: "SECONDS"))
    var at: Double?

    @Option(help: "Worker threads (default: all cores).")
    var jobs: Int?

    @Option(help: "PNG compression: fast, default or small.")
    var compression: CompressionChoice = .default

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print per-stage timings after the render.")
    var timings = false

    @Option(help: ArgumentHelp("Render the K-th of N disjoint blocks of frames, with manifest.shard-K-of-N.json (join with `render merge`).", valueName: "K/N"))
    var shard: String?

    @Option(help: "Progress on stderr: auto (a line on a terminal), json (one JSON object per line) or none.")
    var progress: ProgressReporter.Style = .auto

    @OptionGroup var touches: TouchOptions

    func validate() throws {
        if let j = jobs, j < 1 || j > 256 { throw ValidationError("--jobs must be between 1 and 256 (got \(j))") }
        if frames != nil && at != nil { throw ValidationError("give --frames or --at, not both") }
        if let f = frames, parseRange(f) == nil { throw ValidationError("--frames takes A-B or N with whole numbers, A ≤ B (got \"\(f)\")") }
        if let a = at, !(a >= 0 && a.isFinite) { throw ValidationError("--at must be a time in seconds ≥ 0 (got \(a))") }
        if let s = shard, ShardSelection(s) == nil { throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N (got \"\(s)\")") }
    }

    func parseRange(_ s: String) -> ClosedRange<Int>? {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 1, let n = Int(parts[0]), n >= 0 { return n...n }
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, a <= b else { return nil }
        return a...b
    }

    func run() throws {
        let loaded = try sceneOptions.load()
        var options = sceneOptions.renderOptions()
        options.outputDirectory = out
        options.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        options.compression = compression.value
        options.shard = shard.flatMap(ShardSelection.init)
        options.showTouches = touches.showTouches
        var renderer: Renderer
        do {
            if let f = frames, let r = parseRange(f) { options.frames = r }
            renderer = try Renderer(loaded, options: options)
            // --at T renders the one frame that shows time T, as the frame source picks it.
            if let t = at {
                let i = renderer.source.frameIndex(at: t)
                options.frames = i...i
                renderer = try Renderer(loaded, options: options)
            }
        } catch {
            printError("\(sceneOptions.scene): \(error)")
            throw ExitCode(1)
        }
        if let r = options.frames, r.lowerBound >= renderer.source.frameCount {
            printError("\(sceneOptions.scene): frame \(r.lowerBound) is past the end (the scene has \(renderer.source.frameCount) frames, 0-\(renderer.source.frameCount - 1))")
            throw ExitCode(2)
        }
        let progress = ProgressReporter(style: quiet && self.progress == .auto ? .none : self.progress,
                                        task: "render", total: renderer.frameIndices.count)
        Interrupts.install(renderer.cancellation, scene: sceneOptions.scene)
        let summary: RenderSummary
        do {
            summary = try renderer.render { done, total in progress.update(done: done) }
        } catch {
            progress.finish()
            printError("\(sceneOptions.scene): \(error)")
            throw ExitCode(Interrupts.received ? 130 : 1)
        }
        progress.finish()
        if !quiet {
            let mb = Double(summary.bytes) / 1_048_576
            print("\(summary.frames.count) frame\(summary.frames.count == 1 ? "" : "s") of \(summary.frameCount) "
                + "(\(summary.pixelWidth)×\(summary.pixelHeight) px) → \(summary.outputDirectory)/ "
                + String(format: "in %.2f s, %.1f frames/s, %.1f MiB", summary.seconds, Double(summary.frames.count) / max(summary.seconds, 1e-9), mb)
                + (summary.reused > 0 ? ", \(summary.reused) reused" : ""))
        }
        if timings {
            let t = summary.timings
            let n = Double(max(summary.frames.count, 1))
            for s in StageTimings.Stage.allCases {
                print(String(format: "  %-12@ %9.2f ms total  %7.3f ms/frame", s.rawValue as NSString, t.milliseconds(s), t.milliseconds(s) / n))
            }
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
