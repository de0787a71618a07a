import Frames
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
                ? ["-qp", "0"] : ["-crf", level("22", "26", "31")]
            // x264's fastest analysis (preset ultrafast) with three of its tools put back: CABAC entropy coding (15 %
            // smaller for nothing measurable), adaptive quantisation (flat dark areas such as the glow's falloff keep
            // their share of bits, so they do not band) and the deblocking filter. x264 does the same work for a held
            // frame as for a moving one, so its analysis cost is paid 60 times a second; this is what lets the video
            // cost less than the PNG sequence. Measured with ffmpeg alone on Scenes/unlock.json's 600 frames as
            // yuv420p (one thread; user CPU, size, SSIM and PSNR against the frames): superfast + mbtree at CRF 18,
            // the previous setting: 1.21 s, 233,370 B, 0.99932, 57.50 dB; this at CRF 22: 0.73 s, 363,713 B, 0.99933,
            // 57.74 dB (same quality, 40 % less CPU, 1.56× the bytes); ultrafast alone at CRF 24: 0.53 s, 276,026 B,
            // 0.99911, 57.28 dB, but without AQ the glow bands. The levels' CRFs (22, 26, 31) match the SSIM of
            // x264's usual 18, 23, 28 at preset superfast. Earlier, from PNG frames, preset medium took 3.3 s for
            // 279 KB: UI motion with flat areas gains nothing from the slower presets.
            // Two encoding threads, whatever the machine: x264's output depends on its thread count, so a fixed count
            // gives the same file on every machine and for every --jobs (auto would follow the cores).
            // The frames come in as yuv420p at an even size (`yuvInput`): no filter, x264 takes them as they are.
            return ["-c:v", "libx264", "-preset", "ultrafast", "-x264-params", "cabac=1:aq-mode=1:deblock=1",
                    "-threads", "2", "-pix_fmt", "yuv420p"]
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
