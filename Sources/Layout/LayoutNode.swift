import DisplayList
import Geometry
import SceneModel

/// What every node of one layout pass shares: the text measurer and the canvas scale.
struct LayoutEnvironment {
    var measurer: any TextMeasurer
    /// Pixels per point of the render (`--scale`, else the scene's `canvas.scale`): the pixel grid.
    var canvasScale: Double
    /// Pixels per point of the scene's image files, the scene's own `canvas.scale`: an image's natural size is its
    /// pixels divided by it, whatever scale the frames are rendered at (a 96 px image in a scene of scale 2 is 48 pt
    /// wide in a strip at scale 1 too, as an @2x asset is 48 pt on any device).
    var imageScale: Double
}

/// A view during layout. It answers "what size for this proposal?" (memoised, because stacks
/// ask each child three times) and places itself into a `LaidOutView` once its parent has chosen.
/// The view's size is its content inside its `padding` inside its `frame`, as §3 orders them.
final class LayoutNode {
    let view: ResolvedView
    let children: [LayoutNode]
    let background: LayoutNode?
    let overlay: LayoutNode?
    let mask: LayoutNode?
    /// The axis of the stack this view is a direct child of; it makes a spacer flexible along it.
    let stackAxis: Axis?
    let env: LayoutEnvironment
    private var sizes = SizeMemo()
    private var contentSizes = SizeMemo()

    init(_ view: ResolvedView, stackAxis: Axis?, env: LayoutEnvironment) {
        self.view = view
        self.stackAxis = stackAxis
        self.env = env
        let axis = view.kind.stackAxis
        children = view.children.map { LayoutNode($0, stackAxis: axis, env: env) }
        background = view.modifiers.background.map { LayoutNode($0.value, stackAxis: nil, env: env) }
        overlay = view.modifiers.overlay.map { LayoutNode($0.value, stackAxis: nil, env: env) }
        mask = view.modifiers.mask.map { LayoutNode($0.value, stackAxis: nil, env: env) }
    }

    var isSpacer: Bool { if case .spacer = view.kind { return true } else { return false } }
    /// The view's `layoutPriority`, by which its parent stack serves it.
    var priority: Double { view.modifiers.layoutPriority }

    // MARK: Sizing

    /// The view's size for proposal `p`, as its parent sees it (a matched frame does not change it).
    func size(_ p: ProposedSize) -> Size {
        if let s = sizes[p] { return s }
        let s = framedSize(p, frame: view.modifiers.frame)
        sizes.insert(s, for: p)
        return s
    }

    func framedSize(_ p: ProposedSize, frame: FrameSpec?) -> Size {
        guard let frame else { return paddedSize(p) }
        let (h, v) = frame.axes
        let child = paddedSize(ProposedSize(width: h.childProposal(p.width), height: v.childProposal(p.height)))
        return Size(h.length(proposal: p.width, child: child.width), v.length(proposal: p.height, child: child.height))
    }

    func paddedSize(_ p: ProposedSize) -> Size {
        guard let pad = view.modifiers.padding else { return contentSize(p) }
        let c = contentSize(p.inset(by: pad))
        return Size(c.width + pad.horizontal, c.height + pad.vertical)
    }

    func contentSize(_ p: ProposedSize) -> Size {
        if let s = contentSizes[p] { return s }
        let s = computeContentSize(p)
        contentSizes.insert(s, for: p)
        return s
    }

