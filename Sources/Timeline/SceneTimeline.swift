import Geometry
import Motion
import SceneModel

/// The scene at one instant: the resolved view tree and the canvas background.
public struct FrameState: Sendable {
    /// Frame index and scene time in seconds.
    public var index: Int
    public var time: Double
    /// nil when the body is absent (its `if` is false).
    public var root: ResolvedView?
    public var background: Paint?
}

/// The whole timeline of a scene at a frame rate: how many frames, and the state of each.
/// The state at a frame is a pure function of the scene and the frame's time, so frames can
/// be computed in any order, on any thread.
public final class SceneTimeline: Sendable {
    public let scene: Scene
    public let fps: Double
    /// Seconds.
    public let duration: Double
    public let frameCount: Int
    public let history: StateHistory
    let images: [String: RGBAImage]

    /// Longest `duration: "auto"` in seconds, and the time added after the last activity.
    public static let autoDurationLimit = 60.0
    public static let autoDurationTail = 0.5

    /// - Parameters:
    ///   - fps: frames per second (the scene's unless the CLI overrides it).
    ///   - images: decoded images by resolved path.
    public init(scene: Scene, fps: Double, images: [String: RGBAImage]) throws(TimelineError) {
        self.scene = scene
        self.fps = fps
        self.images = images
        switch scene.duration {
        case .seconds(let d):
            history = try StateHistory(scene: scene, horizon: d)
            duration = d
        case .auto:
            let h = try StateHistory(scene: scene, horizon: Self.autoDurationLimit)
            let lastInput = scene.input.map { i -> Double in
                if case .drag(_, _, _, _, let d) = i.action { return i.at + d }
                return i.at
            }.max() ?? 0
            let end = max(h.lastEventTime, lastInput, h.animationsEnd)
            history = h
            duration = min(Self.autoDurationLimit, end + Self.autoDurationTail)
        }
        frameCount = max(1, Int((duration * fps).rounded()))
    }

    /// The scene at frame `i` (time i / fps).
    public func frame(_ i: Int) -> FrameState {
        state(time: TimeGrid.frameTime(i, fps: fps), micros: TimeGrid.frameMicros(i, fps: fps), index: i)
    }

    /// The scene at an arbitrary time in seconds (`--at`).
    public func state(at seconds: Double) -> FrameState {
        state(time: seconds, micros: TimeGrid.micros(seconds), index: TimeGrid.firstFrame(showing: seconds, fps: fps))
    }

    func state(time: Double, micros: Int64, index: Int) -> FrameState {
        let values = AnimatedValues(history: history, time: time, micros: micros, stateCount: scene.state.count)
        var resolver = ViewResolver(values: values, images: images)
        let root = resolver.resolve(scene.body, identity: "body")
        let bg = scene.canvas.background.map { resolver.paint($0) }
        return FrameState(index: index, time: time, root: root, background: bg)
    }
}
