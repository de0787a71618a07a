import Frames
import Layout
import Timeline

/// The view values an expectation reads, taken from a frame source's states and layouts the way the motion track
/// takes them (`MotionTable`: x and y as drawn, opacity, scale…), so that an expectation and a motion golden never
/// disagree about what a value is. Nothing is drawn.
struct ExpectationSamples {
    let source: FrameSource
    /// Every frame at the source's fps.
    let table: MotionTable

    init(_ source: FrameSource) {
        self.source = source
        var table = MotionTable(frameCount: source.frameCount)
        for i in 0..<source.frameCount { Self.visit(source, source.state(i), frame: i, into: &table) }
        self.table = table
    }

    /// One view property at any time, also between frames; nil when the view is not drawn then.
    func value(_ view: String, _ property: String, at seconds: Double) -> Double? {
        var one = MotionTable(frameCount: 1)
        Self.visit(source, source.state(at: seconds), frame: 0, into: &one)
        return one.frames(view, property)?[0] ?? nil
    }

    /// The frames whose times lie in `from...to`, with a microsecond's slack for times written in decimals.
    func frames(from: Double, to: Double) -> [Int] {
        (0..<source.frameCount).filter { source.time(frame: $0) >= from - 1e-6 && source.time(frame: $0) <= to + 1e-6 }
    }

    private static func visit(_ source: FrameSource, _ state: FrameState, frame: Int, into table: inout MotionTable) {
        guard let laid = source.layout(state) else { return }
        var seen: Set<String> = []
        table.visit(laid.root, frame: frame, parentOffset: .init(0, 0), seen: &seen)
        gradients(laid.root, frame: frame, into: &table)
    }

    /// Where a linear gradient painted as a view (an overlay, a background) starts and ends across it, in unit points,
    /// and how grey its first stop is: a shimmer's motion and dim level, which no view frame shows. Only expectations read them, so the motion track stays as it is.
    private static func gradients(_ view: LaidOutView, frame: Int, into table: inout MotionTable) {
        if case .paint(.linear(let stops, let start, let end)) = view.kind {
            table.set(view.identity, "gradientStart", frame: frame, start.x)
            table.set(view.identity, "gradientEnd", frame: frame, end.x)
            // The first stop's grey level (mean of its sRGB channels): how dim a shimmer's sides are.
            if let c = stops.first?.color { table.set(view.identity, "gradientEdgeLevel", frame: frame, (c.r + c.g + c.b) / 3) }
        }
        for sub in [view.background].compactMap({ $0 }) + view.children + [view.overlay, view.mask].compactMap({ $0 }) {
            gradients(sub, frame: frame, into: &table)
        }
    }
}
