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
