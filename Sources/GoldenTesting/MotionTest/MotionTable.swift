import Formats
import Geometry
import Layout
import RenderKit

/// Per-frame values of every view property while a `MotionTrack` is built, in the order views are first met.
struct MotionTable: Sendable {
    let frameCount: Int
    /// The view and property of every column, in the order first met.
    private var order: [(view: String, property: String)] = []
    /// Per view, the column of each property it has.
    private var column: [String: [String: Int]] = [:]
    private var columns: [[Double?]] = []
    /// Text views' content per frame (nil where not drawn), kept apart: a string is not a number to plot.
    private(set) var texts: [String: [String?]] = [:]
    private var textOrder: [String] = []

    init(frameCount: Int) { self.frameCount = frameCount }

    /// Properties only expectations read (testing.md §2): a linear gradient's start and end x and its first stop's
    /// grey level, from before the motion track recorded every paint value (`fill.startX`…). The motion track leaves
    /// them out, as they repeat what it holds.
    static let expectationOnly: Set<String> = ["gradientStart", "gradientEnd", "gradientEdgeLevel"]

    /// The values of one frame in the order they were met, made on any thread and added to a table with `add`.
    struct Frame: Sendable {
        /// Each view met, with the range of its values in `values`.
        var views: [(identity: String, values: Range<Int>)] = []
        var values: [(property: String, value: Double)] = []
        var texts: [(identity: String, text: String)] = []

        /// Starts the values of `identity`; `set` adds to the view started last.
        mutating func start(_ identity: String) { views.append((identity, values.count..<values.count)) }

        mutating func set(_ property: String, _ value: Double) {
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
                set("x", f.minX + offset.x); set("y", f.minY + offset.y); set("width", f.width); set("height", f.height)
                set("opacity", m.opacity); set("scaleX", m.scale.x); set("scaleY", m.scale.y)
                set("rotation", m.rotation); set("anchorX", m.anchor.x); set("anchorY", m.anchor.y); set("blur", m.blur)
                if let r = m.rotation3D { rotation3D(r) }
                for (k, shadow) in m.shadows.enumerated() {
                    let name = "shadows[\(k)]"
                    color(shadow.color, name)
                    set(name + ".radius", shadow.radius); set(name + ".x", shadow.x); set(name + ".y", shadow.y)
                }
                content(view)
            }
            for sub in [view.background].compactMap({ $0 }) + view.children + [view.overlay, view.mask].compactMap({ $0 }) {
                visit(sub, parentOffset: offset, seen: &seen)
            }
        }

        /// The values of the view's own content: a shape's outline, paints, stroke and trim; a text's content, paint
        /// and style; a Lottie view's frame; a paint's values.
        private mutating func content(_ view: LaidOutView) {
            switch view.kind {
            case .shape(let outline, let style):
                if case .roundedRect(let radius, _) = outline { set("cornerRadius", radius) }
                if let fill = style.fill { paint(fill, "fill") }
                if let stroke = style.stroke { paint(stroke, "stroke"); set("strokeWidth", style.strokeWidth) }
                if let trim = style.trim { set("trimFrom", trim.from); set("trimTo", trim.to) }
            case .text(let string, let style, let fill):
                texts.append((view.identity, string))
                paint(fill, "fill")
                set("fontSize", style.size); set("fontWeight", Double(style.weight))
                set("kerning", style.kerning); set("lineSpacing", style.lineSpacing)
            case .lottie(_, let frame, _, _):
                set("lottieFrame", Double(frame))
            case .paint(let p):
                paint(p, "fill")
            case .image, .zstack, .hstack, .vstack, .spacer, .geometry, .scroll, .grid:
                break
            }
        }

        private mutating func rotation3D(_ r: Rotation3D) {
            set("rotation3D.angle", r.angle)
            set("rotation3D.axisX", r.axis.x); set("rotation3D.axisY", r.axis.y); set("rotation3D.axisZ", r.axis.z)
            set("rotation3D.anchorX", r.anchor.x); set("rotation3D.anchorY", r.anchor.y)
            set("rotation3D.anchorZ", r.anchorZ); set("rotation3D.perspective", r.perspective)
        }

