import Geometry
import SceneModel
import XCTest
@testable import Layout

final class StackLayoutTests: XCTestCase {
    func testNestedStacksWithSpacingAndFixedFrames() {
        let root = view("v", .vstack(spacing: 10, alignment: .leading), [
            box("a", 100, 40),
            view("h", .hstack(spacing: 5, alignment: .center), [box("b", 30, 20), box("c", 50, 60)]),
        ])
        let r = lay(root, 300, 200)
        // hstack: 30 + 5 + 50 = 85 wide, max(20, 60) = 60 tall.
        // vstack: max(100, 85) = 100 wide, 40 + 10 + 60 = 110 tall, centred: ((300−100)/2, (200−110)/2) = (100, 45).
        assertFrame(r, "v", Rect(x: 100, y: 45, width: 100, height: 110))
        assertFrame(r, "a", Rect(x: 100, y: 45, width: 100, height: 40))
        // Leading-aligned under a: y = 45 + 40 + 10 = 95.
        assertFrame(r, "h", Rect(x: 100, y: 95, width: 85, height: 60))
        // b centred in the 60-tall row: 95 + (60 − 20)/2 = 115.
        assertFrame(r, "b", Rect(x: 100, y: 115, width: 30, height: 20))
        // c after b and the 5-point gap: 100 + 30 + 5 = 135.
        assertFrame(r, "c", Rect(x: 135, y: 95, width: 50, height: 60))
    }

    func testSpacersShareTheFreeSpaceWithDefaultSpacing() {
        let root = view("h", .hstack(spacing: nil, alignment: .center), [
            box("a", 20, 20), view("s1", .spacer(minLength: nil)), box("b", 20, 20), view("s2", .spacer(minLength: nil)),
        ])
        let r = lay(root, 200, 100)
        // Spacing 8 between each of the 3 pairs: 200 − 24 = 176 to share. Rigid views first:
        // a is offered 176/4 = 44 and takes 20 (156 left), b 156/3 = 52 and takes 20 (136 left),
        // then the spacers 136/2 = 68 each. Row: 20 + 68 + 20 + 68 + 24 = 200 wide, 20 tall
        // (spacers are 0 tall), centred vertically: y = (100 − 20)/2 = 40.
        assertFrame(r, "h", Rect(x: 0, y: 40, width: 200, height: 20))
        assertFrame(r, "a", Rect(x: 0, y: 40, width: 20, height: 20))
        // Spacers are centred across the row: y = 40 + (20 − 0)/2 = 50.
        assertFrame(r, "s1", Rect(x: 28, y: 50, width: 68, height: 0))
        assertFrame(r, "b", Rect(x: 104, y: 40, width: 20, height: 20))
        assertFrame(r, "s2", Rect(x: 132, y: 50, width: 68, height: 0))
    }

    func testSpacerComesAfterAnEquallyFlexibleView() {
        let root = view("h", .hstack(spacing: 0, alignment: .center), [
            view("fill", .shape(.rect, ShapeStyle())), view("s", .spacer(minLength: 60)),
        ])
        let r = lay(root, 100, 50)
        // Both are infinitely flexible (rect 0…∞, spacer 60…∞); the spacer goes last. The rect is
        // offered 100/2 = 50 and takes it; the spacer is offered 50 and takes its minimum 60.
        // Row 110 × 50 centred in 100: x = (100 − 110)/2 = −5.
        assertFrame(r, "fill", Rect(x: -5, y: 0, width: 50, height: 50))
        assertFrame(r, "s", Rect(x: 45, y: 25, width: 60, height: 0))
    }

    func testMaxWidthInfinityTakesTheRestOfAnHStack() {
        let bar = view("bar", .shape(.rect, ShapeStyle()), [], ResolvedModifiers(frame: FrameSpec(height: 30, maxWidth: .infinity)))
        let root = view("h", .hstack(spacing: 10, alignment: .center), [text("t", "Hi", size: 20), bar])
        let r = lay(root, 300, 100)
        // Text "Hi" at 20 pt: 0.5·20·2 = 20 wide, 1.2·20 = 24 tall, flexibility 0; the bar is 0…∞.
        // 300 − 10 = 290: the text is offered 145 and takes 20; the bar is offered 270 and, its
        // max being ∞, takes all 270. Row 300 × max(24, 30) = 30, y = (100 − 30)/2 = 35.
        assertFrame(r, "t", Rect(x: 0, y: 38, width: 20, height: 24))  // 35 + (30 − 24)/2
        assertFrame(r, "bar", Rect(x: 30, y: 35, width: 270, height: 30))
    }

