import DisplayList
import Geometry
import SceneModel
import XCTest
@testable import Layout

/// Hand-checkable text metrics that wrap: every character is half the font size wide, a line is
/// 1.2 × the font size tall, lines break greedily at spaces, and a line limit or a height keeps
/// the first lines (at least one), whose width is then the whole proposal, as a cut line is.
struct WrappingMeasurer: TextMeasurer {
    func measure(_ text: String, style: TextStyle) -> Size { measure(text, style: style, layout: TextLayout()) }

    func measure(_ text: String, style: TextStyle, layout: TextLayout) -> Size {
        let char = 0.5 * style.size, lineHeight = 1.2 * style.size
        guard let width = layout.width else { return Size(char * Double(text.count), lineHeight) }
        var lines: [Int] = []
        for word in text.split(separator: " ") {
            if let last = lines.last, Double(last + 1 + word.count) * char <= width { lines[lines.count - 1] = last + 1 + word.count } else { lines.append(word.count) }
        }
        var shown = lines.count
        if let n = layout.lineLimit { shown = min(shown, n) }
        if let h = layout.height { shown = min(shown, max(1, Int(((h + layout.lineSpacing) / (lineHeight + layout.lineSpacing)).rounded(.down)))) }
        let widest = shown < lines.count ? width : Double(lines.max() ?? 0) * char
        return Size(widest, Double(shown) * lineHeight + Double(max(0, shown - 1)) * layout.lineSpacing)
    }
}

final class TextSizingTests: XCTestCase {
    /// "aaaa bbbb cc" at 10 pt: 5 pt per character, 12 pt per line, 60 pt on one line.
    let words = "aaaa bbbb cc"

    func layOut(_ root: ResolvedView, _ w: Double = 300, _ h: Double = 200) -> LayoutResult {
        layout(root, canvas: Size(w, h), scale: 1, measurer: WrappingMeasurer())
    }

    func label(_ spec: TextStyleSpec = TextStyleSpec(size: 10), _ m: ResolvedModifiers = ResolvedModifiers()) -> ResolvedView {
        view("t", .text(words, spec, fill: .color(.white)), [], m)
    }

    /// Proposed 50 pt: "aaaa bbbb" (45 pt) and "cc": the text is 45 × 24, drawn wrapping at 50.
    func testNarrowProposalWraps() throws {
        let r = layOut(label(TextStyleSpec(size: 10), ResolvedModifiers(frame: FrameSpec(width: 50))))
        let t = try XCTUnwrap(r.root.allViews.first { $0.identity == "t" })
        XCTAssertEqual(t.contentFrame.size, Size(45, 24), r.dump)
        XCTAssertEqual(t.textLayout?.width, 50)
        guard case .text(let cmd)? = r.displayList().commands.first(where: { if case .text = $0 { true } else { false } }) else {
            return XCTFail("no text drawn")
        }
        XCTAssertEqual(cmd.layout.width, 50, "drawing wraps where measuring did")
    }

    /// A roomy or ideal-size proposal leaves the single line alone (no wrap width at all).
    func testRoomyProposalKeepsOneLine() throws {
        let r = layOut(label(TextStyleSpec(size: 10), ResolvedModifiers(frame: FrameSpec(width: 60))))
        let t = try XCTUnwrap(r.root.allViews.first { $0.identity == "t" })
        XCTAssertEqual(t.contentFrame.size, Size(60, 12))
        XCTAssertNil(t.textLayout?.width)
    }

    /// A proposal less than one pixel short of the ideal width (what a snapped frame gives back to its
    /// text: each edge may round half a pixel inward) keeps the single line; a whole pixel short wraps.
    /// At scale 2 a pixel is 0.5 pt: 59.6 pt keeps "aaaa bbbb cc" (60 pt) on one line, 59.4 pt wraps it.
    func testProposalWithinOnePixelKeepsOneLine() throws {
        func laidOut(_ width: Double) throws -> LaidOutView {
            let r = layout(label(TextStyleSpec(size: 10), ResolvedModifiers(frame: FrameSpec(width: width))),
                           canvas: Size(300, 200), scale: 2, measurer: WrappingMeasurer())
            return try XCTUnwrap(r.root.allViews.first { $0.identity == "t" })
        }
        XCTAssertNil(try laidOut(59.6).textLayout?.width, "0.4 pt short at scale 2 is within a pixel")
        XCTAssertEqual(try laidOut(59.4).textLayout?.width, 59.4, "0.6 pt short is more than a pixel")
    }

    /// `fixedSize` horizontal: the ideal single line whatever the width proposed.
    func testFixedSizeRefusesANarrowWidth() throws {
        var spec = TextStyleSpec(size: 10)
        spec.fixedSize = FixedSizeAxes(horizontal: true, vertical: false)
        let r = layOut(label(spec, ResolvedModifiers(frame: FrameSpec(width: 30))))
        let t = try XCTUnwrap(r.root.allViews.first { $0.identity == "t" })
        XCTAssertEqual(t.contentFrame.size, Size(60, 12), r.dump)
        XCTAssertEqual(t.frame.width, 30, "the frame keeps its own width; the text overflows it, centred")
        XCTAssertEqual(t.contentFrame.minX, t.frame.midX - 30, accuracy: 1e-9)
    }

