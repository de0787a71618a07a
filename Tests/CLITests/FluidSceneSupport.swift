import Foundation
import Geometry
import Frames
import RenderKit
import SceneModel
import XCTest

/// Loading the repository's `Scenes/fluid-*.json`, optionally with their `input` replaced, and
/// reading where a view is drawn.
enum FluidScenes {
    /// The package's `Scenes` folder, found from this file's path.
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenes")
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name + ".json"), encoding: .utf8)
    }

    /// A renderer for the scene as it is in the repository.
    static func renderer(_ name: String, showTouches: Bool = false) throws -> FrameSource {
        var options = FrameOptions()
        options.showTouches = showTouches
        return try FrameSource(LoadedScene.load(path: folder.appendingPathComponent(name + ".json").path), options: options)
    }

    /// A renderer for the scene with its `input` list replaced by `input` (JSON text). The fluid
    /// scenes end with their `input` list, so the text from `"input": [` to the last `]` is swapped.
    static func renderer(_ name: String, input: String) throws -> FrameSource {
        let original = try text(name)
        guard let start = original.range(of: "\"input\": ["), let end = original.range(of: "]", options: .backwards) else {
            // The scene changed shape: the tests that replace its input cannot run, which is a failure.
            throw NoInputList(scene: name)
        }
        let replaced = original[..<start.lowerBound] + "\"input\": " + input + original[end.upperBound...]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fluid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name + ".json").path
        try Data(replaced.utf8).write(to: URL(fileURLWithPath: path))
        return try FrameSource(LoadedScene.load(path: path), options: FrameOptions())
    }

    /// A fluid scene without the `"input": [` list its tests replace.
    struct NoInputList: Error, CustomStringConvertible {
        var scene: String
        var description: String { "\(scene).json has no \"input\": [ … ] list to replace" }
    }

    /// The resolved view with `identity` at frame `i` (offset, scale, rotation as drawn).
    static func view(_ identity: String, in r: FrameSource, frame i: Int) -> ResolvedView? {
        func find(_ v: ResolvedView) -> ResolvedView? {
            if v.identity == identity { return v }
            for c in v.children { if let f = find(c) { return f } }
            return nil
        }
        return r.state(i).root.flatMap(find)
    }

    /// The drawn offset of view `identity` at `time` seconds (any time, not only frame times).
    static func offset(_ identity: String, in r: FrameSource, time: Double) throws -> Point {
        func find(_ v: ResolvedView) -> ResolvedView? {
            if v.identity == identity { return v }
            for c in v.children { if let f = find(c) { return f } }
            return nil
        }
        return try XCTUnwrap(r.state(at: time).root.flatMap(find), "no view \(identity) at \(time) s").modifiers.offset
    }

    /// The drawn offset of view `identity` at frame `i`.
    static func offset(_ identity: String, in r: FrameSource, frame i: Int) throws -> Point {
        try XCTUnwrap(view(identity, in: r, frame: i), "no view \(identity) at frame \(i)").modifiers.offset
    }

    /// The scripted drag's position profile s(u) = (3u² − u³)/2 (the scene format's rule, written out here).
    static func profile(_ u: Double) -> Double { (3 * u * u - u * u * u) / 2 }

    /// UIScrollView-style projection: distance travelled from v pt/s decelerating at `rate` per ms.
    static func project(_ v: Double, rate: Double = 0.998) -> Double { v / 1000 * rate / (1 - rate) }

    /// When a scripted input time takes effect, by the scene format's rule written out here: a time
    /// within 50 µs of a frame time k / fps (a frame time written to four decimals) is that frame time;
    /// one already on that frame's microsecond is kept as written.
    static func scriptTime(_ at: Double, fps: Double = 60) -> Double {
        let k = (at * fps).rounded()
        let off = abs((at * 1e6).rounded() - (k * 1e6 / fps).rounded())
        return off > 0 && off <= 50 ? k / fps : at
    }

    static func nearest(_ x: Double, _ options: [Double]) -> Double {
        options.min { abs($0 - x) < abs($1 - x) } ?? x
    }
}
