import Foundation
import XCTest
import Formats

/// The manifests as types: written to the text the renderer has always written (spelled out here by hand), and
/// read back with JSONDecoder to the same values.
final class ManifestFormatTests: XCTestCase {
    let header = RenderHeader(scene: "un\"lock é", fps: 60, frameCount: 3, duration: 2.345049615227991, width: 780, height: 600,
                              scale: 0.25)
    /// The lines every manifest of `header` opens with, written out by hand.
    let opening = """
          "scene": "un\\"lock é",
          "fps": 60,
          "frameCount": 3,
          "duration": 2.345049615227991,
          "width": 780,
          "height": 600,
          "scale": 0.25,

        """

    func testManifest() throws {
        let frames = (0..<2).map { Manifest.Frame(index: $0, file: FrameFileName(index: $0, frameCount: 3), hash: "00ff00ff00ff00f\($0)") }
        let manifest = Manifest(header: header, frames: frames)
        let text = try OrderedJSONEncoder().encode(manifest)
        XCTAssertEqual(text, """
        {
        \(opening)  "hash": "render-pixel-hash-64",
          "frames": [
            {"index": 0, "file": "frame_00000.png", "hash": "00ff00ff00ff00f0"},
            {"index": 1, "file": "frame_00001.png", "hash": "00ff00ff00ff00f1"}
          ]
        }

        """)
        XCTAssertEqual(try FormatFile.decode(Manifest.self, from: Data(text.utf8), path: "m.json"), manifest)
    }

    func testShardManifestWithOverridesAndNoFrames() throws {
        var header = header
        header.overrides = ManifestOverrides(
            state: [.init(name: "inc", value: .number(0.123456)), .init(name: "holding", value: .bool(true)),
                    .init(name: "pin", value: .string("a\"b\tc"))],
            colors: [.init(name: "rose", value: .string("#112233")), .init(name: "accent", value: .string("rose"))])
        let manifest = Manifest(header: header, shard: ShardNumber(index: 2, count: 3), frames: [])
        let text = try OrderedJSONEncoder().encode(manifest)
        XCTAssertEqual(text, """
        {
        \(opening)  "overrides": {"state": {"inc": 0.1235, "holding": true, "pin": "a\\"b\\tc"}, "colors": {"rose": "#112233", "accent": "rose"}},
          "hash": "render-pixel-hash-64",
          "shard": {"index": 2, "count": 3},
          "frames": []
        }

        """)
        let back = try FormatFile.decode(ShardManifestFile.self, from: Data(text.utf8), path: "s.json")
        guard case .frames(var read) = back else { return XCTFail("a PNG shard reads as one") }
        // JSONDecoder gives the members in no order: sorted by name, until put back in the file's order.
        XCTAssertEqual(read.header.overrides?.state.map(\.name), ["holding", "inc", "pin"])
        read.header.overrides = read.header.overrides?.ordered(like: (["inc", "holding", "pin"], ["rose", "accent"]))
        XCTAssertEqual(try OrderedJSONEncoder().encode(read), text, "written again, the same bytes")
        XCTAssertEqual(read.header.overrides?.state.first?.value, .number(0.1235), "recorded with four decimals")
    }

    func testVideoChunkManifest() throws {
        let chunk = VideoChunkManifest(header: header, shard: ShardNumber(index: 1, count: 2),
                                       video: .init(format: "mp4", quality: "high", alpha: false),
                                       chunk: .init(file: "unlock-1.mp4", firstFrame: 0, frames: 40))
        let text = try OrderedJSONEncoder().encode(chunk)
        XCTAssertEqual(text, """
        {
        \(opening)  "shard": {"index": 1, "count": 2},
          "video": {"format": "mp4", "quality": "high", "alpha": false},
          "chunk": {"file": "unlock-1.mp4", "firstFrame": 0, "frames": 40}
        }

        """)
        XCTAssertEqual(try FormatFile.decode(ShardManifestFile.self, from: Data(text.utf8), path: "c.json"), .video(chunk))
    }

    func testEventLog() throws {
        let log = EventLog(fps: 30, events: [
            EventLog.Event(time: 0.1 + 0.2, frame: 9, kind: "event", id: "go", path: "timeline[0]"),
            EventLog.Event(time: 2.105, frame: 64, kind: "haptic", haptic: "success", path: "timeline[1]"),
            EventLog.Event(time: 3, frame: 90, kind: "tick", id: "t", tick: 4, path: "timeline[2]"),
            EventLog.Event(time: 4.5, frame: 135, kind: "gesture", id: "bar", detail: "press.began", path: "body.gestures[0]"),
        ])
        let text = try OrderedJSONEncoder().encode(log)
        XCTAssertEqual(text, """
        {
          "fps": 30,
          "events": [
            {"time": 0.3, "frame": 9, "kind": "event", "id": "go", "path": "timeline[0]"},
            {"time": 2.105, "frame": 64, "kind": "haptic", "haptic": "success", "path": "timeline[1]"},
            {"time": 3, "frame": 90, "kind": "tick", "id": "t", "tick": 4, "path": "timeline[2]"},
            {"time": 4.5, "frame": 135, "kind": "gesture", "id": "bar", "detail": "press.began", "path": "body.gestures[0]"}
          ]
        }

        """)
        let back = try FormatFile.decode(EventLog.self, from: Data(text.utf8), path: "events.json")
        XCTAssertEqual(back.events.map(\.time.seconds), [0.3, 2.105, 3, 4.5])
        XCTAssertEqual(try OrderedJSONEncoder().encode(back), text)
        XCTAssertEqual(try OrderedJSONEncoder().encode(EventLog(fps: 60, events: [])), "{\n  \"fps\": 60,\n  \"events\": []\n}\n")
    }
}
