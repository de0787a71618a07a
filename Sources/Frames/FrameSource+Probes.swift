import DisplayList
import Geometry

extension FrameSource {
    /// The draw commands of frame `i` (canvas points), background included: for tests that check what is drawn
    /// (how many texts, which shadows) rather than the pixels it becomes.
    public func displayList(frame i: Int) -> DisplayList {
        var timings = StageTimings()
        return displayList(state(i), timings: &timings)
    }

    /// The pixels of frame `i` exactly as every output gets them, without writing anything: for tests. Creates its
    /// own drawing surface on each call.
    public func image(frame i: Int) throws(RenderError) -> RGBAImage {
        try drawer().frame(i).image
    }

    /// The frames (canvas points) of every view at frame `i`, after matched geometry and layout.
    public func viewFrames(frame i: Int) -> [String: Rect] {
        layout(state(i))?.frames ?? [:]
    }
}
