import Geometry

/// Variables and colours for the tree-walking ``evaluate(_:_:)``.
public protocol EvaluationEnvironment {
    /// The current value of a variable, nil when it is not defined.
    func value(of variable: String) -> Value?
    /// A colour by name or hex; the default knows the built-in names and hex.
    func color(named name: String) -> Color?
}

extension EvaluationEnvironment {
    public func color(named name: String) -> Color? { Color.named[name] ?? Color(hexString: name) }
}

/// A dictionary of variable values and scene colours.
public struct VariableBindings: EvaluationEnvironment, Sendable {
    public var values: [String: Value]
    /// The scene's `colors`, consulted before the built-in names.
    public var colors: [String: Color]

    public init(_ values: [String: Value] = [:], colors: [String: Color] = [:]) {
        self.values = values; self.colors = colors
    }

    public func value(of variable: String) -> Value? { values[variable] }
    public func color(named name: String) -> Color? { colors[name] ?? Color.named[name] ?? Color(hexString: name) }
}

/// Evaluates a tree directly, looking variables up by name: for one-off values at load time
/// and as the reference the compiled form is tested against. Hot paths use ``CompiledExpr``.
///
/// It assumes a tree that passed ``typeCheck(_:env:expecting:)``; on anything ill-typed or an
/// undefined variable it returns NaN rather than failing. `&&`, `||` and `? :` evaluate only
/// the operands they need. String literals stay strings except where a colour is required
/// (`mix`, `alpha`, comparison with a colour).
public func evaluate(_ e: Expr, _ env: some EvaluationEnvironment) -> Value {
    Interpreter(env: env).value(e)
}

struct Interpreter<Env: EvaluationEnvironment> {
    let env: Env
    private static var invalid: Value { .number(.nan) }

    func value(_ e: Expr) -> Value {
        switch e.kind {
        case .number(let x): return .number(x)
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .variable(let name): return env.value(of: name) ?? Self.invalid
        case .unary(.negate, let x): return number(x).map { .number(-$0) } ?? Self.invalid
        case .unary(.not, let x): return boolean(x).map { .bool(!$0) } ?? Self.invalid
        case .binary(let op, let l, let r): return binary(op, l, r)
        case .conditional(let c, let a, let b):
            guard let test = boolean(c) else { return Self.invalid }
            return value(test ? a : b)
        case .call(let name, let args): return call(name, args)
        case .list(let items): return .list(items.map(value))
        }
    }

    private func number(_ e: Expr) -> Double? { value(e).number }
    private func boolean(_ e: Expr) -> Bool? { value(e).bool }

    private func color(_ v: Value) -> Color? {
        switch v {
        case .color(let c): c
        case .string(let s): env.color(named: s)
        default: nil
        }
    }

    private func binary(_ op: BinaryOperator, _ l: Expr, _ r: Expr) -> Value {
        switch op {
        case .and:
            guard let a = boolean(l) else { return Self.invalid }
            return a ? (boolean(r).map(Value.bool) ?? Self.invalid) : .bool(false)
        case .or:
            guard let a = boolean(l) else { return Self.invalid }
            return a ? .bool(true) : (boolean(r).map(Value.bool) ?? Self.invalid)
        default: break
        }
        let a = value(l), b = value(r)
        switch (op, a, b) {
        case (.add, .number(let x), .number(let y)): return .number(x + y)
        case (.add, .string, .string), (.add, .string, .number), (.add, .number, .string): return .string(a.text + b.text)
        case (.subtract, .number(let x), .number(let y)): return .number(x - y)
        case (.multiply, .number(let x), .number(let y)): return .number(x * y)
        case (.divide, .number(let x), .number(let y)): return .number(x / y)
        case (.remainder, .number(let x), .number(let y)): return .number(ExpressionMath.remainder(x, y))
        case (.less, .number(let x), .number(let y)): return .bool(x < y)
        case (.lessOrEqual, .number(let x), .number(let y)): return .bool(x <= y)
        case (.greater, .number(let x), .number(let y)): return .bool(x > y)
        case (.greaterOrEqual, .number(let x), .number(let y)): return .bool(x >= y)
        case (.equal, _, _), (.notEqual, _, _):
            let same: Bool
            if case .color = a, let c = color(b) { same = a.color == c }
            else if case .color = b, let c = color(a) { same = b.color == c }
            else if a.type == b.type, a.type != .list { same = a == b && !(a.number?.isNaN ?? false) }
            else { return Self.invalid }
            return .bool(op == .equal ? same : !same)
        default: return Self.invalid
        }
    }

    private func call(_ name: String, _ args: [Expr]) -> Value {
        guard let fn = Builtin(rawValue: name) else { return Self.invalid }
        let values = args.map(value)
        switch fn {
        case .mix where values.count == 3 && values[0].number == nil:
            guard let a = color(values[0]), let b = color(values[1]), let f = values[2].number else { return Self.invalid }
            return .color(a.mixed(with: b, by: f))
        case .alpha:
            guard values.count == 2, let c = color(values[0]), let a = values[1].number else { return Self.invalid }
            return .color(c.withAlphaMultiplied(by: a))
        case .nearest:
            guard values.count == 2, let x = values[0].number, case .list(let items) = values[1] else { return Self.invalid }
            return .number(ExpressionMath.nearest(x, items.map { $0.number ?? .nan }))
        default:
            let xs = values.compactMap(\.number)
            guard xs.count == values.count else { return Self.invalid }
            return .number(fn.numeric(xs))
        }
    }
}
