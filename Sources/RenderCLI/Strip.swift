import ArgumentParser
import Foundation
import Frames
import Geometry
import ImageIO
import GoldenTesting
import RenderKit

/// `render strip SCENE.json`: a contact sheet PNG of evenly spaced frames with times, indices and haptic marks.
struct Strip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strip",
        abstract: "Write a contact sheet: frames in rows, labelled with time and index, haptics marked.",
        discussion: """
        Frames are drawn at 1 pixel per point unless --scale says otherwise. A frame whose interval \
        (since the previous frame on the sheet) contains a haptic gets an orange bar and the haptic's \
        style; the track under the grid shows the whole duration with every haptic. Give --count or \
        --every, not both; a sheet holds at most 1000 frames. --frames A-B keeps the sheet within those \
        frames: alone it shows every one of them, with --count or --every it spaces them within the range.

        Examples:
          render strip Scenes/unlock.json --count 12
          render strip Scenes/fluid-rotation.json --frames 150-170 --columns 7
          render strip Scenes/unlock.json --every 0.5 --columns 6 --out sheet.png
        """)

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var touches: TouchOptions
    @Option(parsing: .unconditional, help: "Number of evenly spaced frames, 1 to 1000 (first and last included; default 12).",
            transform: NumberRule.sheetFrames.wholeNumber)
    var count: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp("One frame every this many seconds (0.001 to 3600) instead of --count; at most 1000 frames.", valueName: "SECONDS"),
            transform: NumberRule.interval.decimal)
    var every: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Only frames A to B (inclusive), e.g. 150-170: every one of them, or --count/--every within them; past the scene's last frame is an error.", valueName: "A-B"),
            transform: RangeOptions.frames)
    var frames: ClosedRange<Int>?
    @Option(parsing: .unconditional, help: "Frames per row, 1 to 100.", transform: NumberRule.columns.wholeNumber)
    var columns: Int = 4
    @Option(help: ArgumentHelp("Output PNG (default: Output/<name>-strip.png).", valueName: "FILE"))
    var out: String?
    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if count != nil && every != nil { throw ValidationError("give --count or --every, not both") }
    }

    func run() throws {
        let source = try sceneOptions.frameSource(showTouches: touches.showTouches, defaultScale: 1)
        var sheet = StripSheet()
        sheet.count = count ?? sheet.count
        sheet.every = every
        sheet.columns = columns
        let path = out ?? "Output/\(source.scene.name)-strip.png"
        let span = SceneSpan(source)
        if let frames {
            sheet.range = try span.check(frames: frames)
            if count == nil && every == nil {
                guard Double(frames.count) <= NumberRule.sheetFrames.high else {
                    throw UsageError("--frames \(frames.lowerBound)-\(frames.upperBound) is \(frames.count) frames; at most 1000 fit on a sheet (add --count or --every)")
                }
                sheet.count = frames.count
            }
        }
        if let e = every {
            let n = sheet.frameIndices(frameCount: span.frameCount, fps: span.fps).count
            if Double(n) > NumberRule.sheetFrames.high {
                throw UsageError("--every \(fmt(e)) puts \(n) frames on the sheet (\(span.length)); at most 1000 fit")
            }
        }
        let image: RGBAImage
        let pump = FramePump(source: source, jobs: ProcessInfo.processInfo.activeProcessorCount)
        do { image = try sheet.render(with: pump) } catch {
            printError("\(sceneOptions.scene): \(explain(error))")
            throw ExitCode(1)
        }
        do {
            try writePNGFile(image, to: path)
        } catch {
            printError("\(sceneOptions.scene): cannot write the sheet \(path): \(explain(error, known: path))")
            throw ExitCode(1)
        }
        if !quiet { print("\(image.width)×\(image.height) px → \(path)") }
    }
}
