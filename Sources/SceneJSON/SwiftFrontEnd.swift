import Formats
import Foundation

/// The SwiftUI front end as the rest of the pipeline sees it (docs/swiftui-source.md). The translator itself
/// (the SwiftSource target, on swift-syntax) is linked into the `render-swiftui` executable and the tests only, which
/// install it here; `render`, which does not link it, installs a client that runs `render-swiftui` as a process
/// (RenderCLI's `SwiftFrontEndProcess`). Pure data, so that a scene reader can ask without knowing who answers.
public enum SwiftFrontEnd {
    /// The translator, when this process has it (`render-swiftui` and the tests install it before anything runs).
    nonisolated(unsafe) public static var translate: (@Sendable (SwiftFrontEndRequest) -> SwiftTranslation)?
}

/// What a `.swift` file became: the scene JSON (each value located in the Swift file), or the problems that stopped it.
public struct SwiftTranslation: Sendable {
    /// The whole scene, for a `.swift` file given alone; the view with its state, colours and events for a JSON
    /// scene's `{"type": "swift"}` body.
    public var scene: JSONValue?
    /// Located problems: nothing is rendered while there is one.
    public var problems: [SceneError]
    /// Located warnings: the scene renders, and these lines say what was approximated.
    public var warnings: [SceneError]
    public init(scene: JSONValue?, problems: [SceneError], warnings: [SceneError]) {
        self.scene = scene; self.problems = problems; self.warnings = warnings
    }
}

/// What a `.swift` file needs from the command line when it has no scene JSON around it.
public struct SwiftSceneOptions: Sendable {
    public var view: String?
    /// Canvas in points when the file has no `#Preview` with a fixed size.
    public var canvas: (width: Double, height: Double)?
    public var scale: Double?
    public var dark = false
    public init(view: String? = nil, canvas: (width: Double, height: Double)? = nil, scale: Double? = nil) {
        self.view = view; self.canvas = canvas; self.scale = scale
    }
}

/// What the scene reader asks the front end.
public enum SwiftFrontEndRequest: Sendable {
    /// A `.swift` file given alone: the whole scene.
    case scene(path: String, options: SwiftSceneOptions)
    /// A JSON scene's `{"type": "swift"}` body: the view, its state and events (`body`, `state`, `timeline`).
    case body(path: String, view: String?, dark: Bool)
}

/// The front end's answer as text, for `render`, which runs the translator as the `render-swiftui` process beside it
/// (so that `render` itself links no swift-syntax and stays a static binary): the scene with every value's location,
/// the problems and the warnings. Read back with this package's own JSON reader.
public enum SwiftTranslationWire {
    public static func encode(_ t: SwiftTranslation) -> String {
        var out = "{\"problems\": ["
        out += t.problems.map(error).joined(separator: ", ")
        out += "], \"warnings\": ["
        out += t.warnings.map(error).joined(separator: ", ")
        out += "], \"scene\": "
        if let s = t.scene { value(s, &out) } else { out += "null" }
        out += "}\n"
        return out
    }

    static func error(_ e: SceneError) -> String {
        "[\(TextEscaping.jsonString(e.file)), \(e.line), \(e.column), \(TextEscaping.jsonString(e.path)), \(TextEscaping.jsonString(e.message))]"
    }

    /// A value as `[line, column, file or null, kind, payload]`; an object's payload is `[[key, line, column, value], …]`.
    static func value(_ v: JSONValue, _ out: inout String) {
        out += "[\(v.location.line), \(v.location.column), " + (v.location.file.map(TextEscaping.jsonString) ?? "null") + ", "
        switch v.kind {
        case .null: out += "\"n\", null"
        case .bool(let b): out += "\"b\", \(b)"
        case .number(let n): out += "\"d\", " + (n.isFinite ? NumberText.shortest(n) : "null")
        case .string(let s): out += "\"s\", " + TextEscaping.jsonString(s)
        case .array(let a):
            out += "\"a\", ["
            for (i, x) in a.enumerated() { if i > 0 { out += ", " }; value(x, &out) }
            out += "]"
        case .object(let m):
            out += "\"o\", ["
            for (i, x) in m.enumerated() {
                if i > 0 { out += ", " }
                out += "[\(TextEscaping.jsonString(x.key)), \(x.keyLocation.line), \(x.keyLocation.column), "
                value(x.value, &out)
                out += "]"
            }
            out += "]"
        }
        out += "]"
    }

    public struct Malformed: Error {}

    public static func decode(_ text: String) throws -> SwiftTranslation {
        guard let top = try? JSONParser.parse(text), let p = top["problems"]?.elements, let w = top["warnings"]?.elements,
              let sceneValue = top["scene"] else { throw Malformed() }
        func err(_ v: JSONValue) throws -> SceneError {
            guard let a = v.elements, a.count == 5, let f = a[0].string, let l = a[1].number, let c = a[2].number,
                  let path = a[3].string, let m = a[4].string else { throw Malformed() }
            return SceneError(file: f, line: Int(l), column: Int(c), path: path, message: m)
        }
        func val(_ v: JSONValue) throws -> JSONValue {
            guard let a = v.elements, a.count == 5, let l = a[0].number, let c = a[1].number, let k = a[3].string else { throw Malformed() }
            let at = SourceLocation(line: Int(l), column: Int(c), file: a[2].string)
            switch k {
            case "n": return JSONValue(.null, at: at)
            case "b": guard let b = a[4].bool else { throw Malformed() }; return JSONValue(.bool(b), at: at)
            case "d": return JSONValue(.number(a[4].number ?? .nan), at: at)
            case "s": guard let s = a[4].string else { throw Malformed() }; return JSONValue(.string(s), at: at)
            case "a": guard let xs = a[4].elements else { throw Malformed() }; return JSONValue(.array(try xs.map(val)), at: at)
            case "o":
                guard let ms = a[4].elements else { throw Malformed() }
                return JSONValue(.object(try ms.map { m in
                    guard let e = m.elements, e.count == 4, let key = e[0].string, let kl = e[1].number, let kc = e[2].number else { throw Malformed() }
                    return JSONMember(key: key, keyLocation: SourceLocation(line: Int(kl), column: Int(kc), file: a[2].string), value: try val(e[3]))
                }), at: at)
            default: throw Malformed()
            }
        }
        let scene: JSONValue? = sceneValue.elements == nil ? nil : try val(sceneValue)
        return SwiftTranslation(scene: scene, problems: try p.map(err), warnings: try w.map(err))
    }
}
