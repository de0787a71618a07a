/// A type-checked expression compiled to closures, with its variables resolved to slots:
/// what the timeline evaluates, many thousands of times per frame.
///
/// Build it once at load time; evaluate it with the value vector laid out as the
/// ``TypeEnvironment`` it was compiled against says (`vector[slot] = value`).
public struct CompiledExpr: Sendable {
    /// The parsed tree, kept for dependencies and error reporting.
    public let source: Expr
    /// The static type; ``evaluate(_:)`` always returns a value of this type.
    public let type: ValueType
    /// The shortest value vector the expression can read without falling back to defaults.
    public let slotCount: Int
    private let code: Code
    private let run: @Sendable (UnsafeBufferPointer<Value>) -> Value

    /// Checks `expression` against `env` and compiles it. With `expecting`, the result is
    /// converted to that type or rejected: a string literal naming a colour becomes the
    /// colour, a number becomes its text where a string is wanted; nothing else converts.
    /// Throws the first error in the expression, left to right.
    public init(_ expression: Expr, env: TypeEnvironment, expecting: ValueType? = nil) throws(ExprError) {
        let compiler = Compiler(env: env)
        var code = try compiler.compile(expression, expecting: expecting)
        if let want = expecting { code = try compiler.coerce(code, expression, to: want, "the expression") }
        source = expression
        type = code.type
        slotCount = env.slotCount
        self.code = code
        run = code.run
    }

    /// Parses and compiles scene or condition text in one step (a leading `=` is optional).
    public init(parsing text: String, env: TypeEnvironment, expecting: ValueType? = nil) throws(ExprError) {
        try self.init(Expr.parse(text), env: env, expecting: expecting)
    }

    /// The value for the given variable vector. A vector shorter than ``slotCount`` is not an
    /// error: missing variables read as NaN, false, "" or clear.
    public func evaluate(_ values: [Value]) -> Value {
        values.withUnsafeBufferPointer { run($0) }
    }

    /// As ``evaluate(_:)``, for callers that keep the vector borrowed across many expressions.
    public func evaluate(_ values: UnsafeBufferPointer<Value>) -> Value { run(values) }

    /// The value as a Double without boxing; NaN when ``type`` is not `.number`.
    public func number(_ values: [Value]) -> Double {
        guard case .number(let f) = code else { return .nan }
        return values.withUnsafeBufferPointer { f($0) }
    }

    /// The value of a condition; false when ``type`` is not `.bool`.
    public func condition(_ values: [Value]) -> Bool {
        guard case .bool(let f) = code else { return false }
        return values.withUnsafeBufferPointer { f($0) }
    }
}

/// The type of `expression` in `env`, or the first error in it (left to right): unknown
/// variables (with the nearest known name), unknown functions, wrong argument counts and
/// type mismatches, each with the offset and length of the part at fault.
public func typeCheck(_ expression: Expr, env: TypeEnvironment, expecting: ValueType? = nil) throws(ExprError) -> ValueType {
    try CompiledExpr(expression, env: env, expecting: expecting).type
}
