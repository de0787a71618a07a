import Geometry
import Frames
import RenderKit
import XCTest

/// The transitions that move a view — `move(edge)`, `slide` and a custom `modifier` — against offsets worked
/// out by hand. The view is a 40×20 pt rect centred in a 200×100 canvas (top-left corner at 80, 40), scale 1,
/// 20 fps; it comes in at t = 0.2 s and goes at t = 1.5 s, each change linear over 1 s. At frame i the change's
/// progress is p = k/20 for k frames since it began, so every offset below is a whole number of pixels and the
/// drawn box must be exactly where the hand calculation puts it.
final class MovingTransitionTests: XCTestCase {
    /// The drawn box's top-left corner at every frame of the insertion (k = 0…20) and removal (k = 0…19), and
    /// that nothing is drawn before the insertion or once the removal has ended.
    private func check(transition: String, insertion: @escaping (Double) -> (x: Double, y: Double),
                       removal: @escaping (Double) -> (x: Double, y: Double), file: StaticString = #filePath, line: UInt = #line) throws {
        let loaded = try loadScene("""
        {"scene": 1, "canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 3, "fps": 20, "state": {"show": false},
         "body": {"type": "zstack", "frame": {"width": 200, "height": 100}, "children": [
           {"type": "rect", "fill": "red", "frame": {"width": 40, "height": 20}, "if": "show", "transition": \(transition)}]},
         "timeline": [{"at": 0.2, "set": {"show": true}, "animation": {"linear": 1}},
                      {"at": 1.5, "set": {"show": false}, "animation": {"linear": 1}}]}
        """)
        let r = try FrameSource(loaded, options: FrameOptions())
        XCTAssertNil(opaqueBounds(try r.image(frame: 3)), "nothing before the insertion", file: file, line: line)
        let phases: [(start: Int, count: Int, offset: (Double) -> (x: Double, y: Double))] = [(4, 21, insertion), (30, 20, removal)]
        for (start, count, offset) in phases {
            for k in 0..<count {
                let p = Double(k) / 20
                let (dx, dy) = offset(p)
                let b = opaqueBounds(try r.image(frame: start + k))
                let expected = (Int(80 + dx), Int(40 + dy))
                // Parts pushed off the canvas are clipped by it.
                XCTAssertEqual(b.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] },
                               [max(0, expected.0), max(0, expected.1), min(199, expected.0 + 39), min(99, expected.1 + 19)],
                               "frame \(start + k), p = \(p)", file: file, line: line)
            }
        }
        XCTAssertNil(opaqueBounds(try r.image(frame: 50)), "gone once the removal has ended", file: file, line: line)
    }

    /// `move(edge: .bottom)`: comes up from one own height (20 pt) below and leaves the same way; at a quarter
    /// of the way in it is three quarters of its height (15 pt) down.
    func testMoveFromTheBottomEdgeOffsetsByTheViewsOwnHeight() throws {
        try check(transition: #"{"move": "bottom"}"#, insertion: { p in (0, 20 * (1 - p)) }, removal: { p in (0, 20 * p) })
    }

    /// `move(edge: .leading)`: one own width (40 pt) to the left.
    func testMoveFromTheLeadingEdgeOffsetsByTheViewsOwnWidth() throws {
        try check(transition: #"{"move": "leading"}"#, insertion: { p in (-40 * (1 - p), 0) }, removal: { p in (-40 * p, 0) })
    }

    /// `slide`: in from the leading edge, out to the trailing one, by the view's width.
    func testSlideComesInFromLeadingAndLeavesToTrailing() throws {
        try check(transition: #""slide""#, insertion: { p in (-40 * (1 - p), 0) }, removal: { p in (40 * p, 0) })
    }

    /// A custom modifier: absent means offset (20, −20); the view travels from there to its place and back.
    func testCustomModifierInterpolatesBetweenActiveAndIdentity() throws {
        try check(transition: #"{"modifier": {"active": {"offset": {"x": 20, "y": -20}}, "identity": {"offset": {"x": 0, "y": 0}}}}"#,
                  insertion: { p in (20 * (1 - p), -20 * (1 - p)) }, removal: { p in (20 * p, -20 * p) })
    }
}
