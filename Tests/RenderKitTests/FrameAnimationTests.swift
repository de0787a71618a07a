import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// Every view's frame animates in an animated change, not only matched pairs (§6), on the pixel grid.
final class FrameAnimationTests: XCTestCase {
    /// `x` (points) on the pixel grid of `scale`, rounded as layout rounds each edge (a tie upwards).
    func snapped(_ x: Double, scale: Double = 2) -> Double { (x * scale + 0.5).rounded(.down) / scale }

    /// An hstack [A, B] at the canvas's leading edge; A is `n` rects 10.4 pt wide with no spacing, so A's
    /// width comes from layout (not from an animated number) and B's x at rest is 10.4 · n on the pixel grid.
    func rowScene(_ timeline: String, fps: Int = 20, scale: Double = 2) -> String {
        """
        {"scene": 1, "canvas": {"width": 200, "height": 40, "scale": \(scale)}, "duration": 2, "fps": \(fps),
         "state": {"n": 2},
         "body": {"type": "zstack", "frame": {"width": 200, "height": 40, "alignment": "leading"}, "children": [
           {"type": "hstack", "spacing": 0, "children": [
             {"type": "hstack", "spacing": 0, "children": [
               {"type": "forEach", "count": "=n", "content": {"type": "rect", "fill": "blue", "frame": {"width": 10.4, "height": 20}}}]},
             {"type": "rect", "id": "B", "fill": "red", "frame": {"width": 20, "height": 20}}]}]},
         "timeline": \(timeline)}
        """
    }

