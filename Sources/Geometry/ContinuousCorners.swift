import Foundation

/// One corner as cubic Béziers (control 1, control 2, end) for the top-right corner, going clockwise, in
/// (distance along the edge back from the corner, distance into the rectangle). The corner starts on the top
/// edge at (extent, 0), the first piece's start, and ends on the right edge at (0, extent).
typealias CornerCurve = [(Point, Point, Point)]

extension Path {
    /// How far along each edge a continuous corner of radius r reaches, in units of r.
    static let continuousCornerExtent = 1.528665

    /// UIKit's continuous ("squircle") corner, as five cubic Béziers in units of r. The corner starts at
    /// (1.528665, 0); the middle curve runs from (0.63149379, 0.07491139) to (0.07491139, 0.63149379), as the
    /// scene format says, with the control points of the published UIBezierPath reconstruction; the two short
    /// straight pieces that join it to the outer curves are written as cubics with their controls on the line, so
    /// that every piece has a counterpart to blend with.
    static let continuousCornerCurves: CornerCurve = {
        let p1 = Point(0.66993427, 0.06549600), p2 = Point(0.63149379, 0.07491139)
        let p3 = Point(0.07491139, 0.63149379), p4 = Point(0.06549600, 0.66993427)
        return [
            (Point(1.08849323, 0), Point(0.86840689, 0), p1),
            line(p1, p2),
            (Point(0.37282392, 0.16905899), Point(0.16905899, 0.37282392), p3),
            line(p3, p4),
            (Point(0, 0.86840689), Point(0, 1.08849323), Point(0, 1.528665)),
        ]
    }()

    /// SwiftUI's continuous corner where it does not fit, as the device draws it at r = 0.8 L (L half the shorter
    /// side; radius 20 on a 50 pt square), in units of L (it spans the whole half side). Fitted to the device's
    /// boundary row by row (`../shared/device-refs/swiftui-corner-r20-insets.json`, within 0.045 pt = 0.13 device
    /// pixel on every row) in the same five pieces as the continuous corner: an outer curve that leaves the edge
    /// tangent to it and turns 14.06°, a short straight join on that tangent, and a middle curve symmetric about the
    /// diagonal; tangent-continuous at every joint. Its middle is close to a circle of radius r (it crosses the
    /// diagonal 0.29 r from the corner, as the standard corner does); what does not fit is its ends, which leave the
    /// edges more abruptly than the standard corner's.
    static let continuousBlendRatio = 0.8
    static let continuousBlendCurves: CornerCurve = {
        let p1 = Point(0.58698, 0.037782), p2 = Point(0.553681, 0.046124)
        return [
            (Point(1, 0), Point(0.737793, 0), p1),
            line(p1, p2),
            (Point(0.317807, 0.105216), Point(0.105216, 0.317807), diagonal(p2)),
            line(diagonal(p2), diagonal(p1)),
            (Point(0, 0.737793), Point(0, 1), Point(0, 1)),
        ]
    }()

    /// How far along each edge UIKit's `CALayer.cornerCurve = .continuous` corner reaches at r = 0.4 L, in units of r.
    static let layerContinuousCornerExtent = 1.563714

    /// UIKit's `CALayer.cornerCurve = .continuous` corner at r = 0.4 L (L half the shorter side) in units of r, fitted
    /// to the device picture `calayer-continuous-corner.png` (radius 10 on a 50 pt square, 3x: corner coverage IoU
    /// 0.99902 where SwiftUI's curve gives 0.99461): it reaches 1.563714 r along the edges, leaves them tangent, turns
    /// 5.7° before a short straight join, and does the rest of its turn in one middle curve symmetric about the
    /// diagonal; tangent-continuous at every joint. CALayer does not draw this at every ratio: on a 200 pt square
    /// (`calayer-shadow.png`, r = 0.1 L) its radius-10 corner is the published continuous curve (IoU 0.9992, this
    /// one 0.9949).
    static let layerContinuousCornerCurves: CornerCurve = {
        let p1 = Point(1.000593, 0.017076), p2 = Point(0.867111, 0.030455)
        return [
            (Point(1.283002, 0), Point(1.170961, 0), p1),
            line(p1, p2),
            (Point(0.413689, 0.075902), Point(0.075902, 0.413689), diagonal(p2)),
            line(diagonal(p2), diagonal(p1)),
            (Point(0, 1.170961), Point(0, 1.283002), Point(0, layerContinuousCornerExtent)),
        ]
    }()

    /// The ratios r / L of the two CALayer pictures: the published curve at the first, the fitted one at the second.
    static let layerContinuousRatios = (published: 0.1, fitted: 0.4)

    /// A quarter circle of radius 1 (centre (1, 1), in units of its radius), cut into as many pieces as `curve` has,
    /// at the angles of `curve`'s joints seen from that centre when `curve` is scaled to reach 1 along the edges, so
    /// that blending the two point by point moves each joint along a matching one and adds no kink.
    static func circularCorner(cutLike curve: CornerCurve) -> CornerCurve {
        let extent = curve[curve.count - 1].2.y
        let joints = curve.dropLast().map { atan2(1 - $0.2.x / extent, 1 - $0.2.y / extent) }
        let angles: [Double] = [0] + joints + [Double.pi / 2]
        func p(_ a: Double) -> Point { Point(1 - sin(a), 1 - cos(a)) }
        func tangent(_ a: Double) -> Point { Point(-cos(a), sin(a)) }   // d p / d a
        return (0..<(angles.count - 1)).map { i in
            let a0 = angles[i], a1 = angles[i + 1]
            let k = 4.0 / 3.0 * tan((a1 - a0) / 4)   // cubic arc handle length for a unit circle
            return (p(a0) + tangent(a0) * k, p(a1) - tangent(a1) * k, p(a1))
        }
    }

