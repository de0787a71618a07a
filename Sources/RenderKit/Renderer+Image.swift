import Geometry
import SceneModel
import Timeline

extension Renderer {
    /// The pixels of frame `i` exactly as `render()` writes them, without writing anything: for tests.
    /// Creates its own drawing surface on each call.
    public func image(frame i: Int) throws(RenderError) -> RGBAImage {
        try source.drawer().frame(i).image
    }

    /// The frames (canvas points) of every view at frame `i`, after matched geometry and layout.
    public func viewFrames(frame i: Int) throws(RenderError) -> [String: Rect] {
        source.layout(source.state(i))?.frames ?? [:]
    }
}
