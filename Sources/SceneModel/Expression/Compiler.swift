import Geometry

/// The value vector a compiled expression reads, borrowed for one evaluation.
typealias Slots = UnsafeBufferPointer<Value>

/// Compiled code, typed statically so numeric expressions run on plain Doubles without
/// boxing each intermediate result in a ``Value``.
enum Code: Sendable {
    case number(@Sendable (Slots) -> Double)
    case bool(@Sendable (Slots) -> Bool)
    case string(@Sendable (Slots) -> String)
    case color(@Sendable (Slots) -> Color)
    case list(@Sendable (Slots) -> [Double])

    var type: ValueType {
        switch self {
        case .number: .number
        case .bool: .bool
        case .string: .string
        case .color: .color
        case .list: .list
        }
    }

    var run: @Sendable (Slots) -> Value {
        switch self {
        case .number(let f): { .number(f($0)) }
        case .bool(let f): { .bool(f($0)) }
        case .string(let f): { .string(f($0)) }
        case .color(let f): { .color(f($0)) }
        case .list(let f): { s in .list(f(s).map(Value.number)) }
        }
    }
}

/// Type-checks and compiles in one pass; stops at the first error, in left-to-right order.
///
/// Colours: where a colour is expected (an argument of `mix`/`alpha`, the other side of a
/// comparison or branch with a colour, or a caller that asks for one), a string *literal* must
/// name a colour (`'accent'`, `'red'`, `'#8A7CFF'`) and becomes a colour constant here, at load
/// time. String *variables* are never colours: their value is only known at run time, and an
/// unknown colour name must be a load-time error.
struct Compiler {
    let env: TypeEnvironment

    func compile(_ e: Expr, expecting: ValueType?) throws(ExprError) -> Code {
        switch e.kind {
        case .number(let x): return .number { _ in x }
        case .bool(let b): return .bool { _ in b }
        case .string(let s):
            guard expecting == .color else { return .string { _ in s } }
            guard let c = env.color(named: s) else {
                var message = "'\(s)' is not a colour: use a name from `colors`, a built-in colour or #RRGGBB"
                if let near = NameSuggestion.nearest(to: s, among: env.colorNames) { message += "; did you mean '\(near)'?" }
                throw ExprError(message, offset: e.offset, length: e.length)
            }
            return .color { _ in c }
        case .variable(let name): return try variable(name, e)
        case .unary(let op, let x): return try unary(op, x)
        case .binary(let op, let l, let r): return try binary(op, l, r)
        case .conditional(let c, let a, let b): return try conditional(c, a, b, expecting: expecting)
        case .call(let name, let args): return try call(name, args, e)
        case .list:
            throw ExprError("a list [a, b, …] can only be the second argument of nearest", offset: e.offset, length: e.length)
        }
    }

    /// Converts `code` (compiled from `e`) to type `want`, or throws at `e`.
    func coerce(_ code: Code, _ e: Expr, to want: ValueType, _ what: @autoclosure () -> String) throws(ExprError) -> Code {
        if code.type == want { return code }
        if want == .color, code.type == .string {
            let recompiled = try compile(e, expecting: .color)
            if recompiled.type == .color { return recompiled }
            throw ExprError("\(what()) must be a colour, got a string; only string literals such as 'red' or '#FF0000' "
                            + "are colours, string variables are not", offset: e.offset, length: e.length)
        }
        if want == .string, case .number(let f) = code { return .string { Value.format(f($0)) } }
        throw ExprError("\(what()) must be \(want), got \(code.type)", offset: e.offset, length: e.length)
    }

    private func number(_ e: Expr, _ what: @autoclosure () -> String) throws(ExprError) -> @Sendable (Slots) -> Double {
        let code = try compile(e, expecting: .number)
        if case .number(let f) = code { return f }
        throw ExprError("\(what()) must be a number, got \(code.type)", offset: e.offset, length: e.length)
    }

    private func bool(_ e: Expr, _ what: @autoclosure () -> String) throws(ExprError) -> @Sendable (Slots) -> Bool {
        let code = try compile(e, expecting: .bool)
        if case .bool(let f) = code { return f }
        throw ExprError("\(what()) must be a bool, got \(code.type)", offset: e.offset, length: e.length)
    }

    private func color(_ e: Expr, _ what: @autoclosure () -> String) throws(ExprError) -> @Sendable (Slots) -> Color {
        let code = try coerce(try compile(e, expecting: .color), e, to: .color, what())
        if case .color(let f) = code { return f }
        return { _ in .clear } // unreachable: coerce returned a colour
    }

