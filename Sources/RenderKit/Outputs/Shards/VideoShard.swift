import Foundation
import Frames
import ImageIO

/// One chunk of a sharded video render (`render SCENE --shard K/N --format mp4 --out chunk-K.mp4`): shard K's frames
/// encoded on their own, and `manifest.shard-K-of-N.json` beside the file. The manifest starts with the lines every
/// manifest starts with (scene, fps, frame count, size, scale), so chunks of different renders are told apart as PNG
/// shards are, then the shard line, then what `render merge` needs to join the chunks without re-encoding: the
/// format, quality and alpha (which must agree) and the chunk's file and frames.
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
        var s = Manifest.header(writer.source)
        s += "  \"shard\": {\"index\": \(shard.index), \"count\": \(shard.count)},\n"
        s += "  \"video\": {\"format\": \(jsonString(writer.format.rawValue)), \"quality\": \(jsonString(writer.quality.rawValue)), "
        s += "\"alpha\": \(writer.alpha)},\n"
        s += "  \"chunk\": {\"file\": \(jsonString((videoPath as NSString).lastPathComponent)), "
        s += "\"firstFrame\": \(frames.lowerBound), \"frames\": \(frames.count)}\n}\n"
        try writeFileAtomically(Array(s.utf8), to: manifestPath(forChunk: videoPath, shard: shard))
    }

    /// One parsed chunk manifest.
    struct Parsed {
        var path: String
        var folder: String
        /// The text before the `"shard"` line, which chunks of one render share.
        var header: String
        /// The `"video"` line: format, quality and alpha, which chunks of one video share.
        var video: String
        var shard: ShardSelection
        var scene: String
        var fps: Double
        var frameCount: Int
        var format: VideoFormat
        var file: String
        var firstFrame: Int
        var frames: Int
        var chunkPath: String { folder + "/" + file }
    }

    /// Whether the shard manifest at `path` describes a video chunk rather than PNG frames.
    static func isChunkManifest(_ object: [String: Any]) -> Bool { object["chunk"] != nil }

    static func parse(_ path: String, folder: String, text: String, object: [String: Any]) throws(ShardMergeError) -> Parsed {
        guard let shardLine = text.range(of: "  \"shard\": {"), let videoLine = text.range(of: "  \"video\": {"),
              let videoEnd = text[videoLine.upperBound...].range(of: "\n"),
              let shard = object["shard"] as? [String: Any],
              let k = (shard["index"] as? NSNumber)?.intValue, let n = (shard["count"] as? NSNumber)?.intValue,
              let selection = ShardSelection(index: k, count: n),
              let scene = object["scene"] as? String,
              let fps = (object["fps"] as? NSNumber)?.doubleValue, fps > 0,
              let frameCount = (object["frameCount"] as? NSNumber)?.intValue,
              let video = object["video"] as? [String: Any], let formatName = video["format"] as? String,
              let format = VideoFormat(rawValue: formatName),
              let chunk = object["chunk"] as? [String: Any], let file = chunk["file"] as? String,
              !file.isEmpty, !file.contains("/"), !file.hasPrefix("."),
              let first = (chunk["firstFrame"] as? NSNumber)?.intValue, let count = (chunk["frames"] as? NSNumber)?.intValue
        else {
            throw ShardMergeError("\(path): not a valid video chunk manifest")
        }
        return Parsed(path: path, folder: folder, header: String(text[..<shardLine.lowerBound]),
                      video: String(text[videoLine.lowerBound..<videoEnd.lowerBound]), shard: selection, scene: scene,
                      fps: fps, frameCount: frameCount, format: format, file: file, firstFrame: first, frames: count)
    }
}
