import Formats
import Geometry
import Layout

/// Per-frame values of every view property while a `MotionTrack` is built, in the order views are first met.
struct MotionTable {
    let frameCount: Int
    private var order: [String] = []
    private var values: [String: [Double?]] = [:]

    init(frameCount: Int) { self.frameCount = frameCount }

    /// Records `view` and everything under it in painter's order. Offsets add up down the tree, as they move the
    /// drawing of everything inside; a view whose identity was met already in this frame is drawn under the first.
    mutating func visit(_ view: LaidOutView, frame i: Int, parentOffset: Point, seen: inout Set<String>) {
        let m = view.modifiers
        let f = view.frame
        let offset = Point(parentOffset.x + m.offset.x + m.relativeOffset.x * f.width,
                           parentOffset.y + m.offset.y + m.relativeOffset.y * f.height)
        if seen.insert(view.identity).inserted {
            var properties: [(String, Double)] = [
                ("x", f.minX + offset.x), ("y", f.minY + offset.y), ("width", f.width), ("height", f.height),
                ("opacity", m.opacity), ("scaleX", m.scale.x), ("scaleY", m.scale.y), ("rotation", m.rotation), ("blur", m.blur),
            ]
            if case .roundedRect(_, let radius, _) = view.kind { properties.append(("cornerRadius", radius)) }
            for (property, value) in properties { set(view.identity, property, frame: i, value) }
        }
        for sub in [view.background].compactMap({ $0 }) + view.children + [view.overlay, view.mask].compactMap({ $0 }) {
            visit(sub, frame: i, parentOffset: offset, seen: &seen)
        }
    }

    mutating func set(_ view: String, _ property: String, frame i: Int, _ value: Double) {
        let key = view + "\u{0}" + property
        if values[key] == nil {
            order.append(key)
            values[key] = Array(repeating: nil, count: frameCount)
        }
        values[key]![i] = value
    }

    /// Every frame's value of one view property (nil where the view is not drawn); nil when the view never is.
    func frames(_ view: String, _ property: String) -> [Double?]? { values[view + "\u{0}" + property] }

    /// The identities of every view drawn in some frame.
    var views: Set<String> { Set(order.map { String($0.prefix { $0 != "\u{0}" }) }) }

    /// The series that change: values that move, and for a view that is drawn in only some frames its `x`, which
    /// says when it is there. A value that never changes is left out (it is not motion).
    var moving: [MotionSeries] {
        order.compactMap { key in
            let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false)
            let series = MotionSeries(view: String(parts[0]), property: String(parts[1]), frames: values[key]!)
            let drawn = Set(series.values.compactMap(\.value))
            let comesAndGoes = series.values.contains { $0.value == nil }
            return drawn.count > 1 || (comesAndGoes && series.property == "x") ? series : nil
        }
    }
}
