import Formats
import Foundation

/// A point in a 2-D coordinate space. Units depend on the space: points (pt) in the
/// scene and layout stages, pixels in the raster stage.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Point(0, 0)

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }

    public var description: String { "(\(fmt(x)), \(fmt(y)))" }
}

/// A width and a height, in points or pixels depending on the space.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    public static let zero = Size(0, 0)

    public var description: String { "\(fmt(width))×\(fmt(height))" }
}

/// An axis-aligned rectangle: origin is the top-left corner (y grows downwards).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The point at a unit position of this rectangle: `[0,0]` top-left, `[1,1]` bottom-right.
    public func point(at unit: UnitPoint) -> Point {
        Point(minX + unit.x * width, minY + unit.y * height)
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = Swift.min(minX, o.minX), y0 = Swift.min(minY, o.minY)
        let x1 = Swift.max(maxX, o.maxX), y1 = Swift.max(maxY, o.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersection(_ o: Rect) -> Rect {
        let x0 = Swift.max(minX, o.minX), y0 = Swift.max(minY, o.minY)
        let x1 = Swift.min(maxX, o.maxX), y1 = Swift.min(maxY, o.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    public var description: String { "[\(fmt(minX)), \(fmt(minY)), \(fmt(width))×\(fmt(height))]" }
}

/// A position relative to a rectangle: `[0,0]` is the top-left, `[1,1]` the bottom-right.
/// Used for anchors, alignments and gradient end points.
public struct UnitPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    public static let center = UnitPoint(0.5, 0.5)
    public static let top = UnitPoint(0.5, 0)
    public static let bottom = UnitPoint(0.5, 1)
    public static let leading = UnitPoint(0, 0.5)
    public static let trailing = UnitPoint(1, 0.5)
    public static let topLeading = UnitPoint(0, 0)
    public static let topTrailing = UnitPoint(1, 0)
    public static let bottomLeading = UnitPoint(0, 1)
    public static let bottomTrailing = UnitPoint(1, 1)

    /// The names the scene format accepts for unit points and alignments.
    public static let named: [String: UnitPoint] = [
        "center": .center, "top": .top, "bottom": .bottom, "leading": .leading, "trailing": .trailing,
        "topLeading": .topLeading, "topTrailing": .topTrailing,
        "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing,
    ]

    public var description: String { "[\(fmt(x)), \(fmt(y))]" }
}

/// Insets of the four edges, in points.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public init(all v: Double) { self.init(top: v, leading: v, bottom: v, trailing: v) }
    public var horizontal: Double { leading + trailing }
    public var vertical: Double { top + bottom }
}

/// Formats a number for dumps: at most 4 decimals, no trailing zeros, no "-0". The notation is `Formats`' because
/// manifest.json records `--set` numbers in it, and a merge must write them again to the same bytes.
public func fmt(_ v: Double) -> String { NumberText.fourDecimals(v) }
