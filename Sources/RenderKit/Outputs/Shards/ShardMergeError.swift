/// Why shards cannot be merged.
public struct ShardMergeError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
