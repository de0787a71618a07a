import ImageIO

/// What to render and how; the CLI fills it from its flags.
public struct RenderOptions: Sendable {
    /// Overrides the scene's frames per second.
    public var fps: Double?
    /// Overrides `canvas.scale` (pixels per point).
    public var scale: Double?
    /// Output folder; default `Output/<name>`.
    public var outputDirectory: String?
    /// Inclusive frame range; nil renders every frame.
    public var frames: ClosedRange<Int>?
    /// Worker threads; each has its own surfaces.
    public var jobs: Int = 1
    public var compression: PNGCompression = .default
    /// Render only this shard's block of frames and write `manifest.shard-K-of-N.json` instead of manifest.json
    /// (`render merge` joins them).
    public var shard: ShardSelection?
    /// Reuse the encoded bytes of an earlier frame whose display list is identical.
    public var reuseFrames = true
    /// Redraw only the part of a frame that can differ from the drawer's previous frame (the same pixels as a full
    /// redraw, in less time; see `CairoRasterizer.damage(from:to:)`). Off only to compare the two.
    public var drawChangesOnly = true
    /// Draw the scripted finger over every frame (`--show-touches`).
    public var showTouches = false

    public init() {}
}
