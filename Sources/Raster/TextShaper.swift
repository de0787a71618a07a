import CCairo
import DisplayList
import Geometry

/// A shaped block of text: the Pango layout and its extents in points.
final class ShapedText {
    /// The `PangoLayout *`, owned.
    let layout: OpaquePointer
    /// The text box (advance width × line height), relative to the layout's origin, points.
    let logical: Rect
    /// The inked area, relative to the layout's origin, points.
    let ink: Rect

    /// `trailingKerning` is added to the box's width (not below zero): the kerning after the last glyph
    /// of a line, which Pango's letter spacing leaves out and Core Text keeps.
    init(layout: OpaquePointer, trailingKerning: Double = 0) {
        self.layout = layout
        var inkR = PangoRectangle(), logR = PangoRectangle()
        pango_layout_get_extents(layout, &inkR, &logR)
        func rect(_ r: PangoRectangle) -> Rect {
            let s = Double(PANGO_SCALE)
            return Rect(x: Double(r.x) / s, y: Double(r.y) / s, width: Double(r.width) / s, height: Double(r.height) / s)
        }
        var box = rect(logR)
        box.size.width = max(0, box.width + trailingKerning)
        logical = box
        ink = rect(inkR)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }
}

/// Shapes text with Pango. Not thread-safe: Pango font maps and contexts must stay on one
/// thread at a time, so each rasterizer owns one shaper and the shared measurer locks its own.
///
/// Determinism: a private font map over `FontLibrary`'s configuration, no hinting, unhinted
/// metrics and unrounded glyph positions, so that a layout is the same at every scale and
/// scales linearly; sizes are absolute (points, independent of any resolution).
final class TextShaper {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>?
    private let context: OpaquePointer?
    private var cache: [Key: ShapedText] = [:]
    private struct Key: Hashable { var text: String; var style: TextStyle; var layout: TextLayout }

    init() {
        let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)
        fontMap = map
        guard let map else { context = nil; return }
        if let cfg = FontLibrary.shared.config {
            pango_fc_font_map_set_config(OpaquePointer(map), cfg)
        }
        let ctx = pango_font_map_create_context(map)
        if let ctx {
            let options = cairo_font_options_create()
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(ctx, options)
            cairo_font_options_destroy(options)
            pango_context_set_round_glyph_positions(ctx, 0)
        }
        context = ctx
    }

    deinit {
        cache.removeAll()
        if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
        if let fontMap { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
    }

    /// The shaped block for `text` in `style`, broken into lines as `textLayout` says; nil only
    /// when Pango could not be set up.
    func shape(_ text: String, style: TextStyle, layout textLayout: TextLayout = TextLayout()) -> ShapedText? {
        let key = Key(text: text, style: style, layout: textLayout)
        if let s = cache[key] { return s }
        guard let context, let layout = pango_layout_new(context) else { return nil }
        pango_layout_set_text(layout, text, -1)

        let desc = pango_font_description_new()
        pango_font_description_set_family(desc, FontLibrary.family(for: style.design))
        pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(min(1000, max(100, style.weight)))))
        let size = style.size.isFinite ? max(0, min(style.size, 10_000)) : 0
        pango_font_description_set_absolute_size(desc, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)

        let attrs = pango_attr_list_new()
        if style.monospacedDigit { pango_attr_list_insert(attrs, pango_attr_font_features_new("tnum 1")) }
        if style.kerning != 0, style.kerning.isFinite {
            let spacing = Int32(max(-1e6, min(1e6, style.kerning * Double(PANGO_SCALE))).rounded())
            pango_attr_list_insert(attrs, pango_attr_letter_spacing_new(spacing))
        }
        pango_layout_set_attributes(layout, attrs)
        pango_attr_list_unref(attrs)
        TextBlockSetup(textLayout).apply(to: layout)

        // Kerning in Core Text shifts the character after each one (kCTKernAttributeName: "how many points the
        // following character should be shifted"), the last one included: SwiftUI's Text.kerning(_:) says the
        // kerning "affects the trailing edge of the text view as well" (negative kerning crops the last
        // character). Pango's letter spacing goes only between graphemes, so the box gets the one after the
        // last glyph back; the glyphs stay where Pango puts them, from the leading edge. Limited to a
        // wrapping layout's width, as a line never measures wider than the width it was given.
        var trailing = text.isEmpty || !style.kerning.isFinite ? 0 : max(-1e6, min(1e6, style.kerning))
        if let w = textLayout.width, trailing > 0 {
            var logR = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logR)
            trailing = max(0, min(trailing, w - Double(logR.width) / Double(PANGO_SCALE)))
        }
        let shaped = ShapedText(layout: layout, trailingKerning: trailing)
        if cache.count > 2048 { cache.removeAll() }
        cache[key] = shaped
        return shaped
    }
}
