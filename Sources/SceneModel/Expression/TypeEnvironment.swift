import Geometry

/// What the checker knows about the place an expression appears in: the variables in scope
/// with their types and evaluation slots, and the colour names.
///
/// Slots are indices into the `[Value]` vector a ``CompiledExpr`` reads at run time. Whoever
/// builds the environment owns the layout — typically state variables first, then `t`,
/// loop variables and, inside gesture handlers, the `gesture.*` variables.
public struct TypeEnvironment: Sendable {
    /// A variable in scope.
    public struct Variable: Hashable, Sendable {
        public var type: ValueType
        /// Index into the value vector passed to ``CompiledExpr/evaluate(_:)``; for an indexed variable,
        /// the slot of its first copy.
        public var slot: Int
        /// For per-item state: the copy read is `slot + k`, k being the value in `index.slot` (a loop
        /// variable), when 0 ≤ k < `index.count`.
        public var index: Index?
        public init(type: ValueType, slot: Int, index: Index? = nil) { self.type = type; self.slot = slot; self.index = index }
    }

    /// Which slot selects the copy of an indexed variable, and how many copies there are.
    public struct Index: Hashable, Sendable {
        public var slot: Int
        public var count: Int
        public init(slot: Int, count: Int) { self.slot = slot; self.count = count }
    }

    public private(set) var variables: [String: Variable] = [:]
    /// The scene's `colors`; they take precedence over ``Geometry/Color/named``.
    public var colors: [String: Color]
    /// One more than the highest slot declared: the shortest value vector that works.
    public private(set) var slotCount = 0

    public init(colors: [String: Color] = [:]) { self.colors = colors }

    /// The variables of a gesture handler (§7) and their types.
    public static let gestureVariables: [(name: String, type: ValueType)] = [
        ("gesture.x", .number), ("gesture.y", .number),
        ("gesture.translation.x", .number), ("gesture.translation.y", .number),
        ("gesture.velocity.x", .number), ("gesture.velocity.y", .number),
        ("gesture.force", .number), ("gesture.pressed", .bool),
    ]

    /// What a `geometry` container's children may read: its laid-out size in points, width then height.
    public static let geometryVariables = ["geometry.width", "geometry.height"]

    /// Declares `name` in the next free slot (or redeclares it, for a loop variable that
    /// shadows an outer one) and returns the slot.
    @discardableResult
    public mutating func declare(_ name: String, type: ValueType) -> Int {
        declare(name, type: type, slot: slotCount)
    }

    /// Declares `name` in a given slot, for callers that lay out the vector themselves.
    @discardableResult
    public mutating func declare(_ name: String, type: ValueType, slot: Int, index: Index? = nil) -> Int {
        variables[name] = Variable(type: type, slot: slot, index: index)
        slotCount = max(slotCount, slot + (index?.count ?? 1), (index?.slot ?? 0) + 1)
        return slot
    }

    /// The environment of a scene's top-level expressions: `state` in file order in slots
    /// 0…n−1 (types from their initial values), then `t` (seconds) in slot n.
    public static func scene(state: [(name: String, value: Value)], colors: [String: Color]) -> TypeEnvironment {
        var env = TypeEnvironment(colors: colors)
        for (name, value) in state { env.declare(name, type: value.type) }
        env.declare("t", type: .number)
        return env
    }

    /// Adds the `gesture.*` variables, in the order of ``gestureVariables``, for a gesture handler.
    public mutating func declareGestureVariables() {
        for (name, type) in TypeEnvironment.gestureVariables { declare(name, type: type) }
    }

    /// A colour by name (scene colours first, then the built-in names) or by hex
    /// (`#RGB`, `#RRGGBB`, `#RRGGBBAA`); nil when the text is neither.
    public func color(named text: String) -> Color? {
        colors[text] ?? Color.named[text] ?? Color(hexString: text)
    }

    /// Every colour name known here, for suggestions.
    public var colorNames: [String] { Array(Set(colors.keys).union(Color.named.keys)) }
}
