import Geometry
import Motion
import SceneModel

/// The state of a scene after each change, in time order, with the animation of each change.
/// Computed once per render by simulating the timeline (events, timers, `when` triggers);
/// the state at any instant is then a lookup, so frames can be drawn in any order.
public final class StateHistory: Sendable {
    /// One state change: the whole state after it, and how it animates.
    public struct Snapshot: Sendable {
        /// Exact scene time in seconds.
        public var time: Double
        /// `time` on the microsecond grid.
        public var micros: Int64
        public var values: [Value]
        /// nil: the change is immediate.
        public var animation: Animation?
    }

    /// `snapshots[0]` is the initial state (at time 0); the rest follow in time order.
    public let snapshots: [Snapshot]
    /// Everything that fired, for events.json.
    public let fired: [FiredEvent]
    /// The time of the last event or timer tick that fired, in seconds.
    public let lastEventTime: Double
    /// For each snapshot, true when every animation of the earlier changes has finished by its time:
    /// the presented values are then at rest, and history before it can be ignored.
    let quiet: [Bool]
    /// The latest time any animation in the history finishes (infinity for a forever-repeating one).
    public let animationsEnd: Double

    /// Simulates `scene` from 0 up to and including `horizon` seconds.
    /// - Parameter hitTester: lays out the scene to find which view scripted input touches; needed
    ///   only when the scene has `input`.
    /// - Parameter geometry: lays the scene out for the sizes of its `geometry` containers, which their children
    ///   read (where a view is hit depends on them); without it they read 0 × 0.
    public init(scene: Scene, horizon: Double, hitTester: (any HitTester)? = nil,
                geometry: (any GeometryProvider)? = nil) throws(TimelineError) {
        var sim = Simulation(scene: scene, horizon: horizon)
        sim.hitTester = hitTester
        sim.geometry = geometry
        try sim.run()
        snapshots = sim.snapshots
        fired = sim.fired
        lastEventTime = sim.lastEventTime
        (quiet, animationsEnd) = Self.quietness(sim.snapshots, transitionTail: Self.longestTransitionAnimation(scene.body))
    }

    /// The longest animation a transition part carries of its own (seconds), on any view of the tree, decorations'
    /// included: an animated change may keep a leaving view on screen that long, even when the change's own
    /// animation is shorter.
    static func longestTransitionAnimation(_ root: ViewSpec) -> Double {
        func of(_ t: TransitionSpec?) -> Double {
            switch t {
            case nil: return 0
            case .animated(let base, let a)?: return max(of(base), Animation(constantVelocity: a).duration ?? .infinity)
            case .combined(let list)?: return list.map { of($0) }.max() ?? 0
            case .asymmetric(let i, let r)?: return max(of(i), of(r))
            default: return 0
            }
        }
        return root.allViews().map { of($0.transition) }.max() ?? 0
    }

    /// A history of the snapshots so far, for looking at the scene in the middle of the simulation.
    init(partial snapshots: [Snapshot]) {
        self.snapshots = snapshots
        fired = []
        lastEventTime = snapshots.last?.time ?? 0
        (quiet, animationsEnd) = Self.quietness(snapshots)
    }

    /// For each snapshot, whether everything animated before it has finished; and when the last animation
    /// ends. `transitionTail` is the longest animation of a transition part, which an animated change may start.
    static func quietness(_ snapshots: [Snapshot], transitionTail: Double = 0) -> ([Bool], Double) {
        var q: [Bool] = []
        var end = 0.0
        for s in snapshots {
            q.append(end <= s.time)
            if let a = s.animation { end = max(end, s.time + max(a.duration ?? .infinity, transitionTail)) }
        }
        return (q, end)
    }

