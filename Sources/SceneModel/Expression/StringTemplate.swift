/// A plain scene string with `{name}` placeholders for loop variables: `"card{i}"`.
///
/// Only names of loop variables in scope are placeholders; any other braces (`"{x}"` in a
/// label when there is no loop variable `x`) stay as written, so ordinary text is safe.
/// Numbers print as ``Value/text`` does: `card3`, not `card3.0`.
public struct StringTemplate: Hashable, Sendable {
    /// A piece of the string: literal text or a loop variable's name.
    public enum Part: Hashable, Sendable {
        case text(String)
        case variable(String)
    }

    public let parts: [Part]

    /// Splits `text` at placeholders naming one of `variables`.
    public init(_ text: String, variables: Set<String>) {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), variables.contains(String(rest[afterOpen..<close])) {
                if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
                parts.append(.variable(String(rest[afterOpen..<close])))
                rest = rest[rest.index(after: close)...]
            } else {
                literal.append("{")
                rest = rest[afterOpen...]
            }
        }
        literal += rest
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }

    /// True when the string has at least one placeholder and so differs per loop iteration.
    public var hasPlaceholders: Bool { parts.contains { if case .variable = $0 { true } else { false } } }

    /// The string with each placeholder replaced by its variable's value (empty if missing).
    public func render(_ values: [String: Value]) -> String {
        parts.map { part in
            switch part {
            case .text(let s): s
            case .variable(let name): values[name]?.text ?? ""
            }
        }.joined()
    }

    /// One-step interpolation: `interpolate("card{i}", ["i": .number(3)])` is `"card3"`.
    public static func interpolate(_ text: String, _ values: [String: Value]) -> String {
        StringTemplate(text, variables: Set(values.keys)).render(values)
    }
}
