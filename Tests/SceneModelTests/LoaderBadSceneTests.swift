import Foundation
import XCTest
import SceneJSONReader
import SceneModel

/// Runs the loader on every scene in `BadScenes/` and compares its errors with the sidecar
/// `<name>.expected`: one `line:column: path: message` line per problem, in file order
/// (the path is `(document)` for problems with the document as a whole). The positions in
/// the sidecars were counted by hand from the scene text; columns are 1-based and count
/// Unicode scalars, and an error inside an expression points at the offending part.
final class LoaderBadSceneTests: XCTestCase {
    /// The folder next to this file, found without a resource bundle.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("BadScenes")

    static func sceneFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The loader's errors for `url` in sidecar form, or nil when the scene loads.
    static func errorLines(_ url: URL) -> [String]? {
        do {
            _ = try SceneLoader.load(path: url.path)
            return nil
        } catch {
            return error.errors.map { "\($0.line):\($0.column): \($0.path.isEmpty ? "(document)" : $0.path): \($0.message)" }
        }
    }

    func testEveryBadSceneFailsWithExactlyTheExpectedErrors() throws {
        let files = try Self.sceneFiles()
        XCTAssertGreaterThanOrEqual(files.count, 30, "the bad-scene folder was not found or is nearly empty: \(Self.folder.path)")
        for url in files {
            let name = url.lastPathComponent
            let sidecar = url.deletingPathExtension().appendingPathExtension("expected")
            guard let actual = Self.errorLines(url) else {
                XCTFail("\(name): loaded without errors")
                continue
            }
            guard let text = try? String(contentsOf: sidecar, encoding: .utf8) else {
                XCTFail("\(name): no sidecar \(sidecar.lastPathComponent); the loader says:\n\(actual.joined(separator: "\n"))")
                continue
            }
            let expected = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            if actual != expected {
                XCTFail("\(name): errors differ\n--- expected\n\(expected.joined(separator: "\n"))\n--- actual\n\(actual.joined(separator: "\n"))")
            }
        }
    }

    func testEverySidecarHasAScene() throws {
        let names = Set(try Self.sceneFiles().map { $0.deletingPathExtension().lastPathComponent })
        let sidecars = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".expected") }
        for s in sidecars {
            XCTAssertTrue(names.contains(String(s.dropLast(".expected".count))), "\(s) has no scene next to it")
        }
    }

    /// The command-line form names the file first: `file:line:column: path: message`.
    func testDescriptionNamesFileLineColumnAndPath() throws {
        let url = Self.folder.appendingPathComponent("missing_canvas_width.json")
        do {
            _ = try SceneLoader.load(path: url.path)
            XCTFail("the scene should not load")
        } catch {
            XCTAssertEqual(error.description, "\(url.path):3:13: canvas: missing required key \"width\"")
        }
    }

    /// Bytes given directly are named by the `file` argument.
    func testLoadFromBytesNamesTheGivenFile() {
        let text = "{\"scene\": 1, \"canvas\": {\"width\": 10, \"height\": 10}, \"body\": {\"type\": \"rect\", \"opacity\": 2}}"
        do {
            _ = try SceneLoader.load(bytes: Array(text.utf8), file: "inline.json", directory: ".")
            XCTFail("the scene should not load")
        } catch {
            // `"opacity": 2` — the 2 is the 89th scalar of the line.
            XCTAssertEqual(error.description, "inline.json:1:89: body.opacity: must be at most 1 (found 2)")
        }
    }

    func testMissingFileAndFolderAreReportedNotThrownAsCrashes() {
        for (path, message) in [("/nonexistent/scene.json", "no such file"), (Self.folder.path, "is a folder")] {
            do {
                _ = try SceneLoader.load(path: path)
                XCTFail("\(path) should not load")
            } catch {
                XCTAssertEqual(error.errors.count, 1)
                XCTAssertTrue(error.description.contains(message), error.description)
            }
        }
    }
}