    static let circleForContinuousBlend = circularCorner(cutLike: continuousBlendCurves)
    static let circleForLayerContinuous = circularCorner(cutLike: layerContinuousCornerCurves)

    /// A straight piece as a cubic, its controls at the thirds.
    private static func line(_ a: Point, _ b: Point) -> (Point, Point, Point) {
        (a + (b - a) * (1.0 / 3), a + (b - a) * (2.0 / 3), b)
    }

    /// A corner point mirrored in the corner's diagonal (along ↔ into).
    private static func diagonal(_ p: Point) -> Point { Point(p.y, p.x) }

    /// Corner `a` scaled by `sa`, moved point by point toward corner `b` scaled by `sb`, by `t` (0…1).
    private static func blend(_ a: CornerCurve, _ sa: Double, _ b: CornerCurve, _ sb: Double, _ t: Double) -> CornerCurve {
        func mix(_ p: Point, _ q: Point) -> Point { p * (sa * (1 - t)) + q * (sb * t) }
        return zip(a, b).map { (mix($0.0, $1.0), mix($0.1, $1.1), mix($0.2, $1.2)) }
    }

    /// One corner of radius `r` in the style's curve, in absolute units, for a rectangle whose shorter side is 2 `half`.
    ///
    /// SwiftUI's continuous corner is the published curve scaled by r while it fits (1.528665 r ≤ half). Beyond, it
    /// spans the whole half side and blends point by point, with weights linear in r, from the largest published corner
    /// that fits (r₀ = half / 1.528665) to the device's corner at r = 0.8 half, then to a quarter circle of radius half
    /// at r = half: the capsule, which it stays for larger r.
    ///
    /// CALayer's changes with r / half from the start, as its two device pictures show: the published curve up to
    /// r = 0.1 half, then blended (weight linear in r / half) to the fitted curve at r = 0.4 half, which fits while
    /// 1.563714 r ≤ half; then blended the same way straight to the capsule (no device picture shows that range: it is
    /// not measured). Either way the outline never jumps as r grows.
    static func cornerCurve(_ style: CornerStyle, radius r: Double, half: Double) -> CornerCurve {
        if style == .layerContinuous {
            let (lo, hi) = layerContinuousRatios
            let w = min(1, max(0, (r / half - lo) / (hi - lo)))
            let unit = blend(continuousCornerCurves, 1, layerContinuousCornerCurves, 1, w)
            let r1 = half / layerContinuousCornerExtent
            if r <= r1 { return unit.map { ($0.0 * r, $0.1 * r, $0.2 * r) } }
            return blend(layerContinuousCornerCurves, r1, circleForLayerContinuous, half, (r - r1) / (half - r1))
        }
        let r0 = half / continuousCornerExtent
        if r <= r0 { return continuousCornerCurves.map { ($0.0 * r, $0.1 * r, $0.2 * r) } }
        let rb = continuousBlendRatio * half
        if r <= rb { return blend(continuousCornerCurves, r0, continuousBlendCurves, half, (r - r0) / (rb - r0)) }
        return blend(continuousBlendCurves, half, circleForContinuousBlend, half, min(1, (r - rb) / (half - rb)))
    }

    /// A rounded rectangle with `style`'s continuous corners (`.continuous`: SwiftUI's; `.layerContinuous`:
    /// CALayer's). `cornerRadius` r is in the rectangle's units; see `cornerCurve` for radii that do not fit.
    static func continuousRoundedRect(_ rect: Rect, cornerRadius: Double, style: CornerStyle) -> Path {
        let half = min(rect.width, rect.height) / 2
        guard cornerRadius.isFinite, cornerRadius > 0, half > 0 else { return .rect(rect) }
        let curves = cornerCurve(style, radius: min(cornerRadius, half), half: half)
        let extent = curves[curves.count - 1].2.y
        // Clockwise on screen (y down): each corner's point, "back along the incoming edge" and "into the rect".
        let corners: [(Point, Point, Point)] = [
            (Point(rect.maxX, rect.minY), Point(-1, 0), Point(0, 1)),
            (Point(rect.maxX, rect.maxY), Point(0, -1), Point(-1, 0)),
            (Point(rect.minX, rect.maxY), Point(1, 0), Point(0, -1)),
            (Point(rect.minX, rect.minY), Point(0, 1), Point(1, 0)),
        ]
        var path = Path()
        path.move(to: Point(rect.minX + extent, rect.minY))
        for (c, u, v) in corners {
            func at(_ q: Point) -> Point { c + u * q.x + v * q.y }
            path.line(to: at(Point(extent, 0)))
            for (c1, c2, end) in curves { path.curve(to: at(end), control1: at(c1), control2: at(c2)) }
        }
        path.close()
        return path
    }
}
