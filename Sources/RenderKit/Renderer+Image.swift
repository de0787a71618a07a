import Geometry
import SceneModel
import Timeline

extension Renderer {
    /// The pixels of frame `i`, without writing anything: for tests, strips and previews.
    /// Creates its own drawing surface; call from one thread at a time per renderer or use separate renderers.
    public func image(frame i: Int) throws(RenderError) -> RGBAImage {
        let pipeline: FramePipeline
        do { pipeline = try FramePipeline(timeline: timeline, scale: scale) } catch {
            throw .output("cannot create a \(pixelWidth)×\(pixelHeight) drawing surface: \(error)")
        }
        var timings = StageTimings()
        let state = timeline.frame(i, geometry: pipeline)
        var list = pipeline.displayList(state, timings: &timings)
        if options.showTouches { TouchOverlay(scene: loaded.scene).draw(into: &list, at: state.time) }
        return pipeline.raster(list, timings: &timings)
    }

    /// The frames (canvas points) of every view at frame `i`, after matched geometry and layout.
    public func viewFrames(frame i: Int) throws(RenderError) -> [String: Rect] {
        let pipeline: FramePipeline
        do { pipeline = try FramePipeline(timeline: timeline, scale: scale) } catch {
            throw .output("cannot create a drawing surface: \(error)")
        }
        return pipeline.layoutResult(timeline.frame(i, geometry: pipeline))?.frames ?? [:]
    }
}