    private func computeContentSize(_ p: ProposedSize) -> Size {
        switch view.kind {
        case .shape, .paint:
            return p.replacingUnspecified()
        case .geometry:
            // GeometryReader takes the whole proposal, whatever its content (10 × 10 for an unspecified one).
            return p.replacingUnspecified()
        case .text(let string, let spec, _):
            return TextSizing(string, spec, measurer: env.measurer, canvasScale: env.canvasScale).size(p)
        case .image(let image, let mode, let resizable, _, let scale):
            return ImageSizing(image: image, resizable: resizable, contentMode: mode,
                               imageScale: scale ?? env.imageScale).size(for: p)
        case .lottie(let document, _, let mode, _):
            return ImageSizing(lottie: document, contentMode: mode).size(for: p)
        case .zstack:
            // Every child aligns on the same point, so the union of their frames is as wide as the widest.
            return Self.union(zip(children, zstackProposals(p)))
        case .hstack(let spacing, _):
            return StackLayout(axis: .horizontal, spacing: spacing, children: children).size(p)
        case .vstack(let spacing, _):
            return StackLayout(axis: .vertical, spacing: spacing, children: children).size(p)
        case .scroll(let axis):
            // As large as proposed; where a length is not proposed, as long as the content is.
            let content = Self.union(zip(children, scrollContentProposals(p, axis: axis.layoutAxis)))
            return Size(p.width ?? content.width, p.height ?? content.height)
        case .grid(let columns, let spacing):
            return GridLayout(columns: columns, spacing: spacing, children: children).size(p)
        case .spacer(let minLength):
            guard let axis = stackAxis else { return p.replacingUnspecified(by: .zero) }
            let minimum = Swift.max(0, minLength ?? StackLayout.defaultSpacing)
            return Size(along: axis, Swift.max(minimum, p[axis] ?? 0), across: 0)
        }
    }
}

extension LayoutNode {
    /// What a ZStack proposes to each child for its own proposal `p`. With one `layoutPriority` among the children
    /// (the usual case) every child is proposed `p`. Otherwise the children of the highest priority are proposed `p`
    /// and the others the size those take together (the union of their frames, aligned on one point), so that a
    /// background of lower priority fits what the high-priority child chose. Apple documents `layoutPriority` only
    /// for stacks that share space along an axis; this is how a ZStack uses it on iOS, as measured and described in
    /// fatbobman.com/en/posts/exploring-the-secrets-of-layoutpriority-in-zstack.
    func zstackProposals(_ p: ProposedSize) -> [ProposedSize] {
        guard let top = children.map(\.priority).max(),
              children.contains(where: { $0.priority != top }) else { return children.map { _ in p } }
        let first = Self.union(children.filter { $0.priority == top }.map { ($0, p) })
        return children.map { $0.priority == top ? p : ProposedSize(first) }
    }

    /// The size of children laid on one point, each for its proposal: as wide as the widest, as tall as the tallest.
    static func union(_ children: some Sequence<(LayoutNode, ProposedSize)>) -> Size {
        children.reduce(Size.zero) { acc, pair in
            let s = pair.0.size(pair.1)
            return Size(Swift.max(acc.width, s.width), Swift.max(acc.height, s.height))
        }
    }
}

extension LayoutNode {
    /// What a scroll view proposes to each child: no length along its axis (the child's ideal length, which the
    /// scroll view's content may exceed), its own proposal across it.
    func scrollContentProposals(_ p: ProposedSize, axis: Axis) -> [ProposedSize] {
        children.map { _ in ProposedSize(along: axis, nil, across: p[axis.cross]) }
    }
}

extension ScrollAxis {
    var layoutAxis: Axis { self == .vertical ? .vertical : .horizontal }
}

extension ResolvedKind {
    /// The main axis when this is a stack.
    var stackAxis: Axis? {
        switch self {
        case .hstack: return .horizontal
        case .vstack: return .vertical
        case .shape, .text, .image, .lottie, .zstack, .spacer, .geometry, .paint, .scroll, .grid: return nil
        }
    }
}

extension ProposedSize {
    /// The proposal less the insets (never below 0); nil and ∞ stay as they are.
    func inset(by e: EdgeInsets) -> ProposedSize {
        ProposedSize(width: width.map { Swift.max(0, $0 - e.horizontal) },
                     height: height.map { Swift.max(0, $0 - e.vertical) })
    }
}

/// A node's sizes by proposal. A node is asked a handful of proposals in a layout, so they are looked up in a short
/// list first (hashing each proposal cost more than the layout's arithmetic); past `listed` they go to a dictionary.
/// Equal proposals are those `==` calls equal, as for a dictionary's keys (0 and −0 alike, NaN never found).
struct SizeMemo {
    private var list: [(ProposedSize, Size)] = []
    private var more: [ProposedSize: Size] = [:]
    static let listed = 8

    subscript(p: ProposedSize) -> Size? {
        for (q, s) in list where q == p { return s }
        return more.isEmpty ? nil : more[p]
    }

    mutating func insert(_ s: Size, for p: ProposedSize) {
        if list.count < Self.listed { list.append((p, s)) } else { more[p] = s }
    }
}
