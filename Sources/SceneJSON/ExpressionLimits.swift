/// Limits of the scene's expression language that a front end needs before the scene model reads its output (the
/// SwiftUI translator writes expressions and must keep them within these).
public enum ExpressionLimits {
    /// Longest expression, in Unicode scalars, the `=` included.
    public static let maximumLength = 4096
    /// Deepest nesting (parentheses, operands, arguments).
    public static let maximumDepth = 64
}
