import Geometry
import XCTest
@testable import SceneModel

/// The one walk over a scene's views (`ViewEdges`): every edge unless a walk names fewer, in painter's order, parents
/// before what is inside them. The expected lists are written out by hand from the scenes.
final class ViewWalkTests: XCTestCase {
    typealias S = LoaderTestSupport

    /// A zstack with a background view, two children (a forEach of 3 among them), an overlay view and a mask; the first
    /// child has a paint background (no view) and an overlay view, the forEach's content a mask.
    static let body = #"""
    {"type": "zstack", "background": {"type": "rect"},
     "overlay": {"type": "vstack", "children": [{"type": "text", "text": "o"}]}, "mask": {"type": "circle"},
     "children": [
       {"type": "rect", "background": "red", "overlay": {"type": "circle"}},
       {"type": "forEach", "count": 3, "content": {"type": "capsule", "mask": {"type": "rect"}}}]}
    """#

    func testTheSpecWalkMeetsEveryEdgeInPaintersOrder() throws {
        let body = try S.load(S.scene(body: Self.body)).body
        XCTAssertEqual(body.allViews().map(\.path), [
            "body", "body.background",
            "body.children[0]", "body.children[0].overlay",
            "body.children[1].content", "body.children[1].content.mask",
            "body.overlay", "body.overlay.children[0]",
            "body.mask"])
    }

    func testASpecWalkAlongFewerEdgesSkipsTheOthers() throws {
        let body = try S.load(S.scene(body: Self.body)).body
        XCTAssertEqual(body.allViews(along: .children).map(\.path), ["body", "body.children[0]", "body.children[1].content"])
        XCTAssertEqual(body.allViews(along: [.children, .mask]).map(\.path),
                       ["body", "body.children[0]", "body.children[1].content", "body.children[1].content.mask", "body.mask"])
        XCTAssertEqual(body.subviews(along: [.background, .overlay]).map(\.path), ["body.background", "body.overlay"])
    }

    func testAForEachContentComesWithItsCount() throws {
        let body = try S.load(S.scene(body: Self.body)).body
        let counts = body.subviewsWithCounts().map { $0.forEachCount?.literal }
        XCTAssertEqual(counts, [nil, nil, 3, nil, nil])
    }

    /// root: background `bg`, children `a` (with child `a1`) and `b`, overlay `ov` (with child `ov1`), mask `mk`.
    static let resolved: ResolvedView = {
        func leaf(_ id: String) -> ResolvedView { ResolvedView(identity: id, kind: .shape(.rect, ShapeStyle())) }
        let a = ResolvedView(identity: "a", kind: .zstack(alignment: .center), children: [leaf("a1")])
        let ov = ResolvedView(identity: "ov", kind: .vstack(spacing: nil, alignment: .center), children: [leaf("ov1")])
        return ResolvedView(identity: "root", kind: .zstack(alignment: .center), children: [a, leaf("b")],
                            modifiers: ResolvedModifiers(background: Box(leaf("bg")), overlay: Box(ov), mask: Box(leaf("mk"))))
    }()

    func testTheResolvedWalkMeetsEveryEdgeInPaintersOrder() {
        XCTAssertEqual(Self.resolved.allViews().map(\.identity), ["root", "bg", "a", "a1", "b", "ov", "ov1", "mk"])
        XCTAssertEqual(Self.resolved.allViews(along: [.background, .overlay]).map(\.identity), ["root", "bg", "ov"])
        XCTAssertEqual(Self.resolved.allViews(along: .children).map(\.identity), ["root", "a", "a1", "b"])
    }

    func testMappingSubviewsRewritesTheViewsDirectlyInsideAlongTheEdgesGiven() {
        let marked = Self.resolved.mappingSubviews { v in var m = v; m.identity += "*"; return m }
        XCTAssertEqual(marked.allViews().map(\.identity), ["root", "bg*", "a*", "a1", "b*", "ov*", "ov1", "mk*"])
        let children = Self.resolved.mappingSubviews(along: .children) { v in var m = v; m.identity += "*"; return m }
        XCTAssertEqual(children.allViews().map(\.identity), ["root", "bg", "a*", "a1", "b*", "ov", "ov1", "mk"])
    }

    /// The load-time check of matched ids sees a view in a mask: its partner among the children is no longer "used by
    /// this view only", and an id that only a mask view carries is.
    func testTheMatchedGeometryCheckSeesViewsInAMask() throws {
        let paired = S.scene(body: #"""
            {"type": "zstack", "children": [
              {"type": "rect", "if": "!open", "matchedGeometry": "m"},
              {"type": "rect", "mask": {"type": "circle", "if": "open", "matchedGeometry": "m"}}]}
            """#, extra: #""state": {"open": false}"#)
        XCTAssertNoThrow(try S.load(paired))
        let lonely = S.scene(body: #"{"type": "rect", "mask": {"type": "circle", "matchedGeometry": "lonely"}}"#)
        XCTAssertThrowsError(try S.load(lonely)) { error in
            XCTAssertTrue("\(error)".contains("body.mask.matchedGeometry: the id \"lonely\" is used by this view only"), "\(error)")
        }
    }
}
