import Formats
import Frames
import Foundation
import ImageIO
import SceneModel

/// A `manifest.shard-K-of-N.json` as `render merge` reads it: a shard of PNG frames or a chunk of a video, decoded
/// (`ShardManifestFile`) and checked, with the file and its folder.
enum ShardFile {
    case frames(Frames)
    case video(Video)

    /// A shard of PNG frames.
    struct Frames: ShardPart {
        var path: String
        var folder: String
        var manifest: Manifest
        var shard: ShardSelection
        var header: RenderHeader { manifest.header }
    }

    /// A video chunk.
    struct Video: ShardPart {
        var path: String
        var folder: String
        var manifest: VideoChunkManifest
        var shard: ShardSelection
        var format: VideoFormat
        var header: RenderHeader { manifest.header }
        var chunkPath: String { folder + "/" + manifest.chunk.file }
    }

    /// The manifest at `path` (in `folder`); a file that cannot be read, is not JSON or not a shard manifest is refused
    /// with its name and what is wrong.
    static func read(_ path: String, folder: String) throws(ShardMergeError) -> ShardFile {
        let bytes: [UInt8]
        do { bytes = try readFileBytes(at: path) } catch { throw ShardMergeError("cannot read \(path): \(explain(error))") }
        let file: ShardManifestFile
        do { file = try FormatFile.decode(ShardManifestFile.self, from: Data(bytes), path: path) } catch {
            throw ShardMergeError(error.description)
        }
        switch file {
        case .frames(var manifest):
            manifest.header = inFileOrder(manifest.header, bytes)
            return .frames(Frames(path: path, folder: folder, manifest: manifest, shard: try selection(manifest.shard, path)))
        case .video(var manifest):
            manifest.header = inFileOrder(manifest.header, bytes)
            guard let format = VideoFormat(rawValue: manifest.video.format) else {
                let name = TextEscaping.jsonString(manifest.video.format)
                throw ShardMergeError("\(path): video.format: \(name) is not a video format")
            }
            let file = manifest.chunk.file
            guard !file.isEmpty, !file.contains("/"), !file.hasPrefix(".") else {
                let name = TextEscaping.jsonString(file)
                throw ShardMergeError("\(path): chunk.file: \(name) is not the name of a file beside the manifest")
            }
            guard manifest.header.fps > 0 else { throw ShardMergeError("\(path): fps: must be positive") }
            return .video(Video(path: path, folder: folder, manifest: manifest, shard: try selection(manifest.shard, path),
                                format: format))
        }
    }

    /// The shard a manifest says it is, when it is one `--shard` can name.
    static func selection(_ number: ShardNumber?, _ path: String) throws(ShardMergeError) -> ShardSelection {
        guard let number, let selection = ShardSelection(index: number.index, count: number.count) else {
            throw ShardMergeError("\(path): shard: not a shard K/N with 1 ≤ K ≤ N ≤ 10000")
        }
        return selection
    }

    /// `header` with its `--set` values in the order the file lists them: JSONDecoder keeps no member order, and a
    /// merged manifest must list them as the shards do (the scene's order), to be the unsharded render's byte for byte.
    /// The scene parser keeps the order, so it reads the member names again.
    static func inFileOrder(_ header: RenderHeader, _ bytes: [UInt8]) -> RenderHeader {
        guard let overrides = header.overrides, let members = (try? JSONParser.parse(bytes: bytes))?["overrides"] else { return header }
        var ordered = header
        ordered.overrides = overrides.ordered(like: (state: members["state"]?.members?.map(\.key) ?? [],
                                                     colors: members["colors"]?.members?.map(\.key) ?? []))
        return ordered
    }
}

/// What `ShardMerge.inOrder` needs of a shard's manifest, PNG frames or a video chunk.
protocol ShardPart {
    var path: String { get }
    var shard: ShardSelection { get }
    /// What was rendered: equal for the shards of one render.
    var header: RenderHeader { get }
}
