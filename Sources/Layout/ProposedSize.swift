import Geometry

/// The size a parent proposes to a child, in points, as SwiftUI's `ProposedViewSize`:
/// a nil dimension asks for the child's ideal size, `.infinity` for its largest size.
struct ProposedSize: Hashable, Sendable {
    var width: Double?
    var height: Double?

    init(width: Double?, height: Double?) { self.width = width; self.height = height }
    init(_ size: Size) { width = size.width; height = size.height }

    static let unspecified = ProposedSize(width: nil, height: nil)

    /// Nil dimensions replaced by `fallback` (SwiftUI's `replacingUnspecifiedDimensions`, 10 × 10 by default).
    func replacingUnspecified(by fallback: Size = Size(10, 10)) -> Size {
        Size(width ?? fallback.width, height ?? fallback.height)
    }

    subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// A proposal given along one axis and across the other.
    init(along axis: Axis, _ along: Double?, across: Double?) {
        if axis == .horizontal { self.init(width: along, height: across) } else { self.init(width: across, height: along) }
    }
}

/// The main axis of a stack.
enum Axis: Hashable, Sendable {
    case horizontal, vertical
    var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension Size {
    subscript(axis: Axis) -> Double { axis == .horizontal ? width : height }

    init(along axis: Axis, _ along: Double, across: Double) {
        if axis == .horizontal { self.init(along, across) } else { self.init(across, along) }
    }
}
