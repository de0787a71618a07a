import Geometry

/// The scene's own colours as declared, in order: each one a colour, or the name of a colour declared before it (or
/// built in). They stay declarations until the scene's values are final, so that a value given from outside the file
/// (`--set accent=#7CA0FF`) reaches every colour declared from it, whatever front end read the scene.
public struct ColorDeclarations: Sendable {
    public enum Definition: Sendable, Equatable {
        case color(Color)
        /// Another colour's name: a built-in one or one declared earlier.
        case name(String)
    }

    public struct Entry: Sendable {
        public var name: String
        public var definition: Definition
        public init(name: String, definition: Definition) { self.name = name; self.definition = definition }
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    /// The names a new declaration may refer to: built-ins and what is declared so far.
    public func isDefined(_ name: String) -> Bool { Color.named[name] != nil || entries.contains { $0.name == name } }

    public mutating func declare(_ name: String, _ definition: Definition) {
        entries.append(Entry(name: name, definition: definition))
    }

    /// Replaces the definition of a declared colour (a value from outside the file).
    public mutating func redefine(_ name: String, as definition: Definition) {
        for i in entries.indices where entries[i].name == name { entries[i].definition = definition }
    }

    /// Every colour by name, built-ins included, each declaration resolved in order.
    public func resolved() -> [String: Color] {
        var colors = Color.named
        for e in entries {
            switch e.definition {
            case .color(let c): colors[e.name] = c
            case .name(let n): if let c = colors[n] { colors[e.name] = c }
            }
        }
        return colors
    }
}
