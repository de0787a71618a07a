import Foundation
import Frames
import ImageIO

/// A shard's manifest: manifest.json's text with a `"shard": {"index": K, "count": N}` line before the frame list,
/// which lists only the shard's frames. `render merge` takes the lines before `"shard"` verbatim, so the merged
/// manifest.json is byte for byte the one an unsharded render writes.
public enum ShardManifest {
    static func json(_ manifest: String, shard: ShardSelection) -> String {
        guard let r = manifest.range(of: "  \"frames\": [") else { return manifest }
        return String(manifest[..<r.lowerBound]) + "  \"shard\": {\"index\": \(shard.index), \"count\": \(shard.count)},\n"
            + String(manifest[r.lowerBound...])
    }

    /// One parsed shard manifest.
    struct Parsed {
        var folder: String
        var path: String
        /// The text before the `"shard"` line: everything the merged manifest starts with.
        var header: String
        var shard: ShardSelection
        var frameCount: Int
        var frames: [(index: Int, file: String, hash: String)]
    }

    static func parse(_ path: String, folder: String) throws(ShardMergeError) -> Parsed {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8),
              let shardLine = text.range(of: "  \"shard\": {") else {
            throw ShardMergeError("\(path): cannot read it, or it is not a shard manifest")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let shard = object["shard"] as? [String: Any],
              let k = (shard["index"] as? NSNumber)?.intValue, let n = (shard["count"] as? NSNumber)?.intValue,
              let selection = ShardSelection(index: k, count: n),
              let frameCount = (object["frameCount"] as? NSNumber)?.intValue,
              let frames = object["frames"] as? [[String: Any]] else {
            throw ShardMergeError("\(path): not a valid shard manifest")
        }
        var list: [(Int, String, String)] = []
        for f in frames {
            guard let i = (f["index"] as? NSNumber)?.intValue, let file = f["file"] as? String, let hash = f["hash"] as? String,
                  !file.contains("/"), !file.hasPrefix(".") else {
                throw ShardMergeError("\(path): a frame entry lacks index, file or hash")
            }
            list.append((i, file, hash))
        }
        return Parsed(folder: folder, path: path, header: String(text[..<shardLine.lowerBound]), shard: selection,
                      frameCount: frameCount, frames: list)
    }
}

/// Why shards cannot be merged.
public struct ShardMergeError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
