/// The string of a `text` view: literal pieces and values computed at each frame. `{i}` (a
/// `forEach` variable) and `{=expression}` inside the string are values; so is a whole string
/// written as an `=expression`. Every expression is compiled and type-checked at load.
public struct TextTemplate: Sendable {
    /// A piece of the string.
    public enum Part: Sendable {
        case literal(String)
        /// Shown as text: numbers without a trailing `.0`, booleans as `true`/`false`.
        case value(ExprRef)
    }

    public var parts: [Part]
    public init(parts: [Part]) { self.parts = parts }

    /// A string with nothing to substitute.
    public static func literal(_ s: String) -> TextTemplate { TextTemplate(parts: [.literal(s)]) }
}

/// `fixedSize` of a text view: on each axis where it is true the text takes its ideal size
/// whatever it is proposed (SwiftUI's `fixedSize(horizontal:vertical:)`).
public struct FixedSizeAxes: Hashable, Sendable {
    public var horizontal: Bool
    public var vertical: Bool
    public init(horizontal: Bool = false, vertical: Bool = false) { self.horizontal = horizontal; self.vertical = vertical }
}

/// Where the ellipsis goes when text does not fit (SwiftUI's `Text.TruncationMode`).
public enum TruncationMode: String, Hashable, Sendable, CaseIterable { case tail, head, middle }
