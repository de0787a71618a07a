import DisplayList
import Geometry
import Layout
import SceneModel
import Timeline

/// The frames of a scene at an fps and scale: the one place any output gets a frame from, through a `FramePump`
/// (or, for one thread, a `FrameDrawer`). This is where the two sibling stages meet: the timeline is built with the
/// layout stage's geometry (`LayoutGeometry`), which `SceneTimeline` requires, so every state matched geometry and
/// scripted input need is resolved with layout; and the scripted finger (`--show-touches`) is drawn when the options
/// ask for it.
///
/// Thread-safe: states, layouts and display lists can be asked for from any thread; pixels come from a `FrameDrawer`,
/// one per thread.
public final class FrameSource: Sendable {
    public let loaded: LoadedScene
    /// Frames per second (the scene's unless the options override it).
    public let fps: Double
    /// Pixels per point.
    public let scale: Double
    /// Draw the scripted finger over every frame.
    public let showTouches: Bool
    /// Reuse a frame's pixels when its display list equals the drawer's previous one.
    public let reuseFrames: Bool
    /// Redraw only what changed since a drawer's previous frame (`FrameOptions.drawChangesOnly`).
    public let drawChangesOnly: Bool

    /// The source whose simulation this one shares (`init(options:sharingSimulationOf:)`); nil when it simulated the
    /// scene itself.
    public let simulatedBy: FrameSource?

    private let timeline: SceneTimeline
    private let geometry: LayoutGeometry
    private let touches: TouchOverlay?

    /// Builds the timeline of `loaded` at the options' fps and scale. Throws when the canvas at that scale or the
    /// frame count is past the limits, or the timeline cannot be built.
    public convenience init(_ loaded: LoadedScene, options: FrameOptions) throws(RenderError) {
        try self.init(loaded, options: options, sharing: nil)
    }

    /// The frames of `simulated`'s scene at the options' fps and scale, from `simulated`'s simulation (its states,
    /// events and input, which do not depend on the rate or scale frames are drawn at): nothing is simulated again.
    public convenience init(options: FrameOptions, sharingSimulationOf simulated: FrameSource) throws(RenderError) {
        try self.init(simulated.loaded, options: options, sharing: simulated)
    }

    private init(_ loaded: LoadedScene, options: FrameOptions, sharing simulated: FrameSource?) throws(RenderError) {
        simulatedBy = simulated
        self.loaded = loaded
        fps = options.fps ?? loaded.scene.fps
        scale = options.scale ?? loaded.scene.canvas.scale
        showTouches = options.showTouches
        reuseFrames = options.reuseFrames
        drawChangesOnly = options.drawChangesOnly
        try loaded.checkCanvas(scale: scale)
        geometry = LayoutGeometry(canvas: Size(loaded.scene.canvas.width, loaded.scene.canvas.height), scale: scale,
                                  imageScale: loaded.scene.canvas.scale)
        if let simulated {
            timeline = SceneTimeline(sharing: simulated.timeline, fps: fps, geometry: geometry)
        } else {
            do {
                timeline = try SceneTimeline(scene: loaded.scene, fps: fps, images: loaded.images, lotties: loaded.lotties,
                                             geometry: geometry)
            } catch {
                throw .timeline(error)
            }
        }
        if timeline.frameCount > SceneLimits.maxFrames {
            throw .output("the scene has \(timeline.frameCount) frames at \(fmt(fps)) fps; at most \(SceneLimits.maxFrames) are allowed")
        }
        touches = options.showTouches ? TouchOverlay(scene: loaded.scene) : nil
    }

    // MARK: - The timeline's facts

    public var scene: Scene { loaded.scene }
    public var frameCount: Int { timeline.frameCount }
    /// Seconds.
    public var duration: Double { timeline.duration }
    /// Every state change, fired event and haptic, with exact times.
    public var history: StateHistory { timeline.history }
    /// Canvas size in points.
    public var canvas: Size { geometry.canvas }
    /// Frame size in pixels (canvas × scale, rounded).
    public var pixelWidth: Int { Int((canvas.width * scale).rounded()) }
    public var pixelHeight: Int { Int((canvas.height * scale).rounded()) }

    /// The time frame `i` shows, in seconds (i / fps on the scene's microsecond grid).
    public func time(frame i: Int) -> Double { TimeGrid.frameTime(i, fps: fps) }

    /// The frame a still at `seconds` shows (`--at`): the last frame whose time is at or before `seconds` on the
    /// scene's microsecond grid, within the scene.
    public func frameIndex(at seconds: Double) -> Int {
        let first = TimeGrid.firstFrame(showing: seconds, fps: fps)
        let atOrBefore = TimeGrid.frameMicros(first, fps: fps) == TimeGrid.micros(seconds) ? first : first - 1
        return min(max(atOrBefore, 0), frameCount - 1)
    }

    // MARK: - Frames

    /// The scene at frame `i`, matched geometry resolved with layout.
    public func state(_ i: Int) -> FrameState {
        timeline.frame(i)
    }

    /// The scene at any time in seconds, also between frames (for measuring motion; outputs draw `state(_:)`).
    public func state(at seconds: Double) -> FrameState {
        timeline.state(at: seconds)
    }

    /// The laid-out views of a frame state; nil when the body is absent.
    public func layout(_ state: FrameState) -> LayoutResult? {
        state.root.map { geometry.laidOut($0) }
    }

    /// The display list of a frame state: background, views, then the finger when `showTouches`.
    public func displayList(_ state: FrameState, timings: inout StageTimings) -> DisplayList {
        let laid = state.root.map { root in timings.measure(.layout) { geometry.laidOut(root) } }
        return displayList(state, laidOut: laid, timings: &timings)
    }

    /// The display list of a frame state whose views were laid out already (`layout(_:)` of that state).
    public func displayList(_ state: FrameState, laidOut laid: LayoutResult?, timings: inout StageTimings) -> DisplayList {
        var list = DisplayList()
        if let bg = state.background {
            let r = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
            list.append(.fill(FillCommand(path: .rect(r), paint: bg, paintBounds: r, transform: .identity)))
        }
        if let laid { list.append(contentsOf: timings.measure(.displayList) { laid.displayList() }) }
        touches?.draw(into: &list, at: state.time)
        return list
    }

    /// A drawer of this source's frames, with its own drawing surface: one per thread.
    public func drawer() throws(RenderError) -> FrameDrawer {
        try FrameDrawer(self)
    }
}
