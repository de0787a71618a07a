import Foundation
import Frames
import GoldenTesting
import RenderKit

/// What `render watch` tells on standard output: lines for people, or with `--progress json` one JSON object per
/// line for scripts, the first of them always the address (`{"event": "listening", "url": …, "port": …}`), then
/// `render` (why it renders again) and `rendered` lines. `--quiet` (or `--progress none`) keeps only the address.
/// Problems of the scene go to standard error as located lines either way.
struct WatchOutput: Sendable {
    let style: ProgressReporter.Style
    let quiet: Bool

    func listening(_ url: String, port: Int) {
        if style == .json {
            json(["event": "listening", "url": url, "port": port])
        } else {
            say("render watch: serving \(url) (Ctrl-C stops)")
        }
    }

    /// Why the scene is rendered again.
    func rendering(because reason: String) {
        guard !quiet, style != .none else { return }
        if style == .json { json(["event": "render", "reason": reason]) } else { say("render watch: \(reason): rendering again") }
    }

    func rendered(frames: Int, seconds: Double, generation: Int, scale: Double, url: String) {
        guard !quiet, style != .none else { return }
        if style == .json {
            json(["event": "rendered", "frames": frames, "seconds": (seconds * 1000).rounded() / 1000, "render": generation,
                  "scale": scale])
        } else {
            say("render watch: \(counted(frames, "frame")) rendered in \(String(format: "%.1f", seconds)) s at "
                + "\(String(format: "%g", scale))× (render \(generation)) → \(url)")
        }
    }

    /// One JSON object on a line of its own (keys sorted, so the lines compare as text).
    private func json(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        say(String(decoding: data, as: UTF8.self))
    }
}
