import DisplayList
import Geometry
import SceneModel

/// How a text view answers a proposal, as SwiftUI's `Text` does. Proposed a width narrower
/// than its ideal single line, it wraps at word boundaries and takes the width of its widest
/// line and the height of its lines; a nil or infinite width gives the ideal single-line size.
/// Proposed less height than its lines need, it shows the lines that fit (at least one) with
/// an ellipsis where they run out: Apple's `lineLimit(_:)` documentation shows a long line
/// limited "to the 2 lines that fit within the view's bounds", and `truncationMode(_:)` says
/// how the last line is truncated "to fit the available space". `fixedSize` fixes the view
/// "at its ideal size" on its axes (Apple's `fixedSize(horizontal:vertical:)`).
/// developer.apple.com/documentation/swiftui/view/linelimit(_:), …/view/truncationmode(_:),
/// …/view/fixedsize(horizontal:vertical:).
struct TextSizing {
    let string: String
    let style: TextStyle
    /// The lines' own settings (alignment, limit, truncation, spacing) before any proposal.
    let base: TextLayout
    let fixedSize: FixedSizeAxes
    let measurer: any TextMeasurer

    /// Widths (and heights) within this many points of the ideal one count as the ideal, so that a
    /// proposal computed back from the text's own size does not wrap or cut it over a rounding error:
    /// sums and differences in a stack, and frames put on the pixel grid (§6), where each edge moves by
    /// up to half a device pixel, a whole point at scale 1. A snapped frame proposes its size to the
    /// text, and a line a fraction of a point wider must not lose its end to an ellipsis (the unlock
    /// PIN "2 7 1 8 …" at scale 1, Dive Deeper's body text while the detail opens). The line may then
    /// overhang its frame by less than a point, which nothing clips.
    static let tolerance = 1.0

    init(_ string: String, _ spec: TextStyleSpec, measurer: any TextMeasurer) {
        self.string = string
        style = TextStyle(spec)
        base = TextLayout(spec)
        fixedSize = spec.fixedSize
        self.measurer = measurer
    }

    /// The lines for proposal `p`: unconstrained when the ideal single line fits, otherwise
    /// wrapped at the proposed width and cut to the proposed height.
    func layout(for p: ProposedSize) -> TextLayout {
        var l = base
        let ideal = measurer.measure(string, style: style, layout: l)
        if !fixedSize.horizontal, let w = p.width, w.isFinite, ideal.width > w + Self.tolerance {
            l.width = Swift.max(0, w)
        }
        // Without a width there is one line per paragraph and nothing to cut.
        if !fixedSize.vertical, l.width != nil, let h = p.height, h.isFinite,
           measurer.measure(string, style: style, layout: l).height > h + Self.tolerance {
            l.height = Swift.max(0, h)
        }
        return l
    }

    /// The text's size for proposal `p`, in points.
    func size(_ p: ProposedSize) -> Size { measurer.measure(string, style: style, layout: layout(for: p)) }
}