    /// In an hstack of 100 with a 60-pt box, the text is proposed 100 − 60 − 8 = 32 and wraps to
    /// one word a line: 20 × 36.
    func testTextInAStackIsCompressedAndWraps() throws {
        let row = view("row", .hstack(spacing: nil, alignment: .top), [box("b", 60, 10), label()])
        let r = layOut(view("root", .zstack(alignment: .topLeading), [row], ResolvedModifiers(frame: FrameSpec(width: 100, height: 200))))
        let t = try XCTUnwrap(r.root.allViews.first { $0.identity == "t" })
        XCTAssertEqual(t.contentFrame.size, Size(20, 36), r.dump)
        let rowFrame = try XCTUnwrap(r.frame(of: "row"))
        XCTAssertEqual(t.contentFrame.minX - rowFrame.minX, 68, accuracy: 1e-9, r.dump)
        XCTAssertEqual(rowFrame.width, 88, accuracy: 1e-9, "the stack is as wide as the box, the gap and the wrapped text")
    }

    /// A line limit keeps the first lines; too little height keeps the lines that fit (at least one).
    func testLineLimitAndHeightCutTheLines() throws {
        var limited = TextStyleSpec(size: 10)
        limited.lineLimit = 1
        let a = layOut(label(limited, ResolvedModifiers(frame: FrameSpec(width: 32))))
        XCTAssertEqual(a.root.allViews.first { $0.identity == "t" }?.contentFrame.size, Size(32, 12), a.dump)
        let b = layOut(label(TextStyleSpec(size: 10), ResolvedModifiers(frame: FrameSpec(width: 32, height: 25))))
        let t = try XCTUnwrap(b.root.allViews.first { $0.identity == "t" })
        XCTAssertEqual(t.contentFrame.size, Size(32, 24), b.dump)
        XCTAssertEqual(t.textLayout?.height, 25)
        var fixedV = TextStyleSpec(size: 10)
        fixedV.fixedSize = FixedSizeAxes(horizontal: false, vertical: true)
        let c = layOut(label(fixedV, ResolvedModifiers(frame: FrameSpec(width: 32, height: 25))))
        XCTAssertEqual(c.root.allViews.first { $0.identity == "t" }?.contentFrame.size, Size(20, 36), "vertical fixedSize shows every line")
    }

    /// lineSpacing adds to the height between lines, not after the last.
    func testLineSpacingBetweenLines() {
        var spec = TextStyleSpec(size: 10)
        spec.lineSpacing = 4
        let r = layOut(label(spec, ResolvedModifiers(frame: FrameSpec(width: 50))))
        XCTAssertEqual(r.root.allViews.first { $0.identity == "t" }?.contentFrame.size, Size(45, 28), r.dump)
    }

    /// Dumps keep one line per view and per command, and name the line settings of a text.
    func testDumpsEscapeNewlinesAndShowTheWrap() {
        var spec = TextStyleSpec(size: 10)
        spec.lineLimit = 2
        let r = layOut(view("t", .text("aaaa\nbbbb cc", spec, fill: .color(.white)), [], ResolvedModifiers(frame: FrameSpec(width: 30))))
        XCTAssertEqual(r.dump.split(separator: "\n").count, 1, r.dump)
        XCTAssertTrue(r.dump.contains(#"text "aaaa\nbbbb cc""#), r.dump)
        let list = dump(r.displayList())
        XCTAssertEqual(list.split(separator: "\n").count, 1, list)
        XCTAssertTrue(list.contains("wrap 30 lineLimit 2"), list)
    }
}

/// At scale 1 a proposal less than a point (one pixel) narrower than the ideal line (a frame on the pixel
/// grid) keeps one line: the text is not wrapped, cut or given an ellipsis over the snap.
final class TextSizingGridTests: XCTestCase {
    func testSnappedProposalKeepsTheIdealLine() {
        let sizing = TextSizing("aaaa bbbb cc", TextStyleSpec(size: 10), measurer: WrappingMeasurer(), canvasScale: 1)
        // Ideal: 12 characters × 5 pt = 60 pt on one 12 pt line.
        for w in [60.0, 59.75, 59.5, 59.01] {
            XCTAssertNil(sizing.layout(for: ProposedSize(width: w, height: 12)).width, "width \(w)")
            XCTAssertEqual(sizing.size(ProposedSize(width: w, height: 12)).width, 60, "width \(w)")
        }
        // A real narrowing still wraps: at 50 pt, "aaaa bbbb" and "cc".
        XCTAssertEqual(sizing.layout(for: ProposedSize(width: 50, height: 24)).width, 50)
    }
}
