import Frames
import Geometry
import SceneModel

/// A video or animated-image file that ffmpeg encodes from the frames (`render --format mp4`, or `--out name.mp4`).
/// docs/video.md gives the reasons for every default below.
public enum VideoFormat: String, Sendable, CaseIterable {
    /// H.264 (libx264), yuv420p, BT.709, `+faststart`; no alpha.
    case mp4
    /// VP9 (libvpx-vp9); yuva420p when the background is not opaque.
    case webm
    /// ProRes 4444 (prores_ks), 10-bit 4:4:4 with alpha when the background is not opaque.
    case mov
    /// GIF with a palette made from the frames (palettegen, then paletteuse with sierra2_4a dithering).
    case gif
    /// Animated PNG: lossless, the PNG frames' pixels exactly.
    case apng
    /// Animated WebP (libwebp_anim), lossy; lossless at `--quality lossless`.
    case webp

    /// The file name extension (`.png` for apng, as browsers expect; `.apng` is recognised too).
    public var fileExtension: String { self == .apng ? "png" : rawValue }

    /// The format a file name asks for by its extension: `.mp4`, `.webm`, `.mov`, `.gif`, `.apng`, `.webp`
    /// (not `.png`, which stays a still or a folder of frames).
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        guard ext != "png", let format = VideoFormat(rawValue: ext) else { return nil }
        self = format
    }

    /// Whether the file keeps the frames' alpha channel (when the background is not opaque).
    public var keepsAlpha: Bool { self != .mp4 }

    /// ffmpeg's muxer name (`-f`): the output goes to a temporary name whose extension says nothing.
    var muxer: String { self == .mov ? "mov" : rawValue }
}

/// `--quality`: how hard the lossy formats compress. docs/video.md has the table of what each level means per format.
public enum VideoQuality: String, Sendable, CaseIterable {
    /// Differences hard to see even on still frames (H.264 CRF 22 at preset ultrafast with CABAC, AQ and deblocking: the
    /// quality of CRF 18 at x264's faster presets; the default).
    case high
    /// Smaller files; soft gradients may band (H.264 CRF 26, about x264's default CRF 23 at its faster presets).
    case medium
    /// Previews and drafts (H.264 CRF 31).
    case low
    /// Lossless where the format allows it (H.264 and VP9 lossless modes, lossless WebP); ProRes, GIF and APNG ignore
    /// the level.
    case lossless
}

/// Whether a scene's frames can show through their background: true unless the background is a constant opaque colour
/// or a gradient of constant opaque stops (gradients extend past their ends, so they cover the canvas).
func sceneHasTransparency(_ background: PaintSpec?) -> Bool {
    func opaque(_ c: Dynamic<Color>) -> Bool {
        if case .constant(let colour) = c { return colour.a >= 1 }
        return false
    }
    switch background {
    case .none: return true
    case .color(let c): return !opaque(c)
    case .linear(let stops, _, _), .radial(let stops, _, _, _), .angular(let stops, _, _, _):
        return !stops.allSatisfy { opaque($0.color) }
    }
}
