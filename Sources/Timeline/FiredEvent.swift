import Geometry

/// Something that happened during the simulation, for `events.json`.
public struct FiredEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case event, timerStart, tick, timerEnd, haptic, gesture
    }
    public var kind: Kind
    /// Exact scene time in seconds (not rounded to a frame).
    public var time: Double
    /// The event's or timer's id, if any.
    public var id: String?
    /// The JSON path of the event in the scene.
    public var path: String
    /// The haptic style, for `.haptic`; the phase, for `.gesture`.
    public var detail: String?
    /// For a gesture's `ended` phase: the finger's velocity at release in points per second, the `gesture.velocity`
    /// its handler reads (what a flick hands to a spring).
    public var velocity: Point?

    public init(kind: Kind, time: Double, id: String?, path: String, detail: String? = nil, velocity: Point? = nil) {
        self.kind = kind; self.time = time; self.id = id; self.path = path; self.detail = detail; self.velocity = velocity
    }
}
