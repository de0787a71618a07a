import Foundation

/// One step of a drawn path (SwiftUI's `Path { path in … }`), with its numbers of type `Value`: the scene model holds
/// expressions, the timeline evaluates them. Coordinates are points in the view's own space, from its top-leading
/// corner, as a `Path` view's are in SwiftUI; angles are degrees, clockwise on screen from the trailing side.
public enum PathCommand<Value> {
    /// `move(to:)`
    case move(x: Value, y: Value)
    /// `addLine(to:)`
    case line(x: Value, y: Value)
    /// `addQuadCurve(to:control:)`
    case quadCurve(x: Value, y: Value, cx: Value, cy: Value)
    /// `addCurve(to:control1:control2:)`
    case curve(x: Value, y: Value, c1x: Value, c1y: Value, c2x: Value, c2y: Value)
    /// `addArc(center:radius:startAngle:endAngle:clockwise:)`. `clockwise` is SwiftUI's flag, which it reads in a
    /// y-up space: on screen `clockwise: false` turns clockwise (angles growing) and `true` anticlockwise.
    case arc(cx: Value, cy: Value, radius: Value, startAngle: Value, endAngle: Value, clockwise: Bool)
    /// `addRect(_:)`: a closed rectangle from its top-leading corner, clockwise on screen.
    case rect(x: Value, y: Value, width: Value, height: Value)
    /// `addEllipse(in:)`
    case ellipse(x: Value, y: Value, width: Value, height: Value)
    /// `closeSubpath()`
    case close

    /// The scene format's name of the step.
    public var name: String {
        switch self {
        case .move: return "move"
        case .line: return "line"
        case .quadCurve: return "quadCurve"
        case .curve: return "curve"
        case .arc: return "arc"
        case .rect: return "rect"
        case .ellipse: return "ellipse"
        case .close: return "close"
        }
    }

    public func map<T>(_ f: (Value) -> T) -> PathCommand<T> {
        switch self {
        case .move(let x, let y): return .move(x: f(x), y: f(y))
        case .line(let x, let y): return .line(x: f(x), y: f(y))
        case .quadCurve(let x, let y, let cx, let cy): return .quadCurve(x: f(x), y: f(y), cx: f(cx), cy: f(cy))
        case .curve(let x, let y, let a, let b, let c, let d):
            return .curve(x: f(x), y: f(y), c1x: f(a), c1y: f(b), c2x: f(c), c2y: f(d))
        case .arc(let cx, let cy, let r, let a0, let a1, let cw):
            return .arc(cx: f(cx), cy: f(cy), radius: f(r), startAngle: f(a0), endAngle: f(a1), clockwise: cw)
        case .rect(let x, let y, let w, let h): return .rect(x: f(x), y: f(y), width: f(w), height: f(h))
        case .ellipse(let x, let y, let w, let h): return .ellipse(x: f(x), y: f(y), width: f(w), height: f(h))
        case .close: return .close
        }
    }
}

extension PathCommand: Equatable where Value: Equatable {}
extension PathCommand: Hashable where Value: Hashable {}
extension PathCommand: Sendable where Value: Sendable {}

