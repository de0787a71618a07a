import DisplayList
import Geometry
import SceneModel
import XCTest
@testable import Layout

final class DisplayListTests: XCTestCase {
    func commands(_ root: ResolvedView, _ w: Double, _ h: Double, scale: Double = 1) -> [DisplayCommand] {
        lay(root, w, h, scale: scale).displayList().commands
    }

    func testOffsetScaleRotationAboutAnchorMoveTheCorners() {
        var m = ResolvedModifiers(frame: FrameSpec(width: 40, height: 20))
        m.offset = Point(5, -5); m.scale = Point(2, 1); m.rotation = 90; m.anchor = .topLeading
        let cmds = commands(view("r", .shape(.rect, ShapeStyle()), [], m), 100, 100)
        guard cmds.count == 1, case .fill(let f) = cmds[0] else { return XCTFail(dump(DisplayList(cmds))) }
        // Frame [30, 40, 40×20]; anchor A = (30, 40). A point p goes to A + R90(S(p + offset − A)),
        // with S = (2, 1) and R90 (clockwise on screen) taking (x, y) to (−y, x).
        // Top-left (30, 40): +offset (35, 35), −A (5, −5), S (10, −5), R (5, 10), +A (35, 50).
        assertClose(f.transform.apply(Point(30, 40)), Point(35, 50))
        // Top-right (70, 40): (75, 35) → (45, −5) → (90, −5) → (5, 90) → (35, 130).
        assertClose(f.transform.apply(Point(70, 40)), Point(35, 130))
        // Bottom-left (30, 60): (35, 55) → (5, 15) → (10, 15) → (−15, 10) → (15, 50).
        assertClose(f.transform.apply(Point(30, 60)), Point(15, 50))
        // Layout is untouched: the path is still the frame.
        XCTAssertEqual(f.path.controlBounds, Rect(x: 30, y: 40, width: 40, height: 20))
    }

    func testChildTransformComposesWithItsParent() {
        var child = ResolvedModifiers(frame: FrameSpec(width: 20, height: 20))
        child.scale = Point(2, 2)
        var parent = ResolvedModifiers()
        parent.offset = Point(10, 0)
        let root = view("z", .zstack(alignment: .center), [view("r", .shape(.rect, ShapeStyle()), [], child)], parent)
        let cmds = commands(root, 100, 100)
        guard cmds.count == 1, case .fill(let f) = cmds[0] else { return XCTFail(dump(DisplayList(cmds))) }
        // Child frame [40, 40, 20×20], scaled ×2 about its centre (50, 50), then the parent's offset +10 in x:
        // (40, 40) → (30, 30) → (40, 30); (60, 60) → (70, 70) → (80, 70).
        assertClose(f.transform.apply(Point(40, 40)), Point(40, 30))
        assertClose(f.transform.apply(Point(60, 60)), Point(80, 70))
    }

    func testEffectsMakeOneLayerWithTheGivenFields() {
        var m = ResolvedModifiers(frame: FrameSpec(width: 40, height: 20), clip: .shape,
                                  shadows: [ShadowSpec(color: .black, radius: 4, x: 1, y: 2),
                                            ShadowSpec(color: .white, radius: 8)],
                                  blur: 3, opacity: 0.5)
        m.offset = Point(7, 0)
        let cmds = commands(view("r", .shape(.roundedRect(cornerRadius: 6, style: .circular), ShapeStyle()), [], m), 100, 100)
        XCTAssertEqual(cmds.count, 3, dump(DisplayList(cmds)))
        guard case .beginLayer(let layer) = cmds.first, case .fill = cmds[1], case .endLayer = cmds.last else {
            return XCTFail(dump(DisplayList(cmds)))
        }
        // Frame [30, 40, 40×20]; the clip is the view's own rounded rectangle there.
        XCTAssertEqual(layer.clip, Path.roundedRect(Rect(x: 30, y: 40, width: 40, height: 20), cornerRadius: 6, continuous: false))
        XCTAssertEqual(layer.shadows, [Shadow(color: .black, radius: 4, offset: Point(1, 2)), Shadow(color: .white, radius: 8)])
        XCTAssertEqual(layer.blur, 3)
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertNil(layer.mask)
        // The offset moves the layer too (its shadows move with the view).
        XCTAssertEqual(layer.transform, .translation(7, 0))
    }

    func testFullyTransparentViewIsLeftOut() {
        let m = ResolvedModifiers(opacity: 0)
        let root = view("z", .zstack(alignment: .center), [view("hidden", .shape(.rect, ShapeStyle()), [], m), box("shown", 10, 10)])
        let cmds = commands(root, 100, 100)
        // Only "shown": a 10 × 10 rectangle centred at (45, 45).
        XCTAssertEqual(cmds.count, 1)
        guard case .fill(let f) = cmds.first else { return XCTFail() }
        XCTAssertEqual(f.path.controlBounds, Rect(x: 45, y: 45, width: 10, height: 10))
    }

