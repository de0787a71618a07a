import SceneJSON

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
}
