import Geometry
import SceneModel

/// Walks the JSON of a scene, collecting every problem instead of stopping at the first.
/// The `read…` helpers return nil after recording an error, so callers simply skip on nil.
struct SceneReader {
    /// Names a state or item-state variable may not take: the expression language's own words.
    static let reservedNames: Set<String> = ["t", "true", "false", "gesture", "infinity"]

    let file: String
    var errors: [SceneError] = []
    /// Colours the scene can name: built-ins and `colors`.
    var colors: [String: Color] = Color.named
    /// State variable types by name, and their slots.
    var stateTypes: [String: ValueType] = [:]
    var stateSlots: [String: Int] = [:]
    /// The scene file's folder, for image paths.
    var directory: String = ""
    /// Every image the scene names, for the caller to check and decode.
    var imageReferences: [ImageReference] = []
    /// Compiles expressions against the state variables, `t` and the colours (`prepareExpressions`).
    var compiler: ExpressionCompiler?
    /// The item state each forEach declares, by the forEach's JSON path (`declareItemStates`).
    var itemStateDeclarations: [String: [ItemStateDeclaration]] = [:]

    init(file: String) { self.file = file }

    /// What expressions may refer to at a place in the file.
    typealias Scope = ExpressionScope

    mutating func fail(_ location: SourceLocation, _ path: String, _ message: String) {
        errors.append(SceneError(file: file, at: location, path: path, message: message))
    }

    mutating func fail(_ v: JSONValue, _ path: String, _ message: String) { fail(v.location, path, message) }

    // MARK: - Objects and keys

    /// The members of an object, reporting a non-object and any key not in `allowed`
    /// (with the nearest allowed key suggested).
    mutating func object(_ v: JSONValue, _ path: String, allowed: [String], what: String = "an object") -> [String: JSONValue]? {
        guard let members = v.members else {
            fail(v, path, "expected \(what), found \(v.typeName)")
            return nil
        }
        var out: [String: JSONValue] = [:]
        for m in members {
            if allowed.contains(m.key) {
                out[m.key] = m.value
            } else {
                let p = join(path, m.key)
                if let s = nearest(m.key, in: allowed) {
                    fail(m.keyLocation, p, "unknown key \"\(m.key)\"; did you mean \"\(s)\"?")
                } else {
                    fail(m.keyLocation, p, "unknown key \"\(m.key)\"; expected one of \(allowed.sorted().joined(separator: ", "))")
                }
            }
        }
        return out
    }

    mutating func require(_ obj: [String: JSONValue], _ key: String, in v: JSONValue, _ path: String) -> JSONValue? {
        if let x = obj[key] { return x }
        fail(v, path, "missing required key \"\(key)\"")
        return nil
    }

    // MARK: - Literals

    mutating func number(_ v: JSONValue, _ path: String, min: Double? = nil, max: Double? = nil,
                         allowInfinity: Bool = false) -> Double? {
        if allowInfinity, v.string == "infinity" { return .infinity }
        guard let n = v.number else {
            fail(v, path, "expected a number, found \(v.typeName)\(v.string.map { $0.hasPrefix("=") ? " (an expression is not allowed here)" : "" } ?? "")")
            return nil
        }
        return checkRange(n, v, path, min: min, max: max)
    }

    mutating func checkRange(_ n: Double, _ v: JSONValue, _ path: String, min: Double?, max: Double?) -> Double? {
        if let lo = min, n < lo {
            fail(v, path, lo == 0 ? "must not be negative (found \(fmt(n)))" : "must be at least \(fmt(lo)) (found \(fmt(n)))")
            return nil
        }
        if let hi = max, n > hi {
            fail(v, path, "must be at most \(fmt(hi)) (found \(fmt(n)))")
            return nil
        }
        return n
    }

    mutating func integer(_ v: JSONValue, _ path: String, min: Int, max: Int) -> Int? {
        guard let n = number(v, path, min: Double(min), max: Double(max)) else { return nil }
        guard n == n.rounded() else { fail(v, path, "expected a whole number, found \(fmt(n))"); return nil }
        return Int(n)
    }

    mutating func bool(_ v: JSONValue, _ path: String) -> Bool? {
        guard let b = v.bool else { fail(v, path, "expected true or false, found \(v.typeName)"); return nil }
        return b
    }

    mutating func string(_ v: JSONValue, _ path: String) -> String? {
        guard let s = v.string else { fail(v, path, "expected a string, found \(v.typeName)"); return nil }
        return s
    }

    mutating func oneOf(_ v: JSONValue, _ path: String, _ choices: [String]) -> String? {
        guard let s = string(v, path) else { return nil }
        guard choices.contains(s) else {
            let hint = nearest(s, in: choices).map { "; did you mean \"\($0)\"?" } ?? ""
            fail(v, path, "unknown value \"\(s)\"\(hint) (expected one of \(choices.joined(separator: ", ")))")
            return nil
        }
        return s
    }

    mutating func color(literal s: String, _ v: JSONValue, _ path: String) -> Color? {
        if let c = colors[s] { return c }
        if s.hasPrefix("#") {
            if let c = Color(hexString: s) { return c }
            fail(v, path, "\"\(s)\" is not a colour: use #RGB, #RRGGBB or #RRGGBBAA")
            return nil
        }
        let hint = nearest(s, in: Array(colors.keys)).map { "; did you mean \"\($0)\"?" } ?? ""
        fail(v, path, "unknown colour \"\(s)\"\(hint)")
        return nil
    }

