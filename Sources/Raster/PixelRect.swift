import Foundation
import Geometry

/// An integer rectangle of device pixels on the canvas (x right, y down).
public struct PixelRect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    var area: Int { isEmpty ? 0 : width * height }

    /// The smallest pixel rectangle covering `r` (device pixels); empty for non-finite input.
    init(covering r: Rect) {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite, !r.isEmpty else {
            self = .empty; return
        }
        // Keeps Int conversion safe for absurd coordinates, on both sides: a shadow moved by 10⁶¹ pt put minX past
        // Int's range (found by fuzz-pipeline).
        let limit = 1e8
        func clamped(_ v: Double) -> Double { min(limit, max(-limit, v)) }
        let x0 = Int(floor(clamped(r.minX))), y0 = Int(floor(clamped(r.minY)))
        let x1 = Int(ceil(clamped(r.maxX))), y1 = Int(ceil(clamped(r.maxY)))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        if x1 <= x0 || y1 <= y0 { return .empty }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y), x1 = max(maxX, o.maxX), y1 = max(maxY, o.maxY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Grown by `d` pixels on every side.
    func expanded(by d: Int) -> PixelRect {
        isEmpty ? self : PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
    }

    func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
}
