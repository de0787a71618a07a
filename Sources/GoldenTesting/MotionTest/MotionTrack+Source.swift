import Formats
import Frames
import RenderKit

extension MotionTrack {
    /// The motion track of the samples' source, read from its states and layouts (`MotionSamples`, laid out on the
    /// frame pump's threads): motion needs no pixels, so nothing is drawn. The source should run at the scene's own
    /// fps and scale (`MotionTest.source(for:)`) so that the track does not depend on how the pixel goldens are sampled.
    public init(_ samples: MotionSamples) {
        let source = samples.source
        let table = samples.table
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
                  text: table.changingTexts(fps: source.fps), state: state, events: EventLog(source).events)
    }
}
