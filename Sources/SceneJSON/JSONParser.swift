import Foundation

/// A JSON parser (RFC 8259) that records the line and column of every value and key.
///
/// Written here rather than taken from Foundation because JSONSerialization and
/// JSONDecoder report no positions, and the scene format promises file:line:column for
/// every problem. It refuses duplicate keys (the later one would silently win) and limits
/// nesting depth so hostile input cannot exhaust the stack.
public struct JSONParser {
    /// A syntax error with its position.
    public struct SyntaxError: Error, Sendable {
        public var message: String
        public var location: SourceLocation
    }

    /// Deepest nesting of arrays and objects accepted.
    public static let maxDepth = 256

    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0   // byte offset where the current line starts
    private var depth = 0
    /// The last column computed, so that finding the next one on the same line scans only the
    /// bytes in between: positions only move forward, and rescanning from the line start each
    /// time made a long single-line (minified) file quadratic to parse.
    private var columnCache = (line: 0, offset: 0, column: 1)

    public init(_ text: String) { bytes = Array(text.utf8) }
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one complete document.
    public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        var p = JSONParser(text)
        return try p.parseDocument()
    }

    public static func parse(bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var p = JSONParser(bytes: bytes)
        return try p.parseDocument()
    }

    mutating func parseDocument() throws(SyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }   // UTF-8 byte order mark
        skipWhitespace()
        if i >= bytes.count { throw error("the file is empty; expected a JSON object") }
        let v = try parseValue()
        skipWhitespace()
        if i < bytes.count { throw error("unexpected \(describe(bytes[i])) after the end of the document") }
        return v
    }

    // MARK: - Positions

    /// The column of byte offset `at`, counting Unicode scalars (continuation bytes do not count).
    private mutating func column(at offset: Int) -> Int {
        var c = 1
        var k = lineStart
        if columnCache.line == line && columnCache.offset >= lineStart && columnCache.offset <= offset {
            (k, c) = (columnCache.offset, columnCache.column)
        }
        while k < offset && k < bytes.count {
            if bytes[k] & 0xC0 != 0x80 { c += 1 }
            k += 1
        }
        columnCache = (line, offset, c)
        return c
    }

    private var location: SourceLocation { mutating get { SourceLocation(line: line, column: column(at: i)) } }

    private mutating func error(_ message: String) -> SyntaxError { SyntaxError(message: message, location: location) }

    private func describe(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b == 0x0A { return "a line break" }
        return String(format: "byte 0x%02X", Int(b))
    }

    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A: i += 1; line += 1; lineStart = i
            default: return
            }
        }
    }

    // MARK: - Values

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard i < bytes.count else { throw error("unexpected end of file; expected a value") }
        let loc = location
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject(loc)
        case UInt8(ascii: "["): return try parseArray(loc)
        case UInt8(ascii: "\""):
            let (s, escapes) = try parseString()
            var v = JSONValue(.string(s), at: loc)
            v.stringEscapes = escapes
            return v
        case UInt8(ascii: "t"): try expectWord("true"); return JSONValue(.bool(true), at: loc)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONValue(.bool(false), at: loc)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONValue(.null, at: loc)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONValue(.number(try parseNumber()), at: loc)
        case UInt8(ascii: "'"): throw error("strings take double quotes in JSON (single quotes are for strings inside expressions)")
        default:
            if isIdentifierByte(bytes[i]) { throw bareWord() }
            throw error("unexpected \(describe(bytes[i])); expected a value")
        }
    }

    private mutating func expectWord(_ w: String) throws(SyntaxError) {
        let u = Array(w.utf8)
        if i + u.count <= bytes.count && Array(bytes[i..<(i + u.count)]) == u {
            i += u.count
            if i < bytes.count, isIdentifierByte(bytes[i]) { throw error("unexpected \(describe(bytes[i])) after '\(w)'") }
            return
        }
        throw bareWord()
    }

    /// The error for a word that is not `true`, `false` or `null` (`yes`, `True`, `tru`), naming it whole.
    private mutating func bareWord() -> SyntaxError {
        var end = i
        while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[i..<max(end, min(i + 1, bytes.count))], as: UTF8.self)
        return error("unexpected '\(word)'; expected a value (strings need double quotes)")
    }

    private func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject(_ loc: SourceLocation) throws(SyntaxError) -> JSONValue {
        try enter()
        i += 1
        var members: [JSONMember] = []
        var seen = Set<String>()
        var comma = loc
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return JSONValue(.object([]), at: loc) }
        while true {
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end of file: the object starting at \(loc.line):\(loc.column) is not closed") }
            guard bytes[i] == UInt8(ascii: "\"") else {
                // The comma is what to delete, so point there rather than at the brace.
                if bytes[i] == UInt8(ascii: "}") { throw SyntaxError(message: "trailing comma before '}'", location: comma) }
                if bytes[i] == UInt8(ascii: "'") { throw error("keys take double quotes in JSON, not single quotes") }
                throw error("unexpected \(describe(bytes[i])); expected a key in double quotes")
            }
            let keyLoc = location
            let key = try parseString().text
            if seen.contains(key) {
                throw SyntaxError(message: "duplicate key \"\(key)\"", location: keyLoc)
            }
            seen.insert(key)
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw error(i < bytes.count ? "unexpected \(describe(bytes[i])); expected ':' after the key" : "unexpected end of file; expected ':'")
            }
            i += 1
            let value = try parseValue()
            members.append(JSONMember(key: key, keyLocation: keyLoc, value: value))
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end of file: the object starting at \(loc.line):\(loc.column) is not closed") }
            if bytes[i] == UInt8(ascii: ",") { comma = location; i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; break }
            throw error("unexpected \(describe(bytes[i])); expected ',' or '}'")
        }
        depth -= 1
        return JSONValue(.object(members), at: loc)
    }

    private mutating func parseArray(_ loc: SourceLocation) throws(SyntaxError) -> JSONValue {
        try enter()
        i += 1
        var items: [JSONValue] = []
        var comma = loc
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return JSONValue(.array([]), at: loc) }
        while true {
            skipWhitespace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") { throw SyntaxError(message: "trailing comma before ']'", location: comma) }
            guard i < bytes.count else { throw error("unexpected end of file: the list starting at \(loc.line):\(loc.column) is not closed") }
            items.append(try parseValue())
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end of file: the list starting at \(loc.line):\(loc.column) is not closed") }
            if bytes[i] == UInt8(ascii: ",") { comma = location; i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            throw error("unexpected \(describe(bytes[i])); expected ',' or ']'")
        }
        depth -= 1
        return JSONValue(.array(items), at: loc)
    }

    /// The decoded string and where its escapes were, for positions inside it.
    private mutating func parseString() throws(SyntaxError) -> (text: String, escapes: [JSONStringEscape]) {
        // At the end of the file the place to fix is where the string began, not the end.
        let opening = location
        let unterminated = SyntaxError(message: "unterminated string (it starts here)", location: opening)
        i += 1  // opening quote
        var out: [UInt8] = []
        var escapes: [JSONStringEscape] = []
        var scalars = 0   // decoded scalars so far
        while true {
            guard i < bytes.count else { throw unterminated }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw error(b == 0x0A ? "line break inside a string (unterminated string?)" : "control character inside a string") }
            if b == UInt8(ascii: "\\") {
                let escape = location   // errors in an escape point at its backslash
                let escapeStart = i
                defer { escapes.append(JSONStringEscape(offset: scalars, sourceLength: i - escapeStart)); scalars += 1 }
                i += 1
                guard i < bytes.count else { throw unterminated }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw SyntaxError(message: "lone surrogate in \\u escape (a high surrogate needs a low one after it)", location: escape)
                        }
                        i += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw SyntaxError(message: "invalid surrogate pair in \\u escape", location: escape)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw SyntaxError(message: "lone surrogate in \\u escape", location: escape)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw SyntaxError(message: "invalid \\u escape", location: escape) }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default:
                    throw SyntaxError(message: "invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string", location: escape)
                }
                continue
            }
            out.append(b)
            if b & 0xC0 != 0x80 { scalars += 1 }
            i += 1
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw error("the string is not valid UTF-8") }
        return (s, escapes)
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = i
        let startLocation = location
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, p.bytes[p.i] >= 0x30, p.bytes[p.i] <= 0x39 { p.i += 1 }
            return p.i - s
        }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { throw error("expected a digit") }
        if bytes[i] == 0x30 {
            i += 1
            if i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { throw SyntaxError(message: "numbers may not have leading zeros", location: startLocation) }
        } else { _ = digits(&self) }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits(&self) == 0 { throw error("expected a digit after the decimal point") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits(&self) == 0 { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw SyntaxError(message: "number \(text) is out of range", location: startLocation) }
        return v
    }
}
