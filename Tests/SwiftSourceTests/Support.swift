import SceneJSONReader
import SceneModel
import SwiftSource
import Timeline
import XCTest

/// The repository's root (this file is Tests/SwiftSourceTests/Support.swift).
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
/// Where translated scenes resolve images (`Image("landscape")` reads landscape.png there).
let assetsDirectory = repoRoot + "/Scenes/assets"

/// A file holding one View struct `V` with `members` before its body, `body` as the body's content and `extra` after
/// the struct. The body's first line is line 4 + the number of member lines.
func swiftView(_ body: String, members: String = "", extra: String = "") -> String {
    var s = "import SwiftUI\nstruct V: View {\n"
    if !members.isEmpty { s += members + "\n" }
    s += "    var body: some View {\n        " + body + "\n    }\n}\n"
    if !extra.isEmpty { s += extra + "\n" }
    return s
}

/// A JSON value written in a test.
func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue {
    do { return try JSONParser.parse(text) } catch {
        XCTFail("bad expected JSON: \(error.message) at \(error.location.line):\(error.location.column)", file: file, line: line)
        return JSONValue(.null, at: SourceLocation(line: 0, column: 0))
    }
}

/// Where two JSON values differ (object members compared as sets, numbers within 1e-9), or nil.
func jsonDifference(_ a: JSONValue, _ e: JSONValue, _ path: String = "") -> String? {
    switch (a.kind, e.kind) {
    case (.null, .null): return nil
    case (.bool(let x), .bool(let y)): return x == y ? nil : "\(path): \(x) ≠ expected \(y)"
    case (.number(let x), .number(let y)):
        return abs(x - y) <= 1e-9 * max(1, abs(y)) ? nil : "\(path): \(x) ≠ expected \(y)"
    case (.string(let x), .string(let y)): return x == y ? nil : "\(path): \"\(x)\" ≠ expected \"\(y)\""
    case (.array(let x), .array(let y)):
        guard x.count == y.count else { return "\(path): \(x.count) elements ≠ expected \(y.count): \(a.sceneText())" }
        for (i, (p, q)) in zip(x, y).enumerated() { if let d = jsonDifference(p, q, "\(path)[\(i)]") { return d } }
        return nil
    case (.object(let x), .object(let y)):
        let xk = Set(x.map(\.key)), yk = Set(y.map(\.key))
        guard xk == yk else {
            return "\(path): keys \(xk.sorted()) ≠ expected \(yk.sorted()): \(a.sceneText())"
        }
        for m in y { if let d = jsonDifference(a[m.key]!, m.value, path + "." + m.key) { return d } }
        return nil
    default: return "\(path): \(a.sceneText()) ≠ expected \(e.sceneText())"
    }
}

func assertJSON(_ actual: JSONValue?, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let actual else { return XCTFail("nothing translated", file: file, line: line) }
    if let d = jsonDifference(actual, json(expected, file: file, line: line)) { XCTFail(d, file: file, line: line) }
}

extension JSONValue {
    /// `path` like "children.0.gestures.0.onEnded".
    func at(_ path: String) -> JSONValue? {
        var cur: JSONValue? = self
        for part in path.split(separator: ".") {
            if let i = Int(part) { cur = cur?.elements.flatMap { i < $0.count ? $0[i] : nil } } else { cur = cur?[String(part)] }
        }
        return cur
    }
}

/// Translates a snippet that must translate without problems, and checks that the scene it becomes loads.
func translated(_ source: String, file: String = "T.swift", expectWarnings: Bool = false,
                sourceFile: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
    let t = SwiftSceneTranslator.translate(source: source, file: file)
    XCTAssertEqual(t.problems.map(\.description), [], "problems", file: sourceFile, line: line)
    if !expectWarnings { XCTAssertEqual(t.warnings.map(\.description), [], "warnings", file: sourceFile, line: line) }
    guard let scene = t.scene else { XCTFail("no scene", file: sourceFile, line: line); return nil }
    do { _ = try SceneLoader.load(json: scene, file: file, directory: assetsDirectory) } catch {
        XCTFail("the translated scene does not load:\n\(error)\n\(scene.sceneText())", file: sourceFile, line: line)
    }
    return scene
}

/// The translated body view.
func body(_ source: String, sourceFile: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
    translated(source, sourceFile: sourceFile, line: line)?["body"]
}

/// The one-line problems of a snippet that must be refused.
func problems(_ source: String, file: String = "T.swift") -> [String] {
    let t = SwiftSceneTranslator.translate(source: source, file: file)
    if t.problems.isEmpty { XCTAssertNotNil(t.scene) } else { XCTAssertNil(t.scene, "a refused file has no scene") }
    return t.problems.map(\.description)
}

func warnings(_ source: String, file: String = "T.swift") -> [String] {
    SwiftSceneTranslator.translate(source: source, file: file).warnings.map(\.description)
}

/// Runs a translated scene's simulation (no touches) up to `horizon` seconds.
func simulate(_ scene: JSONValue, horizon: Double, file: StaticString = #filePath, line: UInt = #line) -> (Scene, StateHistory)? {
    do {
        let s = try SceneLoader.load(json: scene, file: "T.swift", directory: assetsDirectory)
        let h = try StateHistory(scene: s, horizon: horizon)
        return (s, h)
    } catch {
        XCTFail("\(error)", file: file, line: line)
        return nil
    }
}

/// A state variable's value after the last change.
func finalValue(_ s: Scene, _ h: StateHistory, _ name: String) -> Value? {
    guard let i = s.state.firstIndex(where: { $0.name == name }) else { return nil }
    return h.snapshots.last?.values[i]
}

/// The times at which a state variable took each new value.
func changes(_ s: Scene, _ h: StateHistory, _ name: String) -> [(Double, Value)] {
    guard let i = s.state.firstIndex(where: { $0.name == name }) else { return [] }
    var out: [(Double, Value)] = []
    var last = h.snapshots.first?.values[i]
    for snap in h.snapshots.dropFirst() where snap.values[i] != last {
        out.append((snap.time, snap.values[i]))
        last = snap.values[i]
    }
    return out
}

/// A translator bug a test was written against: the test fails (never skips) and stops there.
struct TranslatorBug: Error {}

/// Fails the calling test when the snippet translates but its scene does not load.
func failUnlessLoads(_ source: String, _ why: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let t = SwiftSceneTranslator.translate(source: source, file: "T.swift")
    guard let scene = t.scene else { return }
    do { _ = try SceneLoader.load(json: scene, file: "T.swift", directory: assetsDirectory) } catch {
        XCTFail("translator bug: \(why): \(error)", file: file, line: line)
        throw TranslatorBug()
    }
}

/// Fails the calling test when the translation of `source` has no value at `path`.
func failIfTranslatorBug(_ source: String, at path: String, _ why: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let t = SwiftSceneTranslator.translate(source: source, file: "T.swift")
    if t.scene?.at(path) == nil {
        XCTFail("translator bug: \(why)", file: file, line: line)
        throw TranslatorBug()
    }
}
