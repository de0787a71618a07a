import CCairo
import DisplayList
import Geometry
import XCTest
@testable import Raster

/// Wrapping, truncation, alignment and line spacing of text blocks, checked against Pango's own
/// single-line metrics and against the drawn pixels.
final class TextBlockTests: XCTestCase {
    let m = PangoTextMeasurer()
    let style = TextStyle(size: 20)

    /// Greedy word wrapping worked out from single-line widths: a word joins the line while the
    /// line with it is at most `width` wide. Returns the lines.
    func greedyLines(_ words: [String], width: Double) -> [String] {
        var lines: [String] = [], line = ""
        for w in words {
            let candidate = line.isEmpty ? w : line + " " + w
            if line.isEmpty || m.measure(candidate, style: style).width <= width { line = candidate } else { lines.append(line); line = w }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The block is as wide as its widest line and as tall as its lines plus the spacing between them.
    func testWrappedBlockIsItsWidestLineByItsLines() {
        let words = ["Slide", "to", "unlock", "the", "quiet", "morning", "light"]
        let text = words.joined(separator: " ")
        let lineHeight = m.measure("Slide", style: style).height
        for (width, spacing) in [(80.0, 0.0), (120, 6), (170, 2.5), (260, 0)] {
            let lines = greedyLines(words, width: width)
            XCTAssertGreaterThan(lines.count, 1, "width \(width) should wrap")
            let size = m.measure(text, style: style, layout: TextLayout(width: width, lineSpacing: spacing))
            let widest = lines.map { m.measure($0, style: style).width }.max() ?? 0
            XCTAssertEqual(size.width, widest, accuracy: 0.01, "width \(width): lines \(lines)")
            XCTAssertLessThanOrEqual(size.width, width)
            let n = Double(lines.count)
            XCTAssertEqual(size.height, n * lineHeight + (n - 1) * spacing, accuracy: 0.01, "width \(width): lines \(lines)")
        }
    }

    /// No width, or a width the single line fits in: one line, the ideal size.
    func testUnconstrainedOrRoomyTextIsOneLine() {
        let text = "Slide to unlock"
        let ideal = m.measure(text, style: style)
        XCTAssertEqual(m.measure(text, style: style, layout: TextLayout()), ideal)
        XCTAssertEqual(m.measure(text, style: style, layout: TextLayout(width: ideal.width + 1)).height, ideal.height, accuracy: 1e-9)
    }

    /// A word wider than the whole line is broken between characters rather than overflowing;
    /// the words before it still wrap whole (Apple's `NSLineBreakMode.byWordWrapping`: "wrapping
    /// occurs at word boundaries, unless the word doesn't fit on a single line").
    func testOverlongWordBreaksBetweenCharacters() throws {
        let size = m.measure("Supercalifragilistic", style: style, layout: TextLayout(width: 60))
        XCTAssertLessThanOrEqual(size.width, 60)
        XCTAssertGreaterThan(size.height, m.measure("S", style: style).height * 2)
        let text = "one two Supercalifragilistic"
        let shaped = try XCTUnwrap(TextShaper().shape(text, style: style, layout: TextLayout(width: 90)))
        let first = try XCTUnwrap(pango_layout_get_line_readonly(shaped.layout, 0)?.pointee)
        XCTAssertEqual(String(decoding: Array(text.utf8)[Int(first.start_index)..<Int(first.start_index + first.length)], as: UTF8.self)
            .trimmingCharacters(in: .whitespaces), "one two", "the first line keeps its words whole")
    }

    /// lineLimit 1 with the default tail truncation: one line, cut with an ellipsis, drawn
    /// inside the proposed width; head truncation keeps the end of the string instead.
    func testLineLimitTruncatesWithAnEllipsis() throws {
        let text = "Slide to unlock the quiet morning light"
        let width = 120.0
        let shaper = TextShaper()
        let lineHeight = m.measure(text, style: style).height
        for mode in TextLayout.Truncation.allCases {
            let layout = TextLayout(width: width, lineLimit: 1, truncation: mode)
            let shaped = try XCTUnwrap(shaper.shape(text, style: style, layout: layout))
            XCTAssertEqual(pango_layout_get_line_count(shaped.layout), 1, "\(mode)")
            XCTAssertNotEqual(pango_layout_is_ellipsized(shaped.layout), 0, "\(mode) shows an ellipsis")
            XCTAssertEqual(m.measure(text, style: style, layout: layout).height, lineHeight, accuracy: 1e-9)
            let ink = inkColumns(TextCommand(text: text, style: style, layout: layout, origin: Point(10, 10), paint: .color(.black),
                                             paintBounds: .zero, transform: .identity), width: 300, height: 60)
            XCTAssertGreaterThanOrEqual(ink.lowerBound, 10)
            XCTAssertLessThanOrEqual(ink.upperBound, 10 + Int(width), "\(mode): the cut line stays inside the proposal")
        }
        // Where the ellipsis is: the three glyph clusters at the cut are dots (ink no taller than
        // a fifth of the font size); at the other end are letters.
        for (mode, dotsAtEnd) in [(TextLayout.Truncation.tail, true), (.head, false)] {
            let clusters = inkClusters(TextCommand(text: text, style: style, layout: TextLayout(width: width, lineLimit: 1, truncation: mode),
                                                   origin: Point(10, 10), paint: .color(.black), paintBounds: .zero, transform: .identity))
            XCTAssertGreaterThan(clusters.count, 6)
            let cut = dotsAtEnd ? Array(clusters.suffix(3)) : Array(clusters.prefix(3))
            let other = dotsAtEnd ? clusters[0] : clusters[clusters.count - 1]
            for c in cut { XCTAssertLessThanOrEqual(c, style.size / 5, "\(mode): \(clusters)") }
            XCTAssertGreaterThan(other, style.size / 3, "\(mode): \(clusters)")
        }
    }

    /// Centred lines have equal margins on both sides of the block; trailing lines end together.
    func testAlignmentOfWrappedLines() {
        let text = "HHHHHH HH"
        let width = m.measure("HHHHHH", style: style).width + 5
        let scale = 2.0
        for alignment in TextLayout.Alignment.allCases {
            let layout = TextLayout(width: width, alignment: alignment)
            let size = m.measure(text, style: style, layout: layout)
            let lineHeight = m.measure("H", style: style).height
            XCTAssertEqual(size.height, 2 * lineHeight, accuracy: 1e-6)
            let cmd = TextCommand(text: text, style: style, layout: layout, origin: Point(10, 10), paint: .color(.black),
                                  paintBounds: .zero, transform: .identity)
            let img = Support.render([.text(cmd)], width: Int(200 * scale), height: Int(80 * scale), scale: scale)
            var margins: [(left: Double, right: Double)] = []
            for line in 0..<2 {
                let y0 = Int((10 + Double(line) * lineHeight) * scale), y1 = Int((10 + Double(line + 1) * lineHeight) * scale)
                var x0 = Int.max, x1 = Int.min
                for y in y0..<y1 { for x in 0..<img.width where img[x, y].a > 0 { x0 = min(x0, x); x1 = max(x1, x) } }
                margins.append((Double(x0) - 10 * scale, (10 + size.width) * scale - Double(x1 + 1)))
            }
            switch alignment {
            case .leading: XCTAssertEqual(margins[0].left, margins[1].left, accuracy: 1, "\(margins)")
            case .trailing: XCTAssertEqual(margins[0].right, margins[1].right, accuracy: 1, "\(margins)")
            case .center:
                for mg in margins { XCTAssertEqual(mg.left, mg.right, accuracy: 1, "\(margins)") }
                XCTAssertGreaterThan(margins[1].left, margins[0].left + 10, "the short line is inset")
            }
        }
    }

    /// The ink height (pixels at scale 1) of each run of inked columns, left to right.
    func inkClusters(_ cmd: TextCommand) -> [Double] {
        let img = Support.render([.text(cmd)], width: 300, height: 60)
        var out: [Double] = [], top = Int.max, bottom = Int.min
        for x in 0..<img.width {
            let rows = (0..<img.height).filter { img[x, $0].a > 40 }
            if let a = rows.first, let b = rows.last { top = min(top, a); bottom = max(bottom, b) } else if top <= bottom {
                out.append(Double(bottom - top + 1)); top = Int.max; bottom = Int.min
            }
        }
        return out
    }

    /// The columns (canvas pixels at scale 1) holding ink.
    func inkColumns(_ cmd: TextCommand, width: Int, height: Int) -> ClosedRange<Int> {
        let img = Support.render([.text(cmd)], width: width, height: height)
        var x0 = Int.max, x1 = Int.min
        for y in 0..<img.height { for x in 0..<img.width where img[x, y].a > 0 { x0 = min(x0, x); x1 = max(x1, x) } }
        return x0 <= x1 ? x0...x1 : 0...0
    }
}

/// Hard line breaks and the lines kept when the height or the line limit runs out.
final class TextLineCountTests: XCTestCase {
    let m = PangoTextMeasurer()
    let style = TextStyle(size: 20)

    /// A newline starts a new line, as in SwiftUI; the block is as wide as its widest line.
    func testNewlineBreaksTheLine() {
        let size = m.measure("Line one\nLonger line two", style: style)
        let line = m.measure("Line one", style: style)
        XCTAssertEqual(size.height, 2 * line.height, accuracy: 1e-6)
        XCTAssertEqual(size.width, m.measure("Longer line two", style: style).width, accuracy: 0.01)
    }

    /// lineLimit counts every line, whichever paragraph it is in. (A cut at a newline leaves
    /// whole lines, so Pango adds no ellipsis there; a cut inside a wrapped paragraph has one.)
    func testLineLimitCountsLinesAcrossParagraphs() throws {
        let text = "first\nsecond\nthird\nfourth"
        let lineHeight = m.measure("first", style: style).height
        for n in 1...5 {
            let layout = TextLayout(lineLimit: n)
            XCTAssertEqual(m.measure(text, style: style, layout: layout).height, Double(min(n, 4)) * lineHeight, accuracy: 1e-6, "limit \(n)")
        }
        let wrapped = "first\nsecond paragraph that wraps"
        let layout = TextLayout(width: 90, lineLimit: 2)
        XCTAssertEqual(m.measure(wrapped, style: style, layout: layout).height, 2 * lineHeight, accuracy: 1e-6)
        let shaped = try XCTUnwrap(TextShaper().shape(wrapped, style: style, layout: layout))
        XCTAssertNotEqual(pango_layout_is_ellipsized(shaped.layout), 0)
    }

    /// Proposed a height, the text keeps the lines that fit entirely (at least one).
    func testHeightKeepsTheLinesThatFit() {
        let text = "Slide to unlock the quiet morning light of a long weekend"
        let lineHeight = m.measure("S", style: style).height
        let spacing = 4.0
        for (height, lines) in [(0.0, 1), (lineHeight * 2 + spacing - 0.01, 1), (lineHeight * 2 + spacing, 2),
                                (lineHeight * 3 + 2 * spacing + 1, 3)] {
            let size = m.measure(text, style: style, layout: TextLayout(width: 90, height: height, lineSpacing: spacing))
            let n = Double(lines)
            XCTAssertEqual(size.height, n * lineHeight + (n - 1) * spacing, accuracy: 1e-6, "height \(height)")
        }
    }
}
