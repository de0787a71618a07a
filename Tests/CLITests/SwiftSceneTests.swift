import Foundation
import XCTest

/// A SwiftUI file and the JSON scene that describes the same interaction render the same motion and the same
/// frames (docs/swiftui-source.md): the seed interactions reconstructed as Swift in `Scenes/` against their JSON
/// scenes, frame hashes, haptics and timer ticks compared, and the seed's own numbers checked from the Swift side.
final class SwiftSceneTests: CLITestCase {
    static var scenes: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenes")
    }

    struct Rendered {
        var frames: [String]
        var events: [[String: Any]]
        func kind(_ k: String) -> [[String: Any]] { events.filter { $0["kind"] as? String == k } }
    }

    func renderScene(_ name: String, _ extra: [String] = []) throws -> Rendered {
        let out = path("out-" + name)
        try expect(0, [Self.scenes.appendingPathComponent(name).path, "--out", out, "-q"] + extra)
        let manifest = try json(out + "/manifest.json")
        let events = try json(out + "/events.json")
        let frames = (manifest["frames"] as? [[String: Any]] ?? []).map { $0["hash"] as? String ?? "" }
        return Rendered(frames: frames, events: events["events"] as? [[String: Any]] ?? [])
    }

    /// Hold-to-unlock: the Swift view (UnlockView.swift, driven by unlock.json's input) draws every frame of
    /// unlock.json byte for byte; its charge takes 160 ticks (1.60 s) with 77 soft haptics, and the stages follow
    /// one second apart.
    func testUnlockFromSwiftMatchesTheJSONScene() throws {
        let json = try renderScene("unlock.json", ["--scale", "1"])
        let swift = try renderScene("unlock-swift.json", ["--scale", "1"])
        XCTAssertEqual(json.frames.count, 600)
        XCTAssertEqual(swift.frames, json.frames, "frames differ: \(zip(swift.frames, json.frames).enumerated().filter { $1.0 != $1.1 }.map(\.offset).prefix(10))")
        let times = { (r: Rendered) in r.kind("haptic").map { ($0["time"] as? Double ?? -1, $0["haptic"] as? String ?? "") } }
        XCTAssertEqual(times(swift).map(\.0), times(json).map(\.0))
        XCTAssertEqual(Set(times(swift).map(\.1)), ["soft"], "the seed fires only the charge's soft haptics")

        // The second hold (from 2.9 s; the long press completes at 3.4 s) charges fully: 160 ticks of 10 ms, 77 haptics.
        let start = try XCTUnwrap(swift.kind("timerStart").last?["time"] as? Double)
        XCTAssertEqual(start, 3.4, accuracy: 1e-9)
        let ticks = swift.kind("tick").filter { ($0["time"] as? Double ?? 0) > start }
        XCTAssertEqual(ticks.count, 160)
        XCTAssertEqual(ticks.last?["time"] as? Double ?? 0, start + 1.60, accuracy: 1e-9)
        let haptics = swift.kind("haptic").filter { ($0["time"] as? Double ?? 0) > start }
        XCTAssertEqual(haptics.count, 77)
        // A release before 100 % stops the timer at once: no tick after the first release at 2.105 s until 3.4 s.
        XCTAssertTrue(swift.kind("tick").allSatisfy { t in let x = t["time"] as? Double ?? 0; return x <= 2.105 || x > 3.4 })
    }

    /// Slide to unlock: the Swift view with the Shimmer modifier draws every frame of slide-to-unlock.json.
    func testSlideToUnlockFromSwiftMatchesTheJSONScene() throws {
        let json = try renderScene("slide-to-unlock.json", ["--scale", "1"])
        let swift = try renderScene("slide-to-unlock-swift.json", ["--scale", "1"])
        XCTAssertEqual(json.frames.count, 240)
        XCTAssertEqual(swift.frames, json.frames)
    }

    /// Both Swift-bodied scenes load and pass `render check` (the schema test leaves their loading to this target).
    func testSwiftBodiedScenesLoad() throws {
        for name in ["unlock-swift.json", "slide-to-unlock-swift.json", "UnlockView.swift", "SlideToUnlock.swift"] {
            try expect(0, ["check", Self.scenes.appendingPathComponent(name).path, "-q"])
        }
    }

    /// docs/swiftui-source.md's subset table is the translator's own (`render translate --subset`).
    func testTheDocsTableIsTheTranslatorsTable() throws {
        let docs = try String(contentsOf: Self.scenes.deletingLastPathComponent().appendingPathComponent("docs/swiftui-source.md"), encoding: .utf8)
        let table = try expect(0, ["translate", "--subset"]).stdout
        let section = docs.components(separatedBy: "<!-- subset:begin -->\n").dropFirst().first?.components(separatedBy: "<!-- subset:end -->").first
        XCTAssertEqual(section, table, "docs/swiftui-source.md's table differs from `render translate --subset`: regenerate it")
        XCTAssertGreaterThan(table.split(separator: "\n").count, 60)
    }

    /// The stage times of the Swift view: the card at once when the charge completes (5.0 s), the six cards one
    /// second later, the PIN field one second after that; read from the motion track's state series.
    func testUnlockStagesFromSwiftFollowTheSeedsTiming() throws {
        let golden = path("motion")
        try expect(0, ["test", Self.scenes.appendingPathComponent("unlock-swift.json").path, "--golden", golden,
                       "--record", "all", "--motion-only", "--quiet"])
        let motion = try String(contentsOfFile: golden + "/motion.json", encoding: .utf8)
        let jsonGolden = path("motion-json")
        try expect(0, ["test", Self.scenes.appendingPathComponent("unlock.json").path, "--golden", jsonGolden,
                       "--record", "all", "--motion-only", "--quiet"])
        let reference = try String(contentsOfFile: jsonGolden + "/motion.json", encoding: .utf8)
        // The state series of `stage` is the same line in both tracks (same values at the same frames).
        func stageLine(_ s: String) -> String? { s.split(separator: "\n").first { $0.contains("\"stage\"") }.map(String.init) }
        let line = try XCTUnwrap(stageLine(motion), "no stage series in the Swift scene's motion track")
        XCTAssertEqual(line, stageLine(reference))
    }
}
