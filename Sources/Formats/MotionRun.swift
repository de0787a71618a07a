/// Equal values on consecutive frames of a `MotionSeries`, written once: a lone frame is its value (`12.5`, or `null`
/// when the view is not drawn), a run of several is `[value, count]`. A spring's 40 moving frames stay 40 numbers
/// on one line while the 300 frames at rest before and after cost a few characters, which keeps `motion.json` small
/// and a changed spring a change of one line.
public struct MotionRun: Codable, Equatable, Sendable {
    /// nil: the view is not drawn in these frames.
    public var value: Double?
    /// Frames, at least 1.
    public var count: Int

    public init(_ value: Double?, count: Int = 1) { self.value = value; self.count = count }

    public init(from decoder: Decoder) throws {
        if var pair = try? decoder.unkeyedContainer() {
            value = try pair.decodeNil() ? nil : pair.decode(Double.self)
            count = try pair.decode(Int.self)
            guard count >= 1, pair.isAtEnd else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                    "a run is [value, count] with a count of at least 1"))
            }
            return
        }
        let single = try decoder.singleValueContainer()
        value = single.decodeNil() ? nil : try single.decode(Double.self)
        count = 1
    }

    public func encode(to encoder: Encoder) throws {
        if count == 1 {
            var single = encoder.singleValueContainer()
            if let value { try single.encode(value) } else { try single.encodeNil() }
            return
        }
        var pair = encoder.unkeyedContainer()
        if let value { try pair.encode(value) } else { try pair.encodeNil() }
        try pair.encode(count)
    }
}
