/// What every manifest opens with, saying what was rendered: the scene, its timing and pixel size, and the `--set` and
/// `--state` values when there were any. The shards of one render share it, and `render merge` compares it.
///
/// Not a member of its own in the files: the manifests write these keys at their top level, first (`Manifest`,
/// `VideoChunkManifest` encode it into their own object).
public struct RenderHeader: Codable, Equatable, Sendable {
    public var scene: String
    public var fps: Double
    public var frameCount: Int
    public var duration: Double
    public var width: Int
    public var height: Int
    public var scale: Double
    /// Absent (not even an empty object) when the render had none, so such a manifest reads as it always did.
    public var overrides: ManifestOverrides?

    public init(scene: String, fps: Double, frameCount: Int, duration: Double, width: Int, height: Int, scale: Double,
                overrides: ManifestOverrides? = nil) {
        self.scene = scene; self.fps = fps; self.frameCount = frameCount; self.duration = duration
        self.width = width; self.height = height; self.scale = scale; self.overrides = overrides
    }
}
