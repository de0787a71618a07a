import Formats

/// `--shard K/N`: the K-th (1-based) of N disjoint, contiguous blocks of a scene's frames, so that N machines can
/// render one scene together. Block K holds frames ⌊(K−1)·F/N⌋ ..< ⌊K·F/N⌋ of F frames: sizes differ by at most 1,
/// and neighbouring frames stay together (a worker reuses the bytes of an unchanged frame only within its block).
public struct ShardSelection: Sendable, Hashable, CustomStringConvertible {
    /// 1…count.
    public let index: Int
    public let count: Int

    /// Parses "K/N" with 1 ≤ K ≤ N ≤ 10000; nil otherwise.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= 10_000, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// The frames of this shard among `frameCount` frames.
    public func frames(of frameCount: Int) -> Range<Int> {
        (index - 1) * frameCount / count ..< index * frameCount / count
    }

    /// `manifest.shard-K-of-N.json`.
    public var manifestName: String { "manifest.shard-\(index)-of-\(count).json" }

    public var description: String { "\(index)/\(count)" }

    /// As a manifest writes it.
    public var number: ShardNumber { ShardNumber(index: index, count: count) }
}
