import Frames
import Geometry
import Layout
import Raster
import RenderKit
import SceneModel
import Timeline

/// Every view value of every frame of a frame source, laid out once on the frame pump's threads (nothing drawn) and
/// shared by the motion track (`MotionTrack(_:)`) and the expectations (`ExpectationTest`), so that `render test`
/// simulates and lays out a scene once for both. The pump's source should run at the scene's own fps and scale
/// (`MotionTest.source(for:)`). When the pixel goldens are sampled from that same source, the same pass can make each
/// frame's display-list digest from that layout too (`digests`), which `GoldenTest` then need not make again.
public struct MotionSamples: Sendable {
    public let source: FrameSource
    /// Each frame's display-list digest and the font faces it draws with, when asked for.
    public let digests: [FrameDigest]?
    /// The values the motion track holds (`MotionTable.Frame.visit`), and those only expectations read
    /// (`MotionTable.expectationOnly`).
    let table: MotionTable

    public struct FrameDigest: Sendable {
        public var digest: String
        public var faces: Set<FontFace>
    }

    public init(_ pump: FramePump, digests: Bool = false) throws(RenderError) {
        let source = pump.source
        let frames = try pump.withStates(Array(0..<source.frameCount), context: { ThreadContext() }) { context, state in
            // A frame whose views equal those of the frame this thread did before it (a still stretch of the scene)
            // has that frame's layout and values: layout is a function of the resolved views alone.
            let laid: LayoutResult?, values: MotionTable.Frame
            if let last = context.last, last.root == state.root {
                (laid, values) = (last.laid, last.values)
            } else {
                laid = source.layout(state)
                values = Self.values(laid)
                context.last = (state.root, laid, values)
            }
            guard digests else { return (values, nil as FrameDigest?) }
            var timings = StageTimings()
            let list = source.displayList(state, laidOut: laid, timings: &timings)
            return (values, FrameDigest(digest: context.digest.hex(list), faces: FontFace.used(in: list)))
        }
        var table = MotionTable(frameCount: source.frameCount)
        for (i, frame) in frames.enumerated() { table.add(frame.0, at: i) }
        self.source = source; self.table = table
        self.digests = digests ? frames.map { $0.1! } : nil
    }

    /// What one thread of the pass keeps from frame to frame: its digest of display lists, and the views, layout and
    /// values of the frame it did last.
    private struct ThreadContext {
        var digest = DisplayListDigest()
        var last: (root: ResolvedView?, laid: LayoutResult?, values: MotionTable.Frame)?
    }

    /// The values of one state's layout, at a frame or between frames.
    static func values(_ laid: LayoutResult?) -> MotionTable.Frame {
        var frame = MotionTable.Frame()
        guard let laid else { return frame }
        var seen: Set<String> = []
        frame.visit(laid.root, parentOffset: Point(0, 0), seen: &seen)
        Self.gradients(laid.root, into: &frame)
        return frame
    }

    /// Where a linear gradient painted as a view (an overlay, a background) starts and ends across it, in unit points,
    /// and how grey its first stop is: a shimmer's motion and dim level under the names expectations use
    /// (`MotionTable.expectationOnly`).
    private static func gradients(_ view: LaidOutView, into frame: inout MotionTable.Frame) {
        if case .paint(.linear(let stops, let start, let end)) = view.kind {
            frame.start(view.identity)
            frame.set("gradientStart", start.x)
            frame.set("gradientEnd", end.x)
            // The first stop's grey level (mean of its sRGB channels): how dim a shimmer's sides are.
            if let c = stops.first?.color { frame.set("gradientEdgeLevel", (c.r + c.g + c.b) / 3) }
        }
        for sub in [view.background].compactMap({ $0 }) + view.children + [view.overlay, view.mask].compactMap({ $0 }) {
            gradients(sub, into: &frame)
        }
    }
}
