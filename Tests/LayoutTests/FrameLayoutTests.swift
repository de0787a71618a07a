import Geometry
import SceneModel
import XCTest
@testable import Layout

final class FrameLayoutTests: XCTestCase {
    func testFlexibleFrameAxisFollowsSwiftUIRules() {
        let both = FrameAxis(fixed: nil, min: 50, max: 80)
        // With min and max, the proposal clamped to [50, 80] whatever the child is.
        XCTAssertEqual(both.length(proposal: 30, child: 20), 50)
        XCTAssertEqual(both.length(proposal: 200, child: 20), 80)
        XCTAssertEqual(both.length(proposal: 60, child: 500), 60)
        // Ideal (nil) proposal: the child's size clamped.
        XCTAssertEqual(both.length(proposal: nil, child: 20), 50)
        XCTAssertEqual(both.length(proposal: nil, child: 65), 65)
        XCTAssertEqual(both.length(proposal: nil, child: 100), 80)
        XCTAssertEqual(both.childProposal(30), 50)
        XCTAssertNil(both.childProposal(nil))

        // Text("hi").frame(minWidth: 100) is 100 wide; with a proposal below the child, the
        // proposal but not under the minimum: max(100, min(150, 120)) = 120.
        let minOnly = FrameAxis(fixed: nil, min: 100, max: nil)
        XCTAssertEqual(minOnly.length(proposal: 300, child: 20), 100)
        XCTAssertEqual(minOnly.length(proposal: 120, child: 150), 120)
        // maxWidth: .infinity takes all of a finite proposal, and its child's size when ideal.
        let infinite = FrameAxis(fixed: nil, min: nil, max: .infinity)
        XCTAssertEqual(infinite.length(proposal: 300, child: 20), 300)
        XCTAssertEqual(infinite.length(proposal: nil, child: 20), 20)
        XCTAssertEqual(infinite.length(proposal: .infinity, child: 20), .infinity)
    }

