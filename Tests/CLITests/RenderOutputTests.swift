import Foundation
import ImageIO
import XCTest

/// What a render writes: frame files, manifest.json, events.json.
final class RenderOutputTests: CLITestCase {
    func testWritesEveryFrameWithFiveDigitNamesAndRGBWhenOpaqueAtCanvasTimesScale() throws {
        let scene = try writeScene(TinyScenes.moving)
        let out = path("out")
        try expect(0, [scene, "--out", out, "--quiet", "--scale", "2"])
        // 0.6 s × 60 fps = 36 frames.
        XCTAssertEqual(try files(in: out), (frameNames(0..<36) + ["events.json", "manifest.json"]).sorted())
        // PNG header read by hand: signature, then IHDR width, height (big-endian), bit depth 8, colour type 2 (RGB):
        // the background is opaque, so is every frame.
        let png = [UInt8](try bytes(out + "/frame_00000.png"))
        XCTAssertEqual(Array(png[0..<8]), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(String(decoding: png[12..<16], as: UTF8.self), "IHDR")
        let be = { (i: Int) in png[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(be(16), 80)
        XCTAssertEqual(be(20), 60)
        XCTAssertEqual(png[24], 8)
        XCTAssertEqual(png[25], 2)
    }

    /// With no background the canvas is transparent around the circle: colour type 6 (RGBA), alpha kept exactly.
    func testFramesWithTransparencyAreRGBA() throws {
        let scene = try writeScene(TinyScenes.moving.replacingOccurrences(of: ", \"background\": \"#000000\"", with: ""))
        let out = path("out")
        try expect(0, [scene, "--out", out, "--quiet"])
        let png = [UInt8](try bytes(out + "/frame_00000.png"))
        XCTAssertEqual(png[25], 6)
        let image = try PNGDecoder().decode(png)
        XCTAssertEqual(image.pixels[3], 0, "the corner is transparent")
        XCTAssertFalse(image.isOpaque)
    }

    func testManifestListsEveryFrameWithAHashThatFollowsThePixels() throws {
        let scene = try writeScene(TinyScenes.moving)
        let out = path("out")
        try expect(0, [scene, "--out", out, "--quiet"])
        let manifest = try json(out + "/manifest.json")
        XCTAssertEqual(manifest["fps"] as? Double, 60)
        XCTAssertEqual(manifest["frameCount"] as? Int, 36)
        XCTAssertEqual(manifest["width"] as? Int, 40)
        XCTAssertEqual(manifest["height"] as? Int, 30)
        let frames = try XCTUnwrap(manifest["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.count, 36)
        var hashes: [String] = []
        var pixels: [[UInt8]] = []
        for (i, f) in frames.enumerated() {
            XCTAssertEqual(f["index"] as? Int, i)
            XCTAssertEqual(f["file"] as? String, frameNames([i])[0])
            let h = try XCTUnwrap(f["hash"] as? String, "frame \(i) has no hash")
            XCTAssertFalse(h.isEmpty)
            hashes.append(h)
            pixels.append(try PNGDecoder().decode(contentsOf: out + "/" + frameNames([i])[0]).pixels)
        }
        // Equal hashes exactly when the decoded pixels are equal (the spring moves, so both cases occur).
        var equalPairs = 0, unequalPairs = 0
        for i in 0..<36 {
            for j in (i + 1)..<36 {
                XCTAssertEqual(hashes[i] == hashes[j], pixels[i] == pixels[j], "frames \(i) and \(j)")
                if pixels[i] == pixels[j] { equalPairs += 1 } else { unequalPairs += 1 }
            }
        }
        XCTAssertGreaterThan(equalPairs, 0)
        XCTAssertGreaterThan(unequalPairs, 0)
        // Before the spring starts (t < 0.1 s, frames 0–5) nothing moves.
        XCTAssertEqual(Set(hashes[0...5]).count, 1)
    }

    func testEventsCarryExactTimesAndTheFirstFrameThatShowsThem() throws {
        let scene = try writeScene(TinyScenes.moving)
        let out = path("out")
        try expect(0, [scene, "--out", out, "--quiet"])
        let events = try XCTUnwrap(try json(out + "/events.json")["events"] as? [[String: Any]])
        let go = try XCTUnwrap(events.first { $0["id"] as? String == "go" })
        XCTAssertEqual(go["time"] as? Double, 0.5)
        XCTAssertEqual(go["frame"] as? Int, 30)
        let ticks = events.filter { $0["kind"] as? String == "tick" }
        XCTAssertEqual(ticks.count, 5, "n goes 1 → 6 in five ticks")
        let fifth = try XCTUnwrap(ticks.first { $0["tick"] as? Int == 5 })
        XCTAssertEqual(try XCTUnwrap(fifth["time"] as? Double), 0.55, accuracy: 1e-9)
        XCTAssertEqual(fifth["frame"] as? Int, 33)
        // Every event's frame follows the microsecond rule: the first i with round(T·10⁶) ≤ round(i·10⁶ / fps).
        for e in events {
            let t = try XCTUnwrap(e["time"] as? Double)
            let us = (t * 1e6).rounded()
            let first = (0...).first { (Double($0) * 1e6 / 60).rounded() >= us }
            XCTAssertEqual(e["frame"] as? Int, first, "\(e)")
        }
    }

    func testFramesRangeWritesExactlyThoseFrames() throws {
        let scene = try writeScene(TinyScenes.moving)
        let out = path("out")
        try expect(0, [scene, "--out", out, "--quiet", "--frames", "2-4"])
        XCTAssertEqual(try files(in: out).filter { $0.hasSuffix(".png") }, frameNames(2...4))
    }

    func testAtWritesTheOneFrameShowingThatTime() throws {
        let scene = try writeScene(TinyScenes.moving)
        let still = path("still"), all = path("all")
        // 0.25 s × 60 fps = frame 15.
        try expect(0, [scene, "--out", still, "--quiet", "--at", "0.25"])
        XCTAssertEqual(try files(in: still).filter { $0.hasSuffix(".png") }, frameNames([15]))
        try expect(0, [scene, "--out", all, "--quiet"])
        XCTAssertEqual(try bytes(still + "/frame_00015.png"), try bytes(all + "/frame_00015.png"))
    }

    func testAForeignFileInTheOutputFolderSurvives() throws {
        let scene = try writeScene(TinyScenes.moving)
        let out = path("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let notes = Data("my notes\n".utf8)
        try notes.write(to: URL(fileURLWithPath: out + "/notes.txt"))
        try expect(0, [scene, "--out", out, "--quiet"])
        XCTAssertEqual(try bytes(out + "/notes.txt"), notes)
        XCTAssertTrue(try files(in: out).contains("frame_00035.png"))
    }
}
