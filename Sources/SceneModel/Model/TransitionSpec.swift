import Geometry

/// How a view enters and leaves (§6).
public indirect enum TransitionSpec: Sendable {
    case opacity
    case identity
    case scale(Double, anchor: UnitPoint)
    case offset(x: Double, y: Double)
    /// By the view's own size towards an edge.
    case move(edge: String)
    case slide
    /// Blur radius (points) and opacity 0 when absent.
    case blur(Double)
    case modifier(active: ModifierSpec, identity: ModifierSpec)
    case combined([TransitionSpec])
    case asymmetric(insertion: TransitionSpec, removal: TransitionSpec)
    /// A transition with its own animation, replacing the change's for this part.
    case animated(TransitionSpec, AnimationSpec)
}

/// `matchedGeometry`: an id (may contain `{i}`), whether this view is the source, whether shape
/// parameters morph instead of cross-fading, and whether one snapshot travels instead (a phantom).
public struct MatchedGeometrySpec: Sendable {
    public var id: TemplateString
    public var isSource: Bool
    public var morph: Bool
    public var snapshot: Bool = false
    public init(id: TemplateString, isSource: Bool, morph: Bool, snapshot: Bool = false) {
        self.id = id; self.isSource = isSource; self.morph = morph; self.snapshot = snapshot
    }
}
