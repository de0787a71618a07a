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
    /// Expressions that gave NaN or infinity in this frame (drawn with a fallback); a render stops on them.
    public var problems: [TimelineError] = []
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
    let lotties: [String: LottieDocument]
    /// True when some view has `matchedGeometry`, wherever it sits (a pair inside an `overlay` once went unseen here,
    /// and so never moved); only then are rest layouts computed.
    let hasMatchedGeometry: Bool
    let restCache = RestLayoutCache()
    /// Layout's answers: matched frames and hit regions.
    let geometry: any SceneGeometry & Sendable

    /// Longest `duration: "auto"` in seconds, and the time added after the last activity.
    public static let autoDurationLimit = 60.0
    public static let autoDurationTail = 0.5

    /// - Parameters:
    ///   - fps: frames per second (the scene's unless the CLI overrides it).
    ///   - images: decoded images by resolved path.
    ///   - lotties: loaded Lottie files by resolved path.
    ///   - geometry: lays the scene out, for matched geometry and for scripted input (the frame stage passes the
    ///     layout stage's; tests of the timeline alone pass a stub).
    public init(scene: Scene, fps: Double, images: [String: RGBAImage], lotties: [String: LottieDocument] = [:],
                geometry: any SceneGeometry & Sendable) throws(TimelineError) {
        self.scene = scene
        self.geometry = geometry
        let hitTester: any HitTester = geometry
        self.fps = fps
        self.images = images
        self.lotties = lotties
        switch scene.duration {
        case .seconds(let d):
            history = try StateHistory(scene: scene, horizon: d, hitTester: hitTester, geometry: geometry)
            duration = d
        case .auto:
            let h = try StateHistory(scene: scene, horizon: Self.autoDurationLimit, hitTester: hitTester, geometry: geometry)
            let lastInput = scene.input.map { i -> Double in
                if case .drag(_, _, _, _, let d) = i.action { return i.at + d }
                return i.at
            }.max() ?? 0
            let end = max(h.lastEventTime, lastInput, h.animationsEnd)
            history = h
            duration = min(Self.autoDurationLimit, end + Self.autoDurationTail)
        }
        frameCount = max(1, Int((duration * fps).rounded()))
        hasMatchedGeometry = scene.body.allViews().contains { $0.matchedGeometry != nil }
    }

    /// The timeline of `other`'s scene at another frame rate and geometry (another scale), sharing its simulation: the
    /// history of states, events and input is a function of the scene alone (input is timed on the scene's own fps),
    /// so `render test` simulates once for its motion golden at the scene's fps and its frames at `--fps`/`--scale`.
    public init(sharing other: SceneTimeline, fps: Double, geometry: any SceneGeometry & Sendable) {
        scene = other.scene
        self.geometry = geometry
        self.fps = fps
        images = other.images
        lotties = other.lotties
        history = other.history
        duration = other.duration
        frameCount = max(1, Int((duration * fps).rounded()))
        hasMatchedGeometry = other.hasMatchedGeometry
    }

    /// The scene at frame `i` (time i / fps), matched geometry resolved with the timeline's geometry.
    public func frame(_ i: Int) -> FrameState {
        state(time: TimeGrid.frameTime(i, fps: fps), micros: TimeGrid.frameMicros(i, fps: fps), index: i)
    }

    /// The scene at an arbitrary time in seconds (`--at`).
    public func state(at seconds: Double) -> FrameState {
        state(time: seconds, micros: TimeGrid.micros(seconds), index: TimeGrid.firstFrame(showing: seconds, fps: fps))
    }

    func state(time: Double, micros: Int64, index: Int) -> FrameState {
        let g = geometry
        let values = AnimatedValues(history: history, time: time, micros: micros, stateCount: scene.state.count)
        var resolver = ViewResolver(values: values, images: images, lotties: lotties)
        resolver.moves = matchedMoves(values, geometry: g)
        var root = resolver.resolveRoot(scene.body, geometry: g)
        if !resolver.moves.isEmpty { root = root?.applyingMatchedFrames(resolver.moves) }
        if hasMatchedGeometry, let r = root { root = r.followingSources(geometry: g, moving: resolver.moves) }
        if let r = root { root = animatingFrames(r, values: values, leaving: resolver.leaving, geometry: g) }
        let bg = scene.canvas.background.map { resolver.paint($0) }
        return FrameState(index: index, time: time, root: root, background: bg, problems: values.problems.items)
    }
}
