import Geometry
import Layout
import SceneModel
import Timeline

/// The text of `render dump`: the resolved view tree with frames, and the display list.
public enum SceneDump {
    public static func text(_ loaded: LoadedScene, at seconds: Double, fps: Double?, scale: Double?) throws(RenderError) -> String {
        var options = RenderOptions()
        options.fps = fps
        options.scale = scale
        let r = try Renderer(loaded, options: options)
        var out = "scene \(loaded.scene.name) at t = \(seconds) s (frame \(TimeGrid.firstFrame(showing: seconds, fps: r.fps)) at \(fmt(r.fps)) fps), "
        out += "canvas \(fmt(loaded.scene.canvas.width))×\(fmt(loaded.scene.canvas.height)) pt × \(fmt(r.scale))\n\n"
        let pipeline: FramePipeline
        do { pipeline = try FramePipeline(timeline: r.timeline, scale: r.scale) } catch {
            throw .output("cannot create a drawing surface: \(error)")
        }
        let state = r.timeline.state(at: seconds, geometry: pipeline)
        out += "# views (frames in points)\n"
        out += pipeline.layoutResult(state)?.dump ?? "(no body)"
        var timings = StageTimings()
        out += "\n\n# display list\n" + dump(pipeline.displayList(state, timings: &timings)) + "\n"
        return out
    }
}