    /// The example of objc.io's "How an HStack lays out its children" (2020): red 75, green 100.
    func testFlexibleFramesAreServedInOrderOfFlexibility() {
        let red = view("red", .shape(.rect, ShapeStyle()), [], ResolvedModifiers(frame: FrameSpec(maxWidth: 100)))
        let green = view("green", .shape(.rect, ShapeStyle()), [], ResolvedModifiers(frame: FrameSpec(minWidth: 100)))
        let root = view("h", .hstack(spacing: 0, alignment: .center), [red, green],
                        ResolvedModifiers(frame: FrameSpec(width: 150, height: 100)))
        let r = lay(root, 150, 100)
        // red is 0…100 (flexibility 100), green 100…∞: red first, offered 150/2 = 75, takes 75;
        // green offered 75, proposes max(100, 75) = 100 to its rect and is 100 wide. The row is
        // 175 wide, centred in the 150 frame: x = (150 − 175)/2 = −12.5. On the pixel grid of scale 1 the
        // edges −12.5, 62.5 and 162.5 snap upwards to −12, 63 and 163: the widths stay 75 and 100 (§6).
        assertFrame(r, "red", Rect(x: -12, y: 0, width: 75, height: 100))
        assertFrame(r, "green", Rect(x: 63, y: 0, width: 100, height: 100))
        assertFrame(r, "h", Rect(x: 0, y: 0, width: 150, height: 100))
    }

    func testVStackTrailingAlignment() {
        let root = view("v", .vstack(spacing: 4, alignment: .trailing), [text("t", "abcd", size: 10), box("b", 50, 10)])
        let r = lay(root, 100, 100)
        // Text 0.5·10·4 = 20 × 12; column max(20, 50) = 50 wide, 12 + 4 + 10 = 26 tall,
        // at ((100 − 50)/2, (100 − 26)/2) = (25, 37). The text sits at the trailing edge: x = 25 + 50 − 20.
        assertFrame(r, "t", Rect(x: 55, y: 37, width: 20, height: 12))
        assertFrame(r, "b", Rect(x: 25, y: 53, width: 50, height: 10))
    }
}

final class LayoutDumpTests: XCTestCase {
    func testNestedStackIsInfinitelyFlexibleAndDumpListsEveryView() {
        // An hstack of two rects inside an hstack next to a 20-wide box: the inner stack, probed with
        // ∞, must report ∞ (not NaN) so that it sorts after the box: box 20, inner 200 − 8 − 20 = 172,
        // shared 172 − 8 = 164 → 82 each.
        let inner = view("in", .hstack(spacing: nil, alignment: .center),
                         [view("p", .shape(.rect, ShapeStyle())), view("q", .shape(.rect, ShapeStyle()))])
        let r = lay(view("out", .hstack(spacing: nil, alignment: .center), [box("b", 20, 20), inner]), 200, 50)
        assertFrame(r, "in", Rect(x: 28, y: 0, width: 172, height: 50))
        assertFrame(r, "q", Rect(x: 118, y: 0, width: 82, height: 50))
        XCTAssertEqual(r.dump, """
            out hstack [0, 0, 200×50]
              b rect [0, 15, 20×20]
              in hstack [28, 0, 172×50]
                p rect [28, 0, 82×50]
                q rect [118, 0, 82×50]
            """)
    }

    /// Apple's rule for `layoutPriority` in a stack: the highest priority is offered everything less the minimum
    /// length of the lower priorities (developer.apple.com/documentation/swiftui/view/layoutpriority(_:)).
    func testHigherLayoutPriorityIsOfferedTheSpaceLessTheOthersMinimum() {
        func bar(_ id: String, min: Double, priority: Double) -> ResolvedView {
            var m = ResolvedModifiers(frame: FrameSpec(minWidth: min, maxWidth: 200))
            m.layoutPriority = priority
            return view(id, .shape(.rect, ShapeStyle()), [], m)
        }
        // Without priorities: b (flexibility 170) goes before a (180), each is offered 100 and takes it.
        let even = lay(view("h", .hstack(spacing: 0, alignment: .center), [bar("a", min: 20, priority: 0), bar("b", min: 30, priority: 0)]), 200, 50)
        assertFrame(even, "a", Rect(x: 0, y: 0, width: 100, height: 50))
        assertFrame(even, "b", Rect(x: 100, y: 0, width: 100, height: 50))
        // a of priority 1 is offered 200 − 30 (b's minimum) = 170 and takes it; b is offered the 30 left.
        let r = lay(view("h", .hstack(spacing: 0, alignment: .center), [bar("a", min: 20, priority: 1), bar("b", min: 30, priority: 0)]), 200, 50)
        assertFrame(r, "a", Rect(x: 0, y: 0, width: 170, height: 50))
        assertFrame(r, "b", Rect(x: 170, y: 0, width: 30, height: 50))
        // Three priorities: c (priority 2) keeps back a's 20 and b's 30 and takes 150; a (1) is offered 50 − 30 = 20.
        let three = lay(view("h", .hstack(spacing: 0, alignment: .center),
                             [bar("a", min: 20, priority: 1), bar("b", min: 30, priority: 0), bar("c", min: 0, priority: 2)]), 200, 50)
        assertFrame(three, "a", Rect(x: 0, y: 0, width: 20, height: 50))
        assertFrame(three, "b", Rect(x: 20, y: 0, width: 30, height: 50))
        assertFrame(three, "c", Rect(x: 50, y: 0, width: 150, height: 50))
    }

