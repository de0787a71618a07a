import Geometry
import SceneModel

extension SceneReader {
    /// The string of a `text` view. A string starting with `=` is one expression; otherwise
    /// `{name}` naming a `forEach` variable in scope and `{=expression}` are values, and any
    /// other brace is literal text. Each value is compiled here, so a bad one is a load error
    /// pointing into the string.
    mutating func textTemplate(_ v: JSONValue, _ path: String, _ scope: Scope) -> TextTemplate? {
        if let s = v.string, s.hasPrefix("=") {
            return expression(String(s.dropFirst()), v, path, scope, expecting: .string).map { TextTemplate(parts: [.value($0)]) }
        }
        if let n = v.number { return .literal(fmt(n)) }
        guard let text = string(v, path) else { return nil }
        let scalars = Array(text.unicodeScalars)
        var parts: [TextTemplate.Part] = []
        var literal = String.UnicodeScalarView()
        var ok = true
        func flush() { if !literal.isEmpty { parts.append(.literal(String(literal))); literal = .init() } }
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "{" else { literal.append(scalars[i]); i += 1; continue }
            if i + 1 < scalars.count, scalars[i + 1] == "=" {
                guard let close = Self.closingBrace(scalars, from: i + 2) else {
                    fail(v.location(ofScalar: i), path, "\"{=\" is not closed: end the expression with \"}\"")
                    return nil
                }
                let source = String(String.UnicodeScalarView(scalars[(i + 2)..<close]))
                // The expression's first scalar is i + 2; `expression` counts the opening quote too.
                if let e = expression(source, v, path, scope, expecting: nil, offset: i + 3) {
                    flush(); parts.append(.value(e))
                } else { ok = false }
                i = close + 1
                continue
            }
            if let close = scalars[(i + 1)...].firstIndex(of: "}") {
                let name = String(String.UnicodeScalarView(scalars[(i + 1)..<close]))
                if scope.loopVariables.contains(name), let e = expression(name, v, path, scope, expecting: nil, offset: i + 2) {
                    flush(); parts.append(.value(e))
                    i = close + 1
                    continue
                }
            }
            literal.append(scalars[i]); i += 1
        }
        flush()
        return ok ? TextTemplate(parts: parts.isEmpty ? [.literal("")] : parts) : nil
    }

    /// The index of the `}` that ends an embedded expression starting at `start`, skipping
    /// braces inside single-quoted strings (where `\'` and `\\` are escapes); nil when none.
    static func closingBrace(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var i = start, quoted = false
        while i < s.count {
            let c = s[i]
            if quoted {
                if c == "\\" { i += 2; continue }
                if c == "'" { quoted = false }
            } else if c == "'" {
                quoted = true
            } else if c == "}" {
                return i
            }
            i += 1
        }
        return nil
    }
}
