import Geometry
import Frames
import RenderKit
import XCTest

final class TransitionTests: XCTestCase {
    /// A morphing matched pair is one view whose drawn box follows the change's curve from the old
    /// frame (0, 0, 20×20) to the new one (160, 70, 40×30): here linear over 1 s from t = 0.2.
    func testMatchedMoveFollowsTheAnimationCurve() throws {
        let loaded = try loadScene("""
        {"scene": 1, "canvas": {"width": 200, "height": 100}, "duration": 1.5, "fps": 20, "state": {"moved": false},
         "body": {"type": "zstack", "children": [
           {"type": "zstack", "frame": {"width": 200, "height": 100, "alignment": "topLeading"}, "children": [
             {"type": "rect", "fill": "red", "frame": {"width": 20, "height": 20}, "if": "!moved",
              "matchedGeometry": {"id": "m", "morph": true}}]},
           {"type": "zstack", "frame": {"width": 200, "height": 100, "alignment": "bottomTrailing"}, "children": [
             {"type": "rect", "fill": "red", "frame": {"width": 40, "height": 30}, "if": "moved",
              "matchedGeometry": {"id": "m", "morph": true}}]}]},
         "timeline": [{"at": 0.2, "set": {"moved": true}, "animation": {"linear": 1}}]}
        """)
        let r = try FrameSource(loaded, options: FrameOptions())
        for i in 0..<30 {
            let t = Double(i) / 20
            let p = min(max((t - 0.2) / 1, 0), 1)
            let x = 160 * p, y = 70 * p, w = 20 + 20 * p, h = 20 + 10 * p
            let b = try XCTUnwrap(opaqueBounds(try r.image(frame: i)), "frame \(i) is empty")
            XCTAssertEqual(Double(b.minX), x.rounded(), accuracy: 1, "left at frame \(i)")
            XCTAssertEqual(Double(b.minY), y.rounded(), accuracy: 1, "top at frame \(i)")
            XCTAssertEqual(Double(b.maxX + 1), (x + w).rounded(), accuracy: 1, "right at frame \(i)")
            XCTAssertEqual(Double(b.maxY + 1), (y + h).rounded(), accuracy: 1, "bottom at frame \(i)")
        }
    }

    /// A removed view stays on screen until its removal transition has finished, and not after:
    /// opacity removal over 0.5 s (linear) from t = 0.2 ends at t = 0.7, frame 42 at 60 fps.
    func testRemovedViewIsDrawnUntilItsTransitionEnds() throws {
        let loaded = try loadScene("""
        {"scene": 1, "canvas": {"width": 40, "height": 40}, "duration": 1, "state": {"show": true},
         "body": {"type": "rect", "fill": "red", "frame": {"width": 20, "height": 20}, "if": "show"},
         "timeline": [{"at": 0.2, "set": {"show": false}, "animation": {"linear": 0.5}}]}
        """)
        let r = try FrameSource(loaded, options: FrameOptions())
        XCTAssertEqual(totalAlpha(try r.image(frame: 11)), 400 * 255)
        var previous = Int.max
        for i in 12...41 {
            let a = totalAlpha(try r.image(frame: i))
            XCTAssertGreaterThan(a, 0, "frame \(i) should still show the leaving view")
            XCTAssertLessThan(a, previous, "frame \(i)")
            previous = a
        }
        for i in 42...50 { XCTAssertEqual(totalAlpha(try r.image(frame: i)), 0, "frame \(i)") }
        // Without an animation the view disappears at once.
        let immediate = try loadScene("""
        {"scene": 1, "canvas": {"width": 40, "height": 40}, "duration": 1, "state": {"show": true},
         "body": {"type": "rect", "fill": "red", "frame": {"width": 20, "height": 20}, "if": "show"},
         "timeline": [{"at": 0.2, "set": {"show": false}}]}
        """)
        let r2 = try FrameSource(immediate, options: FrameOptions())
        XCTAssertEqual(totalAlpha(try r2.image(frame: 12)), 0)
    }

