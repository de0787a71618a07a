/// What `OrderedJSONEncoder` builds before writing: a value's text already formatted, or a container. Containers are
/// reference types because the encoder hands out a container after placing it in its parent, and it is filled later.
enum JSONNode {
    /// A string literal (escaped, quotes included), a number, `true`, `false` or `null`, as written.
    case literal(String)
    case object(JSONObject)
    case array(JSONArray)
    /// A value a `superEncoder` will put here; nothing encoded into it stands as `{}`, as with JSONEncoder.
    case pending(JSONSlot)

    /// Appends the value's text. The layout of all our JSON files: the top-level container and the arrays that are
    /// members of the top-level object put one entry per line, indented by two spaces a level; everything deeper is
    /// written on one line, with `": "` after keys and `", "` between entries.
    func write(to out: inout String, depth: Int = 0) {
        switch self {
        case .literal(let text):
            out += text
        case .pending(let slot):
            (slot.node ?? .object(JSONObject())).write(to: &out, depth: depth)
        case .object(let object):
            let members = object.members.map { (TextEscaping.jsonString($0.key) + ": ", $0.value) }
            Self.writeEntries(members, open: "{", close: "}", to: &out, depth: depth, expanded: depth == 0)
        case .array(let array):
            Self.writeEntries(array.elements.map { ("", $0) }, open: "[", close: "]", to: &out, depth: depth, expanded: depth <= 1)
        }
    }

    private static func writeEntries(_ entries: [(prefix: String, value: JSONNode)], open: String, close: String,
                                     to out: inout String, depth: Int, expanded: Bool) {
        out += open
        guard !entries.isEmpty else { out += close; return }
        let indent = expanded ? String(repeating: "  ", count: depth + 1) : ""
        for (k, entry) in entries.enumerated() {
            if k > 0 { out += expanded ? "," : ", " }
            if expanded { out += "\n" + indent }
            out += entry.prefix
            entry.value.write(to: &out, depth: depth + 1)
        }
        if expanded { out += "\n" + String(repeating: "  ", count: depth) }
        out += close
    }
}

/// An object's members in the order they were encoded; a key encoded again keeps its first place.
final class JSONObject {
    private(set) var members: [(key: String, value: JSONNode)] = []

    func set(_ key: String, _ value: JSONNode) {
        if let i = members.firstIndex(where: { $0.key == key }) { members[i].value = value } else { members.append((key, value)) }
    }
}

/// An array's elements in order.
final class JSONArray {
    var elements: [JSONNode] = []
}

/// Where one encoder puts the value it is given: set when the value asks for a container or encodes a single value.
final class JSONSlot {
    var node: JSONNode?
}
