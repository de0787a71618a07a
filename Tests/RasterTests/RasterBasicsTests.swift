import DisplayList
import Foundation
import Geometry
import XCTest
@testable import Raster

final class RasterBasicsTests: XCTestCase {
    let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1), green = Color(r: 0, g: 1, b: 0)

    func testRectAtIntegerEdgesCoversExactlyItsPixels() {
        // 10 × 8 pt at scale 1, and 10 × 7.5 pt at scale 2 (20 × 15 px): both on whole pixels.
        for (scale, h) in [(1.0, 8.0), (2.0, 7.5)] {
            let img = Support.render([Support.fill(.rect(Rect(x: 5, y: 5, width: 10, height: h)))],
                                     width: 40, height: 40, scale: scale)
            let a = img.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
            let n = Int(10 * scale) * Int(h * scale)
            XCTAssertEqual(a.filter { $0 == 255 }.count, n, "scale \(scale)")
            XCTAssertEqual(a.filter { $0 != 0 && $0 != 255 }.count, 0, "scale \(scale)")
        }
    }

    /// Coordinates past Int's range on either side give a rectangle cut at ±10⁸ px (or an empty one), never a trap: a
    /// shadow moved by 10⁶¹ pt reached `PixelRect(covering:)` (fuzz-pipeline).
    func testPixelRectCoveringAbsurdCoordinates() {
        XCTAssertTrue(PixelRect(covering: Rect(x: 1e61, y: 0, width: 10, height: 10)).isEmpty)
        XCTAssertTrue(PixelRect(covering: Rect(x: -1e61, y: 0, width: 10, height: 10)).isEmpty)
        let wide = PixelRect(covering: Rect(x: -1e61, y: 2.5, width: 2e61, height: 3))
        XCTAssertEqual(wide, PixelRect(x: -100_000_000, y: 2, width: 200_000_000, height: 4))
        XCTAssertEqual(PixelRect(covering: Rect(x: 1.25, y: -2.5, width: 3, height: 1)), PixelRect(x: 1, y: -3, width: 4, height: 2))
    }

    func testRectAtHalfPixelEdgesIsAreaWeighted() {
        let img = Support.render([Support.fill(.rect(Rect(x: 10.5, y: 10.5, width: 20, height: 15)))], width: 40, height: 40)
        XCTAssertEqual(Support.alpha(img).reduce(0, +), 300, accuracy: 0.5)   // total coverage = area
        XCTAssertEqual(Double(img[10, 20].a), 127.5, accuracy: 1)   // half-covered edge pixel
        XCTAssertEqual(Double(img[10, 10].a), 63.75, accuracy: 1)   // quarter-covered corner
        XCTAssertEqual(img[20, 20].a, 255)
    }

    func testStraightAlphaConversion() {
        let img = Support.render([Support.fill(.rect(Rect(x: 0, y: 0, width: 4, height: 4)), .color(Color(r: 1, g: 0.5, b: 0, a: 0.5)))],
                                 width: 4, height: 4)
        let p = img[1, 1]
        XCTAssertEqual(p.r, 255); XCTAssertEqual(Int(p.g), 128, accuracy: 1); XCTAssertEqual(p.b, 0)
        XCTAssertEqual(Int(p.a), 128, accuracy: 1)
    }

    func testLinearAndRadialGradientEnds() {
        let r = Rect(x: 0, y: 0, width: 100, height: 10)
        let stops = [GradientStop(color: red, location: 0), GradientStop(color: blue, location: 1)]
        let lin = Support.render([Support.fill(.rect(r), .linear(stops: stops, start: .leading, end: .trailing), bounds: r)],
                                 width: 100, height: 10)
        XCTAssertGreaterThanOrEqual(lin[0, 5].r, 252); XCTAssertLessThanOrEqual(lin[0, 5].b, 3)
        XCTAssertLessThanOrEqual(lin[99, 5].r, 3); XCTAssertGreaterThanOrEqual(lin[99, 5].b, 252)
        XCTAssertEqual(Int(lin[50, 5].r), 126, accuracy: 2)   // t = 50.5/100

        let sq = Rect(x: 0, y: 0, width: 100, height: 100)
        let rad = Support.render([Support.fill(.rect(sq), .radial(stops: stops, center: .center, startRadius: 0, endRadius: 40), bounds: sq)],
                                 width: 100, height: 100)
        XCTAssertGreaterThanOrEqual(rad[50, 50].r, 250)
        XCTAssertEqual(rad[2, 2].b, 255); XCTAssertEqual(rad[2, 2].r, 0)   // beyond endRadius: the end colour
        XCTAssertEqual(Int(rad[70, 50].r), 128, accuracy: 4)              // r ≈ 20.5 of 40
    }

    func testAngularGradientStartsTrailingAndTurnsClockwise() {
        let sq = Rect(x: 0, y: 0, width: 100, height: 100)
        let stops = [GradientStop(color: red, location: 0), GradientStop(color: blue, location: 0.5),
                     GradientStop(color: green, location: 1)]
        let img = Support.render([Support.fill(.rect(sq), .angular(stops: stops, center: .center, startAngle: 0, endAngle: 360), bounds: sq)],
                                 width: 100, height: 100)
        // Pixel centres: (90.5, 50.5) is just below the +x axis (angle ≈ +0.7°): red.
        XCTAssertGreaterThanOrEqual(img[90, 50].r, 250)
        // Straight down (90°, a quarter turn clockwise): half-way red → blue.
        XCTAssertEqual(Int(img[50, 90].r), 128, accuracy: 4); XCTAssertEqual(Int(img[50, 90].b), 127, accuracy: 4)
        // Left (180°): blue. Just above the +x axis (≈ 359°): green.
        XCTAssertGreaterThanOrEqual(img[10, 50].b, 250)
        XCTAssertGreaterThanOrEqual(img[90, 49].g, 245)
    }

    /// AngularGradient(gradient:center:angle: 90°) is the sweep from 90° to 450°: red straight down, half-way (blue) up.
    /// A quarter turn (0°…90°) fills the other three quarters with the end colour until half-way across them
    /// (225°), then the start colour.
    func testAngularGradientAnglesTurnTheSweepAndFillAShortOnesGap() {
        let sq = Rect(x: 0, y: 0, width: 100, height: 100)
        let stops = [GradientStop(color: red, location: 0), GradientStop(color: blue, location: 0.5),
                     GradientStop(color: green, location: 1)]
        func draw(_ a0: Double, _ a1: Double) -> RGBAImage {
            Support.render([Support.fill(.rect(sq), .angular(stops: stops, center: .center, startAngle: a0, endAngle: a1), bounds: sq)],
                           width: 100, height: 100)
        }
        let turned = draw(90, 450)
        XCTAssertGreaterThanOrEqual(turned[48, 90].r, 245)   // just past 90° (x left of centre): the start, red
        XCTAssertGreaterThanOrEqual(turned[50, 10].b, 245)   // 270°: half-way, blue
        XCTAssertGreaterThanOrEqual(turned[51, 90].g, 245)   // just before 90° (a whole turn on): green
        let quarter = draw(0, 90)
        XCTAssertEqual(Int(quarter[85, 85].b), 255, accuracy: 4)   // 45°: half-way, blue
        XCTAssertGreaterThanOrEqual(quarter[10, 40].g, 245)        // ≈ 195°, in the gap before 225°: the end colour
        XCTAssertGreaterThanOrEqual(quarter[40, 10].r, 245)        // ≈ 255°, past half the gap: the start colour
    }

    /// A 10-point line's ends and corners by hand: a butt end stops at the end point, a round one is a disc of radius 5
    /// around it, a square one reaches 5 beyond; at a right-angle corner (60, 60) the miter fills the outer square to
    /// (65, 55), a round join only the disc, a bevel cuts along x − y = 5.
    func testLineCapsAndJoins() {
        func draw(_ cap: LineCap, _ join: LineJoin) -> RGBAImage {
            var p = Path()
            p.move(to: Point(20, 20)); p.line(to: Point(80, 20))
            p.move(to: Point(20, 60)); p.line(to: Point(60, 60)); p.line(to: Point(60, 100))
            return Support.render([.stroke(StrokeCommand(path: p, paint: .color(.black), paintBounds: Rect(x: 0, y: 0, width: 100, height: 110),
                                                         lineWidth: 10, transform: .identity, lineCap: cap, lineJoin: join))],
                                  width: 100, height: 110)
        }
        let butt = draw(.butt, .miter), round = draw(.round, .round), square = draw(.square, .bevel)
        XCTAssertEqual(butt[16, 20].a, 0)
        XCTAssertEqual(round[16, 20].a, 255)     // (16.5, 20.5) is 3.5 from the end point
        XCTAssertEqual(round[12, 20].a, 0)       // 7.5 from it
        XCTAssertEqual(square[15, 20].a, 255)
        XCTAssertEqual(square[14, 20].a, 0)
        XCTAssertEqual(butt[64, 55].a, 255)      // inside the miter's square corner
        XCTAssertEqual(round[64, 55].a, 0)
        XCTAssertEqual(square[64, 55].a, 0)
        XCTAssertEqual(round[62, 56].a, 255)     // (62.5, 56.5) is 4.3 from the corner point
        XCTAssertEqual(square[62, 56].a, 0)      // beyond the bevel: 62.5 − 56.5 = 6 > 5
    }

    func testMaskMultipliesAlpha() {
        let content = Support.fill(.rect(Rect(x: 0, y: 0, width: 40, height: 40)), .color(red))
        let mask = DisplayList([Support.fill(.rect(Rect(x: 0, y: 0, width: 20, height: 40))),
                                Support.fill(.rect(Rect(x: 20, y: 0, width: 10, height: 40)), .color(Color.black.withAlphaMultiplied(by: 0.5)))])
        let img = Support.render([.beginLayer(Layer(mask: mask)), content, .endLayer], width: 40, height: 40)
        XCTAssertEqual(img[10, 10].a, 255); XCTAssertEqual(img[10, 10].r, 255)
        XCTAssertEqual(Int(img[25, 10].a), 128, accuracy: 1)
        XCTAssertEqual(img[35, 10].a, 0)
    }

    func testClipKeepsOnlyThePathWithAntialiasedArea() {
        let content = Support.fill(.rect(Rect(x: 0, y: 0, width: 60, height: 60)))
        let clip = Path.ellipse(in: Rect(x: 10, y: 10, width: 40, height: 40))
        let img = Support.render([.beginLayer(Layer(clip: clip)), content, .endLayer], width: 60, height: 60)
        XCTAssertEqual(img[30, 30].a, 255); XCTAssertEqual(img[12, 12].a, 0); XCTAssertEqual(img[5, 30].a, 0)
        XCTAssertEqual(Support.alpha(img).reduce(0, +), Double.pi * 400, accuracy: 2)
    }

    func testOpacityAppliesToTheGroupNotEachChild() {
        let a = Support.fill(.rect(Rect(x: 0, y: 0, width: 30, height: 20)), .color(red))
        let b = Support.fill(.rect(Rect(x: 10, y: 0, width: 30, height: 20)), .color(red))
        let img = Support.render([.beginLayer(Layer(opacity: 0.5)), a, b, .endLayer], width: 40, height: 20)
        XCTAssertEqual(Int(img[5, 10].a), 128, accuracy: 1)
        XCTAssertEqual(img[20, 10].a, img[5, 10].a)   // the overlap does not double (would be 191)
        XCTAssertEqual(img[20, 10].r, 255)
    }

    func testImageStretchedIntoRect() {
        let src = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        let img = Support.render([.image(ImageCommand(image: src, rect: Rect(x: 0, y: 0, width: 40, height: 10), transform: .identity))],
                                 width: 40, height: 10)
        XCTAssertEqual(img[1, 5].r, 255); XCTAssertEqual(img[38, 5].b, 255)
        XCTAssertEqual(Int(img[20, 5].r), 128, accuracy: 10)   // bilinear between the two pixels
        XCTAssertEqual(img[0, 0].a, 255); XCTAssertEqual(img[39, 9].a, 255)   // edges stay sharp
    }

    func testSameListGivesIdenticalBytesOnAnyThread() throws {
        let stops = [GradientStop(color: red, location: 0), GradientStop(color: blue, location: 1)]
        let list = DisplayList([
            .beginLayer(Layer(shadows: [Shadow(color: .black, radius: 9, offset: Point(1.3, 2.7))], blur: 1.5, opacity: 0.8)),
            Support.fill(.roundedRect(Rect(x: 20, y: 20, width: 80, height: 40), cornerRadius: 10, continuous: true),
                         .angular(stops: stops, center: .center, startAngle: 0, endAngle: 360)),
            .text(TextCommand(text: "Hello 123", style: TextStyle(size: 15, weight: 700), origin: Point(25, 30), paint: .color(.white),
                              paintBounds: .zero, transform: .identity)),
            .endLayer,
        ])
        let first = try CairoRasterizer(width: 240, height: 160, scale: 2).render(list)
        let reused = try CairoRasterizer(width: 240, height: 160, scale: 2)
        _ = reused.render(DisplayList([Support.fill(.rect(Rect(x: 0, y: 0, width: 50, height: 50)))]))
        XCTAssertEqual(reused.render(list), first)
        XCTAssertEqual(reused.render(list), first)   // second time from the shadow cache
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let img = (try? CairoRasterizer(width: 240, height: 160, scale: 2))?.render(list)
            results.append(img)
        }
        XCTAssertEqual(results.images.count, 4)
        for r in results.images { XCTAssertEqual(r, first) }
    }
}

/// Collects images from several threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var images: [RGBAImage?] = []
    func append(_ i: RGBAImage?) { lock.lock(); images.append(i); lock.unlock() }
}
