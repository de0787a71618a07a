/// One state variable of a `MotionTrack`: its value at the start and at every change, with the exact scene time of
/// the change (state changes happen between frames; the frames only sample them).
public struct MotionStateSeries: Codable, Equatable, Sendable {
    public var name: String
    public var changes: [Change]

    /// The variable's value from `time` on, as the scene's expressions print it (`0.25`, `true`, `"Done"`, `#8A7CFF`).
    public struct Change: Codable, Equatable, Sendable {
        public var time: MicrosecondTime
        public var value: String
        public init(time: Double, value: String) { self.time = MicrosecondTime(time); self.value = value }
    }

    public init(name: String, changes: [Change]) { self.name = name; self.changes = changes }
}
