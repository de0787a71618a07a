/// `"shard": {"index": K, "count": N}` in a shard's manifest: the K-th of N blocks of frames (K from 1).
public struct ShardNumber: Codable, Equatable, Sendable {
    public var index: Int
    public var count: Int
    public init(index: Int, count: Int) { self.index = index; self.count = count }
}
