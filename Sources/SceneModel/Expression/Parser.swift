/// Recursive-descent parser with precedence climbing for the binary operators.
///
/// Precedence, loosest first (as in C and JavaScript): `? :` (right-associative), `||`,
/// `&&`, `== !=`, `< <= > >=`, `+ -`, `* / %`, prefix `- !`, calls.
struct Parser {
    private let tokens: [Token]
    private var index = 0
    /// Current recursion depth; bounded by ``Expr/maximumDepth``.
    private var depth = 0

    init(tokens: [Token]) { self.tokens = tokens }

    private var current: Token { tokens[min(index, tokens.count - 1)] }
    private mutating func advance() { index += 1 }

    private func isSymbol(_ s: String) -> Bool { current.kind == .symbol(s) }

    /// Parses the whole token stream as one expression.
    mutating func parseAll() throws(ExprError) -> Expr {
        if current.kind == .end { throw ExprError("empty expression", offset: current.offset, length: 0) }
        let e = try expression()
        guard current.kind == .end else {
            throw ExprError("unexpected \(Parser.describe(current)) after the end of the expression",
                            offset: current.offset, length: current.length)
        }
        return e
    }

    private static func describe(_ t: Token) -> String {
        switch t.kind {
        case .number(let x): "number `\(Value.format(x))`"
        case .string: "string"
        case .identifier(let n): "`\(n)`"
        case .symbol(let s): "`\(s)`"
        case .end: "end of expression"
        }
    }

    private mutating func enter(_ at: Token) throws(ExprError) {
        depth += 1
        if depth > Expr.maximumDepth { throw Parser.tooDeep(at.offset, at.length) }
    }

    static func tooDeep(_ offset: Int, _ length: Int) -> ExprError {
        ExprError("expression is nested too deeply (more than \(Expr.maximumDepth) levels)",
                  offset: offset, length: length)
    }

    private static func make(_ kind: ExprKind, from start: Int, to end: Int) throws(ExprError) -> Expr {
        let e = Expr(kind, offset: start, length: end - start)
        if e.height > Expr.maximumDepth { throw tooDeep(start, end - start) }
        return e
    }

    /// conditional := binary ( '?' conditional ':' conditional )?
    private mutating func expression() throws(ExprError) -> Expr {
        try enter(current)
        defer { depth -= 1 }
        let condition = try binary(minimumPrecedence: 1)
        guard isSymbol("?") else { return condition }
        advance()
        let then = try expression()
        guard isSymbol(":") else { throw expected("`:` of the `? :`") }
        advance()
        let otherwise = try expression()
        return try Parser.make(.conditional(condition, then, otherwise),
                               from: condition.offset, to: otherwise.offset + otherwise.length)
    }

    private var binaryOperator: BinaryOperator? {
        if case .symbol(let s) = current.kind { BinaryOperator(rawValue: s) } else { nil }
    }

    private mutating func binary(minimumPrecedence: Int) throws(ExprError) -> Expr {
        var lhs = try unary()
        while let op = binaryOperator, op.precedence >= minimumPrecedence {
            advance()
            let rhs = try binary(minimumPrecedence: op.precedence + 1)
            lhs = try Parser.make(.binary(op, lhs, rhs), from: lhs.offset, to: rhs.offset + rhs.length)
        }
        return lhs
    }

    private mutating func unary() throws(ExprError) -> Expr {
        let start = current
        let op: UnaryOperator? = isSymbol("-") ? .negate : isSymbol("!") ? .not : nil
        guard let op else { return try primary() }
        try enter(start)
        defer { depth -= 1 }
        advance()
        let operand = try unary()
        return try Parser.make(.unary(op, operand), from: start.offset, to: operand.offset + operand.length)
    }

    private func expected(_ what: String) -> ExprError {
        ExprError("expected \(what), found \(Parser.describe(current))", offset: current.offset, length: current.length)
    }

    private mutating func primary() throws(ExprError) -> Expr {
        let token = current
        switch token.kind {
        case .number(let x):
            advance()
            return Expr(.number(x), offset: token.offset, length: token.length)
        case .string(let s):
            advance()
            return Expr(.string(s), offset: token.offset, length: token.length)
        case .identifier("true"), .identifier("false"):
            advance()
            return Expr(.bool(token.kind == .identifier("true")), offset: token.offset, length: token.length)
        case .identifier("infinity") where tokens[min(index + 1, tokens.count - 1)].kind != .symbol("("):
            // A frame's `maxWidth`/`maxHeight` may be infinite (SwiftUI's `.infinity`); elsewhere a number that is
            // not finite is reported when it is drawn.
            advance()
            return Expr(.number(.infinity), offset: token.offset, length: token.length)
        case .identifier(let name):
            advance()
            guard isSymbol("(") else { return Expr(.variable(name), offset: token.offset, length: token.length) }
            advance()
            let (args, end) = try items(closing: ")")
            return try Parser.make(.call(name, args), from: token.offset, to: end)
        case .symbol("("):
            advance()
            let inner = try expression()
            guard isSymbol(")") else { throw expected("`)` to close the `(` at offset \(token.offset)") }
            let end = current.offset + current.length
            advance()
            // The node spans its parentheses, so errors about it underline them too.
            var e = inner
            e.offset = token.offset
            e.length = end - token.offset
            return e
        case .symbol("["):
            advance()
            let (elements, end) = try items(closing: "]")
            return try Parser.make(.list(elements), from: token.offset, to: end)
        case .end:
            throw ExprError("expression ends where a value was expected", offset: token.offset, length: 0)
        default:
            throw expected("a value")
        }
    }

    /// Comma-separated expressions up to `closing`, which is consumed; returns them and the end offset.
    private mutating func items(closing: String) throws(ExprError) -> ([Expr], Int) {
        var result: [Expr] = []
        if !isSymbol(closing) {
            while true {
                result.append(try expression())
                if isSymbol(",") { advance(); continue }
                if isSymbol(closing) { break }
                throw expected("`,` or `\(closing)`")
            }
        }
        let end = current.offset + current.length
        advance()
        return (result, end)
    }
}

extension Expr {
    /// Parses expression text, with or without a leading `=` (scene values carry one,
    /// conditions for `if`, `when`, `until` may omit it). Offsets in the tree and in errors
    /// count Unicode scalars from the start of `text`, the `=` included.
    public static func parse(_ text: String) throws(ExprError) -> Expr {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= maximumLength else {
            throw ExprError("expression is longer than \(maximumLength) characters",
                            offset: maximumLength, length: scalars.count - maximumLength)
        }
        let start = scalars.first == "=" ? 1 : 0
        var lexer = Lexer(scalars, start: start)
        var parser = Parser(tokens: try lexer.tokenize())
        return try parser.parseAll()
    }

    /// Whether a scene string is an expression: it starts with `=`. Other strings are literals.
    public static func isExpression(_ sceneString: String) -> Bool { sceneString.hasPrefix("=") }

    /// Parses a scene value string: nil for a literal string, the tree for `=…`.
    public static func parseValue(_ sceneString: String) throws(ExprError) -> Expr? {
        isExpression(sceneString) ? try parse(sceneString) : nil
    }
}
