import Foundation

/// A 2-D affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty),
/// the same layout as CGAffineTransform and cairo_matrix_t.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotation by `degrees`, clockwise on screen (y grows downwards), as SwiftUI's rotationEffect.
    public static func rotation(degrees: Double) -> AffineTransform {
        let r = degrees * .pi / 180
        let cs = cos(r), sn = sin(r)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other`.
    public func concatenating(_ o: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * o.a + b * o.c, b: a * o.b + b * o.d,
                        c: c * o.a + d * o.c, d: c * o.b + d * o.d,
                        tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
    }

    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    public var determinant: Double { a * d - b * c }

    /// The factor by which lengths grow on average (√|det|); used to scale blur σ and line widths.
    public var meanScale: Double { sqrt(abs(determinant)) }

    public var isIdentity: Bool { self == .identity }

    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The bounding box of a rectangle after this transform.
    public func apply(_ r: Rect) -> Rect {
        let ps = [apply(Point(r.minX, r.minY)), apply(Point(r.maxX, r.minY)),
                  apply(Point(r.minX, r.maxY)), apply(Point(r.maxX, r.maxY))]
        var x0 = ps[0].x, y0 = ps[0].y, x1 = x0, y1 = y0
        for p in ps { x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y); x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String {
        if isIdentity { return "identity" }
        if a == 1, b == 0, c == 0, d == 1 { return "translate(\(fmt(tx)), \(fmt(ty)))" }
        return "matrix(\(fmt(a)), \(fmt(b)), \(fmt(c)), \(fmt(d)), \(fmt(tx)), \(fmt(ty)))"
    }
}
