import ArgumentParser
import Foundation
import Frames
import GoldenTesting
import RenderKit

/// `render preview SCENE.json`: an HTML page to scrub through the frames, with the events track and the strip.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write an HTML player (scrubber, speed, loop range, events, contact sheet, side by side) and an APNG.",
        discussion: """
        Writes preview.html with its frames in frames/, preview.png (animated PNG) and strip.png into \
        Output/<name>-preview/ or --out. The page works offline from the folder (file://). Frames are drawn at \
        1 pixel per point unless --scale says otherwise. Open the page at a state with \
        preview.html#frame=N&speed=0.5&in=A&out=B&play. --compare DIR shows another render's frames \
        (goldens, another variant's output folder) side by side, scrubbed together. `render watch` serves the \
        same page and re-renders on every change.

        Examples:
          render preview Scenes/unlock.json
          render preview Scenes/unlock.json --fps 30 --strip-count 8 --no-apng
          render preview Scenes/unlock.json --compare Tests/Goldens/unlock --compare-fps 2
        """)

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var touches: TouchOptions
    @Option(help: "Output folder (default: Output/<name>-preview).")
    var out: String?
    @Flag(name: .customLong("no-apng"), help: "Do not write preview.png.")
    var noAPNG = false
    @Option(parsing: .unconditional, help: "Frames on the page's contact sheet, 1 to 1000.",
            transform: NumberRule.sheetFrames.wholeNumber)
    var stripCount: Int = 12
    @OptionGroup var comparison: CompareOptions
    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false
    @Option(help: "Progress on stderr: auto, json or none.")
    var progress: ProgressReporter.Style = .auto

    func run() throws {
        let source = try sceneOptions.frameSource(showTouches: touches.showTouches, defaultScale: 1)
        var page = PreviewPage()
        page.writeAnimation = !noAPNG
        page.strip.count = stripCount
        page.compare = try comparison.load(scene: sceneOptions.scene)
        let folder = out ?? "Output/\(source.scene.name)-preview"
        let reporter = ProgressReporter(style: quiet && progress == .auto ? .none : progress, task: "preview", total: 0)
        do {
            let pump = FramePump(source: source, jobs: ProcessInfo.processInfo.activeProcessorCount)
            let written = try page.write(with: pump, to: folder) { done, total in
                reporter.update(done: done, of: total)
            }
            reporter.finish()
            if !quiet { print("\(counted(written.frames, "frame")) → \(written.page)") }
        } catch {
            reporter.finish()
            // A file-system error is about the output folder; anything else (the scene, drawing) says what it is about.
            let place = (error as NSError).domain == NSCocoaErrorDomain ? "cannot write the preview into \(folder): " : ""
            printError("\(sceneOptions.scene): \(place)\(explain(error, known: folder))")
            throw ExitCode(1)
        }
    }
}
