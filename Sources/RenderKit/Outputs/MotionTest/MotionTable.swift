import Formats
import Geometry
import Layout

/// Per-frame values of every view property while a `MotionTrack` is built, in the order views are first met.
struct MotionTable: Sendable {
    let frameCount: Int
    /// The view and property of every column, in the order first met.
    private var order: [(view: String, property: Property)] = []
    /// Per view, the column of each property (by `Property.rawValue`; -1 for none yet).
    private var column: [String: [Int]] = [:]
    private var columns: [[Double?]] = []

    init(frameCount: Int) { self.frameCount = frameCount }

    /// The properties a table holds: those of the motion track (`MotionSeries.property`), then the linear gradients
    /// only expectations read.
    enum Property: Int, CaseIterable, Sendable {
        case x, y, width, height, opacity, scaleX, scaleY, rotation, blur, cornerRadius
        case gradientStart, gradientEnd, gradientEdgeLevel

        static let names = allCases.map { "\($0)" }
        var name: String { Self.names[rawValue] }
        init?(name: String) {
            guard let k = Self.names.firstIndex(of: name) else { return nil }
            self.init(rawValue: k)
        }
    }

    /// The values of one frame in the order they were met, made on any thread and added to a table with `add`.
    struct Frame: Sendable {
        /// Each view met, with the range of its values in `values`.
        var views: [(identity: String, values: Range<Int>)] = []
        var values: [(property: Property, value: Double)] = []

        /// Starts the values of `identity`; `set` adds to the view started last.
        mutating func start(_ identity: String) { views.append((identity, values.count..<values.count)) }

        mutating func set(_ property: Property, _ value: Double) {
            values.append((property, value))
            views[views.count - 1].values = views[views.count - 1].values.lowerBound..<values.count
        }

        /// Records `view` and everything under it in painter's order. Offsets add up down the tree, as they move the
        /// drawing of everything inside; a view whose identity was met already in this frame is drawn under the first.
        mutating func visit(_ view: LaidOutView, parentOffset: Point, seen: inout Set<String>) {
            let m = view.modifiers
            let f = view.frame
            let offset = Point(parentOffset.x + m.offset.x + m.relativeOffset.x * f.width,
                               parentOffset.y + m.offset.y + m.relativeOffset.y * f.height)
            if seen.insert(view.identity).inserted {
                start(view.identity)
                set(.x, f.minX + offset.x); set(.y, f.minY + offset.y); set(.width, f.width); set(.height, f.height)
                set(.opacity, m.opacity); set(.scaleX, m.scale.x); set(.scaleY, m.scale.y)
                set(.rotation, m.rotation); set(.blur, m.blur)
                if case .shape(.roundedRect(let radius, _), _) = view.kind { set(.cornerRadius, radius) }
            }
            for sub in [view.background].compactMap({ $0 }) + view.children + [view.overlay, view.mask].compactMap({ $0 }) {
                visit(sub, parentOffset: offset, seen: &seen)
            }
        }
    }

    /// Adds frame `i`'s values; a value met twice keeps its last.
    mutating func add(_ frame: Frame, at i: Int) {
        for (identity, range) in frame.views {
            var columnOf = column[identity] ?? Array(repeating: -1, count: Property.allCases.count)
            for (property, value) in frame.values[range] {
                let c = columnOf[property.rawValue]
                if c >= 0 {
                    columns[c][i] = value
                } else {
                    columnOf[property.rawValue] = columns.count
                    order.append((identity, property))
                    var values = [Double?](repeating: nil, count: frameCount)
                    values[i] = value
                    columns.append(values)
                }
            }
            column[identity] = columnOf
        }
    }

    /// This table's columns followed by those of `other` (of as many frames) that this one lacks.
    func merging(_ other: MotionTable) -> MotionTable {
        var out = self
        for ((identity, property), values) in zip(other.order, other.columns) {
            var columnOf = out.column[identity] ?? Array(repeating: -1, count: Property.allCases.count)
            guard columnOf[property.rawValue] < 0 else { continue }
            columnOf[property.rawValue] = out.columns.count
            out.column[identity] = columnOf
            out.order.append((identity, property))
            out.columns.append(values)
        }
        return out
    }

    /// Every frame's value of one view property (nil where the view is not drawn); nil when the view never is.
    func frames(_ view: String, _ property: String) -> [Double?]? {
        guard let p = Property(name: property), let c = column[view]?[p.rawValue], c >= 0 else { return nil }
        return columns[c]
    }

    /// The identities of every view drawn in some frame.
    var views: Set<String> { Set(column.keys) }

    /// The series that change: values that move, and for a view that is drawn in only some frames its `x`, which
    /// says when it is there. A value that never changes is left out (it is not motion).
    var moving: [MotionSeries] {
        zip(order, columns).compactMap { key, values in
            let series = MotionSeries(view: key.view, property: key.property.name, frames: values)
            let drawn = Set(series.values.compactMap(\.value))
            let comesAndGoes = series.values.contains { $0.value == nil }
            return drawn.count > 1 || (comesAndGoes && series.property == "x") ? series : nil
        }
    }
}
