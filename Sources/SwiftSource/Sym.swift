import Foundation
import SceneJSON

/// A value of the Swift source as the translator knows it without running anything: a constant, or an expression of
/// the scene's expression language (scene format §2) over state variables, loop variables, gesture values and
/// geometry. Constants fold as they are built, so `CGFloat(6) * 2` becomes 12 and a view that reads only constants
/// translates to plain JSON values.
indirect enum Sym: Equatable {
    case num(Double)
    case bool(Bool)
    case str(String)
    /// A colour: `#RRGGBBAA` or a name of the scene's `colors`.
    case color(String)
    /// A variable of the expression language: a state variable, `t`, `i`, `gesture.translation.x`, `geometry.width`.
    case ref(String, Kind)
    case call(String, [Sym], Kind)
    case unary(String, Sym)
    case binary(String, Sym, Sym)
    case cond(Sym, Sym, Sym)

    enum Kind: Equatable { case number, bool, string, color }

    var kind: Kind {
        switch self {
        case .num: return .number
        case .bool: return .bool
        case .str: return .string
        case .color: return .color
        case .ref(_, let k), .call(_, _, let k): return k
        case .unary(let op, let x): return op == "!" ? .bool : x.kind
        case .binary(let op, let a, _):
            if ["==", "!=", "<", ">", "<=", ">=", "&&", "||"].contains(op) { return .bool }
            return a.kind
        case .cond(_, let a, _): return a.kind
        }
    }

    var isConstant: Bool {
        switch self {
        case .num, .bool, .str, .color: return true
        default: return false
        }
    }

    /// Whether one of its numbers satisfies `test`.
    func containsNumber(where test: (Double) -> Bool) -> Bool {
        switch self {
        case .num(let n): return test(n)
        case .bool, .str, .color, .ref: return false
        case .call(_, let a, _): return a.contains { $0.containsNumber(where: test) }
        case .unary(_, let x): return x.containsNumber(where: test)
        case .binary(_, let a, let b): return a.containsNumber(where: test) || b.containsNumber(where: test)
        case .cond(let c, let a, let b): return c.containsNumber(where: test) || a.containsNumber(where: test) || b.containsNumber(where: test)
        }
    }

    /// Whether a number in it is infinite or NaN (which the expression language cannot write but as a frame's maximum).
    var hasNonFiniteNumber: Bool { containsNumber { !$0.isFinite } }

    /// A NaN or −∞ among the numbers (only +∞ has a meaning, as a frame's maximum).
    var hasNaNOrNegativeInfinity: Bool { containsNumber { $0.isNaN || $0 == -.infinity } }

    /// The state variables this value reads.
    var reads: Set<String> {
        switch self {
        case .num, .bool, .str, .color: return []
        case .ref(let n, _): return [n]
        case .call(_, let a, _): return a.reduce(into: []) { $0.formUnion($1.reads) }
        case .unary(_, let x): return x.reads
        case .binary(_, let a, let b): return a.reads.union(b.reads)
        case .cond(let c, let a, let b): return c.reads.union(a.reads).union(b.reads)
        }
    }

    /// Replaces variables by values (`substitute(["progress": .num(0.5)])`), folding what becomes constant.
    func substitute(_ env: [String: Sym]) -> Sym {
        switch self {
        case .num, .bool, .str, .color: return self
        case .ref(let n, _): return env[n] ?? self
        case .call(let f, let a, let k): return Sym.fold(.call(f, a.map { $0.substitute(env) }, k))
        case .unary(let op, let x): return Sym.unary(op, x.substitute(env)).folded
        case .binary(let op, let a, let b): return Sym.binary(op, a.substitute(env), b.substitute(env)).folded
        case .cond(let c, let a, let b): return Sym.cond(c.substitute(env), a.substitute(env), b.substitute(env)).folded
        }
    }

    // MARK: Folding

    var folded: Sym { Sym.fold(self) }

    static func fold(_ s: Sym) -> Sym {
        switch s {
        case .unary(let op, let x):
            switch (op, x) {
            case ("-", .num(let n)): return .num(-n)
            case ("+", _): return x
            case ("!", .bool(let b)): return .bool(!b)
            case ("!", .unary("!", let y)): return y
            default: return s
            }
        case .binary(let op, let a, let b):
            if case .num(let x) = a, case .num(let y) = b {
                switch op {
                case "+": return .num(x + y)
                case "-": return .num(x - y)
                case "*": return .num(x * y)
                case "/": return y == 0 ? s : .num(x / y)
                case "%": return y == 0 ? s : .num(x.truncatingRemainder(dividingBy: y))
                case "==": return .bool(x == y)
                case "!=": return .bool(x != y)
                case "<": return .bool(x < y)
                case ">": return .bool(x > y)
                case "<=": return .bool(x <= y)
                case ">=": return .bool(x >= y)
                default: return s
                }
            }
            if case .bool(let x) = a, case .bool(let y) = b {
                switch op {
                case "&&": return .bool(x && y)
                case "||": return .bool(x || y)
                case "==": return .bool(x == y)
                case "!=": return .bool(x != y)
                default: return s
                }
            }
            if case .str(let x) = a, case .str(let y) = b {
                switch op {
                case "+": return .str(x + y)
                case "==": return .bool(x == y)
                case "!=": return .bool(x != y)
                default: return s
                }
            }
            switch (op, a, b) {
            case ("&&", .bool(true), _): return b
            case ("&&", _, .bool(true)): return a
            case ("&&", .bool(false), _), ("&&", _, .bool(false)): return .bool(false)
            case ("||", .bool(false), _): return b
            case ("||", _, .bool(false)): return a
            case ("||", .bool(true), _), ("||", _, .bool(true)): return .bool(true)
            case ("+", .num(0), _): return b
            case ("+", _, .num(0)), ("-", _, .num(0)): return a
            case ("*", .num(1), _): return b
            case ("*", _, .num(1)), ("/", _, .num(1)): return a
            default: return s
            }
        case .cond(let c, let a, let b):
            if case .bool(let x) = c { return x ? a : b }
            if a == b { return a }
            return s
        case .call(let f, let args, _):
            let nums = args.compactMap { if case .num(let n) = $0 { return n } else { return nil } }
            guard nums.count == args.count else { return s }
            switch (f, nums.count) {
            case ("min", 2...): return .num(nums.min()!)
            case ("max", 2...): return .num(nums.max()!)
            case ("abs", 1): return .num(Swift.abs(nums[0]))
            case ("sqrt", 1): return nums[0] >= 0 ? .num(nums[0].squareRoot()) : s
            case ("pow", 2): return .num(Foundation.pow(nums[0], nums[1]))
            case ("sin", 1): return .num(Foundation.sin(nums[0]))
            case ("cos", 1): return .num(Foundation.cos(nums[0]))
            case ("floor", 1): return .num(nums[0].rounded(.down))
            case ("ceil", 1): return .num(nums[0].rounded(.up))
            case ("round", 1): return .num(nums[0].rounded(.toNearestOrAwayFromZero))
            case ("Int", 1): return .num(nums[0].rounded(.towardZero))
            default: return s
            }
        default: return s
        }
    }

    // MARK: Text of the expression language

    /// The expression text (without the leading `=`).
    var source: String { text(0) }

    private static func precedence(_ op: String) -> Int {
        switch op {
        case "||": return 1
        case "&&": return 2
        case "==", "!=", "<", ">", "<=", ">=": return 3
        case "+", "-": return 4
        default: return 5
        }
    }

    private func text(_ outer: Int) -> String {
        switch self {
        case .num(let n) where n == .infinity: return "infinity"
        case .num(let n): return n < 0 ? "(\(Sym.number(n)))" : Sym.number(n)
        case .bool(let b): return b ? "true" : "false"
        case .str(let s), .color(let s): return "'" + s.replacingOccurrences(of: "'", with: "\\'") + "'"
        case .ref(let n, _): return n
        case .call(let f, let a, _): return f + "(" + a.map { $0.text(0) }.joined(separator: ", ") + ")"
        case .unary(let op, let x): return op + x.text(6)
        case .binary(let op, let a, let b):
            let p = Sym.precedence(op)
            // Left-associative: the right operand needs parentheses at equal precedence.
            let s = a.text(p) + " " + op + " " + b.text(p + 1)
            return p < outer ? "(" + s + ")" : s
        case .cond(let c, let a, let b):
            let s = c.text(1) + " ? " + a.text(0) + " : " + b.text(0)
            return outer > 0 ? "(" + s + ")" : s
        }
    }

    /// A number as the expression language reads it: the shortest digits that read back as the same Double,
    /// written without an exponent (`0.00007`, not `7e-05`).
    static func number(_ n: Double) -> String {
        if n == n.rounded(), Swift.abs(n) < 1e15 { return String(Int64(n)) }
        let text = "\(n)"
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exp = Int(text[text.index(after: e)...]) else { return text }
        var mantissa = String(text[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
        var point = parts[0].count + exp
        if point <= 0 { digits = String(repeating: "0", count: 1 - point) + digits; point = 1 }
        if point >= digits.count { digits += String(repeating: "0", count: point - digits.count); return (negative ? "-" : "") + digits }
        var out = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        while out.hasSuffix("0") { out.removeLast() }
        return (negative ? "-" : "") + out
    }

    /// The value as scene JSON: a literal when constant, else `"=expression"`.
    func json(_ at: SourceLocation) -> JSONValue {
        switch self {
        case .num(let n): return J.num(n, at)
        case .bool(let b): return J.bool(b, at)
        case .str(let s), .color(let s): return J.str(s, at)
        default: return J.str("=" + source, at)
        }
    }
}
