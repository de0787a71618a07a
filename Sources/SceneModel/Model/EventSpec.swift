/// One entry of `timeline` (§5.2).
public struct EventSpec: Sendable {
    public enum Trigger: Sendable {
        /// Scene time in seconds.
        case at(Double)
        /// Fires `delay` seconds after the event or timer `id` fired (a timer: after it ended).
        case after(id: String, delay: Double)
        /// Fires each time the condition turns from false to true.
        case when(ExprRef, initial: Bool)
    }
    public var trigger: Trigger
    public var id: String?
    public var body: EventBody
    public var timer: TimerSpec?
    /// Stops the timer with this id.
    public var stop: String?
    public var path: String
    public var location: SourceLocation
    /// Where the id `after` and `stop` name is written, so that a reference checked once the whole timeline is read
    /// can point at the id itself rather than at its event.
    public var afterLocation: SourceLocation?
    public var stopLocation: SourceLocation?
    /// `geometry`: the id of a `geometry` container whose laid-out size the event's `set` reads as `geometry.width`
    /// and `geometry.height` (SwiftUI's `onAppear` inside a `GeometryReader`), and where that id is written.
    public var geometry: String?
    public var geometryLocation: SourceLocation?
    public init(trigger: Trigger, id: String?, body: EventBody, timer: TimerSpec?, stop: String?, path: String, location: SourceLocation,
                afterLocation: SourceLocation? = nil, stopLocation: SourceLocation? = nil) {
        self.trigger = trigger; self.id = id; self.body = body; self.timer = timer; self.stop = stop; self.path = path; self.location = location
        self.afterLocation = afterLocation; self.stopLocation = stopLocation
    }
}

/// What an event does: assign state (expressions over the state before the event), under an
/// optional animation, with an optional haptic.
public struct EventBody: Sendable {
    /// (state slot, value) in file order.
    public var assignments: [Assignment]
    public var animation: AnimationSpec?
    public var haptic: String?
    public init(assignments: [Assignment] = [], animation: AnimationSpec? = nil, haptic: String? = nil) {
        self.assignments = assignments; self.animation = animation; self.haptic = haptic
    }
}

/// `name: value` inside a `set`.
public struct Assignment: Sendable {
    public var name: String
    /// The state slot set; for item state, the slot of the first item's copy.
    public var slot: Int
    public var value: Dynamic<Value>
    /// For item state: the copy set is `slot + k`, k being the value in `index.slot` (the item's loop variable).
    public var index: TypeEnvironment.Index?
    public init(name: String, slot: Int, value: Dynamic<Value>, index: TypeEnvironment.Index? = nil) {
        self.name = name; self.slot = slot; self.value = value; self.index = index
    }
}

/// A repeating timer: ticks at start + k·interval (k = 1, 2, …), applies `body` each tick,
/// ends when `until` holds after a tick.
public struct TimerSpec: Sendable {
    public var id: String?
    /// Seconds between ticks.
    public var interval: Double
    public var body: EventBody
    public var until: ExprRef?
    public init(id: String?, interval: Double, body: EventBody, until: ExprRef?) {
        self.id = id; self.interval = interval; self.body = body; self.until = until
    }
}

/// The haptic names of §5.2.
public let hapticNames = ["light", "medium", "heavy", "soft", "rigid", "success", "warning", "error"]
