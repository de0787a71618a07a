import CCairo
import DisplayList

/// Applies a `TextLayout` to a Pango layout: Pango does the wrapping, the alignment, the line
/// spacing and the ellipsis; this only translates SwiftUI's terms into Pango's.
struct TextBlockSetup {
    let block: TextLayout

    init(_ block: TextLayout) { self.block = block }

    /// Points to Pango units, kept in Int32's range (Pango's widths and heights are `int`).
    static func units(_ points: Double) -> Int32 {
        guard points.isFinite else { return points > 0 ? Int32.max / 2 : 0 }
        return Int32(max(0, min(points * Double(PANGO_SCALE), Double(Int32.max / 2))).rounded())
    }

    func apply(to layout: OpaquePointer) {
        pango_layout_set_alignment(layout, alignment)
        if block.lineSpacing != 0, block.lineSpacing.isFinite {
            // Pango's spacing is the extra space between lines, as SwiftUI's lineSpacing; it may be negative.
            let s = max(-1e6, min(1e6, block.lineSpacing * Double(PANGO_SCALE))).rounded()
            pango_layout_set_spacing(layout, Int32(s))
        }
        guard let w = block.width else { return }
        pango_layout_set_width(layout, Self.units(w))
        // Word boundaries first. A word wider than the whole line is broken between characters,
        // as TextKit's word wrapping does, rather than overflowing the line.
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        if widest(layout) > Self.units(w) { pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR) }
        guard block.canTruncate else { return }
        // With an ellipsis mode set and no height, Pango ellipsizes to one line per paragraph, so
        // the mode is set only when lines may run out.
        pango_layout_set_ellipsize(layout, ellipsis)
        if let n = block.lineLimit { pango_layout_set_height(layout, -Int32(max(1, min(n, 100_000)))) }
        if let h = block.height {
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            // Pango takes either a line count or a height: the height wins when the allowed lines
            // are taller than it (then it shows fewer lines, and at least one).
            if block.lineLimit == nil || logical.height > Self.units(h) { pango_layout_set_height(layout, Self.units(h)) }
        }
    }

    /// The width of the widest line, in Pango units.
    private func widest(_ layout: OpaquePointer) -> Int32 {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return logical.width
    }

    private var alignment: PangoAlignment {
        switch block.alignment {
        case .leading: return PANGO_ALIGN_LEFT
        case .center: return PANGO_ALIGN_CENTER
        case .trailing: return PANGO_ALIGN_RIGHT
        }
    }

    private var ellipsis: PangoEllipsizeMode {
        switch block.truncation {
        case .tail: return PANGO_ELLIPSIZE_END
        case .head: return PANGO_ELLIPSIZE_START
        case .middle: return PANGO_ELLIPSIZE_MIDDLE
        }
    }
}
