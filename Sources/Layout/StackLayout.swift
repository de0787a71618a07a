import Geometry

/// SwiftUI's HStack/VStack sizing along one axis. The stack measures each child's flexibility
/// (its length when proposed ∞ minus its length when proposed 0), then, from the least flexible
/// child to the most, proposes the space still free divided by the number of children still
/// waiting; each child's answer is taken from what is left. Spacers come after the other views
/// of equal flexibility. Every child is proposed the stack's own proposal across the axis;
/// the stack is as long as its children plus spacing and as thick as its thickest child.
///
/// Children of different `layoutPriority` are served in groups, highest priority first: a group shares what is
/// left less the minimum length (the length when proposed 0) of every child of a lower priority. That is Apple's
/// rule for the modifier: "A parent layout should offer children with the highest layout priority all the space
/// offered to the parent minus the minimum space required for all its lower-priority children, and so on for each
/// lower priority value" (developer.apple.com/documentation/swiftui/view/layoutpriority(_:)). With one priority
/// (the usual case) it is the single pass above.
struct StackLayout {
    /// Points between adjacent children when the scene gives none.
    static let defaultSpacing = 8.0

    var axis: Axis
    var spacing: Double?
    var children: [LayoutNode]

    /// One child's share: what it was proposed and what it chose, in points.
    struct Slot { var proposal: ProposedSize; var size: Size }

    private var gap: Double { Swift.max(0, spacing ?? Self.defaultSpacing) }

    func size(_ p: ProposedSize) -> Size {
        let slots = allocate(p)
        guard !slots.isEmpty else { return .zero }
        let along = slots.reduce(0) { $0 + $1.size[axis] } + gap * Double(slots.count - 1)
        let across = slots.reduce(0) { Swift.max($0, $1.size[axis.cross]) }
        return Size(along: axis, along, across: across)
    }

    /// The proposal and size of every child, in the children's order.
    func allocate(_ p: ProposedSize) -> [Slot] {
        let across = p[axis.cross]
        // An ideal-size proposal is passed on as is: each child takes its ideal length.
        guard let available = p[axis] else {
            return children.map { c in
                let q = ProposedSize(along: axis, nil, across: across)
                return Slot(proposal: q, size: c.size(q))
            }
        }
        let flexibility = children.map { c -> Double in
            let lo = c.size(ProposedSize(along: axis, 0, across: across))[axis]
            let hi = c.size(ProposedSize(along: axis, .infinity, across: across))[axis]
            let f = hi - lo
            return f.isNaN ? .infinity : f
        }
        // Stable order: flexibility, then spacers after views, then the children's own order.
        let order = children.indices.sorted { a, b in
            if flexibility[a] != flexibility[b] { return flexibility[a] < flexibility[b] }
            if children[a].isSpacer != children[b].isSpacer { return !children[a].isSpacer }
            return a < b
        }
        var remaining = available - gap * Double(Swift.max(0, children.count - 1))
        var slots = [Slot](repeating: Slot(proposal: .unspecified, size: .zero), count: children.count)
        let priorities = Set(children.map(\.priority)).sorted(by: >)
        for priority in priorities {
            let group = order.filter { children[$0].priority == priority }
            // What the children of lower priority need at least is kept back from this group.
            let keptBack = children.indices.reduce(0.0) { sum, i in
                children[i].priority < priority
                    ? sum + children[i].size(ProposedSize(along: axis, 0, across: across))[axis] : sum
            }
            var free = remaining - keptBack
            var waiting = group.count
            for i in group {
                // An infinite proposal (flexibility probe) stays infinite: ∞ − ∞ would make later shares NaN.
                let share = available.isInfinite ? available : Swift.max(0, free / Double(waiting))
                let q = ProposedSize(along: axis, share, across: across)
                let s = children[i].size(q)
                slots[i] = Slot(proposal: q, size: s)
                free -= s[axis]
                remaining -= s[axis]
                waiting -= 1
            }
        }
        return slots
    }
}
