/// How a list of shadows is cast (scene key `shadowMode`, scene-format §4).
public enum ShadowMode: String, Hashable, Sendable, CaseIterable {
    /// SwiftUI's chained `.shadow` modifiers, the first entry innermost: each shadow is cast by
    /// the view together with the shadows before it, and is drawn under them.
    case chained
    /// CSS box-shadow / Figma: each shadow is cast by the view alone; the first entry is drawn
    /// lowest, all under the view.
    case independent
}
