import Geometry
import SceneModel

/// SwiftUI's `LazyVGrid` at rest: the children fill rows of `columns.count` in order. Fixed columns take their
/// width; a flexible column is, in Apple's words, "the size of the grid with spacing and inflexible items removed,
/// divided by the number of flexible items, clamped to the provided bounds"
/// (developer.apple.com/documentation/swiftui/griditem/size-swift.enum/flexible(minimum:maximum:)). Each child is
/// proposed its column's width and no height, and is centred in its cell; a row is as tall as its tallest child.
struct GridLayout {
    /// Points between columns or rows when none is given (SwiftUI's default spacing).
    static let defaultSpacing = 8.0

    var columns: [GridColumn]
    var spacing: Double?
    var children: [LayoutNode]

    /// A child's cell, relative to the grid's content origin.
    struct Cell { var x: Double, y: Double, width: Double, height: Double }

    /// The spacing after each column (the last one's is not used).
    private func gap(_ c: GridColumn) -> Double { Swift.max(0, c.spacing ?? Self.defaultSpacing) }

    /// The spacing between the columns.
    private var gaps: Double { columns.dropLast().reduce(0.0) { $0 + gap($1) } }

    /// The columns' widths for a proposed width (nil: each flexible column at its minimum).
    func widths(_ proposed: Double?) -> [Double] {
        let gaps = self.gaps
        let fixed = columns.reduce(0.0) { if case .fixed(let w) = $1.size { return $0 + w } else { return $0 } }
        let flexibleCount = columns.filter { if case .flexible = $0.size { return true } else { return false } }.count
        let share = proposed.map { flexibleCount > 0 ? Swift.max(0, ($0 - fixed - gaps) / Double(flexibleCount)) : 0 }
        return columns.map { c in
            switch c.size {
            case .fixed(let w): return w
            case .flexible(let lo, let hi): return Swift.max(lo, Swift.min(hi, share ?? lo))
            }
        }
    }

    /// The columns' widths for proposal `p` (an infinite width is none).
    private func columnWidths(for p: ProposedSize) -> [Double] { widths(p.width.flatMap { $0.isFinite ? $0 : nil }) }

    func cells(_ p: ProposedSize) -> [Cell] { cells(widths: columnWidths(for: p)) }

    private func cells(widths w: [Double]) -> [Cell] {
        guard !columns.isEmpty else { return [] }
        var xs: [Double] = [], x = 0.0
        for (i, c) in columns.enumerated() {
            xs.append(x)
            x += w[i] + gap(c)
        }
        let rowGap = Swift.max(0, spacing ?? Self.defaultSpacing)
        var out: [Cell] = [], y = 0.0
        var start = 0
        while start < children.count {
            let row = start..<Swift.min(children.count, start + columns.count)
            let height = row.reduce(0.0) { h, i in Swift.max(h, children[i].size(ProposedSize(width: w[i - start], height: nil)).height) }
            for i in row { out.append(Cell(x: xs[i - start], y: y, width: w[i - start], height: height)) }
            y += height + rowGap
            start = row.upperBound
        }
        return out
    }

    func size(_ p: ProposedSize) -> Size {
        let w = columnWidths(for: p)
        let height = cells(widths: w).last.map { $0.y + $0.height } ?? 0
        return Size(w.reduce(0, +) + gaps, height)
    }
}