    /// The unlock sequence's success dissolve: scale 0.9 (own spring), blur 5 and opacity to 0,
    /// combined: the view's total alpha falls monotonically to zero.
    func testCombinedRemovalFadesMonotonically() throws {
        let loaded = try loadScene("""
        {"scene": 1, "canvas": {"width": 80, "height": 60}, "duration": 2, "state": {"show": true},
         "body": {"type": "text", "text": "1234", "font": {"size": 20, "weight": "bold"}, "if": "show",
                  "transition": {"combined": [{"scale": 0.9, "animation": "default"}, {"blur": 5}]}},
         "timeline": [{"at": 0.1, "set": {"show": false}, "animation": {"easeInOut": 0.6}}]}
        """)
        let r = try FrameSource(loaded, options: FrameOptions())
        var previous = totalAlpha(try r.image(frame: 6))
        XCTAssertGreaterThan(previous, 0)
        var reachedZero = false
        for i in 7..<120 {
            let a = totalAlpha(try r.image(frame: i))
            XCTAssertLessThanOrEqual(a, previous, "total alpha rose at frame \(i)")
            previous = a
            if a == 0 { reachedZero = true }
        }
        XCTAssertTrue(reachedZero)
    }

    /// Re-inserting a view while it is leaving brings it back from where it is, without a jump.
    func testReinsertionDuringRemovalDoesNotJump() throws {
        let loaded = try loadScene("""
        {"scene": 1, "canvas": {"width": 40, "height": 40}, "duration": 1.5, "state": {"show": true},
         "body": {"type": "rect", "fill": "red", "frame": {"width": 20, "height": 20}, "if": "show"},
         "timeline": [{"at": 0.2, "set": {"show": false}, "animation": {"linear": 0.5}},
                      {"at": 0.45, "set": {"show": true}, "animation": {"linear": 0.5}}]}
        """)
        let r = try FrameSource(loaded, options: FrameOptions())
        var previous = totalAlpha(try r.image(frame: 0))
        for i in 1..<90 {
            let a = totalAlpha(try r.image(frame: i))
            XCTAssertLessThan(abs(a - previous), 400 * 255 / 10, "jump at frame \(i)")
            previous = a
        }
        XCTAssertEqual(previous, 400 * 255)
    }

    /// Six cards with ids card0…card5 move one to one from a zstack (all at the centre) to six
    /// distinct places in an hstack.
    func testSixMatchedCardsFanOutOneToOne() throws {
        let loaded = try loadScene("""
        {"scene": 1, "canvas": {"width": 390, "height": 120}, "duration": 2, "state": {"spread": false},
         "body": {"type": "zstack", "children": [
           {"type": "zstack", "if": "!spread", "children": [{"type": "forEach", "count": 6, "content":
             {"type": "roundedRect", "cornerRadius": 4, "frame": {"width": 40, "height": 56}, "matchedGeometry": "card{i}"}}]},
           {"type": "hstack", "spacing": 10, "if": "spread", "children": [{"type": "forEach", "count": 6, "content":
             {"type": "roundedRect", "cornerRadius": 4, "frame": {"width": 40, "height": 56}, "matchedGeometry": "card{i}"}}]}]},
         "timeline": [{"at": 0.5, "set": {"spread": true}, "animation": "spring"}]}
        """)
        let r = try FrameSource(loaded, options: FrameOptions())
        func cards(_ frame: Int) throws -> [Rect] {
            let f = r.viewFrames(frame: frame)
            return try (0..<6).map { try XCTUnwrap(f["body.children[1].children[0]#\($0)"], "card \($0) at frame \(frame)") }
        }
        // Just after the change every entering card is still (almost) at the stacked centre: x = 175.
        for c in try cards(31) { XCTAssertEqual(c.minX, 175, accuracy: 12) }
        // Settled: six distinct places, 50 pt apart, in id order: 6·40 + 5·10 = 290 wide, from x = 50.
        let end = try cards(119)
        for (i, c) in end.enumerated() { XCTAssertEqual(c.minX, 50 + 50 * Double(i), accuracy: 1e-6) }
        // In flight each card moves towards its own place: card i's x grows monotonically with i.
        let mid = try cards(40)
        for i in 1..<6 { XCTAssertGreaterThan(mid[i].minX, mid[i - 1].minX) }
    }
}

final class TransitionAnimationTests: XCTestCase {
    /// A transition part's own animation outlasts the change's: the leaving view stays until the part
    /// has finished (linear 1 s from t = 0.2, so drawn until frame 71 at 60 fps and not from frame 72),
    /// even when another change comes after the change's own animation has ended.
    func testAPartWithALongerAnimationKeepsTheViewUntilItEnds() throws {
        let loaded = try loadScene("""
        {"scene": 1, "canvas": {"width": 40, "height": 40}, "duration": 1.5, "state": {"show": true, "other": 0},
         "body": {"type": "rect", "fill": "red", "frame": {"width": 20, "height": 20}, "if": "show",
                  "transition": {"opacity": true, "animation": {"linear": 1}}},
         "timeline": [{"at": 0.2, "set": {"show": false}, "animation": {"linear": 0.1}},
                      {"at": 0.5, "set": {"other": 1}}]}
        """)
        let r = try FrameSource(loaded, options: FrameOptions())
        // Opacity 1 − (t − 0.2)/1: at frame 42 (t = 0.7) half the alpha is left.
        XCTAssertEqual(Double(totalAlpha(try r.image(frame: 42))) / Double(400 * 255), 0.5, accuracy: 0.01)
        XCTAssertGreaterThan(totalAlpha(try r.image(frame: 71)), 0)
        XCTAssertEqual(totalAlpha(try r.image(frame: 72)), 0)
    }

