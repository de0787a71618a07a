import Geometry

/// A compiled expression together with where it came from, so that a value that goes wrong
/// while rendering (NaN, infinity) can be reported with its JSON path and source.
public final class ExprRef: Sendable {
    /// The expression text (without the leading `=`).
    public let source: String
    public let path: String
    public let location: SourceLocation
    public let compiled: CompiledExpr
    public var type: ValueType { compiled.type }

    public init(source: String, path: String, location: SourceLocation, compiled: CompiledExpr) {
        self.source = source; self.path = path; self.location = location; self.compiled = compiled
    }

    /// Evaluates with the value vector laid out as `ExpressionSlots` says.
    @inline(__always)
    public func evaluate(_ values: [Value]) -> Value { compiled.evaluate(values) }
}

/// The layout of the value vector every scene expression reads: the state variables in file
/// order, then `t`, then the eight `gesture.*` variables, then the forEach loop variables by
/// nesting depth (outermost first, room for 64 levels), then `presented.<name>` for every
/// state variable (in what events and handlers set), then `geometry.width` and `geometry.height` (inside a
/// `geometry` container's children: the nearest enclosing one's laid-out size).
public enum ExpressionSlots {
    public static func time(stateCount n: Int) -> Int { n }
    public static func gesture(stateCount n: Int) -> Int { n + 1 }
    public static func loop(stateCount n: Int, depth: Int) -> Int { n + 1 + TypeEnvironment.gestureVariables.count + depth }
    /// Most forEach levels that can be nested (views nest at most 64 deep).
    public static let maxLoopDepth = 64
    /// `presented.<name>` of state variable `index`: after the deepest loop variable.
    public static func presented(stateCount n: Int, index: Int) -> Int { loop(stateCount: n, depth: maxLoopDepth) + index }
    /// `geometry.width` (`geometry.height` is the next slot): after the presented values.
    public static func geometry(stateCount n: Int) -> Int { presented(stateCount: n, index: n) }
}

/// What an expression may refer to at a place in a scene, beside the state variables, `t` and the colours.
public struct ExpressionScope: Sendable {
    /// The enclosing forEach loop variables, outermost first.
    public var loopVariables: [String] = []
    /// Inside gesture handlers the `gesture.*` variables are defined.
    public var gesture: Bool = false
    /// In what an event sets (and its animation), `presented.<name>` reads a numeric state
    /// variable as it is on screen at that instant, animation included.
    public var presented: Bool = false
    /// Inside a `geometry` container's children (not its own keys), `geometry.width` and `geometry.height` read
    /// the nearest enclosing container's laid-out size. Handlers never see them (they run in the simulation,
    /// before any layout).
    public var geometry: Bool = false
    /// Item state in scope (`itemState` of an enclosing forEach), by name.
    public var itemState: [String: ItemStateSlot] = [:]

    public init() {}
}

/// Where a forEach's item-state variable lives in the value vector: one copy per item.
public struct ItemStateSlot: Sendable {
    /// The slot of the first item's copy; item k uses `base + k`.
    public var base: Int
    public var count: Int
    public var type: ValueType
    /// Which loop variable indexes the copies: the depth of the forEach that declares them.
    public var loopDepth: Int

    public init(base: Int, count: Int, type: ValueType, loopDepth: Int) {
        self.base = base; self.count = count; self.type = type; self.loopDepth = loopDepth
    }
}

/// Compiles a scene's expressions against its declarations: any front end's way from expression text to an `ExprRef`
/// the timeline evaluates. A problem is an `ExprError` whose `offset` counts characters into the text, for the front
/// end to turn into a place in its own file (the JSON reader adds the string's position; another front end would add
/// its own).
public struct ExpressionCompiler: Sendable {
    /// The state variables (item-state copies included: every slot of the state vector), `t` and the colours.
    let base: TypeEnvironment
    let stateCount: Int
    /// The numeric state variables and their slots, for `presented.<name>`.
    let numbers: [(name: String, slot: Int)]

    /// `state` is the whole state vector in slot order; `colors` every colour the scene can name.
    public init(state: [StateVariable], colors: [String: Color]) {
        base = TypeEnvironment.scene(state: state.map { ($0.name, $0.initial) }, colors: colors)
        stateCount = state.count
        numbers = state.enumerated().compactMap { $0.element.initial.type == .number ? ($0.element.name, $0.offset) : nil }
    }

    /// Parses, type-checks and compiles `source` (without its leading `=`), written at `location` (`path` names it
    /// in messages), where `scope` says what else is defined; `expecting` is the type the place needs, if one.
    public func compile(_ source: String, path: String, location: SourceLocation, scope: ExpressionScope,
                        expecting: ValueType?) throws(ExprError) -> ExprRef {
        var env = base
        let n = stateCount
        if scope.gesture {
            for (k, g) in TypeEnvironment.gestureVariables.enumerated() {
                env.declare(g.name, type: g.type, slot: ExpressionSlots.gesture(stateCount: n) + k)
            }
        }
        for (depth, name) in scope.loopVariables.enumerated() {
            env.declare(name, type: .number, slot: ExpressionSlots.loop(stateCount: n, depth: depth))
        }
        for (name, s) in scope.itemState {
            env.declare(name, type: s.type, slot: s.base,
                        index: .init(slot: ExpressionSlots.loop(stateCount: n, depth: s.loopDepth), count: s.count))
        }
        if scope.geometry {
            for (k, name) in TypeEnvironment.geometryVariables.enumerated() {
                env.declare(name, type: .number, slot: ExpressionSlots.geometry(stateCount: n) + k)
            }
        }
        if scope.presented {
            for (name, slot) in numbers {
                env.declare("presented." + name, type: .number, slot: ExpressionSlots.presented(stateCount: n, index: slot))
            }
        }
        let c = try CompiledExpr(parsing: source, env: env, expecting: expecting)
        return ExprRef(source: source, path: path, location: location, compiled: c)
    }
}
