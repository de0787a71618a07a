import Frames
import Layout
import RenderKit
import Timeline

/// The view values an expectation reads, taken from the motion samples (`MotionSamples`: x and y as drawn, opacity,
/// scale…, and linear gradients), so that an expectation and a motion golden never disagree about what a value is.
/// Nothing is drawn.
struct ExpectationSamples {
    let source: FrameSource
    /// Every frame at the source's fps.
    let table: MotionTable

    init(_ samples: MotionSamples) {
        source = samples.source
        table = samples.table
    }

    /// One view property at any time, also between frames; nil when the view is not drawn then.
    func value(_ view: String, _ property: String, at seconds: Double) -> Double? {
        var one = MotionTable(frameCount: 1)
        one.add(MotionSamples.values(source.layout(source.state(at: seconds))), at: 0)
        return one.frames(view, property)?[0] ?? nil
    }

    /// The frames whose times lie in `from...to`, with a microsecond's slack for times written in decimals.
    func frames(from: Double, to: Double) -> [Int] {
        (0..<source.frameCount).filter { source.time(frame: $0) >= from - 1e-6 && source.time(frame: $0) <= to + 1e-6 }
    }
}
