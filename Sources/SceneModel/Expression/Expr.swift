/// A parsed expression: a syntax tree whose every node knows where it came from.
///
/// `offset`/`length` count Unicode scalars in the parsed text (see ``ExprError``), so
/// checker errors point at the exact operand, argument or name at fault.
public struct Expr: Hashable, Sendable {
    public internal(set) var kind: ExprKind
    /// Unicode scalars from the start of the parsed text to this node's first scalar.
    public internal(set) var offset: Int
    /// Unicode scalars this node spans, parentheses around sub-expressions included.
    public internal(set) var length: Int
    /// Levels of nodes from here to the deepest leaf (a leaf is 1); bounded by ``Expr/maximumDepth``.
    let height: Int

    init(_ kind: ExprKind, offset: Int, length: Int) {
        self.kind = kind; self.offset = offset; self.length = length
        switch kind {
        case .number, .bool, .string, .variable: height = 1
        case .unary(_, let x): height = x.height + 1
        case .binary(_, let l, let r): height = max(l.height, r.height) + 1
        case .conditional(let c, let a, let b): height = max(c.height, a.height, b.height) + 1
        case .call(_, let args), .list(let args): height = (args.map(\.height).max() ?? 0) + 1
        }
    }

    /// The longest expression accepted, in Unicode scalars.
    public static let maximumLength = ExpressionLimits.maximumLength
    /// The deepest nesting accepted (parentheses, operands, arguments), so that parsing,
    /// checking and evaluation never recurse without bound on hostile input.
    public static let maximumDepth = ExpressionLimits.maximumDepth

    /// Every variable name the expression reads, in order of first appearance.
    /// The timeline uses it to know which state an expression depends on.
    public var variableNames: [String] {
        var names: [String] = []
        var seen = Set<String>()
        func visit(_ e: Expr) {
            switch e.kind {
            case .number, .bool, .string: break
            case .variable(let n): if seen.insert(n).inserted { names.append(n) }
            case .unary(_, let x): visit(x)
            case .binary(_, let l, let r): visit(l); visit(r)
            case .conditional(let c, let a, let b): visit(c); visit(a); visit(b)
            case .call(_, let args), .list(let args): args.forEach(visit)
            }
        }
        visit(self)
        return names
    }
}

/// The kinds of expression node.
public indirect enum ExprKind: Hashable, Sendable {
    case number(Double)
    case bool(Bool)
    /// A single-quoted string literal, escapes already resolved.
    case string(String)
    /// A variable: a state variable, `t`, a loop variable or a dotted `gesture.*` name.
    case variable(String)
    case unary(UnaryOperator, Expr)
    case binary(BinaryOperator, Expr, Expr)
    /// `condition ? then : else`.
    case conditional(Expr, Expr, Expr)
    /// A call of a built-in function, by name.
    case call(String, [Expr])
    /// `[a, b, c]`.
    case list([Expr])
}

/// Prefix operators: `-x` (numbers) and `!b` (bools).
public enum UnaryOperator: String, Hashable, Sendable {
    case negate = "-", not = "!"
}

/// Infix operators, with C/JavaScript precedence.
public enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    case multiply = "*", divide = "/", remainder = "%"
    case add = "+", subtract = "-"
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case equal = "==", notEqual = "!="
    case and = "&&", or = "||"

    /// Higher binds tighter; all of these associate to the left.
    var precedence: Int {
        switch self {
        case .multiply, .divide, .remainder: 6
        case .add, .subtract: 5
        case .less, .lessOrEqual, .greater, .greaterOrEqual: 4
        case .equal, .notEqual: 3
        case .and: 2
        case .or: 1
        }
    }
}
