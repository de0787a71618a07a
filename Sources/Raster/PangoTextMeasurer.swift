import DisplayList
import Foundation
import Geometry

/// Measures text with the same Pango setup the rasterizer draws with, so layout and drawing
/// agree. Thread-safe: all instances share one shaper behind a lock (Pango objects must not
/// be used from two threads at once).
public struct PangoTextMeasurer: TextMeasurer {
    public init() {}

    /// The text box with no width limit (one line per paragraph), in points.
    public func measure(_ text: String, style: TextStyle) -> Size {
        measure(text, style: style, layout: TextLayout())
    }

    /// The text block's box in points: its widest line × the height of its lines and the
    /// spacing between them, as Pango lays it out (the same layout the rasterizer draws).
    public func measure(_ text: String, style: TextStyle, layout: TextLayout) -> Size {
        SharedShaper.instance.withShaper { shaper in
            guard let s = shaper.shape(text, style: style, layout: layout) else { return .zero }
            return s.logical.size
        }
    }
}

/// One process-wide shaper for measuring, serialised by a lock.
private final class SharedShaper: @unchecked Sendable {
    static let instance = SharedShaper()
    private let lock = NSLock()
    private let shaper = TextShaper()

    func withShaper<T>(_ body: (TextShaper) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body(shaper)
    }
}