    /// A ZStack proposes its lower-priority children the size its highest-priority ones take: a switch's track
    /// (priority 1) sizes the stack, and the HStack holding the knob and a Spacer fits it instead of the canvas.
    func testZStackProposesTheHighestPriorityChildsSizeToTheOthers() {
        func track(_ priority: Double) -> ResolvedView {
            // The sample's `.frame(width: 120, height: 45).padding()`: 152 × 77 as its parent sees it.
            var m = ResolvedModifiers(frame: FrameSpec(width: 152, height: 77))
            m.layoutPriority = priority
            return view("track", .shape(.capsule, ShapeStyle()), [], m)
        }
        let knob = view("knob", .shape(.capsule, ShapeStyle()), [], ResolvedModifiers(frame: FrameSpec(width: 55, height: 55)))
        let row = view("row", .hstack(spacing: nil, alignment: .center), [view("s", .spacer(minLength: nil)), knob])
        let r = lay(view("z", .zstack(alignment: .center), [track(1), row]), 400, 401)
        // The track is 152 × 77; the row is proposed 152 × 77: the knob 55, the gap 8, the
        // spacer 152 − 63 = 89. The stack is 152 × 77, centred: ((400 − 152)/2, (401 − 77)/2) = (124, 162).
        assertFrame(r, "z", Rect(x: 124, y: 162, width: 152, height: 77))
        assertFrame(r, "row", Rect(x: 124, y: 173, width: 152, height: 55))
        assertFrame(r, "knob", Rect(x: 221, y: 173, width: 55, height: 55))
        // With equal priorities the row is proposed the canvas and the stack takes its whole width.
        let flat = lay(view("z", .zstack(alignment: .center), [track(0), row]), 400, 401)
        assertFrame(flat, "z", Rect(x: 0, y: 162, width: 400, height: 77))
        assertFrame(flat, "knob", Rect(x: 345, y: 173, width: 55, height: 55))
    }
}

/// `scroll` and `grid` against layouts worked out by hand.
final class ScrollAndGridLayoutTests: XCTestCase {
    /// A vertical scroll view takes its whole proposal and proposes its content no height: a VStack of two 300-tall
    /// boxes is 608 tall in a 400-tall scroll view, placed at its top and centred across it.
    func testScrollViewProposesNoLengthAlongItsAxisAndPlacesTheContentAtItsTop() {
        let content = view("c", .vstack(spacing: nil, alignment: .center), [box("a", 100, 300), box("b", 100, 300)])
        let r = lay(view("s", .scroll(axis: .vertical), [content]), 200, 400)
        assertFrame(r, "s", Rect(x: 0, y: 0, width: 200, height: 400))
        assertFrame(r, "c", Rect(x: 50, y: 0, width: 100, height: 608))
        assertFrame(r, "b", Rect(x: 50, y: 308, width: 100, height: 300))
        // A flexible child (a rect with no frame) is proposed no height: it takes its ideal, the 10-point default.
        let flexible = lay(view("s", .scroll(axis: .horizontal), [view("f", .shape(.rect, ShapeStyle()))]), 200, 400)
        assertFrame(flexible, "f", Rect(x: 0, y: 0, width: 10, height: 400))
    }

    /// Two flexible columns with 16 between them in 200 points: (200 − 16)/2 = 92 each; a fixed one keeps its width.
    func testGridColumnsAndRows() {
        let columns = [GridColumn(size: .flexible(minimum: 10, maximum: .infinity), spacing: 16),
                       GridColumn(size: .flexible(minimum: 10, maximum: .infinity), spacing: 16)]
        let items = (0..<3).map { box("i\($0)", 50, $0 == 1 ? 80 : 40) }
        let r = lay(view("g", .grid(columns: columns, spacing: 10), items), 200, 400)
        // Rows: max(40, 80) = 80, then 40: 80 + 10 + 40 = 130 tall, centred vertically: y = (400 − 130)/2 = 135.
        assertFrame(r, "g", Rect(x: 0, y: 135, width: 200, height: 130))
        // Items centred in their cells: i0 in (0…92) → x 21, y 135 + (80 − 40)/2 = 155; i1 in (108…200) → x 129.
        assertFrame(r, "i0", Rect(x: 21, y: 155, width: 50, height: 40))
        assertFrame(r, "i1", Rect(x: 129, y: 135, width: 50, height: 80))
        assertFrame(r, "i2", Rect(x: 21, y: 225, width: 50, height: 40))
        // A fixed 40 and a flexible column with maximum 100: the flexible one gets min(100, 200 − 40 − 8) = 100.
        let g = GridLayout(columns: [GridColumn(size: .fixed(40), spacing: nil), GridColumn(size: .flexible(minimum: 10, maximum: 100), spacing: nil)],
                           spacing: nil, children: [])
        XCTAssertEqual(g.widths(200), [40, 100])
        XCTAssertEqual(g.widths(30), [40, 10], "a flexible column does not go below its minimum")
    }
}
