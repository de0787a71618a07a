import DisplayList
import Foundation
import Frames
import Geometry
import Raster
import Timeline

/// A contact sheet of a scene — frames side by side in rows, each labelled with its time and frame index, with a
/// mark on the frames where a haptic fired since the frame before it, and a track under the grid showing the whole
/// duration with the sampled frames and every haptic — the way a designer reviews motion on paper.
public struct StripSheet: Sendable {
    /// Which frames: `count` evenly spaced from the first to the last frame, or one every `every` seconds.
    public var count: Int = 12
    public var every: Double?
    /// Only frames of this range (`render strip --frames A-B`): `count` or `every` are taken within it, the first
    /// frame of the range standing for the first of the scene.
    public var range: ClosedRange<Int>?
    /// Frames per row.
    public var columns: Int = 4

    public init() {}

    /// Spacing and type of the sheet, in sheet pixels.
    static let pad = 12.0, labelHeight = 36.0, trackHeight = 44.0
    static let background = Color(hex: 0x1C1C1E), text = Color(hex: 0xF2F2F7), dim = Color(hex: 0x8E8E93)
    static let haptic = Color(hex: 0xFF9F0A)

    /// The frame indices this sheet shows among `frameCount` frames at `fps`.
    public func frameIndices(frameCount: Int, fps: Double) -> [Int] {
        guard let range, frameCount > 0 else { return indices(frameCount: frameCount, fps: fps) }
        let window = range.clamped(to: 0...(frameCount - 1))
        return indices(frameCount: window.count, fps: fps).map { $0 + window.lowerBound }
    }

    /// `count` or `every` among `frameCount` frames from frame 0.
    private func indices(frameCount: Int, fps: Double) -> [Int] {
        guard frameCount > 0 else { return [] }
        var out: [Int]
        if let s = every, s > 0 {
            out = []
            var k = 0
            while true {
                let i = TimeGrid.firstFrame(showing: Double(k) * s, fps: fps)
                if i >= frameCount { break }
                out.append(i)
                k += 1
            }
        } else if count <= 1 || frameCount == 1 {
            out = [0]
        } else {
            // k·(F − 1)/(N − 1), rounded half up in integers: first and last frame always included.
            let n = min(count, frameCount)
            out = (0..<n).map { k in (2 * k * (frameCount - 1) + (n - 1)) / (2 * (n - 1)) }
        }
        var seen = Set<Int>()
        return out.filter { seen.insert($0).inserted }
    }

    /// The haptics that fired in each sampled frame's interval (after the previous sampled frame, up to and including
    /// this one), as (frame index, styles).
    public static func haptics(_ fired: [FiredEvent], frames: [Int], fps: Double) -> [[String]] {
        let shown = fired.filter { $0.kind == .haptic }.map { (TimeGrid.firstFrame(showing: $0.time, fps: fps), $0.detail ?? "haptic") }
        return frames.enumerated().map { k, i in
            let from = k == 0 ? Int.min : frames[k - 1]
            return shown.filter { $0.0 > from && $0.0 <= i }.map(\.1)
        }
    }

