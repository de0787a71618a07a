extension Path {
    /// UIKit's continuous-corner rounded rectangle. Not yet implemented: falls back to circular arcs.
    static func continuousRoundedRect(_ r: Rect, cornerRadius: Double) -> Path {
        circularRoundedRect(r, radius: max(0, min(cornerRadius, min(r.width, r.height) / 2)))
    }
}
