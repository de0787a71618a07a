import Geometry
import Layout
import SceneModel
import Timeline

/// The text of `render dump`: the resolved view tree with frames, and the display list.
public enum SceneDump {
    /// The dump of the frame a still at `seconds` shows (`render --at`), from the same `FrameSource` as every output.
    public static func text(_ source: FrameSource, at seconds: Double) -> String {
        let loaded = source.loaded
        let i = source.frameIndex(at: seconds)
        let state = source.state(i)
        var out = "scene \(loaded.scene.name) at t = \(seconds) s (frame \(i), \(fmt(state.time)) s at \(fmt(source.fps)) fps), "
        out += "canvas \(fmt(loaded.scene.canvas.width))×\(fmt(loaded.scene.canvas.height)) pt × \(fmt(source.scale))\n\n"
        out += "# views (frames in points)\n"
        out += source.layout(state)?.dump ?? "(no body)"
        var timings = StageTimings()
        out += "\n\n# display list\n" + dump(source.displayList(state, timings: &timings)) + "\n"
        return out
    }
}
