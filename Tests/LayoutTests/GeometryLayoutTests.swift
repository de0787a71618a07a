import Geometry
import SceneModel
import XCTest
@testable import Layout

/// The `geometry` container's layout (SwiftUI's GeometryReader): as large as its proposal whatever its content, its
/// children proposed its size and placed at its top-leading corner. Frames worked out by hand.
final class GeometryLayoutTests: XCTestCase {
    func testTakesItsProposalAndPutsChildrenTopLeading() {
        // Root proposed 400 × 100 and centred: a 300 × 24 frame at ((400 − 300)/2, (100 − 24)/2) = (50, 38).
        let g = view("g", .geometry, [box("a", 40, 10)], ResolvedModifiers(frame: FrameSpec(width: 300, height: 24)))
        let r = lay(g, 400, 100)
        assertFrame(r, "g", Rect(x: 50, y: 38, width: 300, height: 24))
        // A zstack would centre the child at (50 + 130, 38 + 7); the geometry container puts it at its corner.
        assertFrame(r, "a", Rect(x: 50, y: 38, width: 40, height: 10))
    }

    func testFlexibleChildIsProposedTheContainersSize() {
        // A shape takes its whole proposal: the geometry container's own size, 300 × 24, not the canvas.
        let g = view("g", .geometry, [view("s", .shape(.rect, ShapeStyle()))], ResolvedModifiers(frame: FrameSpec(width: 300, height: 24)))
        assertFrame(lay(g, 400, 100), "s", Rect(x: 50, y: 38, width: 300, height: 24))
    }

    func testInAnHStackBesideAFixedViewItTakesTheRest() {
        // hstack, spacing 0, in a 300 × 50 frame: the fixed 100-point view first (least flexible), the rest, 200, to
        // the geometry container, as tall as the stack's proposal.
        let stack = view("h", .hstack(spacing: 0, alignment: .center), [box("fixed", 100, 20), view("g", .geometry)],
                         ResolvedModifiers(frame: FrameSpec(width: 300, height: 50)))
        let r = lay(stack, 300, 50)
        assertFrame(r, "fixed", Rect(x: 0, y: 15, width: 100, height: 20))
        assertFrame(r, "g", Rect(x: 100, y: 0, width: 200, height: 50))
    }

    func testUnspecifiedProposalGivesTenByTen() {
        // fixedSize-like ideal proposals (a frame with only a minimum passes nil): ProposedViewSize's 10 × 10.
        let g = view("g", .geometry, [], ResolvedModifiers(frame: FrameSpec(minWidth: 0)))
        let node = LayoutNode(g, stackAxis: nil, env: LayoutEnvironment(measurer: FakeMeasurer(), canvasScale: 1, imageScale: 1))
        XCTAssertEqual(node.contentSize(.unspecified), Size(10, 10))
    }
}
