import DisplayList
import Geometry
import Frames
import RenderKit
import XCTest

/// A morphing matched pair carries its light across the move (§6): shadow stacks are paired in
/// order, a missing entry counting as the same shadow at zero opacity.
final class MorphLightTests: XCTestCase {
    /// Two views in the same place (centred on the 200×100 canvas, no background): the leaving one
    /// lit by a red and a blue shadow, the entering one by one green shadow cast upwards, out of
    /// reach of the probe below. The change is linear over 1 s from t = 0.5 s, at 20 fps.
    let scene = """
    {"scene": 1, "canvas": {"width": 200, "height": 100}, "duration": 2, "fps": 20, "state": {"moved": false},
     "body": {"type": "zstack", "children": [
       {"type": "rect", "fill": "#FF0000", "frame": {"width": 40, "height": 40}, "if": "!moved",
        "matchedGeometry": {"id": "m", "morph": true},
        "shadows": [{"color": "#FF0000CC", "radius": 10, "x": 4, "y": 0}, {"color": "#0000FF99", "radius": 20, "x": 0, "y": 6}]},
       {"type": "rect", "fill": "#00FF00", "frame": {"width": 60, "height": 30}, "if": "moved",
        "matchedGeometry": {"id": "m", "morph": true},
        "shadows": [{"color": "#00FF0066", "radius": 6, "x": 0, "y": -12}]}]},
     "timeline": [{"at": 0.5, "set": {"moved": true}, "animation": {"linear": 1}}]}
    """

    /// The shadows of the one layer in frame `i` that has any.
    func shadows(_ r: FrameSource, frame i: Int) throws -> [Shadow] {
        let layers = r.displayList(frame: i).commands.compactMap { c -> Layer? in
            if case .beginLayer(let l) = c, !l.shadows.isEmpty { return l }
            return nil
        }
        XCTAssertEqual(layers.count, 1, "frame \(i): one lit view")
        return layers.first?.shadows ?? []
    }

    /// At the midpoint (t = 1 s, frame 20) each pair is half way, worked by hand: red 80 % ⊕ green 40 %
    /// → (½, ½, 0) at 60 %, radius (10 + 6)/2 = 8, offset (2, −6); the blue one, unpaired, at half its
    /// 60 % opacity with its own radius and offset.
    func testShadowStacksBlendAtTheMidpoint() throws {
        let r = try FrameSource(try loadScene(scene), options: FrameOptions())
        let s = try shadows(r, frame: 20)
        XCTAssertEqual(s.count, 2)
        guard s.count == 2 else { return }
        let expected = [(Color(r: 0.5, g: 0.5, b: 0, a: 0.6), 8.0, Point(2, -6)), (Color(r: 0, g: 0, b: 1, a: 0.3), 20.0, Point(0, 6))]
        for (got, (color, radius, offset)) in zip(s, expected) {
            XCTAssertEqual(got.color.r, color.r, accuracy: 1e-9); XCTAssertEqual(got.color.g, color.g, accuracy: 1e-9)
            XCTAssertEqual(got.color.b, color.b, accuracy: 1e-9); XCTAssertEqual(got.color.a, color.a, accuracy: 1e-9)
            XCTAssertEqual(got.radius, radius, accuracy: 1e-9)
            XCTAssertEqual(got.offset.x, offset.x, accuracy: 1e-9); XCTAssertEqual(got.offset.y, offset.y, accuracy: 1e-9)
        }
        // Before the move the leaving view's own stack; after it the entering view's alone.
        XCTAssertEqual(try shadows(r, frame: 9).count, 2)
        XCTAssertEqual(try shadows(r, frame: 35).map(\.radius), [6])
    }

    /// A probe 15 pt below the views, lit only by the leaving view's stack: its alpha fades with the
    /// move, frame by frame (no step above a fifth of its start), and does not drop to nothing while
    /// most of the leaving light is still there (measured: 42 before the move, falling by ≤ 4 a frame).
    func testLightAtAProbeIsContinuousThroughTheMove() throws {
        let r = try FrameSource(try loadScene(scene), options: FrameOptions())
        func alpha(_ i: Int) throws -> Int {
            let img = try r.image(frame: i)
            let k = img.width / 200   // pixels per point
            return Int(img.pixels[4 * (85 * k * img.width + 100 * k) + 3])
        }
        let before = try alpha(9)
        XCTAssertGreaterThan(before, 20, "the probe is lit before the move")   // 42 of 255 when written
        var previous = before
        for i in 10...28 {   // p = 0 … 0.9
            let a = try alpha(i)
            if i <= 24 { XCTAssertGreaterThan(a, 0, "light vanished at frame \(i)") }   // p ≤ 0.7: the fading light still reaches
            XCTAssertLessThanOrEqual(abs(a - previous), before / 5, "light jumped at frame \(i): \(previous) → \(a)")
            previous = a
        }
    }

