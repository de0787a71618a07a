import Geometry

/// The ffmpeg command lines of one encode: raw frames come in on standard input
/// (`-f rawvideo -pix_fmt rgba -s WxH -framerate FPS -i -`; for mp4 `-pix_fmt yuv420p` at the even padded size, see
/// `yuvInput`), the file goes to `output`. GIF takes two passes over
/// the frames (a palette, then the frames mapped to it); every other format one.
struct FFmpegArguments {
    var format: VideoFormat
    var quality: VideoQuality
    /// Frame size in pixels.
    var width: Int, height: Int
    var fps: Double
    /// Keep an alpha channel (formats that can, when the scene's background is not opaque).
    var alpha: Bool

    /// The highest frame rate a GIF plays at as written (a delay of 2/100 s).
    static let gifMaxFPS = 50.0

    /// Where pass one of a GIF writes its palette (a PNG), for pass two to read.
    static func palettePath(for output: String) -> String { output + ".palette.png" }

    /// True when the frames go in already converted to BT.709 limited-range yuv420p and padded to even sizes
    /// (`YUV420Conversion`), so ffmpeg neither scales nor pads: mp4, which never keeps alpha.
    var yuvInput: Bool { format == .mp4 }

    /// The passes, in order: the arguments after `ffmpeg`, with the frames on standard input each time.
    func passes(output: String) -> [[String]] {
        let common = ["-hide_banner", "-nostats", "-loglevel", "error", "-y"]
        let size = yuvInput ? YUV420Conversion.paddedSize(width: width, height: height) : (width, height)
        let input = ["-f", "rawvideo", "-pix_fmt", yuvInput ? "yuv420p" : "rgba", "-s", "\(size.0)x\(size.1)",
                     "-framerate", fmt(fps)] + (yuvInput ? ["-color_range", "tv", "-colorspace", "bt709"] : []) + ["-i", "-"]
        let tail = ["-f", format.muxer, output]
        switch format {
        case .gif:
            let palette = Self.palettePath(for: output)
            // stats_mode=full: the palette serves every frame; reserve a transparent entry only when there is alpha.
            let first = common + input + ["-vf", "palettegen=stats_mode=full:reserve_transparent=\(alpha ? 1 : 0)",
                                          "-frames:v", "1", "-update", "1", "-f", "image2", palette]
            // sierra2_4a: error diffusion keeps glows and shadows smooth (bayer's ordered pattern shows as a grid on soft
            // gradients); diff_mode=rectangle re-dithers only the part of a frame that changed, so still areas do not shimmer.
            // GIF delays are whole hundredths of a second, and browsers play a delay under 2/100 s as 10/100 s: above
            // 50 fps the frames are resampled to 50 fps (each shown 2/100 s), so the animation keeps its duration.
            let frames = fps > Self.gifMaxFPS ? "[0:v]fps=\(fmt(Self.gifMaxFPS))[v];[v]" : "[0:v]"
            let second = common + input + ["-i", palette, "-lavfi", frames + "[1:v]paletteuse=dither=sierra2_4a:diff_mode=rectangle",
                                           "-loop", "0"] + tail
            return [first, second]
        default:
            return [common + input + encoder + tail]
        }
    }

    /// The filters and encoder options of the one-pass formats.
    private var encoder: [String] {
        // RGB → Y′CbCr with the BT.709 matrix, tagged as such, so players convert back with the same matrix.
        let bt709 = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
        switch format {
        case .mp4:
            let rate: [String] = quality == .lossless
                ? ["-qp", "0"] : ["-crf", level("18", "23", "28")]
            // Preset superfast with veryfast's macroblock-tree rate control put back (mbtree, lookahead 10 frames).
            // Measured with ffmpeg alone on Scenes/unlock.json's 600 frames as yuv420p (CRF 18; user CPU, size, PSNR
            // against the frames): veryfast 1.8 s, 236,675 B, 57.52 dB; superfast 1.3 s but 524,383 B;
            // superfast + mbtree 1.3 s, 233,425 B, 57.50 dB; veryfast with superfast's
            // motion search (me=dia, subme=1) 1.4 s, 232,444 B; ultrafast 0.7 s, 581,483 B. Earlier, from PNG frames,
            // medium took 3.3 s for 279 KB: UI motion with flat areas gains nothing from the slower presets.
            // The frames come in as yuv420p at an even size (`yuvInput`): no filter, x264 takes them as they are.
            return ["-c:v", "libx264", "-preset", "superfast", "-x264-params", "mbtree=1:rc-lookahead=10",
                    "-pix_fmt", "yuv420p"]
                + rate + bt709 + ["-movflags", "+faststart"]
        case .webm:
            // Constant quality (-b:v 0); row-mt and cpu-used 4 keep VP9's encode time near H.264's.
            let rate: [String] = quality == .lossless
                ? ["-lossless", "1"] : ["-crf", level("24", "31", "40"), "-b:v", "0"]
            return ["-vf", "scale=out_color_matrix=bt709:out_range=tv", "-c:v", "libvpx-vp9",
                    "-pix_fmt", alpha ? "yuva420p" : "yuv420p", "-row-mt", "1", "-deadline", "good", "-cpu-used", "4"]
                + rate + bt709
        case .mov:
            // ProRes 4444 (profile 4), 10-bit 4:4:4, 16-bit alpha: the editing format; --quality does not apply.
            return ["-vf", "scale=out_color_matrix=bt709", "-c:v", "prores_ks", "-profile:v", "4444", "-vendor", "apl0",
                    "-pix_fmt", alpha ? "yuva444p10le" : "yuv444p10le"] + bt709
        case .apng:
            // Lossless; RGB when nothing is transparent (smaller), as our PNG frames are.
            return ["-c:v", "apng", "-pix_fmt", alpha ? "rgba" : "rgb24", "-plays", "0"]
        case .webp:
            let rate: [String] = quality == .lossless
                ? ["-lossless", "1", "-pix_fmt", "bgra"]
                : ["-quality", level("90", "75", "50"),
                   "-pix_fmt", alpha ? "yuva420p" : "yuv420p"]
            return ["-c:v", "libwebp_anim", "-loop", "0"] + rate
        case .gif:
            return []
        }
    }

    /// The setting for the quality level: high (also the fallback for lossless, which callers handle first), medium, low.
    private func level(_ high: String, _ medium: String, _ low: String) -> String {
        switch quality {
        case .high, .lossless: return high
        case .medium: return medium
        case .low: return low
        }
    }
}
