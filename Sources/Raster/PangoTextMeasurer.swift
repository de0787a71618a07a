import CCairo
import DisplayList
import Foundation
import Geometry

/// Measures text with the same Pango setup the rasterizer draws with, so layout and drawing
/// agree. Thread-safe: all instances share one shaper behind a lock (Pango objects must not
/// be used from two threads at once), and each thread remembers the sizes it measured.
public struct PangoTextMeasurer: TextMeasurer {
    public init() {}

    /// The text box with no width limit (one line per paragraph), in points.
    public func measure(_ text: String, style: TextStyle) -> Size {
        measure(text, style: style, layout: TextLayout())
    }

    /// The text block's box in points: its widest line × the height of its lines and the
    /// spacing between them, as Pango lays it out (the same layout the rasterizer draws).
    /// Each thread remembers the sizes it measured (`MeasuredSizes`), so laying out frame after frame does not
    /// queue the threads at the shared shaper's lock for texts measured already.
    public func measure(_ text: String, style: TextStyle, layout: TextLayout) -> Size {
        let memo = MeasuredSizes.ofThisThread
        let key = MeasuredSizes.Key(text: text, style: style, layout: layout)
        if let size = memo.sizes[key] { return size }
        let size = SharedShaper.instance.withShaper { shaper in
            guard let s = shaper.shape(text, style: style, layout: layout) else { return Size.zero }
            return s.logical.size
        }
        if memo.sizes.count >= MeasuredSizes.limit { memo.sizes.removeAll() }
        memo.sizes[key] = size
        return size
    }
}

/// The text sizes one thread measured, by text, style and layout: exactly what the shaper returns for them (it
/// shapes the same block the same way every time), kept per thread so that reading one takes no lock.
private final class MeasuredSizes {
    struct Key: Hashable { var text: String; var style: TextStyle; var layout: TextLayout }
    /// Sizes kept at most, as the shaper's own cache: past it the memo starts again.
    static let limit = 2048
    var sizes: [Key: Size] = [:]

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { memo in
            if let memo { Unmanaged<MeasuredSizes>.fromOpaque(memo).release() }
        }
        return key
    }()

    /// The calling thread's memo, made at its first measurement and released when the thread ends.
    static var ofThisThread: MeasuredSizes {
        if let p = pthread_getspecific(threadKey) { return Unmanaged<MeasuredSizes>.fromOpaque(p).takeUnretainedValue() }
        let memo = MeasuredSizes()
        pthread_setspecific(threadKey, Unmanaged.passRetained(memo).toOpaque())
        return memo
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
