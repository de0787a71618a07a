import Foundation

extension Path {
    /// A rounded rectangle. `cornerRadius` in the rectangle's units, clamped to half the shorter side.
    /// `.continuous` draws SwiftUI's continuous corners, `.layerContinuous` CALayer's (see ContinuousCorners.swift),
    /// `.circular` circular arcs.
    public static func roundedRect(_ r: Rect, cornerRadius: Double, style: CornerStyle) -> Path {
        let rr = max(0, min(cornerRadius, min(r.width, r.height) / 2))
        if rr <= 0 { return .rect(r) }
        if style == .circular { return circularRoundedRect(r, radius: rr) }
        return continuousRoundedRect(r, cornerRadius: cornerRadius, style: style)
    }

    /// `roundedRect(_:cornerRadius:style:)` with SwiftUI's continuous corners or circular ones.
    public static func roundedRect(_ r: Rect, cornerRadius: Double, continuous: Bool) -> Path {
        roundedRect(r, cornerRadius: cornerRadius, style: continuous ? .continuous : .circular)
    }

    /// A capsule: semicircular ends on the shorter side.
    public static func capsule(in r: Rect) -> Path {
        circularRoundedRect(r, radius: max(0, min(r.width, r.height) / 2))
    }

    /// Rounded rectangle with circular-arc corners of radius `radius` (cubic approximation).
    static func circularRoundedRect(_ r: Rect, radius rr: Double) -> Path {
        if rr <= 0 { return .rect(r) }
        let k = 0.5522847498307936 * rr
        var p = Path()
        p.move(to: Point(r.minX + rr, r.minY))
        p.line(to: Point(r.maxX - rr, r.minY))
        p.curve(to: Point(r.maxX, r.minY + rr), control1: Point(r.maxX - rr + k, r.minY), control2: Point(r.maxX, r.minY + rr - k))
        p.line(to: Point(r.maxX, r.maxY - rr))
        p.curve(to: Point(r.maxX - rr, r.maxY), control1: Point(r.maxX, r.maxY - rr + k), control2: Point(r.maxX - rr + k, r.maxY))
        p.line(to: Point(r.minX + rr, r.maxY))
        p.curve(to: Point(r.minX, r.maxY - rr), control1: Point(r.minX + rr - k, r.maxY), control2: Point(r.minX, r.maxY - rr + k))
        p.line(to: Point(r.minX, r.minY + rr))
        p.curve(to: Point(r.minX + rr, r.minY), control1: Point(r.minX, r.minY + rr - k), control2: Point(r.minX + rr - k, r.minY))
        p.close()
        return p
    }
}
