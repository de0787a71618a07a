import Foundation

/// A projective map of the plane, as a 3×3 matrix `m` (row-major) in the row-vector convention:
/// the point (x, y) goes to (X/W, Y/W) where [X, Y, W] = [x, y, 1] · m. An affine transform is a
/// homography whose last column is (0, 0, 1). Units are whatever the points are in (canvas
/// points in the display list, device pixels in the raster stage).
public struct Homography: Hashable, Sendable, CustomStringConvertible {
    /// Row-major entries: m[3·row + column].
    public var m: [Double]

    /// The matrix from its nine entries, row by row; nil unless there are exactly nine.
    public init?(rows m: [Double]) {
        guard m.count == 9 else { return nil }
        self.m = m
    }

    public init(_ t: AffineTransform) {
        m = [t.a, t.b, 0, t.c, t.d, 0, t.tx, t.ty, 1]
    }

    public static let identity = Homography(.identity)

    public var isIdentity: Bool { self == .identity }

    /// `self` applied first, then `o` (the product self · o).
    public func concatenating(_ o: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 { r[3 * i + j] = m[3 * i] * o.m[j] + m[3 * i + 1] * o.m[3 + j] + m[3 * i + 2] * o.m[6 + j] }
        }
        return Homography(unchecked: r)
    }

    /// [X, Y, W] for the point `p`.
    public func homogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (p.x * m[0] + p.y * m[3] + m[6], p.x * m[1] + p.y * m[4] + m[7], p.x * m[2] + p.y * m[5] + m[8])
    }

    /// Where `p` goes; nil when it goes behind the eye or to infinity (W ≤ 0) or the result is not finite.
    public func apply(_ p: Point) -> Point? {
        let (x, y, w) = homogeneous(p)
        guard w > 0 else { return nil }
        let q = Point(x / w, y / w)
        return q.x.isFinite && q.y.isFinite ? q : nil
    }

    public var determinant: Double {
        m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }

    /// The inverse map, scaled so that W keeps its sign (a point in front of the eye maps back
    /// with W > 0); nil when the matrix is singular (the view is seen edge-on and covers no area)
    /// or not finite.
    public var inverted: Homography? {
        let det = determinant
        // Relative to the size of the entries, so that a matrix in pixels and one in points agree.
        let size = m.reduce(0) { Swift.max($0, abs($1)) }
        guard det.isFinite, size > 0, abs(det) > 1e-12 * size * size * size else { return nil }
        let c: [Double] = [
            m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ]
        // adj/det is the inverse; dividing by |det| only would flip W for det < 0, so use det itself.
        return Homography(unchecked: c.map { $0 / det })
    }

    /// The bounding box of `r`'s image, or nil when part of `r` goes behind the eye (W ≤ 0) and the
    /// image is unbounded. The image of a rectangle wholly in front is the quadrilateral of its corners.
    /// A corner that lands farther than `limit` away counts as unbounded too: it sits on or next to
    /// the horizon, where rounding decides the side and so the direction it runs off in.
    public func apply(_ r: Rect, limit: Double = 1e7) -> Rect? {
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)]
        var pts: [Point] = []
        for c in corners {
            guard let q = apply(c), abs(q.x) <= limit, abs(q.y) <= limit else { return nil }
            pts.append(q)
        }
        var x0 = pts[0].x, y0 = pts[0].y, x1 = x0, y1 = y0
        for p in pts { x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y); x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String {
        "homography[" + (0..<3).map { i in (0..<3).map { fmt(m[3 * i + $0]) }.joined(separator: " ") }.joined(separator: "; ") + "]"
    }

    private init(unchecked m: [Double]) { self.m = m }
}
