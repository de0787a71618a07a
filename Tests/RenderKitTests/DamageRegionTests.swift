import Foundation
import Geometry
import Frames
import SwiftSource
@testable import RenderKit
import TestSupport
import XCTest

/// Drawing only what changed (`FrameOptions.drawChangesOnly`, the default) must give exactly the pixels of a full
/// redraw. Checked on every scene in `Scenes/` (and the benchmark workload), frame by frame, against drawers that
/// redraw everything: the two are independent paths through Cairo (a full canvas vs pieces pasted over the previous
/// frame), so a damage rectangle that misses a changed pixel, or a piece whose edge changes Cairo's coverage, shows up
/// as a byte that differs.
final class DamageRegionTests: XCTestCase {
    /// Every scene of the repository and the benchmark workload.
    static var scenes: [String] {
        let root = URL(fileURLWithPath: referenceScenePath(""))
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { $0.hasSuffix(".json") && $0 != "scene.schema.json" && !$0.hasSuffix(".test.json") }.sorted()
        return names.map { root.appendingPathComponent($0).path }
            + [root.deletingLastPathComponent().appendingPathComponent("Benchmarks/glow-unlock.json").path]
    }

    static func drawer(_ path: String, changesOnly: Bool, fps: Double, scale: Double) throws -> FrameDrawer {
        var options = FrameOptions()
        options.fps = fps
        options.scale = scale
        options.drawChangesOnly = changesOnly
        // Frame reuse would hide the rasterizer behind the drawer's own cache of equal display lists.
        options.reuseFrames = false
        SwiftSceneTranslator.install() // the scenes with a SwiftUI body
        return try FrameSource(try LoadedScene.load(path: path), options: options).drawer()
    }

    /// Every frame of every scene, in order, at 10 fps and 1 pixel per point: byte-identical to a full redraw. (10 fps
    /// keeps the debug build's time down; the next test takes neighbouring frames at full rate and scale.)
    /// The scenes run side by side (each with its own drawers), one per core.
    func testEveryReferenceSceneFrameEqualsAFullRedraw() throws {
        let scenes = Self.scenes
        XCTAssertGreaterThan(scenes.count, 15, "the scenes were not found")
        SwiftSceneTranslator.install()
        let found = Findings()
        DispatchQueue.concurrentPerform(iterations: scenes.count) { k in
            let name = URL(fileURLWithPath: scenes[k]).lastPathComponent
            do {
                let changes = try Self.drawer(scenes[k], changesOnly: true, fps: 10, scale: 1)
                let full = try Self.drawer(scenes[k], changesOnly: false, fps: 10, scale: 1)
                var differing: [Int] = []
                for i in 0..<changes.source.frameCount where try changes.frame(i).image != full.frame(i).image {
                    differing.append(i)
                }
                if !differing.isEmpty { found.add("\(name): frames \(differing) drawn from their changes differ from full redraws") }
            } catch {
                found.add("\(name): \(error)")
            }
        }
        XCTAssertEqual(found.lines, [])
    }

