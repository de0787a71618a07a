/// What a scene may ask for: checked where a scene is read (by whichever front end) and again while rendering, where
/// expressions compute counts and sizes the reader could not see.
public enum SceneLimits {
    /// Largest canvas side in pixels, and largest canvas area in pixels, after scale.
    public static let maxCanvasSide = 16_384
    public static let maxCanvasPixels = 100_000_000
    /// Longest scene duration in seconds, and most frames a render may have.
    public static let maxDuration = 3_600.0
    public static let maxFrames = 100_000
    /// Most views a scene may show at once (forEach content counts once per repetition), and most repetitions of one
    /// forEach.
    public static let maxViews = 10_000
    public static let maxRepetitions = maxViews
    /// Views may nest at most this deep.
    public static let maxViewDepth = 64
    /// Most pointer positions scripted input may expand to: a drag moves the pointer once per frame of the scene's
    /// fps, so 100 000 long drags would otherwise ask for billions.
    public static let maxPointerSamples = 1_000_000
    /// Largest scene file accepted, in bytes.
    public static let maxFileSize = 16 << 20
}
