import CCairo
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

extension PangoTextMeasurer {
    /// The lines Pango breaks the block into, each as the characters of the string it holds (an ellipsized line
    /// still holds those its ellipsis stands for), and whether some text was left out behind an ellipsis: where a
    /// text command breaks and whether it is cut, for tests that check line breaks.
    func lines(_ text: String, style: TextStyle, layout: TextLayout) -> (lines: [String], ellipsized: Bool) {
        SharedShaper.instance.withShaper { shaper in
            guard let s = shaper.shape(text, style: style, layout: layout) else { return ([], false) }
            let bytes = Array(text.utf8)
            var out: [String] = []
            for i in 0..<pango_layout_get_line_count(s.layout) {
                guard let line = pango_layout_get_line_readonly(s.layout, i)?.pointee else { continue }
                let start = max(0, min(bytes.count, Int(line.start_index)))
                let end = max(start, min(bytes.count, start + Int(line.length)))
                out.append(String(decoding: bytes[start..<end], as: UTF8.self))
            }
            return (out, pango_layout_is_ellipsized(s.layout) != 0)
        }
    }
}