    /// A grows from 2 to 7 rects at t = 0.5 under linear 1 s. At rest B's x is 20.8 pt, on the grid of scale 2
    /// 41.6 px → 42 px = 21 pt, then 72.8 pt → 145.6 px → 146 px = 73 pt. The frame animates between the two rest
    /// frames, as they were and will be on screen: x = 21 + 52 · p, with p = 0.25, 0.5, 0.75 at t = 0.75, 1,
    /// 1.25 s: 34, 47, 60 pt. (Before this change B jumped to 73 at once.)
    func testSiblingSlidesWhenItsNeighbourWidens() throws {
        let r = try FrameSource(try loadScene(rowScene(#"[{"at": 0.5, "set": {"n": 7}, "animation": {"linear": 1}}]"#)),
                             options: FrameOptions())
        try assertTrack(r, "B", \.minX, [(9, 21), (15, 34), (20, 47), (25, 60), (31, 73)])
        // B keeps its width throughout: the frame moves, it does not stretch.
        XCTAssertEqual(try XCTUnwrap(r.viewFrames(frame: 20)["B"]).width, 20, accuracy: 1e-9)
    }

    /// One number of view `id`'s frame at each frame index, against the value worked out by hand.
    func assertTrack(_ r: FrameSource, _ id: String, _ value: (Rect) -> Double, _ expected: [(Int, Double)],
                     file: StaticString = #filePath, line: UInt = #line) throws {
        for (i, hand) in expected {
            let frame = try XCTUnwrap(r.viewFrames(frame: i)[id], "\(id) at frame \(i)", file: file, line: line)
            XCTAssertEqual(value(frame), hand, accuracy: 1e-9, "\(id) at frame \(i)", file: file, line: line)
        }
    }

    /// A bar whose maxWidth is `done ? infinity : 0` in a 200 pt frame aligned leading fills as `done` turns true under
    /// linear 1 s at t = 0.5: 0 wide at rest, 200 at the end, 200 · p on the way (50, 100, 150 pt at t = 0.75, 1, 1.25),
    /// its frame animating between its rest layouts; no value between infinity and 0 is ever drawn or reported.
    func testAnInfiniteMaximumWidthAnimatesBetweenItsLayouts() throws {
        let json = """
        {"scene": 1, "canvas": {"width": 200, "height": 40, "scale": 1}, "duration": 2, "fps": 20, "state": {"done": false},
         "body": {"type": "zstack", "frame": {"width": 200, "height": 40, "alignment": "leading"}, "children": [
           {"type": "rect", "id": "bar", "fill": "blue", "frame": {"maxWidth": "=done ? infinity : 0", "height": 20}}]},
         "timeline": [{"at": 0.5, "set": {"done": true}, "animation": {"linear": 1}}]}
        """
        let r = try FrameSource(try loadScene(json), options: FrameOptions())
        try assertTrack(r, "bar", \.width, [(9, 0), (15, 50), (20, 100), (25, 150), (35, 200)])
        XCTAssertEqual(try XCTUnwrap(r.viewFrames(frame: 20)["bar"]).minX, 0, accuracy: 1e-9)
    }

    /// An event with `geometry` reads that container's laid-out size (SwiftUI's onAppear inside a GeometryReader):
    /// a 160 × 40 container sets the bar inside it to half its width, 80, at 0 s, then to all of it under linear 1 s.
    func testAnEventReadsAGeometryContainersSize() throws {
        let json = """
        {"scene": 1, "canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "fps": 20, "state": {"w": 0},
         "body": {"type": "geometry", "id": "g", "frame": {"width": 160, "height": 40}, "children": [
           {"type": "rect", "id": "bar", "fill": "blue", "frame": {"width": "=w", "height": 10}}]},
         "timeline": [{"at": 0, "geometry": "g", "set": {"w": "=geometry.width / 2"}},
                      {"at": 0.5, "geometry": "g", "set": {"w": "=geometry.width"}, "animation": {"linear": 1}}]}
        """
        let r = try FrameSource(try loadScene(json), options: FrameOptions())
        try assertTrack(r, "bar", \.width, [(0, 80), (9, 80), (20, 120), (35, 160)])
    }

    /// A vstack [C, D] with C (32.2 pt tall, 64.4 px → 64 px = 32 pt on the grid of scale 2) inserted at t = 0.5 and
    /// removed at t = 2 (linear 1 s each): D slides down from y = 0 to 32 and back, y = 32 · p → 8, 16, 24 pt.
    /// C appears where it will rest (y = 0) and stays there while it fades out; it leaves the layout at once.
    /// (Before this change D jumped down at once, and jumped back only when C's removal had finished.)
    func testInsertedViewMakesItsSiblingSlide() throws {
        let json = """
        {"scene": 1, "canvas": {"width": 100, "height": 100, "scale": 2}, "duration": 3.5, "fps": 20, "state": {"show": false},
         "body": {"type": "zstack", "frame": {"width": 100, "height": 100, "alignment": "top"}, "children": [
           {"type": "vstack", "spacing": 0, "children": [
             {"type": "rect", "id": "C", "fill": "blue", "frame": {"width": 50, "height": 32.2}, "if": "show"},
             {"type": "rect", "id": "D", "fill": "red", "frame": {"width": 50, "height": 20}}]}]},
         "timeline": [{"at": 0.5, "set": {"show": true}, "animation": {"linear": 1}},
                      {"at": 2, "set": {"show": false}, "animation": {"linear": 1}}]}
        """
        let r = try FrameSource(try loadScene(json), options: FrameOptions())
        func frame(_ id: String, _ i: Int) throws -> Rect? { r.viewFrames(frame: i)[id] }
        XCTAssertEqual(try XCTUnwrap(try frame("D", 9)).minY, 0, accuracy: 1e-9)
        for (i, hand) in [(15, 8.0), (20, 16.0), (25, 24.0)] {
            XCTAssertEqual(try XCTUnwrap(try frame("D", i)).minY, hand, accuracy: 1e-9, "D's y at frame \(i)")
            let c = try XCTUnwrap(try frame("C", i), "C at frame \(i)")
            XCTAssertEqual(c.minY, 0, accuracy: 1e-9); XCTAssertEqual(c.height, 32, accuracy: 1e-9)
        }
        XCTAssertEqual(try XCTUnwrap(try frame("D", 31)).minY, 32, accuracy: 1e-9, "at rest")
        // Removal from t = 2: D slides back, 32 · (1 − p); C stays at y = 0 until it has faded out.
        for (i, hand) in [(45, 24.0), (50, 16.0), (55, 8.0)] {
            XCTAssertEqual(try XCTUnwrap(try frame("D", i)).minY, hand, accuracy: 1e-9, "D's y at frame \(i)")
            XCTAssertEqual(try XCTUnwrap(try frame("C", i), "C leaving at frame \(i)").minY, 0, accuracy: 1e-9)
        }
        XCTAssertEqual(try XCTUnwrap(try frame("D", 61)).minY, 0, accuracy: 1e-9)
        XCTAssertNil(try frame("C", 61))
    }

    /// A removal whose transition outlasts the change (transition linear 2 s, change linear 0.5 s from t = 0.5):
    /// D slides up to y = 0 in 0.5 s and stays there while C, out of the layout, is still fading out where it was.
    func testSiblingsStayPutWhileALongRemovalFinishes() throws {
        let json = """
        {"scene": 1, "canvas": {"width": 100, "height": 100, "scale": 2}, "duration": 3, "fps": 20, "state": {"show": true},
         "body": {"type": "zstack", "frame": {"width": 100, "height": 100, "alignment": "top"}, "children": [
           {"type": "vstack", "spacing": 0, "children": [
             {"type": "rect", "id": "C", "fill": "blue", "frame": {"width": 50, "height": 32}, "if": "show",
              "transition": {"opacity": true, "animation": {"linear": 2}}},
             {"type": "rect", "id": "D", "fill": "red", "frame": {"width": 50, "height": 20}}]}]},
         "timeline": [{"at": 0.5, "set": {"show": false}, "animation": {"linear": 0.5}}]}
        """
        let r = try FrameSource(try loadScene(json), options: FrameOptions())
        func frame(_ id: String, _ i: Int) throws -> Rect? { r.viewFrames(frame: i)[id] }
        XCTAssertEqual(try XCTUnwrap(try frame("D", 15)).minY, 16, accuracy: 1e-9, "halfway: 32 · (1 − 0.5)")
        for i in [20, 30, 40, 49] {
            XCTAssertEqual(try XCTUnwrap(try frame("D", i)).minY, 0, accuracy: 1e-9, "D at frame \(i)")
            XCTAssertEqual(try XCTUnwrap(try frame("C", i), "C still fading at frame \(i)").minY, 0, accuracy: 1e-9)
        }
        XCTAssertNil(try frame("C", 51))
    }

    /// A spring move retargeted halfway (n 2 → 7 at 0.25 s, → 3 at 0.35 s, critically damped, response 0.4 s):
    /// B's x never jumps and its velocity is the same just before and just after the retarget (spring merging),
    /// read at 240 fps on a fine grid (scale 8, 1/8 pt) so that rounding adds at most 30 pt/s to a difference quotient.
    func testSpringRetargetKeepsPositionAndVelocityContinuous() throws {
        let spring = #"{"spring": {"response": 0.4, "dampingFraction": 1}}"#
        let json = rowScene("""
            [{"at": 0.25, "set": {"n": 7}, "animation": \(spring)}, {"at": 0.35, "set": {"n": 3}, "animation": \(spring)}]
            """, fps: 240, scale: 8)
        let r = try FrameSource(try loadScene(json), options: FrameOptions())
        var x: [Double] = []
        for i in 56...180 { x.append(try XCTUnwrap(r.viewFrames(frame: i)["B"], "frame \(i)").minX) }
        let h = 1.0 / 240
        let v = zip(x.dropFirst(), x).map { ($0 - $1) / h }
        // Critically damped with ω = 2π/0.4 over 52 pt: |v| ≤ ω/e · 52 pt ≈ 300 pt/s, plus 30 pt/s of rounding.
        for (k, step) in v.enumerated() { XCTAssertLessThanOrEqual(abs(step), 330, "jump at frame \(56 + k)") }
        // Frame 84 is t = 0.35 s: the step into it and the step out of it.
        let before = v[84 - 56 - 1], after = v[84 - 56]
        XCTAssertGreaterThan(before, 150, "moving right fast when retargeted")
        XCTAssertEqual(after, before, accuracy: 60, "velocity continuous across the retarget")
        // It then turns round towards the new target, 31.2 pt, and settles there.
        XCTAssertLessThan(v[100 - 56], 0)
        XCTAssertEqual(try XCTUnwrap(r.viewFrames(frame: 470)["B"]).minX, snapped(31.2, scale: 8), accuracy: 1e-9)
    }
}
