/// How a text block is broken into lines and how much room it has: SwiftUI's `Text` modifiers
/// (`lineLimit`, `multilineTextAlignment`, `truncationMode`, `lineSpacing`) and the size layout
/// settled on. Measuring (`TextMeasurer`) and drawing (`TextCommand`) take the same value, so
/// the lines drawn are the lines measured.
public struct TextLayout: Hashable, Sendable {
    /// How the lines of a block line up with each other (`multilineTextAlignment`).
    public enum Alignment: String, Hashable, Sendable, CaseIterable { case leading, center, trailing }
    /// Where the ellipsis goes when the text does not fit (`truncationMode`).
    public enum Truncation: String, Hashable, Sendable, CaseIterable { case tail, head, middle }

    /// Width in points the lines wrap at (word boundaries); nil lays each paragraph on one line.
    public var width: Double?
    /// Height in points the lines must fit in: lines that do not fit are left out and an
    /// ellipsis marks the cut (at least one line is always shown); nil for no limit.
    public var height: Double?
    /// At most this many lines (the last one ends in an ellipsis when text is left out); nil for no limit.
    public var lineLimit: Int?
    public var alignment: Alignment
    public var truncation: Truncation
    /// Extra space between lines, in points.
    public var lineSpacing: Double

    public init(width: Double? = nil, height: Double? = nil, lineLimit: Int? = nil, alignment: Alignment = .leading,
                truncation: Truncation = .tail, lineSpacing: Double = 0) {
        self.width = width; self.height = height; self.lineLimit = lineLimit
        self.alignment = alignment; self.truncation = truncation; self.lineSpacing = lineSpacing
    }

    /// True when the text may be cut short and so needs an ellipsis mode.
    public var canTruncate: Bool { lineLimit != nil || height != nil }
}
