import DisplayList
import Geometry
import Raster
import Timeline

/// One frame as every output gets it from a `FrameDrawer`: the scene's state, what was drawn and the pixels.
public struct RenderedFrame: Sendable {
    /// The scene at this frame (index and time in seconds included).
    public var state: FrameState
    /// The draw commands, background and `--show-touches` finger included, in canvas points.
    public var displayList: DisplayList
    /// The pixels: canvas size × scale, 8-bit RGBA.
    public var image: RGBAImage
    /// True when `image` is the drawer's previous frame's, because the display lists are equal.
    public var reused: Bool
    /// Where `image` can differ from the image of the frame this drawer returned just before (device pixels, within
    /// the canvas): empty for a reused frame, nil when all of it may differ. What an encoder that keeps its previous
    /// output needs to convert again (`YUV420Conversion`).
    public var changed: [PixelRect]?

    public var index: Int { state.index }
    /// Seconds.
    public var time: Double { state.time }
}