extension Path {
    /// The path of `commands` with its origin at `origin`, as SwiftUI builds a `Path`: a line, curve or arc with no
    /// current point starts one at its first point; `addArc` joins the current point to the arc's start with a line;
    /// `addRect` and `addEllipse` are closed subpaths of their own.
    public init(commands: [PathCommand<Double>], origin: Point) {
        self.init()
        var current: Point?, subpathStart: Point?
        func pt(_ x: Double, _ y: Double) -> Point { Point(origin.x + x, origin.y + y) }
        func lineOrMove(_ p: Point) {
            if current == nil { move(to: p); subpathStart = p } else { line(to: p) }
            current = p
        }
        for c in commands {
            switch c {
            case .move(let x, let y):
                let p = pt(x, y)
                move(to: p); current = p; subpathStart = p
            case .line(let x, let y):
                lineOrMove(pt(x, y))
            case .quadCurve(let x, let y, let cx, let cy):
                let end = pt(x, y), q = pt(cx, cy)
                guard let from = current else { lineOrMove(end); continue }
                // The cubic with the same curve: controls two thirds of the way from each end to the quadratic's.
                curve(to: end, control1: Point(from.x + (q.x - from.x) * 2 / 3, from.y + (q.y - from.y) * 2 / 3),
                      control2: Point(end.x + (q.x - end.x) * 2 / 3, end.y + (q.y - end.y) * 2 / 3))
                current = end
            case .curve(let x, let y, let a, let b, let c2, let d):
                let end = pt(x, y)
                guard current != nil else { lineOrMove(end); continue }
                curve(to: end, control1: pt(a, b), control2: pt(c2, d))
                current = end
            case .arc(let cx, let cy, let r, let a0, let a1, let cw):
                let centre = pt(cx, cy)
                guard a0.isFinite, a1.isFinite, r.isFinite else { continue }
                let sweep = Self.arcSweep(from: a0, to: a1, clockwise: cw)
                let start = Point(centre.x + r * cos(a0 * .pi / 180), centre.y + r * sin(a0 * .pi / 180))
                lineOrMove(start)
                current = appendArc(centre: centre, radius: r, from: a0, sweep: sweep)
            case .rect(let x, let y, let w, let h):
                let r = Rect(x: origin.x + x, y: origin.y + y, width: w, height: h)
                elements += Path.rect(r).elements
                current = Point(r.minX, r.minY); subpathStart = current
            case .ellipse(let x, let y, let w, let h):
                let r = Rect(x: origin.x + x, y: origin.y + y, width: w, height: h)
                elements += Path.ellipse(in: r).elements
                current = Point(r.maxX, r.midY); subpathStart = current
            case .close:
                if current != nil { close(); current = subpathStart }
            }
        }
    }

    /// The signed sweep of `addArc` in degrees on screen (positive clockwise). Core Graphics, which SwiftUI's Path
    /// follows, reads `clockwise` in a y-up space; in the y-down space of a view "specifying a clockwise arc results
    /// in a counterclockwise arc after the transformation is applied" (Apple's CGContext.addArc documentation). So
    /// `clockwise: false` goes from the start angle to the end angle growing (clockwise on screen), at most one turn.
    static func arcSweep(from a0: Double, to a1: Double, clockwise: Bool) -> Double {
        let d = clockwise ? a0 - a1 : a1 - a0
        guard d.isFinite else { return 0 }
        // truncatingRemainder is exact: the turn stays within 0…360 for any finite angles, however large.
        var turn = d >= 360 ? 360 : d.truncatingRemainder(dividingBy: 360)
        if turn < 0 { turn += 360 }
        return clockwise ? -Swift.min(360, turn) : Swift.min(360, turn)
    }

    /// Appends the arc as cubic Béziers of at most 90° each (the usual 4/3·tan(θ/4) handles) and returns its end.
    mutating func appendArc(centre: Point, radius r: Double, from a0: Double, sweep: Double) -> Point {
        let pieces = Swift.min(4, Swift.max(1, Int((Swift.min(360, abs(sweep)) / 90).rounded(.up))))
        let step = sweep / Double(pieces) * .pi / 180
        var a = a0 * .pi / 180
        var end = Point(centre.x + r * cos(a), centre.y + r * sin(a))
        guard sweep != 0 else { return end }
        let k = 4.0 / 3 * tan(step / 4)
        for _ in 0..<pieces {
            let b = a + step
            let p0 = Point(centre.x + r * cos(a), centre.y + r * sin(a))
            end = Point(centre.x + r * cos(b), centre.y + r * sin(b))
            curve(to: end, control1: Point(p0.x - k * r * sin(a), p0.y + k * r * cos(a)),
                  control2: Point(end.x + k * r * sin(b), end.y - k * r * cos(b)))
            a = b
        }
        return end
    }
}
