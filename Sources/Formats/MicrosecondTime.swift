/// A time in seconds, written on the microsecond grid (`NumberText.microseconds`): events.json's times.
public struct MicrosecondTime: Codable, Equatable, Sendable, JSONNumberText {
    public var seconds: Double

    public init(_ seconds: Double) { self.seconds = seconds }

    public init(from decoder: Decoder) throws { seconds = try decoder.singleValueContainer().decode(Double.self) }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(seconds)
    }

    public var jsonNumberText: String { NumberText.microseconds(seconds) }
}
