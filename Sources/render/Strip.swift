import ArgumentParser
import Foundation
import ImageIO
import RenderKit

/// `render strip SCENE.json`: a contact sheet PNG of evenly spaced frames with times, indices and haptic marks.
struct Strip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a contact sheet: frames in rows, labelled with time and index, haptics marked.",
        discussion: """
        Frames are drawn at 1 pixel per point unless --scale says otherwise. A frame whose interval \
        (since the previous frame on the sheet) contains a haptic gets an orange bar and the haptic's \
        style; the track under the grid shows the whole duration with every haptic.
        """)

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var touches: TouchOptions
    @Option(help: "Number of evenly spaced frames (first and last included).")
    var count: Int = 12
    @Option(help: ArgumentHelp("One frame every this many seconds instead of --count.", valueName: "SECONDS"))
    var every: Double?
    @Option(help: "Frames per row.")
    var columns: Int = 4
    @Option(help: ArgumentHelp("Output PNG (default: Output/<name>-strip.png).", valueName: "FILE"))
    var out: String?
    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if count < 1 || count > 1000 { throw ValidationError("--count must be between 1 and 1000 (got \(count))") }
        if let e = every, !(e > 0 && e.isFinite) { throw ValidationError("--every must be a positive number of seconds (got \(e))") }
        if columns < 1 || columns > 100 { throw ValidationError("--columns must be between 1 and 100 (got \(columns))") }
    }

    func run() throws {
        let loaded = try sceneOptions.load()
        var options = sceneOptions.renderOptions(defaultScale: 1)
        options.showTouches = touches.showTouches
        var sheet = StripSheet()
        sheet.count = count
        sheet.every = every
        sheet.columns = columns
        let path = out ?? "Output/\(loaded.scene.name)-strip.png"
        do {
            let image = try sheet.render(try FrameSource(loaded, options: options))
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try writeFileAtomically(try PNGEncoder().encode(image), to: path)
            if !quiet { print("\(image.width)×\(image.height) px → \(path)") }
        } catch {
            printError("\(sceneOptions.scene): \(error)")
            throw ExitCode(1)
        }
    }
}
