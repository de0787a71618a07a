import DisplayList
import Geometry
import Raster
import Timeline

/// Draws a `FrameSource`'s frames: state → layout → display list → pixels, on a drawing surface of its own.
/// Not thread-safe: make one per thread (`FrameSource.drawer()`). Frames may be asked for in any order; a frame
/// whose display list equals the one drawn just before reuses its pixels (when the source's options allow it), which
/// is why a worker should draw neighbouring frames in a row.
public final class FrameDrawer {
    public let source: FrameSource
    /// Time spent per stage by this drawer so far; callers add their own stages (encode, write).
    public var timings = StageTimings()

    private let rasterizer: CairoRasterizer
    /// The display list of the last frame drawn; its pixels are the rasterizer's `lastImage`.
    private var previous: DisplayList?

    init(_ source: FrameSource) throws(RenderError) {
        self.source = source
        do {
            rasterizer = try CairoRasterizer(width: source.pixelWidth, height: source.pixelHeight, scale: source.scale)
            rasterizer.incremental = source.drawChangesOnly
        } catch {
            throw .output("cannot create a \(source.pixelWidth)×\(source.pixelHeight) drawing surface: \(error)")
        }
    }

    /// Frame `i` (0 ≤ i < frameCount). Throws when an expression gave NaN or infinity in it: no output shows a frame
    /// drawn with fallbacks.
    public func frame(_ i: Int) throws(RenderError) -> RenderedFrame {
        let state = timings.measure(.timeline) { source.state(i) }
        if let problem = state.problems.first { throw .timeline(problem) }
        let list = source.displayList(state, timings: &timings)
        if source.reuseFrames, previous == list, let image = rasterizer.lastImage {
            return RenderedFrame(state: state, displayList: list, image: image, reused: true, changed: [])
        }
        let effectsBefore = rasterizer.effectNanoseconds
        let image = timings.measure(.raster) { rasterizer.render(list) }
        // The rasterizer's shadow and blur time goes to the `blur` stage.
        timings.move(rasterizer.effectNanoseconds - effectsBefore, to: .blur, from: .raster)
        previous = list
        return RenderedFrame(state: state, displayList: list, image: image, reused: false,
                             changed: rasterizer.lastChanges)
    }

    /// Frames `indices` in order, each handed to `body` as soon as it is drawn (a video encoder or an APNG writer
    /// consumes them one by one without holding them all).
    public func frames<S: Sequence<Int>>(_ indices: S, _ body: (RenderedFrame) throws -> Void) throws {
        for i in indices { try body(try frame(i)) }
    }
}
