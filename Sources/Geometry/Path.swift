/// A vector path made of move, line, cubic Bézier and close elements.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case cubic(Point, Point, Point)   // control 1, control 2, end
        case close
    }

    public var elements: [Element] = []

    public init(_ elements: [Element] = []) { self.elements = elements }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func curve(to p: Point, control1: Point, control2: Point) {
        elements.append(.cubic(control1, control2, p))
    }
    public mutating func close() { elements.append(.close) }

    public var isEmpty: Bool { elements.isEmpty }

    /// The path with every point transformed.
    public func applying(_ t: AffineTransform) -> Path {
        Path(elements.map {
            switch $0 {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .cubic(let a, let b, let c): return .cubic(t.apply(a), t.apply(b), t.apply(c))
            case .close: return .close
            }
        })
    }

    /// The bounding box of all points, control points included (a superset of the exact bounds).
    public var controlBounds: Rect {
        var pts: [Point] = []
        for e in elements {
            switch e {
            case .move(let p), .line(let p): pts.append(p)
            case .cubic(let a, let b, let c): pts += [a, b, c]
            case .close: break
            }
        }
        guard let f = pts.first else { return .zero }
        var x0 = f.x, y0 = f.y, x1 = f.x, y1 = f.y
        for p in pts { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public static func rect(_ r: Rect) -> Path {
        Path([.move(Point(r.minX, r.minY)), .line(Point(r.maxX, r.minY)), .line(Point(r.maxX, r.maxY)),
              .line(Point(r.minX, r.maxY)), .close])
    }

    /// An ellipse inscribed in `r`, as four cubic arcs (κ = 0.5522847498).
    public static func ellipse(in r: Rect) -> Path {
        let k = 0.5522847498307936
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        var p = Path()
        p.move(to: Point(cx + rx, cy))
        p.curve(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry))
        p.curve(to: Point(cx - rx, cy), control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry))
        p.curve(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry))
        p.curve(to: Point(cx + rx, cy), control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry))
        p.close()
        return p
    }
}
