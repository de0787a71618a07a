import Foundation
import Geometry
import SceneModel

/// Loads and validates scene files (§1–§8). Every problem is collected and reported at
/// once, each with file, line, column and JSON path; nothing is rendered from a scene with problems.
public enum SceneLoader {
    static let topLevelKeys = ["$schema", "scene", "name", "canvas", "fps", "duration", "colors", "state", "body", "timeline", "input"]

    /// Reads and validates a scene file.
    /// Reads and validates a scene file, with `overrides` (`--set`, `--state`) put in place of its initial values.
    public static func load(path: String, overrides: SceneOverrides = SceneOverrides()) throws(SceneErrors) -> Scene {
        let data: Data
        switch SourceFile.read(path, what: "a scene file", files: "scene files", maxSize: SceneLimits.maxFileSize) {
        case .success(let d): data = d
        case .failure(let e): throw SceneErrors([e])
        }
        let dir = (path as NSString).deletingLastPathComponent
        return try load(bytes: [UInt8](data), file: path, directory: dir.isEmpty ? "." : dir, overrides: overrides)
    }

    /// Validates scene JSON given as bytes; `file` names it in messages, `directory` resolves image paths.
    public static func load(bytes: [UInt8], file: String, directory: String,
                            overrides: SceneOverrides = SceneOverrides()) throws(SceneErrors) -> Scene {
        let parsed: JSONValue
        do { parsed = try JSONParser.parse(bytes: bytes) } catch {
            throw SceneErrors([SceneError(file: file, at: error.location, path: "", message: error.message)])
        }
        return try load(json: parsed, file: file, directory: directory, overrides: overrides)
    }

    /// Validates a scene given as a JSON value (a parsed file, or what a front end such as the SwiftUI translator
    /// made, its values located in their own files).
    public static func load(json parsed: JSONValue, file: String, directory: String,
                            overrides: SceneOverrides = SceneOverrides()) throws(SceneErrors) -> Scene {
        var r = SceneReader(file: file)
        r.directory = directory
        let scene = read(parsed, &r, file: file, directory: directory, overrides: overrides)
        if let s = scene, r.errors.isEmpty { return s }
        throw SceneErrors(r.errors.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }

    static func read(_ json: JSONValue, _ r: inout SceneReader, file: String, directory: String,
                     overrides: SceneOverrides = SceneOverrides()) -> Scene? {
        guard let o = r.object(json, "", allowed: topLevelKeys, what: "a scene object") else { return nil }
        if let v = o["scene"] {
            if let n = v.number {
                if n != 1 { r.fail(v, "scene", "unsupported format version \(fmt(n)); this renderer reads version 1") }
            } else { r.fail(v, "scene", "expected the format version, the number 1, found \(v.typeName)") }
        } else { r.fail(json, "", "missing required key \"scene\" (the format version, 1)") }
        if let s = o["$schema"], s.string == nil { r.fail(s, "$schema", "expected a string") }

        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var name = stem
        if let nv = o["name"], let n = r.string(nv, "name") {
            if n.isEmpty || n.contains("/") || n == "." || n == ".." || n.hasPrefix(".") {
                r.fail(nv, "name", "\"\(n)\" cannot name an output folder (no slashes, not empty, no leading dot)")
            } else { name = n }
        }

        // Colours first: expressions and paints may name them.
        var colors = ColorDeclarations()
        if let cv = o["colors"], let members = cv.members {
            for m in members {
                let p = join("colors", m.key)
                if Color.named[m.key] != nil { r.fail(m.keyLocation, p, "\"\(m.key)\" is a built-in colour and cannot be redefined"); continue }
                guard let s = r.string(m.value, p) else { continue }
                if let c = Color(hexString: s) { colors.declare(m.key, .color(c)) }
                else if colors.isDefined(s) { colors.declare(m.key, .name(s)) }
                else { r.fail(m.value, p, "\"\(s)\" is not a colour: use #RGB, #RRGGBB or #RRGGBBAA") }
            }
        } else if let cv = o["colors"] { r.fail(cv, "colors", "expected an object of names and colours, found \(cv.typeName)") }

        var state: [StateVariable] = []
        if let sv = o["state"] {
            if let members = sv.members {
                for m in members {
                    let p = join("state", m.key)
                    let reserved = SceneReader.reservedNames
                    if reserved.contains(m.key) || !(m.key.first.map { $0.isLetter || $0 == "_" } ?? false)
                        || !m.key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                        r.fail(m.keyLocation, p, reserved.contains(m.key) ? "\"\(m.key)\" is reserved" : "\"\(m.key)\" is not a valid variable name (letters, digits, _)")
                        continue
                    }
                    guard let value = r.initialStateValue(m.value, p, what: "a state variable") else { continue }
                    r.stateSlots[m.key] = state.count
                    r.stateTypes[m.key] = value.type
                    state.append(StateVariable(name: m.key, initial: value))
                }
            } else { r.fail(sv, "state", "expected an object of variables and initial values, found \(sv.typeName)") }
        }
        // Values given from outside the file replace the declared ones before anything reads them.
        let applied = overrides.apply(state: &state, colors: &colors, errors: &r.errors)
        r.colors = colors.resolved()
        if let bv = o["body"] { r.declareItemStates(bv, state: &state) }
        r.prepareExpressions(state: state)

        var canvas: Canvas?
        if let cv = r.require(o, "canvas", in: json, "") {
            canvas = readCanvas(cv, &r)
        }
        var fps = 60.0
        if let fv = o["fps"] { fps = r.number(fv, "fps", min: 1, max: 240) ?? fps }
        var duration = SceneDuration.auto
        if let dv = o["duration"] {
            if dv.string == "auto" { duration = .auto } else if dv.number != nil {
                if let d = r.number(dv, "duration", min: 0, max: SceneLimits.maxDuration) { duration = .seconds(d) }
            } else { r.fail(dv, "duration", "expected seconds or \"auto\", found \(dv.typeName)") }
        }
        let body = r.require(o, "body", in: json, "").flatMap { r.view($0, "body", SceneReader.Scope()) }
        let timeline = o["timeline"].map { r.timeline($0, "timeline") } ?? []
        let input = o["input"].map { r.input($0, "input") } ?? []
        r.errors += SceneChecks.eventReferences(timeline, file: file)
        if let iv = o["input"] { r.errors += SceneChecks.pointerSamples(input, fps: fps, at: iv.location, file: file) }
        if let b = body {
            r.errors += SceneChecks.viewCount(b, file: file)
            r.errors += SceneChecks.eventGeometry(timeline, body: b, file: file)
            // Whether ids can match is judged on an otherwise sound scene: a misspelt placeholder is
            // reported once, not again as an id that matches nothing.
            if r.errors.isEmpty { r.errors += SceneChecks.matchedGeometry(b, file: file) }
        }

        guard let c = canvas, let b = body else { return nil }
        return Scene(file: file, directory: directory, name: name, canvas: c, fps: fps, duration: duration,
                     colors: r.colors, state: state, body: b, timeline: timeline, input: input, overrides: applied)
    }

