import Foundation
import SceneModel

/// A scene file read into the scene JSON the loader validates: a JSON scene as it is, a `.swift` file translated
/// (docs/swiftui-source.md), or a JSON scene whose body is `{"type": "swift", "src": …, "view": …}` with that view's
/// translation in its place. The one place where a path becomes a scene document, for every command.
public struct SceneDocument: Sendable {
    public var json: JSONValue
    /// Located warnings of the translation (approximations a SwiftUI file asked for).
    public var warnings: [SceneError] = []
    /// Every file the document was made from: the scene file, and the Swift file its body names.
    public var sources: [String]

    public static func isSwift(_ path: String) -> Bool { path.lowercased().hasSuffix(".swift") }

    /// Reads `path`; `swift` applies to a `.swift` file given alone.
    public static func read(path: String, swift: SwiftSceneOptions = SwiftSceneOptions(),
                            allowExternal: Bool = false) throws(SceneErrors) -> SceneDocument {
        if isSwift(path) {
            let t = try Self.frontEnd(.scene(path: path, options: swift), path)
            guard let scene = t.scene, t.problems.isEmpty else { throw SceneErrors(t.problems) }
            return SceneDocument(json: scene, warnings: t.warnings, sources: [path])
        }
        let data: Data
        switch SourceFile.read(path, what: "a scene file", files: "scene files", maxSize: SceneLimits.maxFileSize) {
        case .success(let d): data = d
        case .failure(let e): throw SceneErrors([e])
        }
        let parsed: JSONValue
        do { parsed = try JSONParser.parse(bytes: [UInt8](data)) } catch {
            throw SceneErrors([SceneError(file: path, at: error.location, path: "", message: error.message)])
        }
        var doc = SceneDocument(json: parsed, sources: [path])
        guard let body = parsed["body"], body["type"]?.string == "swift" else { return doc }
        try doc.spliceSwiftBody(body, scenePath: path, allowExternal: allowExternal)
        return doc
    }

    /// The translator of this process, or one located line saying how to get it.
    static func frontEnd(_ request: SwiftFrontEndRequest, _ path: String) throws(SceneErrors) -> SwiftTranslation {
        guard let translate = SwiftFrontEnd.translate else {
            throw SceneErrors([SceneError(file: path, line: 1, column: 1, path: "",
                                          message: "SwiftUI source needs the SwiftUI front end, which this process does not have (render runs render-swiftui for it; a library user installs SwiftSceneTranslator)")])
        }
        return translate(request)
    }

    /// Replaces a `{"type": "swift"}` body by the view it names, with that view's state (the scene's own `state`
    /// entries override initial values) and events (before the scene's own).
    mutating func spliceSwiftBody(_ body: JSONValue, scenePath: String, allowExternal: Bool) throws(SceneErrors) {
        func problem(_ v: JSONValue, _ p: String, _ m: String) -> SceneErrors {
            SceneErrors([SceneError(file: scenePath, at: v.location, path: p, message: m)])
        }
        for m in body.members ?? [] where !["type", "src", "view", "dark"].contains(m.key) {
            throw SceneErrors([SceneError(file: scenePath, at: m.keyLocation, path: "body." + m.key,
                                          message: "a swift body takes src, view and dark only (give other keys to the Swift view)")])
        }
        guard let srcValue = body["src"], let src = srcValue.string, !src.isEmpty else {
            throw problem(body, "body", "a swift body needs \"src\": the .swift file, relative to the scene")
        }
        let dir = (scenePath as NSString).deletingLastPathComponent
        let swiftPath = src.hasPrefix("/") ? src : ((dir.isEmpty ? "." : dir) as NSString).appendingPathComponent(src)
        if !allowExternal {
            let base = URL(fileURLWithPath: dir.isEmpty ? "." : dir).standardizedFileURL.resolvingSymlinksInPath().path
            let resolved = URL(fileURLWithPath: swiftPath).standardizedFileURL.resolvingSymlinksInPath().path
            if resolved == base || !SourceFile.isInside(resolved, base) {
                throw problem(srcValue, "body.src", "\"\(src)\" is outside the scene's folder; pass --allow-external-images to use it")
            }
        }
        let view = body["view"]?.string
        let dark = body["dark"]?.bool ?? false
        guard FileManager.default.isReadableFile(atPath: swiftPath) else {
            throw problem(srcValue, "body.src", "\"\(src)\": no such file (looked for \(swiftPath))")
        }
        let t = try Self.frontEnd(.body(path: swiftPath, view: view, dark: dark), scenePath)
        guard let parts = t.scene, t.problems.isEmpty else { throw SceneErrors(t.problems) }
        warnings = t.warnings
        sources.append(swiftPath)
        let located = parts.relocated(to: swiftPath)
        guard case .object(var top) = json.kind else { return }
        func index(_ k: String) -> Int? { top.firstIndex { $0.key == k } }
        if let i = index("body"), let b = located["body"] { top[i].value = b }
        // State: the view's variables, with the scene's values in place of theirs, then the scene's own.
        var state = located["state"]?.members ?? []
        let own = index("state").flatMap { top[$0].value.members } ?? []
        for m in own {
            if let k = state.firstIndex(where: { $0.key == m.key }) { state[k].value = m.value } else { state.append(m) }
        }
        let stateValue = JSONValue(.object(state), at: index("state").map { top[$0].value.location } ?? body.location)
        if let i = index("state") { top[i].value = stateValue } else {
            top.append(JSONMember(key: "state", keyLocation: body.location, value: stateValue))
        }
        let events = (located["timeline"]?.elements ?? []) + (index("timeline").flatMap { top[$0].value.elements } ?? [])
        let timelineValue = JSONValue(.array(events), at: index("timeline").map { top[$0].value.location } ?? body.location)
        if let i = index("timeline") { top[i].value = timelineValue } else if !events.isEmpty {
            top.append(JSONMember(key: "timeline", keyLocation: body.location, value: timelineValue))
        }
        json.kind = .object(top)
    }
}

extension JSONValue {
    /// The same value with every location naming `file` (a value from another file of the Swift file's project keeps
    /// its own).
    func relocated(to file: String) -> JSONValue {
        var out = self
        out.location.file = out.location.file ?? file
        switch kind {
        case .array(let a): out.kind = .array(a.map { $0.relocated(to: file) })
        case .object(let m):
            out.kind = .object(m.map { x in
                var k = x.keyLocation
                k.file = k.file ?? file
                return JSONMember(key: x.key, keyLocation: k, value: x.value.relocated(to: file))
            })
        default: break
        }
        return out
    }
}
