/// The `--set` and `--state` values a render applied, as its manifest records them:
/// `{"state": {"name": value, …}, "colors": {…}}`, a section only when it has values, each in the scene's order.
///
/// JSONDecoder reads an object's members in no particular order, so a decoded value has each section sorted by name;
/// `ordered(like:)` puts them back in the file's order where that matters (a merged manifest repeats the shards').
public struct ManifestOverrides: Codable, Equatable, Sendable {
    public var state: [Entry]
    public var colors: [Entry]

    /// One value: a state variable's or a colour's name, and what it was set to.
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var value: Value
        public init(name: String, value: Value) { self.name = name; self.value = value }
    }

    /// A state variable's value or a colour (a string: `#RRGGBB` or a colour's name, as given).
    public enum Value: Equatable, Sendable {
        case number(Double)
        case bool(Bool)
        case string(String)
    }

    public init(state: [Entry], colors: [Entry]) { self.state = state; self.colors = colors }

    public var isEmpty: Bool { state.isEmpty && colors.isEmpty }

    /// The same values, each section in the order its names have in `order` (names not there go last, by name).
    public func ordered(like order: (state: [String], colors: [String])) -> ManifestOverrides {
        func sort(_ entries: [Entry], _ names: [String]) -> [Entry] {
            let rank = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            return entries.sorted { (rank[$0.name] ?? names.count, $0.name) < (rank[$1.name] ?? names.count, $1.name) }
        }
        return ManifestOverrides(state: sort(state, order.state), colors: sort(colors, order.colors))
    }

    private enum Section: String, CodingKey { case state, colors }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Section.self)
        func read(_ section: Section) throws -> [Entry] {
            guard c.contains(section) else { return [] }
            let values = try c.nestedContainer(keyedBy: NameKey.self, forKey: section)
            return try values.allKeys.map { Entry(name: $0.stringValue, value: try values.decode(Value.self, forKey: $0)) }
                .sorted { $0.name < $1.name }
        }
        state = try read(.state)
        colors = try read(.colors)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Section.self)
        for (section, entries) in [(Section.state, state), (.colors, colors)] where !entries.isEmpty {
            var values = c.nestedContainer(keyedBy: NameKey.self, forKey: section)
            for e in entries { try values.encode(e.value, forKey: NameKey(e.name)) }
        }
    }

    /// A member name chosen by the scene.
    private struct NameKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension ManifestOverrides.Value: Codable {
    /// Numbers are recorded with at most four decimals (`NumberText.fourDecimals`), as the manifest always has.
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let x = try? c.decode(Double.self) { self = .number(x) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected a number, true or false, or a string") }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let x): try c.encode(FourDecimals(value: x))
        case .bool(let b): try c.encode(b)
        case .string(let s): try c.encode(s)
        }
    }

    /// A number in `NumberText.fourDecimals`.
    private struct FourDecimals: Encodable, JSONNumberText {
        var value: Double
        var jsonNumberText: String { NumberText.fourDecimals(value) }
        func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(value)
        }
    }
}

extension ManifestOverrides {
    /// A render's variant in words, for messages: `variant --set x=1 --set accent=#7CA0FF` (`--set` names state
    /// variables and colours alike; `--state FILE` sets state variables from a file), or `the scene as written`.
    /// Two renders are of the same variant exactly when these words are the same.
    public static func variant(_ overrides: ManifestOverrides?) -> String {
        guard let o = overrides, !o.isEmpty else { return "the scene as written (no --set or --state)" }
        func text(_ v: Value) -> String {
            switch v {
            case .number(let n): return NumberText.shortest(n)
            case .bool(let b): return b ? "true" : "false"
            case .string(let s): return s
            }
        }
        let parts = (o.state.sorted { $0.name < $1.name } + o.colors.sorted { $0.name < $1.name }).map { "--set \($0.name)=\(text($0.value))" }
        return "variant " + parts.joined(separator: " ")
    }
}