    /// Gradient fills blend stop by stop (a colour counting as a gradient of that colour) and strokes
    /// blend too: at the midpoint of a linear move, a red fill becoming a white→blue gradient is a
    /// (1, ½, ½)→(½, 0, ½) gradient, and a black stroke becoming no stroke is black at half opacity.
    func testGradientFillsAndStrokesBlend() throws {
        let r = try FrameSource(try loadScene("""
        {"scene": 1, "canvas": {"width": 200, "height": 100}, "duration": 2, "fps": 20, "state": {"moved": false},
         "body": {"type": "zstack", "children": [
           {"type": "rect", "fill": "#FF0000", "stroke": {"paint": "#000000", "width": 2}, "frame": {"width": 40, "height": 40},
            "if": "!moved", "matchedGeometry": {"id": "m", "morph": true}},
           {"type": "rect", "fill": {"linear": {"stops": ["#FFFFFF", "#0000FF"], "start": [0, 0], "end": [1, 1]}},
            "frame": {"width": 40, "height": 40}, "if": "moved", "matchedGeometry": {"id": "m", "morph": true}}]},
         "timeline": [{"at": 0.5, "set": {"moved": true}, "animation": {"linear": 1}}]}
        """), options: FrameOptions())
        let commands = r.displayList(frame: 20).commands
        let fills = commands.compactMap { c -> Paint? in if case .fill(let f) = c { return f.paint }; return nil }
        let strokes = commands.compactMap { c -> Paint? in if case .stroke(let s) = c { return s.paint }; return nil }
        XCTAssertEqual(fills, [.linear(stops: [GradientStop(color: Color(r: 1, g: 0.5, b: 0.5), location: 0),
                                               GradientStop(color: Color(r: 0.5, g: 0, b: 0.5), location: 1)],
                                       start: UnitPoint(0, 0), end: UnitPoint(1, 1))])
        XCTAssertEqual(strokes, [.color(Color(r: 0, g: 0, b: 0, a: 0.5))])
    }

    /// A 40 pt red square of radius 12 becoming a blue one of radius 4, centred on the 200×100 canvas, linear over 1 s
    /// from t = 0.5 s at 20 fps: frame 10 + 20·p is at progress p.
    func cornerMorph() throws -> FrameSource {
        try FrameSource(try loadScene("""
        {"scene": 1, "canvas": {"width": 200, "height": 100}, "duration": 2, "fps": 20, "state": {"moved": false},
         "body": {"type": "zstack", "children": [
           {"type": "roundedRect", "cornerRadius": 12, "fill": "#FF0000", "frame": {"width": 40, "height": 40},
            "if": "!moved", "matchedGeometry": {"id": "m", "morph": true}},
           {"type": "roundedRect", "cornerRadius": 4, "fill": "#0000FF", "frame": {"width": 40, "height": 40},
            "if": "moved", "matchedGeometry": {"id": "m", "morph": true}}]},
         "timeline": [{"at": 0.5, "set": {"moved": true}, "animation": {"linear": 1}}]}
        """), options: FrameOptions())
    }

    /// The fill commands of frame `i`.
    func fills(_ r: FrameSource, frame i: Int) -> [FillCommand] {
        r.displayList(frame: i).commands.compactMap { c -> FillCommand? in
            if case .fill(let f) = c { return f }
            return nil
        }
    }

    /// Corner radius and colour fills blend (a regression guard; this worked before shadows did): at the midpoint the
    /// square is a (½, 0, ½) square of radius 8 in the same place.
    func testCornerRadiusAndFillBlend() throws {
        let fills = fills(try cornerMorph(), frame: 20)
        XCTAssertEqual(fills.map(\.paint), [.color(Color(r: 0.5, g: 0, b: 0.5))])
        XCTAssertEqual(fills.map(\.path), [.roundedRect(Rect(x: 80, y: 30, width: 40, height: 40), cornerRadius: 8, continuous: true)])
    }

    /// Off the midpoint, where blending by p and by 1 − p part: at p = ¼ radius 12 + (4 − 12)·¼ = 10 and colour
    /// (¾, 0, ¼); at p = ¾ radius 6 and colour (¼, 0, ¾).
    func testCornerRadiusAndFillBlendAtAQuarterAndThreeQuarters() throws {
        let r = try cornerMorph()
        for (frame, radius, red) in [(15, 10.0, 0.75), (25, 6.0, 0.25)] {
            let fills = fills(r, frame: frame)
            XCTAssertEqual(fills.map(\.paint), [.color(Color(r: red, g: 0, b: 1 - red))], "frame \(frame)")
            XCTAssertEqual(fills.map(\.path), [.roundedRect(Rect(x: 80, y: 30, width: 40, height: 40), cornerRadius: radius,
                                                             continuous: true)], "frame \(frame): radius \(radius) expected")
        }
    }
}
