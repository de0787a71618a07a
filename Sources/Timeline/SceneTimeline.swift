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

    /// Longest `duration: "auto"` in seconds, and the time added after the last activity.
    public static let autoDurationLimit = 60.0
    public static let autoDurationTail = 0.5

    /// - Parameters:
    ///   - fps: frames per second (the scene's unless the CLI overrides it).
    ///   - images: decoded images by resolved path.
    ///   - lotties: loaded Lottie files by resolved path.
    ///   - hitTester: lays the scene out for scripted input; without one, `input` is ignored.
    public init(scene: Scene, fps: Double, images: [String: RGBAImage], lotties: [String: LottieDocument] = [:],
                hitTester: (any HitTester)? = nil) throws(TimelineError) {
        self.scene = scene
        self.fps = fps
        self.images = images
        self.lotties = lotties
        switch scene.duration {
        case .seconds(let d):
            history = try StateHistory(scene: scene, horizon: d, hitTester: hitTester)
            duration = d
        case .auto:
            let h = try StateHistory(scene: scene, horizon: Self.autoDurationLimit, hitTester: hitTester)
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

    /// The scene at frame `i` (time i / fps). Matched geometry needs frames from layout: pass a
    /// `geometry` provider, or matched views simply appear in their own frames.
    public func frame(_ i: Int, geometry: (any GeometryProvider)? = nil) -> FrameState {
        state(time: TimeGrid.frameTime(i, fps: fps), micros: TimeGrid.frameMicros(i, fps: fps), index: i, geometry: geometry)
    }

    /// The scene at an arbitrary time in seconds (`--at`).
    public func state(at seconds: Double, geometry: (any GeometryProvider)? = nil) -> FrameState {
        state(time: seconds, micros: TimeGrid.micros(seconds), index: TimeGrid.firstFrame(showing: seconds, fps: fps), geometry: geometry)
    }

    func state(time: Double, micros: Int64, index: Int, geometry: (any GeometryProvider)?) -> FrameState {
        let values = AnimatedValues(history: history, time: time, micros: micros, stateCount: scene.state.count)
        var resolver = ViewResolver(values: values, images: images, lotties: lotties)
        if let g = geometry { resolver.moves = matchedMoves(values, geometry: g) }
        var root = resolver.resolve(scene.body, identity: "body")
        if !resolver.moves.isEmpty { root = root?.applyingMatchedFrames(resolver.moves) }
        if hasMatchedGeometry, let g = geometry, let r = root { root = r.followingSources(geometry: g, moving: resolver.moves) }
        if let g = geometry, let r = root { root = animatingFrames(r, values: values, leaving: resolver.leaving, geometry: g) }
        let bg = scene.canvas.background.map { resolver.paint($0) }
        return FrameState(index: index, time: time, root: root, background: bg, problems: values.problems.items)
    }
}
