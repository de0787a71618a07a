import ArgumentParser
import RenderKit

/// `render merge FOLDER…`: joins the shards of a `--shard K/N` render into one manifest.json.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join the shards of a sharded render (manifest.shard-K-of-N.json) into manifest.json.",
        discussion: """
        Checks that all N shards are present, come from the same scene and settings, and hold every frame \
        exactly once with its file present, then writes manifest.json (and events.json) into --out, copying \
        frames there from the other folders. The result is byte for byte what an unsharded render writes.

        Examples:
          render merge shard1 shard2 shard3 shard4 --out Output/unlock
          render merge shard1 shard2 --verify

        Exit status: 0 merged, 1 shards missing, overlapping or inconsistent, 2 bad usage.
        """)

    @Argument(help: "Folders holding the shards' frames and manifests.", completion: .directory)
    var folders: [String]
    @Option(help: "Folder for the merged render (default: the first folder).")
    var out: String?
    @Flag(help: "Decode every frame and check its pixel hash against the manifest.")
    var verify = false
    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if folders.isEmpty { throw ValidationError("give at least one folder") }
    }

    func run() throws {
        let output = out ?? folders[0]
        do {
            let s = try ShardMerge.merge(folders: folders, into: output, verify: verify)
            if !quiet {
                print("merged \(counted(s.shards, "shard")): \(counted(s.frames, "frame")) → \(s.manifestPath)"
                    + (s.copied > 0 ? " (\(counted(s.copied, "frame")) copied)" : ""))
            }
        } catch {
            printError("render merge: \(explain(error))")
            throw ExitCode(1)
        }
    }
}
