import Formats
import Foundation
import Frames
import ImageIO

/// One chunk of a sharded video render (`render SCENE --shard K/N --format mp4 --out chunk-K.mp4`): shard K's frames
/// encoded on their own, and `manifest.shard-K-of-N.json` (a `VideoChunkManifest`) beside the file.
public enum VideoShard {
    /// Whether chunks of `format` can be joined by copying their packets. H.264, VP9 and ProRes chunks each start
    /// with a keyframe and carry no state across files; a GIF's chunks each have their own palette, APNG numbers its
    /// frames across the whole file, and ffmpeg cannot read animated WebP back: those need one encode of all frames.
    public static func joinable(_ format: VideoFormat) -> Bool {
        switch format {
        case .mp4, .webm, .mov: return true
        case .gif, .apng, .webp: return false
        }
    }

    /// The shard manifest's path for a chunk written to `videoPath`: in the same folder.
    public static func manifestPath(forChunk videoPath: String, shard: ShardSelection) -> String {
        let folder = (videoPath as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + shard.manifestName
    }

    /// Writes the manifest of the chunk at `videoPath`, which holds `writer`'s frames `shard.frames(of:)`.
    public static func writeManifest(_ writer: VideoWriter, shard: ShardSelection, videoPath: String) throws {
        let frames = shard.frames(of: writer.source.frameCount)
        let manifest = VideoChunkManifest(
            header: RenderHeader(writer.source), shard: shard.number,
            video: .init(format: writer.format.rawValue, quality: writer.quality.rawValue, alpha: writer.alpha),
            chunk: .init(file: (videoPath as NSString).lastPathComponent, firstFrame: frames.lowerBound, frames: frames.count))
        try writeFileAtomically(try OrderedJSONEncoder().encodeBytes(manifest), to: manifestPath(forChunk: videoPath, shard: shard))
    }
}
