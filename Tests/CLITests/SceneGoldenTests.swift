import Foundation
import XCTest

/// Snapshot tests of every scene in `Scenes/`: frames at 2 fps and scale 1, compared with the goldens
/// in `Tests/Goldens/<scene>/` by `render test` (the project's own diff).
///
/// Tolerance: none — `render test`'s default (threshold 0, antialiasing counted), since the renderer gives the
/// same bytes for the same scene and these goldens were recorded on this machine image. pixelmatch's threshold 0.1
/// with 0.1 % of a frame's pixels allowed, used here before, let a recoloured accent (#8A7CFF → #7CA0FF) pass
/// (docs/ci.md has the measurements). Another FreeType or Pango build may move glyph edges by a shade: re-record
/// on the new image then. Re-record after an intended change with `RENDER_RECORD=all make test` (or `failed`),
/// then look at the new goldens before committing them.
final class SceneGoldenTests: CLITestCase {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The file names of the scenes in `Scenes/` (not the schema), sorted.
    static func sceneNames() throws -> [String] {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Scenes").path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") && !$0.hasSuffix(".test.json") }.sorted()
        XCTAssertGreaterThan(scenes.count, 5)
        return scenes
    }

    func testEveryReferenceSceneMatchesItsGoldens() throws {
        let scenes = try Self.sceneNames()
        let record = ProcessInfo.processInfo.environment["RENDER_RECORD"] ?? "never"
        for name in scenes {
            let stem = String(name.dropLast(5))
            let golden = Self.root.appendingPathComponent("Tests/Goldens/\(stem)").path
            let run = try render.run(["test", Self.root.appendingPathComponent("Scenes/\(name)").path,
                                      // --full: these goldens test the raster stage too, whose code can change
                                      // without the display lists or the environment changing.
                                      "--golden", golden, "--fps", "2", "--scale", "1", "--record", record, "--full",
                                      "--artifacts", path("artifacts-\(stem)"), "--quiet"])
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

    /// The workflow docs/ci.md gives to paste runs `render test` for each variant of its matrix against
    /// `Tests/Goldens/<variant>` with `RENDER_RECORD=never`: each of those folders must be in the repository and pass
    /// (the `unlock-blue` variant once had no goldens here, so the pasted workflow failed on its first push).
    func testEveryVariantOfTheCIWorkflowHasGoldensThatPass() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        // The matrix: "- variant: NAME", "scene: PATH", "set: \"…\"" on the lines after it.
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var variants: [(name: String, scene: String, set: [String])] = []
        for (i, line) in lines.enumerated() where line.hasPrefix("- variant: ") {
            let name = String(line.dropFirst("- variant: ".count))
            let scene = try XCTUnwrap(lines[(i + 1)...].first { $0.hasPrefix("scene: ") }).dropFirst("scene: ".count)
            let set = try XCTUnwrap(lines[(i + 1)...].first { $0.hasPrefix("set: ") }).dropFirst("set: ".count)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: " ").map(String.init)
            variants.append((name, String(scene), set))
        }
        XCTAssertEqual(variants.map(\.name), ["unlock", "unlock-blue"])
        for v in variants {
            let golden = Self.root.appendingPathComponent("Tests/Goldens/\(v.name)").path
            XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/manifest.json"), "\(golden) is not in the repository")
            let run = try render.run(["test", Self.root.appendingPathComponent(v.scene).path] + v.set
                                     + ["--golden", golden, "--fps", "2", "--scale", "1", "--record", "never", "--full", "--quiet"])
            XCTAssertEqual(run.status, 0, "\(v.name): \(run.stdout)\(run.stderr)")
        }
    }
}
