import Foundation
import Geometry
import TestSupport
import XCTest
@testable import SceneJSONReader
@testable import SceneModel

/// Keeps `Scenes/scene.schema.json` and the loader in agreement.
///
/// Validation runs Python's `jsonschema` (Debian: python3-jsonschema) in a subprocess, the
/// reference implementation of draft 2020-12, rather than a validator written here; those
/// tests skip with a message when it is missing. The key-set comparisons need no Python.
final class SchemaTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schemaURL = root.appendingPathComponent("Scenes/scene.schema.json")

    /// Every scene checked in: `Scenes/*.json` (the schema aside) and `docs/examples/*.json`.
    static func goodScenes() throws -> [URL] {
        var out: [URL] = []
        for folder in ["Scenes", "docs/examples"] {
            let dir = root.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { continue }
            out += names.filter { $0.hasSuffix(".json") && $0 != "scene.schema.json" && !$0.hasSuffix(".test.json") }.sorted().map { dir.appendingPathComponent($0) }
        }
        return out
    }

    // MARK: - Python jsonschema

    /// Per file: nil when Python cannot parse it as JSON, else the schema's error lines (`path: message`).
    struct Validation: Decodable {
        var schemaProblem: String?
        var results: [String: [String]?]
    }

    /// The schema validator ran (python3 and jsonschema are installed) but failed.
    struct ValidatorFailed: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "the schema validator (python3 with jsonschema) failed with status \(status)" }
    }

    static let validatorScript = #"""
    import json, sys
    try:
        import jsonschema
    except ImportError:
        print(json.dumps({"missing": True})); sys.exit(0)
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    problem = None
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.exceptions.SchemaError as e:
        problem = str(e.message)
    v = jsonschema.Draft202012Validator(schema)
    results = {}
    for f in sys.argv[2:]:
        try:
            doc = json.load(open(f, encoding="utf-8-sig"))
        except ValueError:
            results[f] = None; continue
        errs = sorted(v.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
        results[f] = ["/".join(map(str, e.absolute_path)) + ": " + e.message[:200] for e in errs]
    print(json.dumps({"schemaProblem": problem, "results": results}))
    """#

    /// Runs the validator, or skips the test when python3 or jsonschema is not installed.
    static func validate(_ files: [URL]) throws -> Validation {
        let p = Python.process(["-c", validatorScript, schemaURL.path] + files.map(\.path))
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { throw missingTool("python3 is not available, so the schema cannot be checked (install python3-jsonschema)") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        if let m = try? JSONSerialization.jsonObject(with: data) as? [String: Any], m["missing"] != nil {
            throw missingTool("Python's jsonschema is not installed (Debian package python3-jsonschema); the schema is not checked")
        }
        // The tools are there: a validator that fails is a failure, not a skip.
        if p.terminationStatus != 0 || data.isEmpty {
            throw ValidatorFailed(status: p.terminationStatus)
        }
        return try JSONDecoder().decode(Validation.self, from: data)
    }

    func testSchemaIsAValidDraft2020_12Schema() throws {
        let v = try Self.validate([])
        XCTAssertNil(v.schemaProblem)
    }

    func testEveryCheckedInSceneLoadsAndMatchesTheSchema() throws {
        let files = try Self.goodScenes()
        XCTAssertGreaterThanOrEqual(files.count, 3, "expected the example scenes at least")
        for f in files {
            // A scene whose body is a SwiftUI file is read through the translator (Frames' SceneDocument), which this
            // target does not link: CLITests' SwiftSceneTests load those; the schema still checks them here.
            if let text = try? String(contentsOf: f, encoding: .utf8), text.contains("\"type\": \"swift\"") { continue }
            do { _ = try SceneLoader.load(path: f.path) } catch { XCTFail("the loader rejects \(f.lastPathComponent):\n\(error)") }
        }
        let v = try Self.validate(files)
        for f in files {
            guard let result = v.results[f.path] else { XCTFail("\(f.lastPathComponent): not validated"); continue }
            guard let errors = result else { XCTFail("\(f.lastPathComponent): Python cannot parse it"); continue }
            XCTAssertEqual(errors, [], "the schema rejects \(f.lastPathComponent), which the loader accepts")
        }
    }

    /// The bad scenes whose problem a schema can express must fail it; the others (expressions,
    /// ids, after-chains, sizes after scale) are the loader's alone and pass it. Scenes that are
    /// not JSON at all cannot be judged; Python accepts duplicate keys (the last wins), so that one passes.
    func testSchemaRejectsTheBadScenesItCanExpress() throws {
        let rejected: Set<String> = [
            "bad_animation", "bad_colors", "bad_gestures_and_input", "bad_unit_points", "canvas_too_large_side",
            "foreach_misuse", "missing_body", "missing_canvas", "missing_canvas_width", "missing_scene", "missing_type",
            "negative_sizes", "several_problems", "unknown_haptic", "bad_text", "unknown_keys", "unknown_view_type",
            "wrong_format_version", "wrong_format_version_string", "wrong_types", "trim_and_geometry_keys", "bad_path",
        ]
        let accepted: Set<String> = [
            "after_cycle", "after_missing_id", "canvas_too_large_after_scale", "canvas_too_many_pixels",
            "expression_error_after_escape", "expression_syntax_errors", "expression_type_mismatch",
            "gesture_variable_outside_handler", "malformed_duplicate_key", "template_without_loop_variable", "unknown_variable",
            "matched_geometry_unmatched", "matched_geometry_twice_at_once", "geometry_scope", "bad_transition_velocity", "event_geometry",
        ]
        let notJSON: Set<String> = ["malformed_bare_word", "malformed_trailing_comma"]
        let files = try LoaderBadSceneTests.sceneFiles()
        let names = Set(files.map { $0.deletingPathExtension().lastPathComponent })
        XCTAssertEqual(names, rejected.union(accepted).union(notJSON), "classify every bad scene here")
        let v = try Self.validate(files)
        for f in files {
            let name = f.deletingPathExtension().lastPathComponent
            let result = v.results[f.path] ?? nil
            if notJSON.contains(name) {
                XCTAssertNil(result, "\(name) should not parse as JSON")
            } else if rejected.contains(name) {
                XCTAssertFalse(result?.isEmpty ?? true, "the schema should reject \(name)")
            } else if accepted.contains(name) {
                XCTAssertEqual(result ?? ["not JSON"], [], "\(name)'s problem is beyond a schema, which should accept it")
            }
        }
    }

    /// The complete scenes shown in the user documentation (JSON blocks with `"scene": 1`) load.
    func testCompleteScenesInTheDocumentationLoad() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        let blocks = doc.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
        let scenes = blocks.filter { $0.hasPrefix("{") && $0.contains("\"scene\": 1,\n") }
        XCTAssertGreaterThanOrEqual(scenes.count, 1)
        for text in scenes {
            do { _ = try SceneLoader.load(bytes: Array(text.utf8), file: "docs/first.json", directory: "docs") } catch {
                XCTFail("a scene in docs/scene-format.md does not load:\n\(error)")
            }
        }
    }

    // MARK: - Key sets, without Python

    private func schema() throws -> JSONValue {
        try JSONParser.parse(bytes: [UInt8](Data(contentsOf: Self.schemaURL)))
    }

    private func keys(_ v: JSONValue?, _ path: [String]) -> Set<String> {
        var cur = v
        for p in path { cur = cur?[p] }
        return Set(cur?.members?.map(\.key) ?? [])
    }

    private func strings(_ v: JSONValue?, _ path: [String]) -> Set<String> {
        var cur = v
        for p in path { cur = cur?[p] }
        return Set(cur?.elements?.compactMap(\.string) ?? [])
    }

    func testSchemaKeysMatchTheLoadersKeys() throws {
        let s = try schema()
        XCTAssertEqual(keys(s, ["properties"]), Set(SceneLoader.topLevelKeys))
        XCTAssertEqual(strings(s, ["required"]), ["scene", "canvas", "body"])
        let viewTypes = Set(viewTypeKeys.keys).subtracting(["forEach"])
        XCTAssertEqual(strings(s, ["$defs", "view", "properties", "type", "enum"]), viewTypes)
        for t in viewTypes {
            XCTAssertEqual(keys(s, ["$defs", "view_" + t, "properties"]), Set(commonViewKeys + (viewTypeKeys[t] ?? [])), t)
            XCTAssertEqual(s["$defs"]?["view_" + t]?["additionalProperties"]?.bool, false, t)
        }
        XCTAssertEqual(keys(s, ["$defs", "forEach", "properties"]), Set(viewTypeKeys["forEach"]! + ["type"]))
    }

    func testSchemaEnumsMatchTheLoadersNames() throws {
        let s = try schema()
        XCTAssertEqual(strings(s, ["$defs", "hapticName", "enum"]), Set(hapticNames))
        XCTAssertEqual(strings(s, ["$defs", "unitPointName", "enum"]), Set(UnitPoint.named.keys))
        let animationNames = s["$defs"]?["animation"]?["anyOf"]?.elements?.first?["enum"]
        XCTAssertEqual(Set(animationNames?.elements?.compactMap(\.string) ?? []), Set(AnimationSpec.names))
        let builtins = strings(s, ["properties", "colors", "propertyNames", "not", "enum"])
        XCTAssertEqual(builtins, Set(Color.named.keys))
    }
}
