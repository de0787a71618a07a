import Foundation
import XCTest

/// Snapshot tests of every scene in `Scenes/`: frames at 2 fps and scale 1, compared with the goldens
/// in `Tests/Goldens/<scene>/` by `render test` (the project's own diff).
///
/// Tolerance: pixelmatch threshold 0.1 and at most 0.1 % of a frame's pixels counted. Zero would hold
/// on this machine kind, but glyph edges may move by a shade with another FreeType or Pango build;
/// a real regression (a moved view, a wrong colour, a missing shadow) changes far more pixels than that.
/// Re-record after an intended change with `RENDER_RECORD=all make test` (or `failed`), then look at
/// the new goldens before committing them.
final class SceneGoldenTests: CLITestCase {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testEveryReferenceSceneMatchesItsGoldens() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Scenes").path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
        XCTAssertGreaterThan(scenes.count, 5)
        let record = ProcessInfo.processInfo.environment["RENDER_RECORD"] ?? "never"
        for name in scenes {
            let stem = String(name.dropLast(5))
            let golden = Self.root.appendingPathComponent("Tests/Goldens/\(stem)").path
            let run = try render.run(["test", Self.root.appendingPathComponent("Scenes/\(name)").path,
                                      "--golden", golden, "--fps", "2", "--scale", "1", "--record", record,
                                      "--max-diff-ratio", "0.001", "--artifacts", path("artifacts-\(stem)"), "--quiet"])
            XCTAssertEqual(run.status, 0, "\(name) differs from its goldens (report in Output/golden-failures/\(stem)/index.html):\n\(run.stdout)\(run.stderr)")
            if run.status != 0 {
                // Keep the failure artifacts where CI can pick them up.
                let keep = Self.root.appendingPathComponent("Output/golden-failures/\(stem)").path
                try? FileManager.default.createDirectory(atPath: (keep as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try? FileManager.default.removeItem(atPath: keep)
                try? FileManager.default.copyItem(atPath: path("artifacts-\(stem)"), toPath: keep)
            }
        }
    }
}
