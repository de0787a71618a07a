import Formats
import Foundation
import Frames
import Geometry
import ImageIO
import Timeline

/// `render preview`: a folder with `preview.html`, the player page, and beside it `frames/frame_NNNNN.png` (every
/// frame as a PNG, loaded by the page by URL), `preview.png` (the animation as an APNG), `strip.png` (the contact
/// sheet) and, when comparing, `compare/` (the other render's frames). `render watch` serves the same page.
///
/// Frames go to disk as they are drawn — the frame files and the APNG are written frame by frame — so memory stays
/// flat in the frame count: the page only names frames, and the browser holds a few of them at a time.
///
/// The page reads its address's fragment so it can be opened at a given state and driven without a mouse (headless
/// browsers in tests do exactly that); see `PreviewPageModel` for the parameters.
public struct PreviewPage: Sendable {
    /// Contact sheet settings, for `strip.png` and the page's clickable sheet.
    public var strip = StripSheet()
    /// Also write `preview.png` (APNG).
    public var writeAnimation = true
    /// Also write `strip.png`.
    public var writeStrip = true
    /// Another render's frames to show side by side with these, scrubbed together.
    public var compare: PreviewComparison?

    public init() {}

    /// What was written.
    public struct Written: Sendable {
        public var page: String
        public var animation: String?
        public var strip: String?
        public var frames: Int
    }

    /// The frame files' folder inside the page's folder, and their names.
    public static let frameFolder = "frames"
    /// Always five digits or more, whatever the frame count: the page's script names frames so (`padStart(5, '0')`).
    public static func frameFile(_ i: Int) -> String { FrameFileName(index: i).description }

    /// Renders every frame of `pump`'s source (at its fps and scale) and writes the page and its files into `folder`.
    public func write(with pump: FramePump, to folder: String, progress: ((Int, Int) -> Void)? = nil) throws -> Written {
        let source = pump.source
        try writeFrames(with: pump, to: folder, progress: progress)
        var stripPath: String?
        if writeStrip {
            let path = folder + "/strip.png"
            try writeFileAtomically(try PNGEncoder().encode(try strip.render(with: pump)), to: path)
            stripPath = path
        }
        var comparison: PreviewComparison?
        if let compare {
            comparison = try compare.copy(into: folder + "/compare")
        }
        var model = self.model(for: source, frames: Self.frameFolder + "/")
        model.animation = writeAnimation ? "preview.png" : nil
        model.strip = stripPath == nil ? nil : "strip.png"
        model.compare = comparison.map { PreviewPageModel.Compare($0, url: "compare/") }
        let page = folder + "/preview.html"
        try writeFileAtomically(Array(model.html().utf8), to: page)
        return Written(page: page, animation: writeAnimation ? folder + "/preview.png" : nil, strip: stripPath,
                       frames: source.frameCount)
    }

    /// Draws every frame into `folder/frames/` (and `folder/preview.png` when `writeAnimation`) through `pump`; the
    /// pump's cancellation stops it between frames.
    public func writeFrames(with pump: FramePump, to folder: String, progress: ((Int, Int) -> Void)? = nil) throws {
        let source = pump.source
        let frames = folder + "/" + Self.frameFolder
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        var animation: APNGFile?
        if writeAnimation {
            // The delay as a fraction of a second: fps frames per second, rounded to 1/1000 s for fractional rates.
            let fps = source.fps
            let (num, den): (UInt16, UInt16) = fps == fps.rounded() && fps <= 65535 ? (1, UInt16(fps)) : (UInt16(max(1, min(65535, (1000 / fps).rounded()))), 1000)
            animation = try APNGFile(path: folder + "/preview.png", frameCount: source.frameCount,
                                     delayNumerator: num, delayDenominator: den)
        }
        let sink = PreviewFrameFiles(folder: frames, animation: animation, total: source.frameCount, progress: progress)
        _ = try pump.pump(Array(0..<source.frameCount), into: sink)
        try animation?.finish()
    }

    /// The page's data for `source`, its frames under the URL prefix `frames` (ending in `/`).
    public func model(for source: FrameSource, frames: String) -> PreviewPageModel {
        let fps = source.fps
        let events = source.history.fired.map { e in
            PreviewPageModel.Event(lane: .init(e.kind), name: Self.label(e), micros: TimeGrid.micros(e.time),
                                   frame: min(TimeGrid.firstFrame(showing: e.time, fps: fps), max(source.frameCount - 1, 0)))
        }
        let indices = strip.frameIndices(frameCount: source.frameCount, fps: fps)
        let haptics = StripSheet.haptics(source.history.fired, frames: indices, fps: fps)
        return PreviewPageModel(
            name: source.scene.name, fps: fps, frameCount: source.frameCount, pixelWidth: source.pixelWidth,
            pixelHeight: source.pixelHeight, scale: source.scale, frames: frames, events: events,
            sheet: zip(indices, haptics).map { PreviewPageModel.SheetCell(frame: $0, haptics: $1) })
    }

    /// What the page calls an event: its name (the event's or timer's id, else its place in the scene) and what it was.
    static func label(_ e: FiredEvent) -> String {
        let name = e.id ?? e.path
        switch e.kind {
        case .event: return name
        case .timerStart: return "\(name) start"
        case .tick: return "\(name) tick \(e.detail ?? "")"
        case .timerEnd: return "\(name) end"
        case .haptic: return "haptic \(e.detail ?? "")"
        case .gesture: return "\(name) \(e.detail ?? "")"
        }
    }
}
