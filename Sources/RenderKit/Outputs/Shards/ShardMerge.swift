import Formats
import Foundation
import Frames
import ImageIO

/// `render merge`: joins the shard manifests of one render (in one folder or several) into manifest.json, after
/// checking that all N shards are there, agree on the scene and its settings, and together hold every frame exactly
/// once, with every frame file present (and, with `verify`, with the pixels its hash says).
public enum ShardMerge {
    /// What a merge did.
    public struct Summary: Sendable {
        public var shards: Int
        public var frames: Int
        /// Frame files copied into the output folder from other folders.
        public var copied: Int
        /// The merged manifest.json, or the joined video file.
        public var manifestPath: String
        /// The format of the joined video; nil for PNG frames.
        public var video: VideoFormat? = nil
    }

    /// Merges the shards found in `folders`. PNG shards go into the folder `output` (default: the first folder; frames
    /// from other folders are copied there). Video chunks are joined into one file: `output` when it names a file of
    /// their format, else `<output or the first folder>/<scene>.<ext>`. Both kinds at once are refused.
    public static func merge(folders: [String], into output: String?, verify: Bool = false) throws(ShardMergeError) -> Summary {
        var parsed: [ShardFile.Frames] = []
        var chunks: [ShardFile.Video] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasPrefix("manifest.shard-") && name.hasSuffix(".json") {
                switch try ShardFile.read(folder + "/" + name, folder: folder) {
                case .frames(let shard): parsed.append(shard)
                case .video(let chunk): chunks.append(chunk)
                }
            }
        }
        if let p = parsed.first, let c = chunks.first {
            throw ShardMergeError("\(p.path) lists PNG frames but \(c.path) a \(c.format.rawValue) chunk: merge one render at a time")
        }
        if !chunks.isEmpty {
            return try VideoShardMerge.merge(chunks, into: output, defaultFolder: folders.first ?? ".", verify: verify)
        }
        guard let first = parsed.first else {
            throw ShardMergeError("no shard manifests (manifest.shard-K-of-N.json) in \(folders.joined(separator: ", "))")
        }
        let output = output ?? folders.first ?? first.folder
        let ordered = try inOrder(parsed)
        // Every frame exactly once.
        let frameCount = first.header.frameCount
        var owner = [String?](repeating: nil, count: frameCount)
        var entries = [(file: FrameFileName, hash: String, folder: String)?](repeating: nil, count: frameCount)
        for p in ordered {
            for f in p.manifest.frames {
                guard f.index >= 0 && f.index < frameCount else {
                    throw ShardMergeError("\(p.path): frame \(f.index) is outside 0…\(frameCount - 1)")
                }
                if let o = owner[f.index] { throw ShardMergeError("frame \(f.index) is in two shards: \(o) and \(p.path)") }
                owner[f.index] = p.path
                entries[f.index] = (f.file, f.hash, p.folder)
            }
        }
        let lacking = (0..<frameCount).filter { entries[$0] == nil }
        guard lacking.isEmpty else {
            let list = lacking.prefix(10).map(String.init).joined(separator: ", ") + (lacking.count > 10 ? ", …" : "")
            throw ShardMergeError("\(lacking.count) frame\(lacking.count == 1 ? " is" : "s are") in no shard: \(list)")
        }
        do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
            throw ShardMergeError("cannot create \(output): \(explain(error, known: output))")
        }
        var copied = 0
        var frames: [Manifest.Frame] = []
        for i in 0..<frameCount {
            guard let e = entries[i] else { continue }
            let source = e.folder + "/" + e.file.description
            guard FileManager.default.fileExists(atPath: source) else {
                throw ShardMergeError("frame \(i): \(source) is listed in its shard manifest but does not exist")
            }
            if verify {
                let hash: String
                do { hash = pixelHash(try PNGDecoder().decode(contentsOf: source)) } catch {
                    throw ShardMergeError("frame \(i): \(source): \(error)")
                }
                guard hash == e.hash else { throw ShardMergeError("frame \(i): \(source) does not have the pixels its manifest hash says") }
            }
            if !sameFolder(e.folder, output) {
                do { try writeFileAtomically(try readFileBytes(at: source), to: output + "/" + e.file.description) } catch {
                    throw ShardMergeError("cannot copy \(source): \(explain(error))")
                }
                copied += 1
            }
            frames.append(Manifest.Frame(index: i, file: e.file, hash: e.hash))
        }
        try copyEvents(from: ordered.map(\.folder), to: output)
        // The shards' header and hash name with every frame: manifest.json as the unsharded render writes it.
        // Its environment: the first shard's libraries with every shard's fonts (each lists those its frames used).
        let environment = ordered.compactMap(\.manifest.environment).reduce(nil as RenderEnvironment?) { all, e in
            all.map { $0.addingFonts(of: e) } ?? e
        }
        let manifest = Manifest(header: first.header, hash: first.manifest.hash, environment: environment, frames: frames)
        let path = output + "/manifest.json"
        do { try writeFileAtomically(try OrderedJSONEncoder().encodeBytes(manifest), to: path) } catch {
            throw ShardMergeError("cannot write \(path): \(explain(error, known: path))")
        }
        return Summary(shards: ordered.count, frames: frameCount, copied: copied, manifestPath: path)
    }

    /// The shards 1…N of one render in order, after checking that they agree on N and on their header (scene and
    /// settings), and that each appears exactly once.
    static func inOrder<Part: ShardPart>(_ parts: [Part]) throws(ShardMergeError) -> [Part] {
        guard let first = parts.first else { return [] }
        let n = first.shard.count
        var byIndex: [Int: Part] = [:]
        for p in parts {
            guard p.shard.count == n else {
                throw ShardMergeError("\(p.path) is shard \(p.shard) but \(first.path) is shard \(first.shard): different shard counts")
            }
            guard p.header == first.header else {
                throw ShardMergeError("\(p.path) and \(first.path) come from different renders (scene, fps, size, scale or --set values differ)")
            }
            if let other = byIndex[p.shard.index] {
                throw ShardMergeError("shard \(p.shard) appears twice: \(other.path) and \(p.path)")
            }
            byIndex[p.shard.index] = p
        }
        let absent = (1...n).filter { byIndex[$0] == nil }
        guard absent.isEmpty else {
            throw ShardMergeError("missing shard\(absent.count == 1 ? "" : "s") \(absent.map { "\($0)/\(n)" }.joined(separator: ", "))")
        }
        return (1...n).compactMap { byIndex[$0] }
    }

    /// Every shard writes the same events.json (each simulates the whole timeline); check that and keep one.
    static func copyEvents(from folders: [String], to output: String) throws(ShardMergeError) {
        let texts = Set(folders).compactMap { FileManager.default.contents(atPath: $0 + "/events.json") }
        guard let one = texts.first else { return }
        guard texts.allSatisfy({ $0 == one }) else { throw ShardMergeError("the shards' events.json files differ") }
        do { try writeFileAtomically(Array(one), to: output + "/events.json") } catch {
            throw ShardMergeError("cannot write \(output)/events.json: \(explain(error))")
        }
    }

    static func sameFolder(_ a: String, _ b: String) -> Bool {
        URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath().path
            == URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
