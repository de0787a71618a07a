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

    /// Newlines in the text start new paragraphs (hard line breaks, as in SwiftUI's `Text`).
    func apply(to layout: OpaquePointer) {
        pango_layout_set_alignment(layout, alignment)
        if block.lineSpacing != 0, block.lineSpacing.isFinite {
            // Pango's spacing is the extra space between lines, as SwiftUI's lineSpacing; it may be negative.
            let s = max(-1e6, min(1e6, block.lineSpacing * Double(PANGO_SCALE))).rounded()
            pango_layout_set_spacing(layout, Int32(s))
        }
        if let w = block.width {
            pango_layout_set_width(layout, Self.units(w))
            // Word boundaries first. A word wider than the whole line is broken between characters
            // rather than overflowing it, as Apple's NSLineBreakMode.byWordWrapping documents ("wrapping
            // occurs at word boundaries, unless the word doesn't fit on a single line"); Pango's
            // WORD_CHAR falls back to characters only for a word that starts a line.
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
            if extents(layout).width > Self.units(w) { pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR) }
        }
        guard block.canTruncate else { return }
        // The lines kept: at most `lineLimit`, and those whose bottom is inside the proposed height
        // (at least one).
        let lines = lineExtents(layout)
        var keep = lines.count
        if let n = block.lineLimit { keep = min(keep, max(1, n)) }
        if let h = block.height { keep = min(keep, max(1, lines.filter { $0.y + $0.height <= Self.units(h) }.count)) }
        guard keep < lines.count else { return }
        // Pango ellipsizes only a layout with a width; without one the lines are as wide as the widest.
        if block.width == nil { pango_layout_set_width(layout, extents(layout).width) }
        // Pango keeps the lines that fit in a positive height (at least one) and ends the last one
        // with an ellipsis. (Its line count, a negative height, counts each paragraph's lines
        // separately.) The height given is half a line below the last line kept: that line
        // fits, the next cannot.
        let last = lines[keep - 1]
        pango_layout_set_ellipsize(layout, ellipsis)
        pango_layout_set_height(layout, last.y + last.height + last.height / 2)
    }

    /// The logical rectangle of every line, top to bottom, in Pango units.
    private func lineExtents(_ layout: OpaquePointer) -> [PangoRectangle] {
        guard let iter = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iter) }
        var out: [PangoRectangle] = []
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            out.append(logical)
        } while pango_layout_iter_next_line(iter) != 0
        return out
    }

    private func extents(_ layout: OpaquePointer) -> PangoRectangle {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return logical
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
