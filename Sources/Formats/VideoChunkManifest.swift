/// `manifest.shard-K-of-N.json` beside one chunk of a sharded video render: what was rendered (`RenderHeader`, so
/// chunks of different renders are told apart as PNG shards are), which shard, how it was encoded (which the chunks
/// of one video share), and the chunk's file and frames: what `render merge` needs to join the chunks without
/// encoding them again.
public struct VideoChunkManifest: Codable, Equatable, Sendable {
    public var header: RenderHeader
    public var shard: ShardNumber
    public var video: Encoding
    public var chunk: Chunk

    /// `"video": {"format": "mp4", "quality": "high", "alpha": false}`.
    public struct Encoding: Codable, Equatable, Sendable {
        public var format: String
        public var quality: String
        public var alpha: Bool
        public init(format: String, quality: String, alpha: Bool) { self.format = format; self.quality = quality; self.alpha = alpha }
    }

    /// `"chunk": {"file": "unlock-2.mp4", "firstFrame": 40, "frames": 40}`: the file, beside the manifest, and the
    /// frames it holds.
    public struct Chunk: Codable, Equatable, Sendable {
        public var file: String
        public var firstFrame: Int
        public var frames: Int
        public init(file: String, firstFrame: Int, frames: Int) { self.file = file; self.firstFrame = firstFrame; self.frames = frames }
    }

    public init(header: RenderHeader, shard: ShardNumber, video: Encoding, chunk: Chunk) {
        self.header = header; self.shard = shard; self.video = video; self.chunk = chunk
    }

    private enum CodingKeys: String, CodingKey { case shard, video, chunk }

    public init(from decoder: Decoder) throws {
        header = try RenderHeader(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        shard = try c.decode(ShardNumber.self, forKey: .shard)
        video = try c.decode(Encoding.self, forKey: .video)
        chunk = try c.decode(Chunk.self, forKey: .chunk)
    }

    public func encode(to encoder: Encoder) throws {
        try header.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(shard, forKey: .shard)
        try c.encode(video, forKey: .video)
        try c.encode(chunk, forKey: .chunk)
    }
}