    private func variable(_ name: String, _ e: Expr) throws(ExprError) -> Code {
        guard let v = env.variables[name] else {
            var message = "unknown variable `\(name)`"
            if TypeEnvironment.gestureVariables.contains(where: { $0.name == name }) {
                message += "; gesture variables exist only inside gesture handlers"
            } else if name.hasPrefix("geometry.") {
                message += env.variables["geometry.width"] == nil
                    ? "; geometry.width and geometry.height exist only in the views inside a geometry container (not in its own keys or in gesture handlers) and in an event with \"geometry\": the container's id"
                    : "; a geometry container gives geometry.width and geometry.height"
            } else if let near = NameSuggestion.nearest(to: name, among: env.variables.keys) {
                message += "; did you mean `\(near)`?"
            }
            throw ExprError(message, offset: e.offset, length: e.length)
        }
        if let index = v.index { return indexedVariable(v.type, base: v.slot, index: index) }
        let i = v.slot
        // A short vector is the caller's bug; reading a neutral value keeps it from trapping.
        switch v.type {
        case .number: return .number { s in if i < s.count, case .number(let x) = s[i] { x } else { .nan } }
        case .bool: return .bool { s in if i < s.count, case .bool(let b) = s[i] { b } else { false } }
        case .string: return .string { s in if i < s.count, case .string(let t) = s[i] { t } else { "" } }
        case .color: return .color { s in if i < s.count, case .color(let c) = s[i] { c } else { .clear } }
        case .list:
            return .list { s in
                if i < s.count, case .list(let xs) = s[i] { xs.map { $0.number ?? .nan } } else { [] }
            }
        }
    }

    /// Per-item state: the copy of the item whose index is in `index.slot`; a neutral value when the index
    /// is not a whole number within the copies (only a caller's bug can make it so).
    private func indexedVariable(_ type: ValueType, base: Int, index: TypeEnvironment.Index) -> Code {
        let ix = index.slot, count = index.count
        let slot: @Sendable (Slots) -> Int? = { s in
            guard ix < s.count, case .number(let k) = s[ix], k >= 0, k < Double(count), k == k.rounded(.down) else { return nil }
            let i = base + Int(k)
            return i < s.count ? i : nil
        }
        switch type {
        case .number: return .number { s in if let i = slot(s), case .number(let x) = s[i] { x } else { .nan } }
        case .bool: return .bool { s in if let i = slot(s), case .bool(let b) = s[i] { b } else { false } }
        case .string: return .string { s in if let i = slot(s), case .string(let t) = s[i] { t } else { "" } }
        case .color: return .color { s in if let i = slot(s), case .color(let c) = s[i] { c } else { .clear } }
        case .list: return .list { s in if let i = slot(s), case .list(let xs) = s[i] { xs.map { $0.number ?? .nan } } else { [] } }
        }
    }

    private func unary(_ op: UnaryOperator, _ x: Expr) throws(ExprError) -> Code {
        switch op {
        case .negate:
            let f = try number(x, "the operand of `-`")
            return .number { -f($0) }
        case .not:
            let f = try bool(x, "the operand of `!`")
            return .bool { !f($0) }
        }
    }

