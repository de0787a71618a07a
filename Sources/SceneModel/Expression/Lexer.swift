/// One token of expression text.
struct Token: Equatable {
    enum Kind: Equatable {
        case number(Double)
        case string(String)
        /// A name, dotted parts included (`gesture.translation.x`); `true`/`false` too.
        case identifier(String)
        /// Operators and punctuation: `+ - * / % < <= > >= == != && || ! ? : ( ) [ ] ,`.
        case symbol(String)
        case end
    }
    var kind: Kind
    var offset: Int
    var length: Int
}

/// Splits expression text into tokens. Offsets are Unicode-scalar indices into the full
/// text given, so a scene string's leading `=` counts.
struct Lexer {
    private let scalars: [Unicode.Scalar]
    private var position: Int

    init(_ scalars: [Unicode.Scalar], start: Int) {
        self.scalars = scalars; self.position = start
    }

    /// All tokens, ending with `.end`.
    mutating func tokenize() throws(ExprError) -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let i = position + ahead
        return i < scalars.count ? scalars[i] : nil
    }

    private static func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { ("0"..."9").contains($0) } ?? false }
    private static func isNameStart(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
    }
    private static func isNamePart(_ c: Unicode.Scalar?) -> Bool { isNameStart(c) || isDigit(c) }

    private mutating func next() throws(ExprError) -> Token {
        while let c = peek(), c == " " || c == "\t" || c == "\n" || c == "\r" { position += 1 }
        let start = position
        guard let c = peek() else { return Token(kind: .end, offset: start, length: 0) }
        if Lexer.isDigit(c) || (c == "." && Lexer.isDigit(peek(1))) { return try number() }
        if Lexer.isNameStart(c) { return try identifier() }
        if c == "'" { return try string() }
        let two = peek(1).map { String(c) + String($0) } ?? ""
        if ["<=", ">=", "==", "!=", "&&", "||"].contains(two) {
            position += 2
            return Token(kind: .symbol(two), offset: start, length: 2)
        }
        if "+-*/%<>!?:()[],".unicodeScalars.contains(c) {
            position += 1
            return Token(kind: .symbol(String(c)), offset: start, length: 1)
        }
        let hint: String = switch c {
        case "=": "`=` alone is not an operator; use `==` to compare"
        case "&": "use `&&` for and"
        case "|": "use `||` for or"
        case "\"": "strings use single quotes: 'text'"
        default: "unexpected character `\(c.escaped(asASCII: true))`"
        }
        throw ExprError(hint, offset: start, length: 1)
    }

    private mutating func number() throws(ExprError) -> Token {
        let start = position
        while Lexer.isDigit(peek()) { position += 1 }
        if peek() == ".", Lexer.isDigit(peek(1)) {
            position += 1
            while Lexer.isDigit(peek()) { position += 1 }
        }
        if peek() == "e" || peek() == "E" {
            var look = 1
            if peek(1) == "+" || peek(1) == "-" { look = 2 }
            guard Lexer.isDigit(peek(look)) else {
                throw ExprError("exponent needs digits after `e`", offset: start, length: position + look - start)
            }
            position += look
            while Lexer.isDigit(peek()) { position += 1 }
        }
        // `3px`, `1.2.3`: a number running into a name or dot is a typo, not two tokens.
        if Lexer.isNamePart(peek()) || peek() == "." {
            var end = position
            while end < scalars.count, Lexer.isNamePart(scalars[end]) || scalars[end] == "." { end += 1 }
            throw ExprError("malformed number", offset: start, length: end - start)
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard let value = Double(text) else {
            throw ExprError("malformed number", offset: start, length: position - start)
        }
        return Token(kind: .number(value), offset: start, length: position - start)
    }

    private mutating func identifier() throws(ExprError) -> Token {
        let start = position
        while true {
            while Lexer.isNamePart(peek()) { position += 1 }
            guard peek() == "." else { break }
            guard Lexer.isNameStart(peek(1)) else {
                throw ExprError("a `.` in a name must be followed by a name part", offset: position, length: 1)
            }
            position += 1
        }
        let name = String(String.UnicodeScalarView(scalars[start..<position]))
        return Token(kind: .identifier(name), offset: start, length: position - start)
    }

    private mutating func string() throws(ExprError) -> Token {
        let start = position
        position += 1
        var text = String.UnicodeScalarView()
        while let c = peek() {
            position += 1
            if c == "'" { return Token(kind: .string(String(text)), offset: start, length: position - start) }
            if c == "\\" {
                guard let escaped = peek() else { break }
                guard escaped == "'" || escaped == "\\" else {
                    throw ExprError("unknown escape `\\\(escaped)`; only \\' and \\\\ are escapes",
                                    offset: position - 1, length: 2)
                }
                position += 1
                text.append(escaped)
            } else {
                text.append(c)
            }
        }
        throw ExprError("unterminated string", offset: start, length: position - start)
    }
}
