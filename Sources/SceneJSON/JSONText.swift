import Formats

extension JSONValue {
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
