import DisplayList
import Timeline

extension Renderer {
    /// The draw commands of frame `i` (canvas points), background included, from the one frame source:
    /// for tests that check what is drawn (how many texts, which shadows) rather than the pixels it becomes.
    public func displayList(frame i: Int) throws(RenderError) -> DisplayList {
        var timings = StageTimings()
        return source.displayList(source.state(i), timings: &timings)
    }
}
