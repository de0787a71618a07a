import Foundation
import SceneModel

/// Reads an expectation file the way `SceneLoader` reads a scene: JSON with positions, every problem collected and
/// reported with file, line, column and path (with "did you mean" for names). The entries that read well are kept
/// beside the problems, so that what needs the simulated scene (views that never exist) can be checked on them too
/// and every problem of the file reported at once; nothing may run while there are any. (A time past the scene's end
/// is a failing expectation, not a problem: the scene may have got shorter.)
public enum ExpectationLoader {
    static let topLevelKeys = ["$schema", "expect"]
    static let entryKeys = ["at", "from", "to", "view", "frame", "opacity", "state", "haptics", "event", "settledBy",
                            "follows", "value", "property", "tolerance", "within"]
    static let factKeys = ["frame", "opacity", "value", "state", "haptics", "event", "settledBy", "follows"]
    /// Most entries a file may have: each `at` costs a layout, so a hostile file must not ask for millions.
    public static let maxExpectations = 10_000

    public static func load(path: String, scene: Scene) -> ExpectationFile {
        switch SourceFile.read(path, what: "an expectation file", files: "expectation files", maxSize: SceneLimits.maxFileSize) {
        case .success(let data): return load(bytes: [UInt8](data), file: path, scene: scene)
        case .failure(let e): return ExpectationFile(file: path, expectations: [], problems: [e])
        }
    }

    public static func load(bytes: [UInt8], file: String, scene: Scene) -> ExpectationFile {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes: bytes) } catch {
            return ExpectationFile(file: file, expectations: [], problems: [SceneError(file: file, at: error.location, path: "", message: error.message)])
        }
        var r = SceneReader(file: file)
        for v in scene.state { r.stateTypes[v.name] = v.initial.type }
        var out: [Expectation] = []
        if let o = r.object(json, "", allowed: topLevelKeys, what: "an object with an \"expect\" list") {
            if let s = o["$schema"], s.string == nil { r.fail(s, "$schema", "expected a string") }
            if let list = r.require(o, "expect", in: json, "") {
                if let items = list.elements, items.count > maxExpectations {
                    r.fail(list, "expect", "the file has \(items.count) expectations; at most \(maxExpectations) are allowed")
                } else if let items = list.elements {
                    for (i, item) in items.enumerated() {
                        if let e = r.expectation(item, "expect[\(i)]", scene: scene) { out.append(e) }
                    }
                } else { r.fail(list, "expect", "expected a list of expectations, found \(list.typeName)") }
            }
        }
        return ExpectationFile(file: file, expectations: out, problems: r.errors)
    }
}
