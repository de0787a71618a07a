/// `manifest.json`: what was rendered (`RenderHeader`), the environment it was rendered in (`RenderEnvironment`),
/// then each frame's file and the hash of its pixels — and, in a golden folder, of its display list.
///
/// A shard's manifest, `manifest.shard-K-of-N.json`, is the same with `shard` set (between `hash` and `frames`),
/// listing only that shard's frames:
/// `render merge` joins the shards' lists under their common header, which gives the bytes of the unsharded render's
/// manifest.json.
public struct Manifest: Codable, Equatable, Sendable {
    public var header: RenderHeader
    /// The name of the pixel hash in `frames` (`PixelHash`'s algorithm).
    public var hash: String
    /// Renderer, libraries and fonts (absent from manifests written before issue #25; such a manifest still reads).
    public var environment: RenderEnvironment?
    /// Which block of frames a shard's manifest lists; nil in manifest.json.
    public var shard: ShardNumber?
    public var frames: [Frame]

    /// The hash every manifest names: 64 bits of `pixelHash` over the RGBA pixels.
    public static let pixelHash = "render-pixel-hash-64"

    /// One frame file.
    public struct Frame: Codable, Equatable, Sendable {
        public var index: Int
        public var file: FrameFileName
        /// 16 hex digits of `pixelHash`.
        public var hash: String
        /// In a golden folder's manifest: `DisplayListDigest` of the frame's display list, so that `render test` can
        /// pass a frame whose draw commands and environment are unchanged without drawing it. Absent elsewhere.
        public var displayList: String?

        public init(index: Int, file: FrameFileName, hash: String, displayList: String? = nil) {
            self.index = index; self.file = file; self.hash = hash; self.displayList = displayList
        }
    }

    public init(header: RenderHeader, hash: String = Manifest.pixelHash, environment: RenderEnvironment? = nil,
                shard: ShardNumber? = nil, frames: [Frame]) {
        self.header = header; self.hash = hash; self.environment = environment; self.shard = shard; self.frames = frames
    }

    private enum CodingKeys: String, CodingKey { case hash, environment, shard, frames }

    public init(from decoder: Decoder) throws {
        header = try RenderHeader(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        hash = try c.decode(String.self, forKey: .hash)
        environment = try c.decodeIfPresent(RenderEnvironment.self, forKey: .environment)
        shard = try c.decodeIfPresent(ShardNumber.self, forKey: .shard)
        frames = try c.decode([Frame].self, forKey: .frames)
    }

    public func encode(to encoder: Encoder) throws {
        try header.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(hash, forKey: .hash)
        try c.encodeIfPresent(environment, forKey: .environment)
        try c.encodeIfPresent(shard, forKey: .shard)
        try c.encode(frames, forKey: .frames)
    }
}
