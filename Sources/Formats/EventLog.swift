/// `events.json`: every fired event, timer tick, haptic and gesture phase, with its exact time and the first frame
/// that shows it.
public struct EventLog: Codable, Equatable, Sendable {
    public var fps: Double
    public var events: [Event]

    /// One fired event. Of `haptic`, `tick` and `detail` at most one is there: a haptic's pattern, a timer tick's
    /// number, or what else happened (a gesture's phase).
    public struct Event: Codable, Equatable, Sendable {
        /// On the microsecond grid the timeline works on.
        public var time: MicrosecondTime
        public var frame: Int
        public var kind: String
        public var id: String?
        public var haptic: String?
        public var tick: Int?
        public var detail: String?
        /// Where in the scene the event comes from (`timeline[2]`, `body.children[0].gestures[1]`).
        public var path: String
        /// A gesture's release (`drag.ended`): the finger's velocity `[x, y]` in points per second, to 0.001, the
        /// `gesture.velocity` its handler read; what a `follows` after a flick starts from.
        public var velocity: [Double]?

        public init(time: Double, frame: Int, kind: String, id: String? = nil, haptic: String? = nil, tick: Int? = nil,
                    detail: String? = nil, path: String) {
            self.time = MicrosecondTime(time); self.frame = frame; self.kind = kind; self.id = id
            self.haptic = haptic; self.tick = tick; self.detail = detail; self.path = path
        }
    }

    public init(fps: Double, events: [Event]) { self.fps = fps; self.events = events }
}
