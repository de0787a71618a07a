import Geometry
import Motion

/// The animated frame of one view: one `AnimationTrack` per edge quantity (x, y, width, height, in canvas
/// points), so a change made while the frame is moving retargets as any animated value does (§5.1:
/// springs keep value and velocity, other curves add their change to what is in flight).
struct FrameTrack {
    var x, y, width, height: AnimationTrack
    /// Scene time (s) at which the last animated change of the frame has finished (∞ if it never does).
    var end: Double

    /// A frame at rest at `frame`.
    init(at frame: Rect) {
        x = AnimationTrack(initialValue: frame.minX); y = AnimationTrack(initialValue: frame.minY)
        width = AnimationTrack(initialValue: frame.width); height = AnimationTrack(initialValue: frame.height)
        end = -.infinity
    }

    /// The frame heads for `frame` from scene time `time` (s) with `animation` (nil: at once).
    mutating func append(at time: Double, to frame: Rect, animation: Animation?) {
        let moves = frame != Rect(x: x.target, y: y.target, width: width.target, height: height.target)
        x.append(at: time, to: frame.minX, animation: animation); y.append(at: time, to: frame.minY, animation: animation)
        width.append(at: time, to: frame.width, animation: animation)
        height.append(at: time, to: frame.height, animation: animation)
        if moves, let animation { end = max(end, time + (animation.duration ?? .infinity)) }
    }

    /// Where the frame is heading: its rest frame once every change so far has settled.
    var target: Rect { Rect(x: x.target, y: y.target, width: max(0, width.target), height: max(0, height.target)) }

    /// The presented frame at scene time `time` (s); springs may overshoot, sizes never go below 0.
    func frame(at time: Double) -> Rect {
        Rect(x: x.value(at: time), y: y.value(at: time),
             width: max(0, width.value(at: time)), height: max(0, height.value(at: time)))
    }
}
