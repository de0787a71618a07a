import DisplayList
import Geometry
import SceneModel

extension LayoutNode {
    /// Lays the view out for proposal `p` with its frame's top-left corner at `origin` (canvas points).
    /// A matched frame overrides both: the view is proposed the matched size, which replaces its own
    /// `frame` lengths (§6: "its own frame key … gives way"), and sits at the matched origin.
    /// The frame and content frame it reports are snapped to the canvas's pixel grid; its children and
    /// decorations are placed from the exact values and snap their own edges, so rounding never accumulates.
    func place(_ p: ProposedSize, at origin: Point) -> LaidOutView {
        var proposal = p, origin = origin, frameSpec = view.modifiers.frame
        if let m = view.modifiers.matchedFrame {
            proposal = ProposedSize(m.size)
            origin = m.origin
            frameSpec = FrameSpec(width: m.width, height: m.height, alignment: frameSpec?.alignment ?? .center)
        }
        let frame = Rect(origin: origin, size: framedSize(proposal, frame: frameSpec))

        // Inside the frame: the padded view, proposed what the frame proposes and aligned in it.
        var innerProposal = proposal, innerOrigin = origin
        if let f = frameSpec {
            let (h, v) = f.axes
            innerProposal = ProposedSize(width: h.childProposal(proposal.width), height: v.childProposal(proposal.height))
            innerOrigin = frame.aligning(paddedSize(innerProposal), at: f.alignment)
        }
        // A text whose frame animates is laid out for its frame in the target state (where the animation settles),
        // then aligned in the presented frame as content is in any frame, at its own size: the frame moves and
        // resizes, the laid-out lines move with it and are never re-wrapped, cut or stretched on the way. SwiftUI
        // evaluates views and lays them out once, for the new (model) values, and then interpolates only animatable
        // attributes such as geometry towards them (WWDC23 "Explore SwiftUI animation",
        // developer.apple.com/videos/play/wwdc2023/10156); a Text's glyphs themselves change position or size only
        // under `.contentTransition(.interpolate)`, and only between identical strings
        // (developer.apple.com/documentation/swiftui/contenttransition/interpolate). So a label never shows an ellipsis
        // or a different line break because its frame passes through a smaller size, and it is not scaled.
        if case .text = view.kind, let target = view.modifiers.targetSize {
            innerProposal = ProposedSize(target)
            innerOrigin = frame.aligning(paddedSize(innerProposal), at: frameSpec?.alignment ?? .center)
        }
        // Inside the padding: the content.
        var contentProposal = innerProposal, contentOrigin = innerOrigin
        if let pad = view.modifiers.padding {
            contentProposal = innerProposal.inset(by: pad)
            contentOrigin = innerOrigin + Point(pad.leading, pad.top)
        }
        let content = Rect(origin: contentOrigin, size: contentSize(contentProposal))

        func decoration(_ node: LayoutNode?) -> LaidOutView? {
            guard let node else { return nil }
            let q = ProposedSize(frame.size)
            return node.place(q, at: frame.aligning(node.size(q), at: .center))
        }
        var textLayout: TextLayout?
        if case .text(let string, let spec, _) = view.kind {
            textLayout = TextSizing(string, spec, measurer: env.measurer, canvasScale: env.canvasScale).layout(for: contentProposal)
        }
        let grid = PixelGrid(scale: env.canvasScale)
        return LaidOutView(identity: view.identity, kind: view.kind, modifiers: view.modifiers, frame: grid.snap(frame),
                           contentFrame: grid.snap(content), children: placeChildren(contentProposal, in: content),
                           background: decoration(background), overlay: decoration(overlay), mask: decoration(mask),
                           textLayout: textLayout)
    }

    private func placeChildren(_ p: ProposedSize, in content: Rect) -> [LaidOutView] {
        switch view.kind {
        case .zstack(let alignment):
            return zip(children, zstackProposals(p)).map { c, q in c.place(q, at: content.aligning(c.size(q), at: alignment)) }
        case .geometry:
            // GeometryReader proposes its own size to its content and puts it at its top-leading corner (iOS 14 and
            // later; see docs/scene-format.md), each child on its own as in a zstack.
            let own = ProposedSize(content.size)
            return children.map { c in c.place(own, at: content.origin) }
        case .scroll(let axis):
            // At rest: each child at the leading edge along the axis (the top of a vertical scroll view), centred
            // across it.
            let along = axis.layoutAxis
            return zip(children, scrollContentProposals(p, axis: along)).map { c, q in
                let s = c.size(q)
                let cross = (content.size[along.cross] - s[along.cross]) / 2
                let offset = along == .vertical ? Point(cross, 0) : Point(0, cross)
                return c.place(q, at: content.origin + offset)
            }
        case .grid(let columns, let spacing):
            let grid = GridLayout(columns: columns, spacing: spacing, children: children)
            return zip(children, grid.cells(p)).map { c, cell in
                let q = ProposedSize(width: cell.width, height: nil)
                let s = c.size(q)
                return c.place(q, at: content.origin + Point(cell.x + (cell.width - s.width) / 2, cell.y + (cell.height - s.height) / 2))
            }
        case .hstack(let spacing, let alignment):
            let across: Double = switch alignment { case .top: 0; case .center: 0.5; case .bottom: 1 }
            return placeStack(.horizontal, spacing: spacing, across: across, p, in: content)
        case .vstack(let spacing, let alignment):
            let across: Double = switch alignment { case .leading: 0; case .center: 0.5; case .trailing: 1 }
            return placeStack(.vertical, spacing: spacing, across: across, p, in: content)
        case .shape, .text, .image, .lottie, .spacer, .paint:
            return []
        }
    }

    /// Children one after the other along `axis` from the content's leading/top edge, each aligned
    /// across the axis at the unit position `across` (0 top/leading, ½ centre, 1 bottom/trailing).
    private func placeStack(_ axis: Axis, spacing: Double?, across: Double, _ p: ProposedSize,
                            in content: Rect) -> [LaidOutView] {
        let stack = StackLayout(axis: axis, spacing: spacing, children: children)
        let gap = Swift.max(0, spacing ?? StackLayout.defaultSpacing)
        var cursor = 0.0
        return zip(children, stack.allocate(p)).map { child, slot in
            let crossOffset = (content.size[axis.cross] - slot.size[axis.cross]) * across
            let offset = axis == .horizontal ? Point(cursor, crossOffset) : Point(crossOffset, cursor)
            cursor += slot.size[axis] + gap
            return child.place(slot.proposal, at: content.origin + offset)
        }
    }
}

extension Rect {
    /// The origin that puts a box of `size` at the same unit position `alignment` as this rectangle
    /// (SwiftUI's alignment of a child in its parent: their alignment guides coincide).
    func aligning(_ size: Size, at alignment: UnitPoint) -> Point {
        Point(minX + (width - size.width) * alignment.x, minY + (height - size.height) * alignment.y)
    }
}