    /// What threads found, in a stable order.
    final class Findings: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [String] = []
        func add(_ line: String) { lock.lock(); found.append(line); lock.unlock() }
        var lines: [String] { lock.lock(); defer { lock.unlock() }; return found.sorted() }
    }

    /// Frames `range` of `path`, drawn in order by a drawer that draws changes only and one that redraws everything,
    /// on as many threads as there are cores: each piece of the range starts with its own pair of drawers (its first
    /// frame drawn whole, the rest in pieces). What differs, per frame.
    static func compareInPieces(_ path: String, fps: Double, scale: Double, frames: [Int]) -> [String] {
        let found = Findings()
        let pieces = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))
        let size = (frames.count + pieces - 1) / pieces
        DispatchQueue.concurrentPerform(iterations: pieces) { k in
            let mine = frames.dropFirst(k * size).prefix(size)
            guard !mine.isEmpty else { return }
            do {
                let changes = try Self.drawer(path, changesOnly: true, fps: fps, scale: scale)
                let full = try Self.drawer(path, changesOnly: false, fps: fps, scale: scale)
                for i in mine {
                    let d = try Self.difference(changes.frame(i).image, full.frame(i).image)
                    if d != "same" { found.add("frame \(i): \(d)") }
                }
            } catch {
                found.add("\(error)")
            }
        }
        return found.lines
    }

    /// The unlock scene at 60 fps and 2 pixels per point, frames 30–110 (the charge and the early release): small
    /// changes between neighbouring frames, so most frames are drawn in pieces.
    func testUnlockAtFullScaleEqualsAFullRedraw() throws {
        XCTAssertEqual(Self.compareInPieces(referenceScenePath("unlock.json"), fps: 60, scale: 2, frames: Array(30...110)), [])
    }

    /// Frames asked for in a shuffled order (each drawn over whatever frame came before it) are the frames drawn in
    /// order from scratch.
    func testFramesInAnyOrderEqualFullRedraws() throws {
        let path = referenceScenePath("dive-deeper.json")
        let count = try Self.drawer(path, changesOnly: true, fps: 30, scale: 1).source.frameCount
        var generator = SeededGenerator(seed: 15)
        let order = Array(0..<count).shuffled(using: &generator)
        XCTAssertEqual(Self.compareInPieces(path, fps: 30, scale: 1, frames: order), [], "dive-deeper after a shuffle")
    }

    /// `RenderedFrame.changed` (what the mp4 encoder converts again) covers every pixel that differs from the drawer's
    /// previous frame, and a conversion to yuv420p updated only there equals a whole conversion, frame after frame: the
    /// differences are found here by comparing the pixels, independently of the damage rectangles.
    func testChangedRectanglesCoverEveryChangedPixelAndTheVideoConversionFollowsThem() throws {
        let names = ["unlock.json", "slide-to-unlock.json"]
        let found = Findings()
        // The two scenes side by side, each with its own drawer.
        DispatchQueue.concurrentPerform(iterations: names.count) { k in
            do { try Self.checkChangedRectangles(names[k], found) } catch { found.add("\(names[k]): \(error)") }
        }
        XCTAssertEqual(found.lines, [])
    }

    static func checkChangedRectangles(_ name: String, _ found: Findings) throws {
        var options = FrameOptions()
        options.fps = 20
        let drawer = try FrameSource(try LoadedScene.load(path: referenceScenePath(name)), options: options).drawer()
        var previous: RGBAImage?
        var updated: [UInt8] = []
        var partial = 0, reused = 0
        for i in 0..<drawer.source.frameCount {
            let frame = try drawer.frame(i)
            if let previous, let changed = frame.changed {
                if frame.reused {
                    if !changed.isEmpty { found.add("\(name) frame \(i): a reused frame lists changes \(changed)") }
                    reused += 1
                } else { partial += 1 }
                var outside = 0
                previous.pixels.withUnsafeBufferPointer { old in
                    frame.image.pixels.withUnsafeBufferPointer { new in
                        for p in 0..<(previous.width * previous.height) {
                            let x = p % previous.width, y = p / previous.width
                            if old[4 * p] != new[4 * p] || old[4 * p + 1] != new[4 * p + 1]
                                || old[4 * p + 2] != new[4 * p + 2] || old[4 * p + 3] != new[4 * p + 3],
                               !changed.contains(where: { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }) {
                                outside += 1
                            }
                        }
                    }
                }
                if outside > 0 { found.add("\(name) frame \(i): \(outside) changed pixels outside \(changed)") }
                YUV420Conversion.convert(frame.image, into: &updated, changed: changed)
            } else {
                YUV420Conversion.convert(frame.image, into: &updated)
            }
            var whole: [UInt8] = []
            YUV420Conversion.convert(frame.image, into: &whole)
            if updated != whole { found.add("\(name) frame \(i): the updated conversion differs from a whole one") }
            previous = frame.image
        }
        if partial <= 5 { found.add("\(name): too few frames drawn in pieces (\(partial)) for the test to mean anything") }
        if name == "unlock.json" && reused <= 5 { found.add("unlock holds frames, but only \(reused) were reused") }
    }

    /// A targeted case of the rule that a damage rectangle grows until no shape drawn straight onto the canvas crosses
    /// its edge: a half-transparent, pixel-aligned square (its damage is its own box, old and new) slides diagonally
    /// over the anti-aliased edges of a stroked circle and a rotated rectangle, drawn straight onto the canvas. A piece
    /// that cut their outlines at its edge would give some edge pixels other coverage than a full redraw does
    /// (measured with the growing left out: 1–6 pixels off in most of the 30 frames).
    func testShapesCrossingADamageEdgeAreRedrawnWhole() throws {
        let loaded = try loadScene("""
        {"scene": 1, "canvas": {"width": 120, "height": 80, "background": "#202020"}, "duration": 1, "fps": 30,
         "state": {"x": -50},
         "body": {"type": "zstack", "children": [
           {"type": "circle", "stroke": {"paint": "#F0F0F0", "width": 3.3}, "frame": {"width": 61.3, "height": 61.3},
            "offset": {"x": -20.35, "y": 3.2}},
           {"type": "rect", "fill": "#C0C0F0", "rotation": 17, "frame": {"width": 50.3, "height": 30.3},
            "offset": {"x": 25.35, "y": 3.2}},
           {"type": "rect", "fill": "#FF000080", "frame": {"width": 14, "height": 14}, "offset": {"x": "=x", "y": "=x / 3"}}]},
         "timeline": [{"at": 0, "set": {"x": 50}, "animation": {"linear": 1}}]}
        """)
        var options = FrameOptions()
        options.reuseFrames = false
        let changes = try FrameSource(loaded, options: options).drawer()
        options.drawChangesOnly = false
        let full = try FrameSource(loaded, options: options).drawer()
        var differing: [String] = []
        for i in 0..<changes.source.frameCount {
            let d = try Self.difference(changes.frame(i).image, full.frame(i).image)
            if d != "same" { differing.append("frame \(i): \(d)") }
        }
        XCTAssertEqual(differing, [], "frames drawn from their changes differ from full redraws")
    }

    /// "same", or how many pixels differ and where the first one is.
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> String {
        guard a.width == b.width, a.height == b.height else { return "\(a.width)×\(a.height) vs \(b.width)×\(b.height)" }
        if a == b { return "same" }
        var count = 0, first: (Int, Int)?
        for p in 0..<(a.width * a.height) where a.pixels[4 * p..<4 * p + 4] != b.pixels[4 * p..<4 * p + 4] {
            count += 1
            if first == nil { first = (p % a.width, p / a.width) }
        }
        guard let first else { return "same" }
        return "\(count) pixels differ, the first at (\(first.0), \(first.1))"
    }
}
