import SceneModel

/// One axis of a `frame` modifier, sized as SwiftUI's frame layouts are. A fixed length
/// (`width`) behaves as `.frame(width:)`; otherwise the min/max pair behaves as SwiftUI's
/// flexible frame (`_FlexFrameLayout`). Lengths are in points; the axes are independent.
struct FrameAxis: Hashable, Sendable {
    var fixed: Double?
    var min: Double?
    var max: Double?

    /// What the frame proposes to its child along this axis, given the parent's proposal `p`:
    /// the fixed length, or `p` limited by min and max. A nil proposal stays nil (ideal size).
    func childProposal(_ p: Double?) -> Double? {
        if let fixed { return fixed }
        guard var v = p else { return nil }
        if let min { v = Swift.max(min, v) }
        if let max { v = Swift.min(max, v) }
        return v
    }

    /// The frame's own length along this axis, from the parent's proposal `p` and the child's length `c`.
    /// Follows SwiftUI's documented rules: with a minimum, a proposal below the child's size wins but
    /// never goes under the minimum; with a maximum, a proposal above the child's size wins but never
    /// goes over the maximum; with both, the proposal clamped to [min, max]. A nil proposal counts as
    /// the child's own size, so the ideal size of a flexible frame is its child's clamped.
    func length(proposal p: Double?, child c: Double) -> Double {
        if let fixed { return fixed }
        let proposed = p ?? c
        var r = c
        if let min { r = Swift.max(min, Swift.min(r, proposed)) }
        if let max { r = Swift.min(max, Swift.max(r, proposed)) }
        return r
    }
}

extension FrameSpec {
    /// The horizontal and vertical halves of this frame; negative lengths count as 0.
    var axes: (horizontal: FrameAxis, vertical: FrameAxis) {
        func nn(_ v: Double?) -> Double? { v.map { Swift.max(0, $0) } }
        return (FrameAxis(fixed: nn(width), min: nn(minWidth), max: nn(maxWidth)),
                FrameAxis(fixed: nn(height), min: nn(minHeight), max: nn(maxHeight)))
    }
}
