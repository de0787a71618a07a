import ArgumentParser
import Foundation
import Frames
import Geometry
import GoldenTesting
import RenderKit

/// `render SCENE.json --format mp4` (or `--out NAME.mp4`): one video or animated-image file instead of PNG frames.
extension FramesCommand {
    /// The video format asked for: `--format`, else the extension of `--out`; nil for PNG frames.
    var videoFormat: VideoFormat? {
        if let format { return format.video }
        return out.flatMap(VideoFormat.init(fileName:))
    }

    func validateVideo() throws {
        if let format, let out, let named = VideoFormat(fileName: out), format.video != named {
            throw ValidationError("--format \(format.rawValue) does not match --out \(out) (a .\(named.fileExtension) file)")
        }
        guard let video = videoFormat else {
            if quality != nil { throw ValidationError("--quality applies to video formats (--format mp4, webm, mov, gif, apng or webp)") }
            return
        }
        if shard != nil && !VideoShard.joinable(video) {
            throw ValidationError("--shard with \(video.rawValue): chunks of a \(video.rawValue) file cannot be joined without re-encoding "
                + "(\(Self.unjoinableReason(video))); shard mp4, webm or mov, or PNG frames, or render the \(video.rawValue) in one run")
        }
        if at != nil { throw ValidationError("--at renders a still PNG; give --frames A-B for part of a \(video.rawValue) file") }
    }

    static func unjoinableReason(_ format: VideoFormat) -> String {
        switch format {
        case .gif: return "each chunk would have its own palette"
        case .apng: return "APNG numbers its frames across the whole file"
        default: return "ffmpeg cannot read animated WebP back"
        }
    }

    func runVideo(_ pump: FramePump, selection: FrameSelection, format: VideoFormat) throws {
        let source = pump.source
        let chunkSuffix = shard.map { "-\($0.index)-of-\($0.count)" } ?? ""
        let path = out ?? "Output/\(source.scene.name)\(chunkSuffix).\(format.fileExtension)"
        if let shard, selection.indices.isEmpty {
            throw UsageError("--shard \(shard): the scene has \(counted(source.frameCount, "frame")), so shard \(shard) would be empty; "
                + "use at most \(source.frameCount) shards")
        }
        let writer = VideoWriter(source: source, format: format, quality: quality ?? .high)
        let summary = try reportingProgress(task: format.rawValue, total: selection.indices.count,
                                            cancellation: pump.cancellation, known: path) { progress in
            let summary = try writer.write(selection.indices, with: pump, to: path) { done, total in
                progress.update(done: done, of: total)
            }
            if let shard { try VideoShard.writeManifest(writer, shard: shard, videoPath: path) }
            return summary
        }
        if !quiet {
            let kib = Double(summary.bytes) / 1024
            print("\(counted(summary.frames, "frame")) (\(summary.pixelWidth)×\(summary.pixelHeight) px"
                + (summary.alpha ? ", with alpha" : "") + (summary.resampledFPS.map { ", resampled to \(fmt($0)) fps" } ?? "")
                + ") → \(summary.path) "
                + String(format: "in %.2f s, %.1f frames/s, %.1f KiB", summary.seconds,
                         Double(summary.frames) / max(summary.seconds, 1e-9), kib)
                + (summary.reused > 0 ? ", \(summary.reused) reused" : ""))
        }
        if timings { printTimings(summary.timings, frames: summary.frames) }
    }
}

/// `--format` values: PNG frames or one of the video formats.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case png, mp4, webm, mov, gif, apng, webp
    var video: VideoFormat? { VideoFormat(rawValue: rawValue) }
}

extension VideoQuality: ExpressibleByArgument {}
