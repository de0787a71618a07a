/// One problem with a scene, located in its file: `file:line:column: path: message`.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 for a value given on the command line rather than in a file.
    public var line: Int
    public var column: Int
    /// The JSON path of the offending value, e.g. `body.children[2].shadows[0].radius`.
    public var path: String
    public var message: String

    public init(file: String, line: Int, column: Int, path: String, message: String) {
        self.file = file; self.line = line; self.column = column; self.path = path; self.message = message
    }

    public init(file: String, at location: SourceLocation, path: String, message: String) {
        self.init(file: location.file ?? file, line: location.line, column: location.column, path: path, message: message)
    }

    /// One line, whatever the scene's keys and strings hold: control characters in the path or
    /// message (a key may contain an escaped newline) are shown as escapes, not written raw.
    public var description: String {
        // Line 0: a value given on the command line (`--set name=value`), which `file` then holds.
        if line == 0 { return "\(Self.oneLine(file)): \(Self.oneLine(message))" }
        return "\(Self.oneLine(file)):\(line):\(column): \(path.isEmpty ? "(document)" : Self.oneLine(path)): \(Self.oneLine(message))"
    }

    static func oneLine(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: Self.breaksLine) else { return s }
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where Self.breaksLine(u): out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Control characters and the Unicode line and paragraph separators.
    static func breaksLine(_ u: Unicode.Scalar) -> Bool {
        u.properties.generalCategory == .control || u == "\u{2028}" || u == "\u{2029}" || u == "\u{85}"
    }
}

/// Every problem found in a scene, in file order.
public struct SceneErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [SceneError]
    public init(_ errors: [SceneError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
