/// A position in a source file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable {
    public var line: Int
    public var column: Int
    /// The file, when it is not the scene file being read: a value that came from a SwiftUI file a scene's
    /// `{"type": "swift"}` body names, so that a problem found in it points into that file.
    public var file: String?
    public init(line: Int, column: Int, file: String? = nil) { self.line = line; self.column = column; self.file = file }
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
    /// For a string: its escapes (`\n`, `\u00e9`…) in order, which take more columns in the file
    /// than the one character they stand for. Empty for other values and for plain strings.
    public var stringEscapes: [JSONStringEscape] = []

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

    /// Where the character `offset` Unicode scalars into this string's decoded text is in the
    /// file: after the opening quote, with each earlier escape counted at its written width.
    public func location(ofScalar offset: Int) -> SourceLocation {
        var column = location.column + 1 + offset
        for e in stringEscapes where e.offset < offset { column += e.sourceLength - 1 }
        return SourceLocation(line: location.line, column: column)
    }

    /// The member named `key` of an object, if present.
    public subscript(key: String) -> JSONValue? {
        members?.first(where: { $0.key == key })?.value
    }
}

/// An escape in a JSON string: the decoded scalar it became, and how many characters it
/// took in the file (2 for `\n`, 6 for `\u00e9`, 12 for a surrogate pair).
public struct JSONStringEscape: Sendable, Hashable {
    /// Decoded Unicode scalars before it.
    public var offset: Int
    /// Characters (ASCII, so also bytes) it takes in the file.
    public var sourceLength: Int
}

/// One `"key": value` pair of an object, with the key's own location.
public struct JSONMember: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: JSONValue
    public init(key: String, keyLocation: SourceLocation, value: JSONValue) {
        self.key = key; self.keyLocation = keyLocation; self.value = value
    }
}
