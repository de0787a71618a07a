/// SplitMix64: a small seeded generator shared by the test targets, so that "random" images,
/// property tests and fuzz inputs are the same on every run.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A byte from the low bits of the next value.
    public mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }

    /// An integer in `range` (by remainder; the tiny bias does not matter for tests).
    public mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
}