    static func readCanvas(_ v: JSONValue, _ r: inout SceneReader) -> Canvas? {
        guard let o = r.object(v, "canvas", allowed: ["width", "height", "scale", "background"]) else { return nil }
        let w = r.require(o, "width", in: v, "canvas").flatMap { r.number($0, "canvas.width", min: 1, max: Double(SceneLimits.maxCanvasSide)) }
        let h = r.require(o, "height", in: v, "canvas").flatMap { r.number($0, "canvas.height", min: 1, max: Double(SceneLimits.maxCanvasSide)) }
        let s = o["scale"].flatMap { r.number($0, "canvas.scale", min: 0.1, max: 8) } ?? 1
        let bg = o["background"].flatMap { r.paint($0, "canvas.background", SceneReader.Scope()) }
        guard let width = w, let height = h else { return nil }
        let c = Canvas(width: width, height: height, scale: s, background: bg)
        let pw = width * s, ph = height * s
        if pw > Double(SceneLimits.maxCanvasSide) || ph > Double(SceneLimits.maxCanvasSide) {
            r.fail(v, "canvas", "the canvas is \(fmt(pw))×\(fmt(ph)) px after scale; at most \(SceneLimits.maxCanvasSide) px a side are allowed")
            return nil
        }
        if pw * ph > Double(SceneLimits.maxCanvasPixels) {
            r.fail(v, "canvas", "the canvas is \(fmt(pw * ph / 1e6)) megapixels after scale; at most \(SceneLimits.maxCanvasPixels / 1_000_000) are allowed")
            return nil
        }
        if c.pixelWidth < 1 || c.pixelHeight < 1 {
            r.fail(v, "canvas", "the canvas is smaller than one pixel after scale")
            return nil
        }
        return c
    }
}
