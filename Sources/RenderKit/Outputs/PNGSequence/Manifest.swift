import Formats
import Frames
import SceneModel
import Timeline

// The files a render writes beside its frames, built from the render (their types and bytes are `Formats`').

extension RenderHeader {
    /// What `source` renders: scene, fps, frame count, duration, pixel size, scale, and the `--set`/`--state` values
    /// when there are any.
    public init(_ source: FrameSource) {
        let applied = source.scene.overrides
        func section(_ s: AppliedOverride.Section) -> [ManifestOverrides.Entry] {
            applied.filter { $0.section == s }.map { ManifestOverrides.Entry(name: $0.name, value: $0.value) }
        }
        self.init(scene: source.scene.name, fps: source.fps, frameCount: source.frameCount, duration: source.duration,
                  width: source.pixelWidth, height: source.pixelHeight, scale: source.scale,
                  overrides: applied.isEmpty ? nil : ManifestOverrides(state: section(.state), colors: section(.colors)))
    }
}

extension Manifest {
    /// The manifest of `frames` drawn in `environment`: manifest.json, or a shard's when the render is one.
    init(_ sequence: PNGSequence, frames: [FrameResult], environment: RenderEnvironment) {
        self.init(header: RenderHeader(sequence.source), environment: environment,
                  shard: sequence.selection.shard?.number,
                  frames: frames.map { Frame(index: $0.index, file: sequence.frameFile($0.index), hash: $0.hash) })
    }
}

extension EventLog {
    /// Every event `source`'s timeline fired, with the first frame that shows it.
    public init(_ source: FrameSource) {
        self.init(fps: source.fps, events: source.history.fired.map { e in
            var event = Event(time: e.time, frame: TimeGrid.firstFrame(showing: e.time, fps: source.fps), kind: e.kind.rawValue,
                              id: e.id, path: e.path)
            // Rounded as motion values are, so the file is the same bytes on every machine.
            event.velocity = e.velocity.map { [MotionSeries.rounded($0.x, step: 0.001), MotionSeries.rounded($0.y, step: 0.001)] }
            switch (e.kind, e.detail) {
            case (.haptic, let d?): event.haptic = d
            case (.tick, let d?) where Int(d) != nil: event.tick = Int(d)
            case (_, let d?): event.detail = d
            case (_, nil): break
            }
            return event
        })
    }
}