    // MARK: - Dynamic values

    mutating func dynamicNumber(_ v: JSONValue, _ path: String, _ scope: Scope, min: Double? = nil, max: Double? = nil,
                                allowInfinity: Bool = false) -> Dynamic<Double>? {
        if let s = v.string, s.hasPrefix("=") {
            return expression(String(s.dropFirst()), v, path, scope, expecting: .number).map { .expression($0) }
        }
        return number(v, path, min: min, max: max, allowInfinity: allowInfinity).map { .constant($0) }
    }

    mutating func dynamicString(_ v: JSONValue, _ path: String, _ scope: Scope) -> Dynamic<String>? {
        if let s = v.string, s.hasPrefix("=") {
            return expression(String(s.dropFirst()), v, path, scope, expecting: .string).map { .expression($0) }
        }
        if let n = v.number { return .constant(fmt(n)) }
        return string(v, path).map { .constant($0) }
    }

    mutating func dynamicColor(_ v: JSONValue, _ path: String, _ scope: Scope) -> Dynamic<Color>? {
        guard let s = v.string else { fail(v, path, "expected a colour, found \(v.typeName)"); return nil }
        if s.hasPrefix("=") {
            return expression(String(s.dropFirst()), v, path, scope, expecting: .color).map { .expression($0) }
        }
        return color(literal: s, v, path).map { .constant($0) }
    }

    /// A condition: an expression with or without the leading `=`.
    mutating func condition(_ v: JSONValue, _ path: String, _ scope: Scope) -> ExprRef? {
        if let b = v.bool { return expression(b ? "true" : "false", v, path, scope, expecting: .bool, offset: 0) }
        guard let s = v.string else { fail(v, path, "expected a condition (an expression string), found \(v.typeName)"); return nil }
        let hasEq = s.hasPrefix("=")
        return expression(hasEq ? String(s.dropFirst()) : s, v, path, scope, expecting: .bool, offset: hasEq ? 2 : 1)
    }

    /// A value for a state variable of type `type`: a literal of that type or an expression.
    mutating func dynamicValue(_ v: JSONValue, _ path: String, _ scope: Scope, type: ValueType) -> Dynamic<Value>? {
        if let s = v.string, s.hasPrefix("=") {
            return expression(String(s.dropFirst()), v, path, scope, expecting: type).map { .expression($0) }
        }
        switch (type, v.kind) {
        case (.number, .number(let n)): return .constant(.number(n))
        case (.bool, .bool(let b)): return .constant(.bool(b))
        case (.string, .string(let s)): return .constant(.string(s))
        default:
            fail(v, path, "expected \(type.phrase) (the variable's type), found \(v.typeName)")
            return nil
        }
    }

    mutating func point(_ v: JSONValue, _ path: String, _ scope: Scope, keys: (String, String) = ("x", "y"),
                        defaults: (Double, Double)) -> DynamicPoint? {
        if v.number != nil || (v.string?.hasPrefix("=") ?? false) {
            guard let n = dynamicNumber(v, path, scope) else { return nil }
            return DynamicPoint(x: n, y: n)
        }
        guard let o = object(v, path, allowed: [keys.0, keys.1], what: "a number or {\(keys.0), \(keys.1)}") else { return nil }
        let x = o[keys.0].flatMap { dynamicNumber($0, join(path, keys.0), scope) } ?? .constant(defaults.0)
        let y = o[keys.1].flatMap { dynamicNumber($0, join(path, keys.1), scope) } ?? .constant(defaults.1)
        return DynamicPoint(x: x, y: y)
    }

    /// A unit point: `[x, y]` (numbers or expressions) or a name such as `"topLeading"`.
    mutating func unitPoint(_ v: JSONValue, _ path: String, _ scope: Scope) -> DynamicPoint? {
        if let s = v.string {
            if let u = UnitPoint.named[s] { return .constant(u.x, u.y) }
            let hint = nearest(s, in: Array(UnitPoint.named.keys)).map { "; did you mean \"\($0)\"?" } ?? ""
            fail(v, path, "unknown unit point \"\(s)\"\(hint)")
            return nil
        }
        guard let a = v.elements, a.count == 2 else {
            let found = v.elements.map { "a list of \($0.count)" } ?? v.typeName
            fail(v, path, "expected a unit point [x, y] or a name such as \"center\", found \(found)")
            return nil
        }
        guard let x = dynamicNumber(a[0], path + "[0]", scope), let y = dynamicNumber(a[1], path + "[1]", scope) else { return nil }
        return DynamicPoint(x: x, y: y)
    }

    /// A unit point that must be literal (alignments).
    mutating func staticUnitPoint(_ v: JSONValue, _ path: String) -> UnitPoint? {
        guard let p = unitPoint(v, path, Scope()) else { return nil }
        guard case .constant(let x) = p.x, case .constant(let y) = p.y else {
            fail(v, path, "an alignment cannot be an expression")
            return nil
        }
        return UnitPoint(x, y)
    }
}

/// `a.b` path joining for object keys.
func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

