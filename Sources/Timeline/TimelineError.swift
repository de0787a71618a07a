/// A problem found while simulating a scene (it could not be seen at load time).
public struct TimelineError: Error, Sendable, CustomStringConvertible {
    /// Scene time in seconds.
    public var time: Double
    public var path: String
    public var message: String
    public init(time: Double, path: String, message: String) { self.time = time; self.path = path; self.message = message }
    public var description: String { "at t = \(time) s: \(path): \(message)" }
}
