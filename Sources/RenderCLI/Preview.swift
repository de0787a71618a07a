import ArgumentParser
import Foundation
import RenderKit

/// `render preview SCENE.json`: an HTML page to scrub through the frames, with the events track and the strip.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a self-contained HTML preview (scrubber, play/pause, stepping, events track, strip) and an APNG.",
        discussion: """
        Writes preview.html, preview.png (animated PNG) and strip.png into Output/<name>-preview/ or --out. \
        Frames are drawn at 1 pixel per point unless --scale says otherwise. Open the page at a frame with \
        preview.html#frame=N.

        Examples:
          render preview Scenes/unlock.json
          render preview Scenes/unlock.json --fps 30 --strip-count 8 --no-apng
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
    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false
    @Option(help: "Progress on stderr: auto, json or none.")
    var progress: ProgressReporter.Style = .auto

    func run() throws {
        let loaded = try sceneOptions.load()
        var options = sceneOptions.renderOptions(defaultScale: 1)
        options.showTouches = touches.showTouches
        var page = PreviewPage()
        page.writeAnimation = !noAPNG
        page.strip.count = stripCount
        let folder = out ?? "Output/\(loaded.scene.name)-preview"
        let reporter = ProgressReporter(style: quiet && progress == .auto ? .none : progress, task: "preview", total: 0)
        do {
            let written = try page.write(try FrameSource(loaded, options: options), to: folder) { done, total in
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
