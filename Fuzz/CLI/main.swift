import Foundation
import FuzzSupport
import RenderCLI

// Any command line → `RenderCLI.run`, in process: an exit status, never a crash, a hang or a write
// outside the working folder. The input is split at newlines into arguments (libFuzzer's dictionary,
// Fuzz/cli.dict, holds the subcommands, every option and a few values, each ending in a newline). The
// target works in a folder of its own holding a small animated scene `s.json` (0.2 s, 40×30 pt) and a
// rendered copy of it in `ref/`, so `render s.json …`, `diff ref out`, `test s.json --golden ref`,
// `merge` and `strip` reach their real work on cheap inputs. What a run writes is removed after it.
//
// Left out, because they wait by design: `render watch` (a server that runs until Ctrl-C; its help and
// usage errors are still fuzzed); and a second Ctrl-C's `_exit`, which only a signal reaches. Long renders are bounded by the scene's length
// and the options' own limits (--fps ≤ 240, --scale ≤ 8: at most 48 frames of 320×240 px). The scene is short because
// every kept input replays in the test suite's debug build (Tests/CLITests/FuzzCorpusTests.swift), where its frames were
// most of the replay's time: at 0.5 s the command-line corpus took about 290 ms an input.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-fuzz-cli-\(getpid())")
let fm = FileManager.default
try? fm.removeItem(at: folder)
try! fm.createDirectory(at: folder, withIntermediateDirectories: true)
// Each input runs with the fixture folder as the working folder, and the driver's is restored after
// it, since libFuzzer writes its corpus relative to that (crash files go to an absolute -artifact_prefix).
let home = fm.currentDirectoryPath
func inFixture<T>(_ body: () -> T) -> T {
    precondition(fm.changeCurrentDirectoryPath(folder.path), "cannot enter \(folder.path)")
    defer { precondition(fm.changeCurrentDirectoryPath(home), "cannot go back to \(home)") }
    return body()
}
let scene = """
{
  "scene": 1, "name": "s",
  "canvas": {"width": 40, "height": 30, "scale": 1, "background": "#101018"},
  "fps": 60, "duration": 0.2,
  "state": {"on": false},
  "body": {"type": "zstack", "children": [
    {"type": "roundedRect", "cornerRadius": 4, "fill": "#8A7CFF", "frame": {"width": "=on ? 30 : 10", "height": 8},
     "shadows": [{"color": "#8A7CFF", "radius": 3}]},
    {"type": "text", "text": "{=Int(on ? 1 : 0)}", "font": {"size": 8}, "fill": "#FFFFFF"}
  ]},
  "timeline": [{"at": 0.05, "set": {"on": true}, "animation": {"spring": {"response": 0.3}}}]
}
"""
try! scene.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
precondition(inFixture { RenderCLI.run(["s.json", "--out", "ref", "--quiet"]) } == 0, "the fixture scene must render")
let keep: Set<String> = ["s.json", "ref"]

FuzzDriver.run { bytes in
    let arguments = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard arguments.count <= 24 else { return }
    // `watch` with a scene would serve until stopped; with --help or -h it only prints.
    if arguments.first == "watch", !arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return }
    let status = inFixture { RenderCLI.run(arguments) }
    precondition((0...2).contains(status), "exit status \(status) for \(arguments)")
    for name in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] where !keep.contains(name) {
        try? fm.removeItem(at: folder.appendingPathComponent(name))
    }
}
