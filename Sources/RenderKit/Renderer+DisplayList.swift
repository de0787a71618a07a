import DisplayList
import Timeline

extension Renderer {
    /// The draw commands of frame `i` (canvas points), background included: for tests that check
    /// what is drawn (how many texts, which shadows) rather than the pixels it becomes.
    public func displayList(frame i: Int) throws(RenderError) -> DisplayList {
        let pipeline: FramePipeline
        do { pipeline = try FramePipeline(timeline: timeline, scale: scale) } catch {
            throw .output("cannot create a drawing surface: \(error)")
        }
        var timings = StageTimings()
        return pipeline.displayList(timeline.frame(i, geometry: pipeline), timings: &timings)
    }
}
