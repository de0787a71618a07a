import DisplayList
import Foundation
import Geometry
import Layout
import Raster
import SceneModel
import Timeline

/// One worker's pipeline from a frame index to pixels: timeline → layout → display list → raster.
/// Not thread-safe (it owns a rasterizer): make one per worker.
final class FramePipeline {
    let timeline: SceneTimeline
    let canvas: Size
    let scale: Double
    let rasterizer: CairoRasterizer
    let measurer = PangoTextMeasurer()

    init(timeline: SceneTimeline, scale: Double) throws {
        self.timeline = timeline
        self.scale = scale
        let c = timeline.scene.canvas
        canvas = Size(c.width, c.height)
        let w = Int((c.width * scale).rounded()), h = Int((c.height * scale).rounded())
        rasterizer = try CairoRasterizer(width: w, height: h, scale: scale)
    }

    /// The display list of a frame state, background included.
    func displayList(_ state: FrameState, timings: inout StageTimings) -> DisplayList {
        var list = DisplayList()
        if let bg = state.background {
            let r = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
            list.append(.fill(FillCommand(path: .rect(r), paint: bg, paintBounds: r, transform: .identity)))
        }
        guard let root = state.root else { return list }
        let laid = timings.measure(.layout) { layout(root, canvas: canvas, scale: scale, measurer: measurer) }
        let body = timings.measure(.displayList) { laid.displayList() }
        list.append(contentsOf: body)
        return list
    }

    func layoutResult(_ state: FrameState) -> LayoutResult? {
        state.root.map { layout($0, canvas: canvas, scale: scale, measurer: measurer) }
    }

    /// The frame's pixels; the rasterizer's shadow and blur time goes to the `blur` stage.
    func raster(_ list: DisplayList, timings: inout StageTimings) -> RGBAImage {
        let effectsBefore = rasterizer.effectNanoseconds
        let image = timings.measure(.raster) { rasterizer.render(list) }
        timings.move(rasterizer.effectNanoseconds - effectsBefore, to: .blur, from: .raster)
        return image
    }
}
