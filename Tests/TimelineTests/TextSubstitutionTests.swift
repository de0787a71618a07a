import SceneModel
import XCTest
@testable import Timeline

/// `{i}` and `{=expression}` inside text strings are filled in at each frame.
final class TextSubstitutionTests: XCTestCase {
    /// The strings of every text view at time `t`, in painter's order.
    func texts(_ timeline: SceneTimeline, at t: Double) -> [String] {
        var out: [String] = []
        func visit(_ v: ResolvedView) {
            if case .text(let s, _, _) = v.kind { out.append(s) }
            v.children.forEach(visit)
        }
        if let root = timeline.state(at: t).root { visit(root) }
        return out
    }

    func testLoopVariableGivesEachCopyItsOwnText() throws {
        let s = try scene("""
        {"scene": 1, "canvas": {"width": 100, "height": 100}, "duration": 1,
         "body": {"type": "vstack", "children": [
           {"type": "forEach", "count": 3, "as": "row", "content": {"type": "hstack", "children": [{"type": "forEach", "count": 2,
             "content": {"type": "text", "text": "row {row}, item {i} of {n} {=row * 2 + i}"}}]}}]}}
        """)
        let t = try SceneTimeline(scene: s, fps: 10, images: [:], geometry: NoGeometry())
        // The forEach nests views as children of the vstack in order, so read them flat.
        XCTAssertEqual(texts(t, at: 0), (0..<3).flatMap { r in (0..<2).map { i in "row \(r), item \(i) of {n} \(r * 2 + i)" } })
    }

    /// `Int` truncates toward zero as Swift's `Int(_:)` does; the text follows the state tick by tick.
    /// (An animation's in-between values are not shown: SwiftUI evaluates a Text's string with the
    /// new state and does not interpolate strings.)
    func testEmbeddedExpressionShowsTheValueAtEachFrame() throws {
        let s = try scene("""
        {"scene": 1, "canvas": {"width": 100, "height": 100}, "duration": 2, "state": {"progress": 0, "ok": false},
         "body": {"type": "text", "text": "{=Int(progress*100)}% {=ok} {='a}b'}"},
         "timeline": [{"at": 0.5, "timer": {"id": "c", "interval": 0.1, "set": {"progress": "=progress + 0.125"},
                        "until": "progress >= 1"}},
                      {"when": "progress >= 0.5", "set": {"ok": true}}]}
        """)
        let t = try SceneTimeline(scene: s, fps: 20, images: [:], geometry: NoGeometry())
        var seen: [String] = []
        for i in 0...40 { if let s = texts(t, at: Double(i) / 20).first, s != seen.last { seen.append(s) } }
        // A brace inside a quoted string does not end the expression.
        XCTAssertEqual(seen, ["0% false a}b", "12% false a}b", "25% false a}b", "37% false a}b", "50% true a}b",
                              "62% true a}b", "75% true a}b", "87% true a}b", "100% true a}b"])
    }
}
