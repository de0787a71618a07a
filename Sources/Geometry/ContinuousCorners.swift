import Foundation

extension Path {
    /// How far along each edge a continuous corner of radius r reaches, in units of r.
    static let continuousCornerExtent = 1.528665

    /// UIKit's continuous ("squircle") corner for the top-right corner, going clockwise, as five
    /// cubic Béziers (control 1, control 2, end). Units of r from the corner: (distance along the
    /// edge, distance into the rectangle). The corner starts at (1.528665, 0); the middle curve runs
    /// from (0.63149379, 0.07491139) to (0.07491139, 0.63149379), as the scene format says, with the
    /// control points of the published UIBezierPath reconstruction; the two short straight pieces
    /// that join it to the outer curves are written as cubics with their controls on the line, so
    /// that every piece has a circular counterpart to blend with.
    static let continuousCornerCurves: [(Point, Point, Point)] = {
        func line(_ a: Point, _ b: Point) -> (Point, Point, Point) { (a + (b - a) * (1.0 / 3), a + (b - a) * (2.0 / 3), b) }
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

    /// A quarter circle of radius 1 (centre (1, 1) in the same corner units), cut at the angles of
    /// the continuous corner's joints, so that both shapes have matching points to blend.
    static let circularCornerCurves: [(Point, Point, Point)] = {
        // The angle (from the edge's normal) of each joint between the continuous corner's pieces.
        let joints = continuousCornerCurves.dropLast().map { atan2(1 - $0.2.x, 1 - $0.2.y) }
        let angles: [Double] = [0] + joints + [Double.pi / 2]
        func p(_ a: Double) -> Point { Point(1 - sin(a), 1 - cos(a)) }
        func tangent(_ a: Double) -> Point { Point(-cos(a), sin(a)) }   // d p / d a
        return (0..<(angles.count - 1)).map { i in
            let a0 = angles[i], a1 = angles[i + 1]
            let k = 4.0 / 3.0 * tan((a1 - a0) / 4)   // cubic arc handle length for a unit circle
            return (p(a0) + tangent(a0) * k, p(a1) - tangent(a1) * k, p(a1))
        }
    }()

    /// UIKit's continuous-corner rounded rectangle. `cornerRadius` r is in the rectangle's units.
    ///
    /// While 1.528665·r fits in half the shorter side L, every corner is the continuous curve.
    /// Beyond that there is no room for it, so between r₀ = L / 1.528665 and r = L the corner
    /// blends linearly, point by point, from the largest continuous corner that fits (radius
    /// r₀, extent L) to a circular arc of radius L (extent L too), with weight
    /// t = (r − r₀) / (L − r₀). Both ends of the blend reach exactly L along the edges and start
    /// tangent to them, so the outline never jumps as r crosses r₀ and at r ≥ L the shape is
    /// the capsule (circular corners of radius L).
    static func continuousRoundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
        let half = min(rect.width, rect.height) / 2
        guard cornerRadius.isFinite, cornerRadius > 0, half > 0 else { return .rect(rect) }
        let r = min(cornerRadius, half)
        let r0 = half / continuousCornerExtent
        // Corner curves in absolute units, already blended: (along, into) offsets from the corner.
        let curves: [(Point, Point, Point)]
        if r <= r0 {
            curves = continuousCornerCurves.map { ($0.0 * r, $0.1 * r, $0.2 * r) }
        } else {
            let t = min(1, (r - r0) / (half - r0))
            func mix(_ a: Point, _ b: Point) -> Point { a * (r0 * (1 - t)) + b * (half * t) }
            curves = zip(continuousCornerCurves, circularCornerCurves).map {
                (mix($0.0, $1.0), mix($0.1, $1.1), mix($0.2, $1.2))
            }
        }
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
