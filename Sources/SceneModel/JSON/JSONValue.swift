/// A position in a source file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
}

/// A parsed JSON value that remembers where it came from, so that every problem found later
/// can name the file, line and column. Object members keep their file order.
public struct JSONValue: Sendable {
    public indirect enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    public var kind: Kind
    /// Where the value starts.
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) { self.kind = kind; self.location = location }

    /// The JSON type name used in error messages ("a number", "an object"…).
    public var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }

    public var members: [JSONMember]? { if case .object(let m) = kind { return m } else { return nil } }
    public var elements: [JSONValue]? { if case .array(let a) = kind { return a } else { return nil } }
    public var string: String? { if case .string(let s) = kind { return s } else { return nil } }
    public var number: Double? { if case .number(let n) = kind { return n } else { return nil } }
    public var bool: Bool? { if case .bool(let b) = kind { return b } else { return nil } }

    /// The member named `key` of an object, if present.
    public subscript(key: String) -> JSONValue? {
        members?.first(where: { $0.key == key })?.value
    }
}

/// One `"key": value` pair of an object, with the key's own location.
public struct JSONMember: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: JSONValue
}
