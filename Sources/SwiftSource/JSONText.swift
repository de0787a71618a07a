import Formats
import SceneModel

/// Builders for the scene JSON the translator makes: every value carries the location in the `.swift` file it
/// came from, so that a problem the scene reader finds later points into the Swift source.
enum J {
    static func num(_ n: Double, _ at: SourceLocation) -> JSONValue { JSONValue(.number(n), at: at) }
    static func str(_ s: String, _ at: SourceLocation) -> JSONValue { JSONValue(.string(s), at: at) }
    static func bool(_ b: Bool, _ at: SourceLocation) -> JSONValue { JSONValue(.bool(b), at: at) }
    static func arr(_ a: [JSONValue], _ at: SourceLocation) -> JSONValue { JSONValue(.array(a), at: at) }
    static func obj(_ members: [(String, JSONValue)], _ at: SourceLocation) -> JSONValue {
        JSONValue(.object(members.map { JSONMember(key: $0.0, keyLocation: $0.1.location, value: $0.1) }), at: at)
    }
}

extension JSONValue {
    /// A copy with `key` set to `value` (replacing an existing member in place, else appended).
    func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard var m = members else { return self }
        if let i = m.firstIndex(where: { $0.key == key }) { m[i].value = value } else {
            m.append(JSONMember(key: key, keyLocation: value.location, value: value))
        }
        var out = self
        out.kind = .object(m)
        return out
    }

    func removing(_ key: String) -> JSONValue {
        guard let m = members else { return self }
        var out = self
        out.kind = .object(m.filter { $0.key != key })
        return out
    }

    /// The scene JSON as text for `render translate`: short values on one line, views and lists of views indented.
    public func sceneText() -> String {
        var out = ""
        write(&out, indent: 0)
        out += "\n"
        return out
    }

    private func compact() -> String {
        switch kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return NumberText.shortest(n)
        case .string(let s): return TextEscaping.jsonString(s)
        case .array(let a): return "[" + a.map { $0.compact() }.joined(separator: ", ") + "]"
        case .object(let m): return "{" + m.map { TextEscaping.jsonString($0.key) + ": " + $0.value.compact() }.joined(separator: ", ") + "}"
        }
    }

    private func write(_ out: inout String, indent: Int) {
        let flat = compact()
        if flat.count + indent <= 100 { out += flat; return }
        let pad = String(repeating: "  ", count: indent + 1)
        switch kind {
        case .array(let a):
            out += "[\n"
            for (i, e) in a.enumerated() {
                out += pad
                e.write(&out, indent: indent + 1)
                out += i + 1 < a.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let m):
            out += "{\n"
            for (i, e) in m.enumerated() {
                out += pad + TextEscaping.jsonString(e.key) + ": "
                e.value.write(&out, indent: indent + 1)
                out += i + 1 < m.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        default: out += flat
        }
    }
}
