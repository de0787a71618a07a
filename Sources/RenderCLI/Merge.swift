import ArgumentParser
import Frames
import GoldenTesting
import RenderKit

/// `render merge FOLDER…`: joins the shards of a `--shard K/N` render: PNG frames into one manifest.json, video
/// chunks into one file.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the shards of a sharded render (manifest.shard-K-of-N.json): PNG frames or video chunks.",
        discussion: """
        Checks that all N shards are present, come from the same scene and settings, and hold every frame \
        exactly once, then joins them.

        PNG shards: writes manifest.json (and events.json) into --out (default: the first folder), copying \
        frames there from the other folders. The result is byte for byte what an unsharded render writes.

        Video chunks (render SCENE --shard K/N --format mp4|webm|mov --out chunk-K.mp4): joins the chunks in \
        shard order with ffmpeg's concat demuxer, copying the encoded frames without re-encoding, into --out \
        (a file of the chunks' format, or a folder for <scene>.<ext>; default: the first folder). --verify \
        counts the joined file's frames with ffprobe.

        Examples:
          render merge shard1 shard2 shard3 shard4 --out Output/unlock
          render merge shard1 shard2 --verify
          render merge chunks/* --out Output/unlock.mp4 --verify

        Exit status: 0 merged, 1 shards missing, overlapping or inconsistent, 2 bad usage.
        """)

    @Argument(help: "Folders holding the shards' frames or chunks and their manifests.", completion: .directory)
    var folders: [String]
    @Option(help: "Folder for the merged render, or the joined video file (default: the first folder).")
    var out: String?
    @Flag(help: "PNG: decode every frame and check its pixel hash against the manifest. Video: count the joined file's frames.")
    var verify = false
    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if folders.isEmpty { throw ValidationError("give at least one folder") }
    }

    func run() throws {
        do {
            let s = try ShardMerge.merge(folders: folders, into: out, verify: verify)
            guard !quiet else { return }
            if let video = s.video {
                print("joined \(counted(s.shards, "\(video.rawValue) chunk")): \(counted(s.frames, "frame")) → \(s.manifestPath) "
                    + "(copied, not re-encoded)")
            } else {
                print("merged \(counted(s.shards, "shard")): \(counted(s.frames, "frame")) → \(s.manifestPath)"
                    + (s.copied > 0 ? " (\(counted(s.copied, "frame")) copied)" : ""))
            }
        } catch {
            printError("render merge: \(explain(error))")
            throw ExitCode(1)
        }
    }
}