    /// A transition part's own spring keeps its `initialVelocity` (UIKit's relative velocity), as a change's spring
    /// does: the leaving square's offset follows the closed-form critically damped spring that starts at 3 changes
    /// per second, p(τ) = 1 − (1 + (ω − v₀)τ)·e^(−ωτ) with ω = 2π/0.5 (it was dropped, and the part started at rest).
    func testATransitionsOwnSpringKeepsItsInitialVelocity() throws {
        let loaded = try loadScene("""
        {"scene": 1, "canvas": {"width": 160, "height": 20}, "duration": 1, "fps": 60, "state": {"show": true},
         "body": {"type": "zstack", "frame": {"width": 160, "height": 20, "alignment": "leading"}, "children": [
           {"type": "rect", "fill": "red", "frame": {"width": 20, "height": 20}, "if": "show",
            "transition": {"combined": [
              {"offset": {"x": 100}, "animation": {"spring": {"response": 0.5, "dampingFraction": 1, "initialVelocity": 3}}},
              {"opacity": true, "animation": {"linear": 2}}]}}]},
         "timeline": [{"at": 0.2, "set": {"show": false}, "animation": {"linear": 0.1}}]}
        """)
        let r = try FrameSource(loaded, options: FrameOptions())
        let omega = 2 * Double.pi / 0.5
        func progress(_ tau: Double, _ v0: Double) -> Double { 1 - (1 + (omega - v0) * tau) * exp(-omega * tau) }
        var farthestFromRest = 0.0
        for i in 12...40 {
            let tau = Double(i) / 60 - 0.2
            let b = try XCTUnwrap(opaqueBounds(try r.image(frame: i), threshold: 1), "frame \(i) is empty")
            XCTAssertEqual(Double(b.minX), 100 * progress(tau, 3), accuracy: 1, "left edge at frame \(i)")
            farthestFromRest = max(farthestFromRest, 100 * (progress(tau, 3) - progress(tau, 0)))
        }
        XCTAssertGreaterThan(farthestFromRest, 5, "the test must tell the velocity from none")
    }
}

final class MatchedSourceTests: XCTestCase {
    /// With `isSource: false`, a view takes the frame of the source with the same id while both are
    /// present: the 20×20 badge at the bottom-trailing corner is drawn over the 60×40 card at the top-leading one.
    func testNonSourceViewTakesTheSourcesFrame() throws {
        let loaded = try loadScene("""
        {"scene": 1, "canvas": {"width": 200, "height": 100}, "duration": 0.1,
         "body": {"type": "zstack", "children": [
           {"type": "zstack", "frame": {"width": 200, "height": 100, "alignment": "topLeading"}, "children": [
             {"type": "rect", "id": "card", "fill": "blue", "frame": {"width": 60, "height": 40}, "matchedGeometry": "m"}]},
           {"type": "zstack", "frame": {"width": 200, "height": 100, "alignment": "bottomTrailing"}, "children": [
             {"type": "rect", "id": "badge", "fill": "red", "frame": {"width": 20, "height": 20},
              "matchedGeometry": {"id": "m", "isSource": false}}]}]}}
        """)
        let r = try FrameSource(loaded, options: FrameOptions())
        let f = r.viewFrames(frame: 0)
        XCTAssertEqual(f["card"], Rect(x: 0, y: 0, width: 60, height: 40))
        XCTAssertEqual(f["badge"], Rect(x: 0, y: 0, width: 60, height: 40))
        // The red badge covers the card: its box is the card's.
        let b = try XCTUnwrap(opaqueBounds(try r.image(frame: 0)))
        XCTAssertEqual(b.minX, 0); XCTAssertEqual(b.minY, 0); XCTAssertEqual(b.maxX, 59); XCTAssertEqual(b.maxY, 39)
        let img = try r.image(frame: 0)
        // System red (#FF3B30) on top, not the card's blue (#007AFF).
        XCTAssertEqual(img[30, 20].r, 255); XCTAssertEqual(img[30, 20].g, 59); XCTAssertEqual(img[30, 20].b, 48)
    }
}