    /// The index of the last snapshot shown at grid time `micros`.
    public func index(atMicros micros: Int64) -> Int {
        var lo = 0, hi = snapshots.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if snapshots[mid].micros <= micros { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

/// The discrete simulation behind `StateHistory`.
struct Simulation {
    let scene: Scene
    let horizon: Double
    let horizonMicros: Int64
    var state: [Value]
    var snapshots: [StateHistory.Snapshot]
    var fired: [FiredEvent] = []
    var lastEventTime = 0.0

    /// A pending occurrence; processed in (micros, order, sequence) order.
    struct Pending {
        var micros: Int64
        var time: Double
        var order: Int
        var sequence: Int
        var action: Action
    }
    enum Action {
        case fire(event: Int)
        case tick(timer: Int, k: Int)
        /// A scripted pointer sample.
        case pointer(Int)
        /// A long press of the active touch reaches its minimum duration.
        case gestureDeadline(touch: Int)
    }
    /// A running timer: started by event `event` at `start`.
    struct RunningTimer {
        var event: Int
        var start: Double
        var running: Bool
    }

    var queue: [Pending] = []
    /// Scripted input, expanded, and what it is doing.
    var hitTester: (any HitTester)?
    /// Lays the scene out for the sizes of its `geometry` containers (`ViewResolver.resolveRoot`).
    var geometry: (any GeometryProvider)?
    var pointerSamples: [PointerSample] = []
    var touch = TouchState()
    var viewSpecs: [String: ViewSpec] = [:]
    /// True when an event or handler reads `presented.<name>`; only then are presented values computed.
    let readsPresentedValues: Bool
    var sequence = 0
    var timers: [RunningTimer] = []
    var whenTruth: [Int: Bool] = [:]
    /// Dependents of each id: indices of `after` events.
    var dependents: [String: [Int]] = [:]
    /// Firings at one instant; a `when` cycle shows up as an unbounded count.
    var firingsAtInstant = 0
    var instantMicros: Int64 = -1
    static let maxFiringsAtInstant = 10_000

    init(scene: Scene, horizon: Double) {
        self.scene = scene
        self.horizon = horizon
        horizonMicros = TimeGrid.micros(horizon)
        readsPresentedValues = Self.readsPresented(scene)
        state = scene.initialState
        snapshots = [StateHistory.Snapshot(time: 0, micros: Int64.min, values: scene.initialState, animation: nil)]
        for (i, e) in scene.timeline.enumerated() {
            if case .after(let id, _) = e.trigger { dependents[id, default: []].append(i) }
        }
    }

    static func readsPresented(_ scene: Scene) -> Bool {
        func body(_ b: EventBody?) -> Bool {
            guard let b else { return false }
            if case .expression(let e)? = b.animation?.initialVelocity, e.source.contains("presented.") { return true }
            return b.assignments.contains { if case .expression(let e) = $0.value { return e.source.contains("presented.") } else { return false } }
        }
        if scene.timeline.contains(where: { body($0.body) || body($0.timer?.body) }) { return true }
        return gestureViews(scene.body).values.contains { v in v.gestures.contains { body($0.onBegan) || body($0.onChanged) || body($0.onEnded) } }
    }

    mutating func schedule(_ time: Double, order: Int, _ action: Action) {
        let m = TimeGrid.micros(time)
        guard m <= horizonMicros else { return }
        sequence += 1
        let p = Pending(micros: m, time: time, order: order, sequence: sequence, action: action)
        // Keep the queue sorted; insertion from the back is cheap for timer ticks.
        var i = queue.count
        while i > 0 && Self.before(p, queue[i - 1]) { i -= 1 }
        queue.insert(p, at: i)
    }

    static func before(_ a: Pending, _ b: Pending) -> Bool {
        (a.micros, a.order, a.sequence) < (b.micros, b.order, b.sequence)
    }

    mutating func run() throws(TimelineError) {
        // Initial truth of `when` conditions; `initial: true` fires at load.
        for (i, e) in scene.timeline.enumerated() {
            if case .at(let t) = e.trigger { schedule(t, order: i, .fire(event: i)) }
        }
        if hitTester != nil && !scene.input.isEmpty {
            pointerSamples = PointerScript.samples(scene.input, fps: scene.fps)
            viewSpecs = Self.gestureViews(scene.body)
            for (n, s) in pointerSamples.enumerated() { schedule(s.time, order: scene.timeline.count + n, .pointer(n)) }
        }
        for (i, e) in scene.timeline.enumerated() {
            guard case .when(let cond, let initial) = e.trigger else { continue }
            let truth = try condition(cond, time: 0, path: e.path)
            whenTruth[i] = truth
            if truth && initial { try fire(i, time: 0) }
        }
        if snapshots.count > 1 { try checkWhens(time: 0) }
        while !queue.isEmpty {
            let p = queue.removeFirst()
            if p.micros != instantMicros { instantMicros = p.micros; firingsAtInstant = 0 }
            switch p.action {
            case .fire(let i): try fire(i, time: p.time)
            case .tick(let timer, let k): try tick(timer, k: k, time: p.time)
            case .pointer(let n): try pointer(n, time: p.time)
            case .gestureDeadline(let touch): try gestureDeadline(touch: touch, time: p.time)
            }
        }
    }

    /// The value vector for expressions: state, then `t`, then `extra` (gesture and loop variables),
    /// then — when some event reads them — the presented values of the state variables.
    func slots(time: Double, extra: [Value] = [], geometry size: Size? = nil) -> [Value] {
        var v = state
        v.append(.number(time))
        v += extra
        if readsPresentedValues {
            let start = ExpressionSlots.presented(stateCount: state.count, index: 0)
            while v.count < start { v.append(.number(0)) }
            let partial = StateHistory(partial: snapshots)
            v += AnimatedValues(history: partial, time: time, current: snapshots.count - 1, stateCount: state.count).presentedState()
        }
        if let size {
            // `geometry.width` and `geometry.height`, after the presented values (an event with a `geometry`).
            let start = ExpressionSlots.geometry(stateCount: state.count)
            while v.count < start { v.append(.number(0)) }
            v += [.number(size.width), .number(size.height)]
        }
        return v
    }

    /// The laid-out size (content frame) of the geometry container `id` in the state of this instant, before the
    /// event that asks: the scene is resolved and laid out as the frame stage would, for this one question.
    func geometrySize(of id: String, time: Double) -> Size {
        guard let geometry else { return .zero }
        let partial = StateHistory(partial: snapshots)
        let values = AnimatedValues(history: partial, time: time, current: snapshots.count - 1, stateCount: scene.state.count)
        var resolver = ViewResolver(values: values, images: [:])
        guard let root = resolver.resolveRoot(scene.body, geometry: geometry) else { return .zero }
        return geometry.contentFrames(of: root)[id]?.size ?? .zero
    }

    func condition(_ e: ExprRef, time: Double, path: String) throws(TimelineError) -> Bool {
        let v = e.evaluate(slots(time: time))
        guard case .bool(let b) = v else {
            throw TimelineError(time: time, path: path, message: "the condition \"\(e.source)\" did not give true or false")
        }
        return b
    }

    mutating func countFiring(time: Double, path: String) throws(TimelineError) {
        firingsAtInstant += 1
        if firingsAtInstant > Self.maxFiringsAtInstant {
            throw TimelineError(time: time, path: path, message: "more than \(Self.maxFiringsAtInstant) events fired at one instant: the \"when\" triggers form a cycle")
        }
    }

    /// Applies an event body: every value is computed from the state before the event.
    /// Returns true when the state changed.
    @discardableResult
    mutating func apply(_ body: EventBody, time: Double, path: String, extra: [Value] = [], geometry size: Size? = nil) throws(TimelineError) -> Bool {
        if let h = body.haptic {
            fired.append(FiredEvent(kind: .haptic, time: time, id: nil, path: path, detail: h))
        }
        guard !body.assignments.isEmpty else { return false }
        let before = slots(time: time, extra: extra, geometry: size)
        var next = state
        for a in body.assignments {
            let v: Value
            switch a.value {
            case .constant(let c): v = c
            case .expression(let e):
                v = e.evaluate(before)
                if !v.isFinite {
                    throw TimelineError(time: time, path: join(path, "set." + a.name),
                                        message: "\"\(e.source)\" gave \(v), not a finite number")
                }
            }
            var slot = a.slot
            if let index = a.index {
                guard index.slot < before.count, let k = before[index.slot].number, k >= 0, k < Double(index.count),
                      k == k.rounded(.down) else {
                    throw TimelineError(time: time, path: join(path, "set." + a.name),
                                        message: "item state \"\(a.name)\" is set outside its forEach's items")
                }
                slot += Int(k)
            }
            next[slot] = v
        }
        guard next != state else { return false }
        var animation: Animation?
        if let spec = body.animation {
            animation = try makeAnimation(spec, slots: before, time: time, path: path)
        }
        state = next
        snapshots.append(StateHistory.Snapshot(time: time, micros: TimeGrid.micros(time), values: next, animation: animation))
        lastEventTime = max(lastEventTime, time)
        return true
    }

    mutating func fire(_ i: Int, time: Double) throws(TimelineError) {
        if try perform(i, time: time) { try checkWhens(time: time) }
    }

    /// Everything an event does when it fires, except re-checking the `when` triggers.
    /// Returns true when the state changed.
    mutating func perform(_ i: Int, time: Double) throws(TimelineError) -> Bool {
        let e = scene.timeline[i]
        try countFiring(time: time, path: e.path)
        fired.append(FiredEvent(kind: .event, time: time, id: e.id, path: e.path))
        lastEventTime = max(lastEventTime, time)
        let changed = try apply(e.body, time: time, path: e.path, geometry: e.geometry.map { geometrySize(of: $0, time: time) })
        if let s = e.stop, let t = timers.firstIndex(where: { $0.running && scene.timeline[$0.event].timer?.id == s }) {
            try endTimer(t, time: time)
        }
        if let spec = e.timer {
            timers.append(RunningTimer(event: i, start: time, running: true))
            fired.append(FiredEvent(kind: .timerStart, time: time, id: spec.id, path: join(e.path, "timer")))
            schedule(time + spec.interval, order: i, .tick(timer: timers.count - 1, k: 1))
        }
        if let id = e.id { scheduleDependents(of: id, time: time) }
        return changed
    }

    mutating func scheduleDependents(of id: String, time: Double) {
        for d in dependents[id] ?? [] {
            if case .after(_, let delay) = scene.timeline[d].trigger { schedule(time + delay, order: d, .fire(event: d)) }
        }
    }

    mutating func tick(_ t: Int, k: Int, time: Double) throws(TimelineError) {
        guard timers[t].running, let spec = scene.timeline[timers[t].event].timer else { return }
        let path = join(scene.timeline[timers[t].event].path, "timer")
        try countFiring(time: time, path: path)
        let changed = try apply(spec.body, time: time, path: path)
        if changed {
            fired.append(FiredEvent(kind: .tick, time: time, id: spec.id, path: path, detail: String(k)))
            try checkWhens(time: time)
        }
        lastEventTime = max(lastEventTime, time)
        if let u = spec.until, try condition(u, time: time, path: join(path, "until")) {
            try endTimer(t, time: time)
            return
        }
        guard timers[t].running else { return }
        // Tick k + 1 is computed from the start, not accumulated, so it does not drift.
        schedule(timers[t].start + Double(k + 1) * spec.interval, order: timers[t].event, .tick(timer: t, k: k + 1))
    }

    mutating func endTimer(_ t: Int, time: Double) throws(TimelineError) {
        guard timers[t].running else { return }
        timers[t].running = false
        let e = scene.timeline[timers[t].event]
        fired.append(FiredEvent(kind: .timerEnd, time: time, id: e.timer?.id, path: join(e.path, "timer")))
        if let id = e.timer?.id { scheduleDependents(of: id, time: time) }
    }

    /// Checks the `when` conditions in file order after a change of state; one that turns
    /// true fires, and its change starts the checks again.
    mutating func checkWhens(time: Double) throws(TimelineError) {
        var i = 0
        let events = scene.timeline
        while i < events.count {
            guard case .when(let cond, _) = events[i].trigger else { i += 1; continue }
            let truth = try condition(cond, time: time, path: join(events[i].path, "when"))
            let was = whenTruth[i] ?? false
            whenTruth[i] = truth
            if truth && !was, try perform(i, time: time) {
                i = 0
                continue
            }
            i += 1
        }
    }
}

func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
