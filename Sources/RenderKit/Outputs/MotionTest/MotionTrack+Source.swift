import Formats
import Frames
import Geometry

extension MotionTrack {
    /// The motion track of `source`, read from its states and layouts on the calling thread: motion needs no pixels,
    /// so nothing is drawn and the frame pump is not involved. `source` should run at the scene's own fps and scale
    /// (`MotionTest.source(for:)`) so that the track does not depend on how the pixel goldens are sampled.
    public init(_ source: FrameSource) {
        var table = MotionTable(frameCount: source.frameCount)
        for i in 0..<source.frameCount {
            guard let laid = source.layout(source.state(i)) else { continue }
            var seen: Set<String> = []
            table.visit(laid.root, frame: i, parentOffset: Point(0, 0), seen: &seen)
        }
        let names = source.scene.state.map(\.name)
        let state = names.indices.map { k in
            var changes: [MotionStateSeries.Change] = []
            for s in source.history.snapshots {
                // Numbers to the millionth, as a timer's sums carry binary noise (0.0032199999999999998).
                let value = s.values[k].number.map(NumberText.microseconds) ?? s.values[k].description
                if changes.last?.value != value { changes.append(.init(time: s.time, value: value)) }
            }
            return MotionStateSeries(name: names[k], changes: changes)
        }
        self.init(scene: source.scene.name, fps: source.fps, frameCount: source.frameCount, series: table.moving,
                  state: state, events: EventLog(source).events)
    }
}