    func testPainterOrderBackgroundContentChildrenOverlay() {
        let fillRed = ShapeStyle(fill: .color(Color(hex: 0xFF0000)), stroke: .color(.black), strokeWidth: 2)
        let m = ResolvedModifiers(frame: FrameSpec(width: 50, height: 50),
                                  background: Box(view("bg", .paint(.color(.black)))),
                                  overlay: Box(text("o", "hi", size: 10)))
        let root = view("r", .shape(.rect, fillRed), [], m)
        let cmds = commands(root, 50, 50)
        // background fill, own fill, own stroke, overlay text.
        XCTAssertEqual(cmds.count, 4, dump(DisplayList(cmds)))
        guard case .fill(let bg) = cmds[0], case .fill(let own) = cmds[1], case .stroke(let stroke) = cmds[2],
              case .text(let t) = cmds[3] else { return XCTFail(dump(DisplayList(cmds))) }
        XCTAssertEqual(bg.paint, .color(.black))
        XCTAssertEqual(own.paint, .color(Color(hex: 0xFF0000)))
        XCTAssertEqual(stroke.lineWidth, 2)
        // Text "hi" at 10 pt is 10 × 12, centred in [0, 0, 50×50]: origin (20, 19).
        XCTAssertEqual(t.origin, Point(20, 19))
        XCTAssertEqual(t.paintBounds, Rect(x: 20, y: 19, width: 10, height: 12))

        // A stack's children come between its background and its overlay.
        let stack = view("z", .zstack(alignment: .center), [box("c", 10, 10)],
                         ResolvedModifiers(background: Box(view("bg", .paint(.color(.white)))),
                                           overlay: Box(view("ov", .paint(.color(.black))))))
        let sc = commands(stack, 10, 10)
        guard sc.count == 3, case .fill(let a) = sc[0], case .fill(let b) = sc[1], case .fill(let c) = sc[2] else {
            return XCTFail(dump(DisplayList(sc)))
        }
        XCTAssertEqual([a.paint, b.paint, c.paint], [.color(.white), .color(.white), .color(.black)])
        XCTAssertEqual(b.paintBounds, Rect(x: 0, y: 0, width: 10, height: 10))
    }

    func testMaskIsLaidOutInTheFrameAndCarriedByTheLayer() {
        let m = ResolvedModifiers(mask: Box(text("mask", "ab", size: 10)))
        let cmds = commands(view("r", .shape(.rect, ShapeStyle()), [], m), 40, 20)
        guard cmds.count == 3, case .beginLayer(let layer) = cmds[0], let mask = layer.mask,
              case .text(let t)? = mask.commands.first else { return XCTFail(dump(DisplayList(cmds))) }
        // The 10 × 12 text centred in the 40 × 20 frame: (15, 4).
        XCTAssertEqual(t.origin, Point(15, 4))
    }

    func testCircleIsCentredAtTheShorterSide() {
        let cmds = commands(view("c", .shape(.circle, ShapeStyle())), 100, 40)
        guard case .fill(let f)? = cmds.first else { return XCTFail() }
        // The circle takes 100 × 40 but draws a 40-point circle in the middle: x from (100 − 40)/2 = 30.
        XCTAssertEqual(f.path.controlBounds, Rect(x: 30, y: 0, width: 40, height: 40))
        XCTAssertEqual(f.paintBounds, Rect(x: 0, y: 0, width: 100, height: 40))
    }

    func testClippedFillImageClipsToItsFrame() {
        let m = ResolvedModifiers(frame: FrameSpec(width: 100, height: 100), clip: .frame)
        let root = view("i", .image(RGBAImage(width: 40, height: 20), contentMode: .fill, resizable: true, src: "p", scale: nil), [], m)
        let cmds = commands(root, 100, 100, scale: 2)
        guard cmds.count == 3, case .beginLayer(let l) = cmds[0], case .image(let img) = cmds[1] else {
            return XCTFail(dump(DisplayList(cmds)))
        }
        // 2:1 image filling 100 × 100 is 200 × 100 at x = −50; the clip is the frame.
        XCTAssertEqual(img.rect, Rect(x: -50, y: 0, width: 200, height: 100))
        XCTAssertEqual(l.clip, Path.rect(Rect(x: 0, y: 0, width: 100, height: 100)))
    }

    func testTextStyleFromSpec() {
        let s = TextStyle(TextStyleSpec(size: 13, weight: 700, design: "monospaced", monospacedDigit: true, kerning: 20))
        XCTAssertEqual(s, TextStyle(size: 13, weight: 700, design: .monospaced, monospacedDigit: true, kerning: 20))
        XCTAssertEqual(TextStyle(TextStyleSpec(design: "comic")).design, .default)
    }

    func testDumpIndentsLayers() {
        let inner = DisplayCommand.fill(FillCommand(path: .rect(Rect(x: 0, y: 0, width: 10, height: 5)), paint: .color(.white),
                                                    paintBounds: Rect(x: 0, y: 0, width: 10, height: 5), transform: .identity))
        let list = DisplayList([.beginLayer(Layer(transform: .translation(2, 3), opacity: 0.5)), inner, .endLayer])
        XCTAssertEqual(dump(list), """
            layer opacity 0.5 transform translate(2, 3)
              fill rect [0, 0, 10×5] paint #FFFFFF bounds [0, 0, 10×5]
            end
            """)
    }
}