    func testFrameAlignmentPlacesTextInTheCorner() {
        let root = text("t", "ab", size: 10, ResolvedModifiers(frame: FrameSpec(width: 100, height: 50, alignment: .topTrailing)))
        let r = lay(root, 100, 50)
        // Text 0.5·10·2 = 10 × 12 at the top-trailing corner of [0, 0, 100×50]: x = 100 − 10.
        assertFrame(r, "t", Rect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(r.view("t")?.contentFrame, Rect(x: 90, y: 0, width: 10, height: 12))
    }

    func testTextWiderThanItsFrameIsNotTruncated() {
        let root = text("t", "abcdefgh", size: 10, ResolvedModifiers(frame: FrameSpec(width: 20)))
        let r = lay(root, 100, 50)
        // Text 40 × 12; the frame is 20 wide and, with no height given, 12 tall (its child's).
        // Centred in the canvas: ((100 − 20)/2, (50 − 12)/2) = (40, 19); the text overhangs by
        // (40 − 20)/2 = 10 on each side.
        assertFrame(r, "t", Rect(x: 40, y: 19, width: 20, height: 12))
        XCTAssertEqual(r.view("t")?.contentFrame, Rect(x: 30, y: 19, width: 40, height: 12))
    }

    func testPaddingShrinksTheProposalAndGrowsTheSize() {
        let pad = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        let r = lay(text("t", "abcd", size: 10, ResolvedModifiers(padding: pad)), 200, 200)
        // Text 20 × 12, padded 20 + 2 + 4 = 26 by 12 + 1 + 3 = 16, at ((200 − 26)/2, (200 − 16)/2) = (87, 92).
        assertFrame(r, "t", Rect(x: 87, y: 92, width: 26, height: 16))
        XCTAssertEqual(r.view("t")?.contentFrame, Rect(x: 89, y: 93, width: 20, height: 12))

        // A rect is proposed the canvas less the padding and fills it.
        let r2 = lay(view("r", .shape(.rect, ShapeStyle()), [], ResolvedModifiers(padding: EdgeInsets(all: 10))), 100, 50)
        assertFrame(r2, "r", Rect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(r2.view("r")?.contentFrame, Rect(x: 10, y: 10, width: 80, height: 30))
    }

    func testPaddingInsideFrame() {
        // padding applies before frame: the frame holds the padded view.
        let m = ResolvedModifiers(padding: EdgeInsets(all: 5), frame: FrameSpec(width: 60, height: 40, alignment: .bottomLeading))
        let r = lay(text("t", "ab", size: 10, m), 60, 40)
        // Padded text (10 + 10) × (12 + 10) = 20 × 22 at the bottom-leading corner: y = 40 − 22 = 18;
        // the text inside the padding at (0 + 5, 18 + 5).
        XCTAssertEqual(r.view("t")?.contentFrame, Rect(x: 5, y: 23, width: 10, height: 12))
    }

    func testZStackBottomTrailing() {
        let root = view("z", .zstack(alignment: .bottomTrailing), [box("a", 60, 40), box("b", 20, 10)])
        let r = lay(root, 200, 100)
        // Stack 60 × 40 at ((200 − 60)/2, (100 − 40)/2) = (70, 30); b's bottom-right corner on the
        // stack's (130, 70): origin (110, 60).
        assertFrame(r, "z", Rect(x: 70, y: 30, width: 60, height: 40))
        assertFrame(r, "a", Rect(x: 70, y: 30, width: 60, height: 40))
        assertFrame(r, "b", Rect(x: 110, y: 60, width: 20, height: 10))
    }

    func testRootIsCentredInTheCanvas() {
        let r = lay(text("t", "abcd", size: 10), 100, 50)
        // 20 × 12 in 100 × 50: ((100 − 20)/2, (50 − 12)/2) = (40, 19).
        assertFrame(r, "t", Rect(x: 40, y: 19, width: 20, height: 12))
    }

    func testBackgroundAndOverlayTakeTheFrameWithoutChangingTheSize() {
        let m = ResolvedModifiers(padding: EdgeInsets(all: 4),
                                  background: Box(view("bg", .paint(.color(.black)))),
                                  overlay: Box(text("o", "x", size: 10)))
        let r = lay(text("t", "abcd", size: 10, m), 100, 100)
        // Text 20 × 12, padded 28 × 20, at (36, 40). The background fills that frame; the overlay
        // (5 × 12) is centred in it: (36 + (28 − 5)/2, 40 + (20 − 12)/2) = (47.5, 44), whose edges 47.5 and
        // 52.5 fall on pixel centres at scale 1 and snap upwards to 48 and 53 (§6: frames on the pixel grid).
        assertFrame(r, "t", Rect(x: 36, y: 40, width: 28, height: 20))
        assertFrame(r, "bg", Rect(x: 36, y: 40, width: 28, height: 20))
        assertFrame(r, "o", Rect(x: 48, y: 44, width: 5, height: 12))
    }

    func testMatchedFrameOverridesPlacementButNotSiblings() {
        var m = ResolvedModifiers(frame: FrameSpec(width: 20, height: 20))
        m.matchedFrame = Rect(x: 5, y: 6, width: 50, height: 30)
        let root = view("h", .hstack(spacing: 10, alignment: .top), [view("a", .shape(.roundedRect(cornerRadius: 4, style: .continuous), ShapeStyle()), [], m), box("b", 20, 20)])
        let r = lay(root, 100, 100)
        // The row still sees a as 20 × 20: 20 + 10 + 20 = 50 wide, at ((100 − 50)/2, (100 − 20)/2) = (25, 40);
        // b at 25 + 20 + 10 = 55. a itself takes the matched frame exactly, its own frame giving way.
        assertFrame(r, "a", Rect(x: 5, y: 6, width: 50, height: 30))
        assertFrame(r, "b", Rect(x: 55, y: 40, width: 20, height: 20))
    }
}