        /// A paint's values under `name`: a colour's channels, a gradient's stops (colour and location) and geometry.
        private mutating func paint(_ paint: Paint, _ name: String) {
            func stops(_ stops: [GradientStop]) {
                for (k, stop) in stops.enumerated() {
                    color(stop.color, name + ".stops[\(k)]")
                    set(name + ".stops[\(k)].location", stop.location)
                }
            }
            switch paint {
            case .color(let c):
                color(c, name)
            case .linear(let s, let start, let end):
                stops(s)
                set(name + ".startX", start.x); set(name + ".startY", start.y)
                set(name + ".endX", end.x); set(name + ".endY", end.y)
            case .radial(let s, let center, let startRadius, let endRadius):
                stops(s)
                set(name + ".centerX", center.x); set(name + ".centerY", center.y)
                set(name + ".startRadius", startRadius); set(name + ".endRadius", endRadius)
            case .angular(let s, let center, let startAngle, let endAngle):
                stops(s)
                set(name + ".centerX", center.x); set(name + ".centerY", center.y)
                set(name + ".startAngle", startAngle); set(name + ".endAngle", endAngle)
            }
        }

        /// A colour's sRGB channels and alpha, 0…1: `NAME.red`, `.green`, `.blue`, `.alpha`.
        private mutating func color(_ c: Color, _ name: String) {
            set(name + ".red", c.r); set(name + ".green", c.g); set(name + ".blue", c.b); set(name + ".alpha", c.a)
        }
    }

    /// Adds frame `i`'s values; a value met twice keeps its last.
    mutating func add(_ frame: Frame, at i: Int) {
        for (identity, range) in frame.views {
            var columnOf = column[identity] ?? [:]
            for (property, value) in frame.values[range] {
                if let c = columnOf[property] {
                    columns[c][i] = value
                } else {
                    columnOf[property] = columns.count
                    order.append((identity, property))
                    var values = [Double?](repeating: nil, count: frameCount)
                    values[i] = value
                    columns.append(values)
                }
            }
            column[identity] = columnOf
        }
        for (identity, text) in frame.texts {
            if texts[identity] == nil {
                texts[identity] = Array(repeating: nil, count: frameCount)
                textOrder.append(identity)
            }
            texts[identity]![i] = text
        }
    }

    /// Every frame's value of one view property (nil where the view is not drawn); nil when the view never is.
    func frames(_ view: String, _ property: String) -> [Double?]? {
        guard let c = column[view]?[property] else { return nil }
        return columns[c]
    }

    /// The properties recorded for `view`, in the order first met.
    func properties(of view: String) -> [String] {
        order.filter { $0.view == view }.map(\.property)
    }

    /// The identities of every view drawn in some frame.
    var views: Set<String> { Set(column.keys) }

    /// The series that change: values that move, and for a view that is drawn in only some frames its `x`, which
    /// says when it is there. A value that never changes is left out (it is not motion), and so are the properties
    /// only expectations read; but a colour is kept whole (all four channels) when any channel moves, so that reports
    /// can name it (`#FFFFFF`).
    var moving: [MotionSeries] {
        let all = zip(order, columns).compactMap { key, values -> (series: MotionSeries, moves: Bool)? in
            guard !Self.expectationOnly.contains(key.property) else { return nil }
            let series = MotionSeries(view: key.view, property: key.property, frames: values)
            let drawn = Set(series.values.compactMap(\.value))
            let comesAndGoes = series.values.contains { $0.value == nil }
            return (series, drawn.count > 1 || (comesAndGoes && series.property == "x"))
        }
        let movingColours = Set(all.compactMap { $0.moves ? MotionColour.colourName(of: $0.series.name) : nil })
        return all.compactMap { s in
            s.moves || MotionColour.colourName(of: s.series.name).map(movingColours.contains) == true ? s.series : nil
        }
    }

    /// The text views whose content changes, each as its content from the first frame it is drawn and at every
    /// change (frames where it is not drawn are skipped: its `x` says when it is there), at `fps`.
    func changingTexts(fps: Double) -> [MotionStateSeries] {
        textOrder.compactMap { identity in
            var changes: [MotionStateSeries.Change] = []
            for (i, text) in texts[identity]!.enumerated() {
                if let text, changes.last?.value != text { changes.append(.init(time: Double(i) / fps, value: text)) }
            }
            return changes.count > 1 ? MotionStateSeries(name: identity, changes: changes) : nil
        }
    }
}
