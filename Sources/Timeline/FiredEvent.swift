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

    public init(kind: Kind, time: Double, id: String?, path: String, detail: String? = nil) {
        self.kind = kind; self.time = time; self.id = id; self.path = path; self.detail = detail
    }
}
