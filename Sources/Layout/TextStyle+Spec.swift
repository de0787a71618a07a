import DisplayList
import SceneModel

extension TextStyle {
    /// The display list's style for a scene's text style. An unknown design name falls back to
    /// `.default` (the scene loader reports it; layout never fails on it); weights are kept in 100…900.
    public init(_ spec: TextStyleSpec) {
        self.init(size: spec.size, weight: Swift.min(900, Swift.max(100, spec.weight)),
                  design: Design(rawValue: spec.design) ?? .default,
                  monospacedDigit: spec.monospacedDigit, kerning: spec.kerning)
    }
}

extension TextLayout {
    /// The line settings of a scene's text style, before layout gives it a width or height.
    init(_ spec: TextStyleSpec) {
        let alignment: Alignment = switch spec.alignment { case .leading: .leading; case .center: .center; case .trailing: .trailing }
        let truncation: Truncation = switch spec.truncationMode { case .tail: .tail; case .head: .head; case .middle: .middle }
        self.init(lineLimit: spec.lineLimit, alignment: alignment, truncation: truncation,
                  lineSpacing: spec.lineSpacing.isFinite ? spec.lineSpacing : 0)
    }
}