    private func binary(_ op: BinaryOperator, _ l: Expr, _ r: Expr) throws(ExprError) -> Code {
        let name = "`\(op.rawValue)`"
        switch op {
        case .add:
            let a = try compile(l, expecting: nil), b = try compile(r, expecting: nil)
            switch (a, b) {
            case (.number(let f), .number(let g)): return .number { f($0) + g($0) }
            case (.number, .string), (.string, .number), (.string, .string):
                let f = a.run, g = b.run
                return .string { f($0).text + g($0).text }
            default:
                let leftOK = a.type == .number || a.type == .string
                let (bad, type) = leftOK ? (r, b.type) : (l, a.type)
                throw ExprError("\(name) adds numbers or joins strings, got \(type)", offset: bad.offset, length: bad.length)
            }
        case .subtract, .multiply, .divide, .remainder:
            let f = try number(l, "the left side of \(name)"), g = try number(r, "the right side of \(name)")
            switch op {
            case .subtract: return .number { f($0) - g($0) }
            case .multiply: return .number { f($0) * g($0) }
            case .divide: return .number { f($0) / g($0) }
            default: return .number { ExpressionMath.remainder(f($0), g($0)) }
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let f = try number(l, "the left side of \(name)"), g = try number(r, "the right side of \(name)")
            switch op {
            case .less: return .bool { f($0) < g($0) }
            case .lessOrEqual: return .bool { f($0) <= g($0) }
            case .greater: return .bool { f($0) > g($0) }
            default: return .bool { f($0) >= g($0) }
            }
        case .equal, .notEqual:
            var a = try compile(l, expecting: nil), b = try compile(r, expecting: nil)
            if a.type == .color { b = try coerce(b, r, to: .color, "the right side of \(name)") }
            if b.type == .color { a = try coerce(a, l, to: .color, "the left side of \(name)") }
            guard a.type == b.type, a.type != .list else {
                throw ExprError("\(name) cannot compare \(a.type) with \(b.type)", offset: r.offset, length: r.length)
            }
            let equal: @Sendable (Slots) -> Bool
            switch (a, b) {
            case (.number(let f), .number(let g)): equal = { f($0) == g($0) }
            case (.bool(let f), .bool(let g)): equal = { f($0) == g($0) }
            case (.string(let f), .string(let g)): equal = { f($0) == g($0) }
            case (.color(let f), .color(let g)): equal = { f($0) == g($0) }
            default: equal = { _ in false }
            }
            return op == .equal ? .bool(equal) : .bool { !equal($0) }
        case .and:
            let f = try bool(l, "the left side of `&&`"), g = try bool(r, "the right side of `&&`")
            return .bool { f($0) && g($0) }
        case .or:
            let f = try bool(l, "the left side of `||`"), g = try bool(r, "the right side of `||`")
            return .bool { f($0) || g($0) }
        }
    }

    private func conditional(_ c: Expr, _ x: Expr, _ y: Expr, expecting: ValueType?) throws(ExprError) -> Code {
        let test = try bool(c, "the condition of `? :`")
        var a = try compile(x, expecting: expecting), b = try compile(y, expecting: expecting)
        if a.type == .color { b = try coerce(b, y, to: .color, "the `:` branch") }
        if b.type == .color { a = try coerce(a, x, to: .color, "the `?` branch") }
        switch (a, b) {
        case (.number(let f), .number(let g)): return .number { test($0) ? f($0) : g($0) }
        case (.bool(let f), .bool(let g)): return .bool { test($0) ? f($0) : g($0) }
        case (.string(let f), .string(let g)): return .string { test($0) ? f($0) : g($0) }
        case (.color(let f), .color(let g)): return .color { test($0) ? f($0) : g($0) }
        default:
            throw ExprError("both branches of `? :` must have the same type, got \(a.type) and \(b.type)",
                            offset: y.offset, length: y.length)
        }
    }

    private func call(_ name: String, _ args: [Expr], _ e: Expr) throws(ExprError) -> Code {
        let nameLength = name.unicodeScalars.count
        guard let fn = Builtin(rawValue: name) else {
            var message = "unknown function `\(name)`"
            if let near = NameSuggestion.nearest(to: name, among: Builtin.allCases.map(\.rawValue)) {
                message += "; did you mean `\(near)`?"
            }
            throw ExprError(message, offset: e.offset, length: nameLength)
        }
        let (least, most) = fn.arity
        if args.count < least || args.count > (most ?? Int.max) {
            let count = most == least ? "\(least)" : most == nil ? "at least \(least)" : "\(least)…\(most ?? least)"
            throw ExprError("\(fn.signature) takes \(count) arguments, got \(args.count)", offset: e.offset, length: e.length)
        }
        func argument(_ i: Int) -> String { "argument \(i + 1) of \(fn.signature)" }
        switch fn {
        case .mix:
            let f = try number(args[2], argument(2))
            let a = try compile(args[0], expecting: nil), b = try compile(args[1], expecting: nil)
            if case .number(let x) = a, case .number(let y) = b {
                return .number { ExpressionMath.mix(x($0), y($0), f($0)) }
            }
            // Not two numbers: it blends colours, and string literals name them.
            if a.type == .number {
                throw ExprError("\(argument(1)) must be a number like argument 1, got \(b.type)",
                                offset: args[1].offset, length: args[1].length)
            }
            let x = try color(args[0], argument(0)), y = try color(args[1], argument(1))
            return .color { x($0).mixed(with: y($0), by: f($0)) }
        case .alpha:
            let c = try color(args[0], argument(0)), a = try number(args[1], argument(1))
            return .color { c($0).withAlphaMultiplied(by: a($0)) }
        case .nearest:
            let x = try number(args[0], argument(0))
            guard case .list(let items) = args[1].kind else {
                throw ExprError("\(argument(1)) must be a list literal [a, b, …]", offset: args[1].offset, length: args[1].length)
            }
            guard !items.isEmpty else {
                throw ExprError("nearest needs at least one candidate", offset: args[1].offset, length: args[1].length)
            }
            var fs: [@Sendable (Slots) -> Double] = []
            for item in items { fs.append(try number(item, "each element of nearest's list")) }
            let candidates = fs
            return .number { s in ExpressionMath.nearest(x(s), candidates.map { $0(s) }) }
        default:
            var fs: [@Sendable (Slots) -> Double] = []
            for (i, arg) in args.enumerated() { fs.append(try number(arg, argument(i))) }
            return numeric(fn, fs)
        }
    }

    /// Specialised by arity so a call does not allocate an argument array per evaluation.
    private func numeric(_ fn: Builtin, _ fs: [@Sendable (Slots) -> Double]) -> Code {
        switch fs.count {
        case 1:
            let a = fs[0]
            return .number { fn.numeric1(a($0)) }
        case 2:
            let a = fs[0], b = fs[1]
            return .number { fn.numeric2(a($0), b($0)) }
        case 3 where fn == .clamp:
            let a = fs[0], b = fs[1], c = fs[2]
            return .number { ExpressionMath.clamp(a($0), b($0), c($0)) }
        default:
            return .number { s in fn.numeric(fs.map { $0(s) }) }
        }
    }
}