    /// Renders the sheet: frames drawn by `pump` at its source's scale (one sheet pixel per frame pixel), each exactly
    /// the frame the main render writes at that scale.
    public func render(with pump: FramePump) throws -> RGBAImage {
        let source = pump.source
        let fps = source.fps
        let indices = frameIndices(frameCount: source.frameCount, fps: fps)
        let frames = FrameImages()
        _ = try pump.pump(indices, into: frames)
        let thumbs = frames.images
        let marks = Self.haptics(source.history.fired, frames: indices, fps: fps)
        let w = Double(source.pixelWidth), h = Double(source.pixelHeight)
        let cols = max(1, min(columns, indices.count)), rows = (indices.count + cols - 1) / cols
        let pad = Self.pad
        let sheetW = pad + Double(cols) * (w + pad)
        let sheetH = pad + Double(rows) * (h + Self.labelHeight + pad) + Self.trackHeight
        var list = DisplayList()
        func rect(_ r: Rect, _ c: Color) {
            list.append(.fill(FillCommand(path: .rect(r), paint: .color(c), paintBounds: r, transform: .identity)))
        }
        func text(_ s: String, _ x: Double, _ y: Double, _ c: Color, size: Double = 12, weight: Int = 400) {
            let style = TextStyle(size: size, weight: weight, monospacedDigit: true)
            let b = Rect(x: x, y: y, width: 200, height: size * 1.4)
            list.append(.text(TextCommand(text: s, style: style, origin: Point(x, y), paint: .color(c), paintBounds: b, transform: .identity)))
        }
        rect(Rect(x: 0, y: 0, width: sheetW, height: sheetH), Self.background)
        for (k, image) in thumbs.enumerated() {
            let x = pad + Double(k % cols) * (w + pad), y = pad + Double(k / cols) * (h + Self.labelHeight + pad)
            // A checkerboard would hide nothing here: frames with a transparent canvas show the sheet's grey.
            list.append(.image(ImageCommand(image: image, rect: Rect(x: x, y: y, width: w, height: h), transform: .identity)))
            let i = indices[k]
            text("#\(i)", x, y + h + 4, Self.text, weight: 600)
            text(String(format: "%.3f s", TimeGrid.frameTime(i, fps: fps)), x + 56, y + h + 4, Self.dim)
            if !marks[k].isEmpty {
                let styles = Dictionary(grouping: marks[k], by: { $0 }).sorted { $0.key < $1.key }
                    .map { $0.value.count > 1 ? "\($0.key) ×\($0.value.count)" : $0.key }.joined(separator: ", ")
                list.append(.fill(FillCommand(path: .ellipse(in: Rect(x: x, y: y + h + 22, width: 8, height: 8)),
                                              paint: .color(Self.haptic), paintBounds: .zero, transform: .identity)))
                text("haptic " + styles, x + 12, y + h + 19, Self.haptic, size: 11)
                // The frame itself gets an orange bar along its top edge, visible at a glance.
                rect(Rect(x: x, y: y, width: w, height: 3), Self.haptic)
            }
        }
        // The track: the whole duration left to right, sampled frames in grey, haptics in orange.
        let trackY = sheetH - Self.trackHeight + 8, left = pad, width = sheetW - 2 * pad
        let last = Double(max(source.frameCount - 1, 1))
        rect(Rect(x: left, y: trackY + 10, width: width, height: 1), Self.dim)
        for i in indices { rect(Rect(x: left + width * Double(i) / last - 0.5, y: trackY + 4, width: 1, height: 13), Self.dim) }
        for e in source.history.fired where e.kind == .haptic {
            let f = Double(TimeGrid.firstFrame(showing: e.time, fps: fps))
            rect(Rect(x: left + width * min(f, last) / last - 1, y: trackY, width: 2, height: 21), Self.haptic)
        }
        text("0 s", left, trackY + 22, Self.dim, size: 10)
        text(String(format: "%.2f s", source.duration), left + width - 40, trackY + 22, Self.dim, size: 10)
        let canvas: CairoRasterizer
        do { canvas = try CairoRasterizer(width: Int(sheetW.rounded()), height: Int(sheetH.rounded()), scale: 1) } catch {
            throw RenderError.output("cannot create a \(Int(sheetW))×\(Int(sheetH)) sheet: \(error)")
        }
        return canvas.render(list)
    }
}

/// The sink of a sheet: the frames' images, in order.
final class FrameImages: FrameSink {
    private(set) var images: [RGBAImage] = []
    var order: FrameOrder { .ordered }
    func makeWorker() -> Worker { Worker() }
    func receive(_ frame: PumpedFrame<RGBAImage>) -> Bool {
        images.append(frame.product)
        return true
    }

    struct Worker: FrameWorker {
        func make(_ frame: RenderedFrame, previous: RGBAImage?, timings: inout StageTimings) -> RGBAImage { frame.image }
    }
}
