/// The ways one view of a scene hangs from another: a container's `children` (a `forEach` among them stands for its
/// content), and the `background`, `overlay` and `mask` views laid out in a view's frame.
///
/// Why a type for it: the tree used to be walked by hand in several places, each with its own idea of which edges
/// count, and a matched pair in an `overlay` never moved because one of them followed only `children`. Every walk now
/// goes through `ViewTree` (`subviews(along:)`, `allViews(along:)`, and `ResolvedView.mappingSubviews(along:_:)` for
/// the passes that rewrite the tree), which follows every edge unless told otherwise: a walk that leaves some out
/// names the edges it follows where it is called, and says why there.
public struct ViewEdges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A container's children, and a `forEach`'s content.
    public static let children = ViewEdges(rawValue: 1 << 0)
    public static let background = ViewEdges(rawValue: 1 << 1)
    public static let overlay = ViewEdges(rawValue: 1 << 2)
    public static let mask = ViewEdges(rawValue: 1 << 3)
    /// Every edge: what a walk follows unless it says otherwise.
    public static let all: ViewEdges = [.children, .background, .overlay, .mask]
}
