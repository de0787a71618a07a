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

    init(source: String, path: String, location: SourceLocation, compiled: CompiledExpr) {
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

extension ValueType {
    /// "a number", "a colour"… for messages.
    var phrase: String { description }
}

extension SceneReader {
    /// Records the state variables for type checking; call once the `state` and `colors` are read.
    mutating func prepareExpressions(state: [StateVariable]) {
        baseEnvironment = TypeEnvironment.scene(state: state.map { ($0.name, $0.initial) }, colors: colors)
    }

    /// Parses, checks and compiles an expression found in the JSON string `v` at `path`.
    /// `offset` is the number of characters between the string's opening quote position
    /// and the start of `source` (2 for `"=…`, 1 for a condition without `=`).
    mutating func expression(_ source: String, _ v: JSONValue, _ path: String, _ scope: Scope,
                             expecting: ValueType?, offset: Int = 2) -> ExprRef? {
        var env = baseEnvironment ?? TypeEnvironment.scene(state: [], colors: colors)
        let n = stateSlots.count
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
            for (name, slot) in stateSlots where stateTypes[name] == .number {
                env.declare("presented." + name, type: .number, slot: ExpressionSlots.presented(stateCount: n, index: slot))
            }
        }
        do {
            let c = try CompiledExpr(parsing: source, env: env, expecting: expecting)
            return ExprRef(source: source, path: path, location: v.location, compiled: c)
        } catch {
            // `offset` counts the opening quote, so the error's scalar in the decoded string is
            // offset − 1 + error.offset; escapes before it widen the column.
            let loc = offset == 0 ? v.location : v.location(ofScalar: offset - 1 + error.offset)
            // The checker already explains `gesture.*` outside handlers; adding it here said it twice.
            var message = error.message
            if !scope.presented && source.contains("presented.") {
                message += " (presented values can be read only in what an event or gesture handler sets)"
            }
            fail(loc, path, message)
            return nil
        }
    }
}
