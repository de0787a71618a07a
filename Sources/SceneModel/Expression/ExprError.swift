/// A problem in an expression, found when the scene is loaded.
///
/// `offset` and `length` count Unicode scalars (not UTF-8 bytes, not grapheme clusters)
/// from the start of the text that was parsed. For a scene string such as `"=a + b"` that
/// text is the whole decoded JSON string, leading `=` included, so the loader finds the
/// column as: position of the opening quote + 1 + `offset`.
public struct ExprError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// Unicode scalars from the start of the parsed text to the first offending scalar.
    public var offset: Int
    /// Unicode scalars covered by the offending part; 0 at the end of the text.
    public var length: Int

    public init(_ message: String, offset: Int, length: Int) {
        self.message = message; self.offset = offset; self.length = max(0, length)
    }

    /// The same error with its offset moved by `delta` scalars, for text embedded in a longer string.
    public func shifted(by delta: Int) -> ExprError {
        ExprError(message, offset: offset + delta, length: length)
    }

    public var description: String { "offset \(offset): \(message)" }
}
