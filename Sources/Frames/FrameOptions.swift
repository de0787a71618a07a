/// How a scene's frames are made, whatever output takes them; the CLI fills it from its flags. What an output does
/// with the frames (folder, format, compression) is that output's own options.
public struct FrameOptions: Sendable {
    /// Overrides the scene's frames per second.
    public var fps: Double?
    /// Overrides `canvas.scale` (pixels per point).
    public var scale: Double?
    /// Reuse a frame's pixels (and an output's bytes of them) when its display list equals the drawer's previous one.
    public var reuseFrames = true
    /// Redraw only the part of a frame that can differ from the drawer's previous frame (the same pixels as a full
    /// redraw, in less time; see `CairoRasterizer.damage(from:to:)`). Off only to compare the two.
    public var drawChangesOnly = true
    /// Draw the scripted finger over every frame (`--show-touches`).
    public var showTouches = false

    public init() {}
}
