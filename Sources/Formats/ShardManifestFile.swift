/// What a `manifest.shard-K-of-N.json` holds: a shard of PNG frames or a chunk of a video, told apart by the
/// `"chunk"` member only a video chunk's manifest has.
public enum ShardManifestFile: Decodable, Equatable, Sendable {
    case frames(Manifest)
    case video(VideoChunkManifest)

    private enum CodingKeys: String, CodingKey { case chunk }

    public init(from decoder: Decoder) throws {
        if try decoder.container(keyedBy: CodingKeys.self).contains(.chunk) {
            self = .video(try VideoChunkManifest(from: decoder))
        } else {
            let manifest = try Manifest(from: decoder)
            guard manifest.shard != nil else {
                throw DecodingError.keyNotFound(JSONPathKey(stringValue: "shard"),
                                                .init(codingPath: [], debugDescription: "a shard manifest says which shard it is"))
            }
            self = .frames(manifest)
        }
    }
}
