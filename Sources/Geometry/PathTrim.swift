import Foundation

/// The part of a path between two fractions of its length: SwiftUI's `Shape.trim(from:to:)` and
/// `Path.trimmedPath(from:to:)` ("points linearly-interpolated along the path"), as Core Graphics measures it: the
/// length of every segment counts, the line a `close` draws back to the subpath's start included.
///
/// The trim is measured here, in points, rather than by Cairo: the trimmed path stays a path of lines and exact cubic
/// pieces (de Casteljau splits), so the display list keeps carrying plain paths (its equality, digests and damage
/// regions are unchanged, and an untrimmed shape's commands are the same as before), it stays smooth at any render
/// scale, and the layout stage does not need Cairo (`cairo_copy_path_flat` would hand back a polyline at the raster's
/// tolerance, known only at draw time). Drawing is still Cairo's.
extension Path {
    /// Samples per cubic when measuring its length. A quarter-circle cubic measured by 64 chords is short by about
    /// 1·10⁻⁴ of its length (chord error ≈ L·θ²/24 with θ = (π/2)/64), a fraction of a pixel for any shape on screen.
    static let trimSamples = 64

    /// The sub-path from `from` to `to` (fractions of the whole length, clamped to 0…1). Empty when `from ≥ to`
    /// (SwiftUI draws nothing then); the path itself, closed as it is, for 0…1. Otherwise open: a trimmed fill fills
    /// the open sub-path, as Core Graphics does, and a trimmed stroke has ends instead of a join at the start.
    public func trimmed(from: Double, to: Double) -> Path {
        let a = Swift.min(1, Swift.max(0, from.isNaN ? 0 : from)), b = Swift.min(1, Swift.max(0, to.isNaN ? 1 : to))
        if a <= 0 && b >= 1 { return self }
        guard a < b else { return Path() }
        let segments = measuredSegments()
        let total = segments.reduce(0) { $0 + $1.length }
        guard total > 0 else { return Path() }
        let start = a * total, end = b * total
        var out = Path()
        var at = 0.0
        var open = false   // whether `out` has a current point where the previous kept piece ended
        for s in segments {
            let s0 = at, s1 = at + s.length
            at = s1
            // A new subpath breaks the run: its first kept piece starts with a move.
            if s.startsSubpath { open = false }
            guard s1 > start, s0 < end, s.length > 0 else { continue }
            let t0 = s.parameter(atLength: Swift.max(0, start - s0)), t1 = s.parameter(atLength: Swift.min(s.length, end - s0))
            let piece = s.curve.slice(t0, t1)
            if !open { out.move(to: piece.start) }
            out.elements.append(piece.element)
            open = true
        }
        return out
    }

    /// The path as measured segments: every line, cubic and closing line, with its length.
    func measuredSegments() -> [MeasuredSegment] {
        var out: [MeasuredSegment] = []
        var current = Point.zero, subpathStart = Point.zero
        var newSubpath = true
        for e in elements {
            switch e {
            case .move(let p):
                current = p; subpathStart = p; newSubpath = true
            case .line(let p):
                out.append(MeasuredSegment(.line(current, p), startsSubpath: newSubpath))
                current = p; newSubpath = false
            case .cubic(let c1, let c2, let p):
                out.append(MeasuredSegment(.cubic(current, c1, c2, p), startsSubpath: newSubpath))
                current = p; newSubpath = false
            case .close:
                out.append(MeasuredSegment(.line(current, subpathStart), startsSubpath: newSubpath))
                current = subpathStart; newSubpath = true
            }
        }
        return out
    }
}

/// A line or cubic Bézier from its start point.
enum Segment {
    case line(Point, Point)
    case cubic(Point, Point, Point, Point)

    func point(at t: Double) -> Point {
        switch self {
        case .line(let a, let b): return a + (b - a) * t
        case .cubic(let p0, let p1, let p2, let p3):
            let u = 1 - t
            return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
        }
    }

    /// The piece between parameters t0 ≤ t1, as a path element from `start`.
    func slice(_ t0: Double, _ t1: Double) -> (start: Point, element: Path.Element) {
        switch self {
        case .line:
            return (point(at: t0), .line(point(at: t1)))
        case .cubic(let p0, let p1, let p2, let p3):
            // Keep [0, t1], then the part of that from t0 / t1 (de Casteljau twice).
            let (_, left) = Segment.split(p0, p1, p2, p3, at: t1)
            let s = t1 > 0 ? t0 / t1 : 0
            let (right, _) = Segment.split(left.0, left.1, left.2, left.3, at: s)
            return (right.0, .cubic(right.1, right.2, right.3))
        }
    }

    /// de Casteljau at t: (the part after t, the part before t), each as four control points.
    static func split(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, at t: Double)
        -> (after: (Point, Point, Point, Point), before: (Point, Point, Point, Point)) {
        func mix(_ a: Point, _ b: Point) -> Point { a + (b - a) * t }
        let a = mix(p0, p1), b = mix(p1, p2), c = mix(p2, p3)
        let d = mix(a, b), e = mix(b, c)
        let f = mix(d, e)
        return ((f, e, c, p3), (p0, a, d, f))
    }
}

/// A segment with its length and, for a cubic, the cumulative chord lengths of `Path.trimSamples` equal steps of t
/// (to find the parameter at a length).
struct MeasuredSegment {
    let curve: Segment
    let startsSubpath: Bool
    let length: Double
    private let table: [Double]

    init(_ curve: Segment, startsSubpath: Bool) {
        self.curve = curve
        self.startsSubpath = startsSubpath
        switch curve {
        case .line(let a, let b):
            table = []
            length = hypot(b.x - a.x, b.y - a.y)
        case .cubic:
            var t: [Double] = [0]
            var previous = curve.point(at: 0)
            for k in 1...Path.trimSamples {
                let p = curve.point(at: Double(k) / Double(Path.trimSamples))
                t.append(t[t.count - 1] + hypot(p.x - previous.x, p.y - previous.y))
                previous = p
            }
            table = t
            length = t[t.count - 1]
        }
    }

    /// The parameter at arc length `s` from the start (0…length).
    func parameter(atLength s: Double) -> Double {
        guard length > 0 else { return 0 }
        if table.isEmpty { return Swift.min(1, Swift.max(0, s / length)) }
        if s <= 0 { return 0 }
        if s >= length { return 1 }
        // The first sample at or past s, then linear between it and the one before.
        var lo = 0, hi = table.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] < s { lo = mid } else { hi = mid }
        }
        let span = table[hi] - table[lo]
        let f = span > 0 ? (s - table[lo]) / span : 0
        return (Double(lo) + f) / Double(Path.trimSamples)
    }
}
