import CCairo
import XCTest
@testable import Raster

/// `ShadowPaint.paint` paints a colour through a mask in bands straight with pixman; it must give the bytes Cairo gives
/// for the same mask as one A8 surface through `cairo_mask_surface` (what shadows were painted with before), on
/// backgrounds of every kind, for colours opaque and not, masks of every value, and a target that is a piece of the
/// canvas (its own origin) with the mask partly outside it.
final class ShadowPaintTests: XCTestCase {
    /// A deterministic pseudo-random byte sequence.
    struct Bytes {
        var state: UInt64
        mutating func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// An ARGB32 surface over `region` filled with valid premultiplied pixels (colour ≤ alpha), some transparent, some opaque.
    func background(_ region: PixelRect, seed: UInt64) -> PixelSurface {
        let s = PixelSurface(region: region)!
        var g = Bytes(state: seed)
        let d = s.data
        for y in 0..<region.height {
            let row = UnsafeMutableRawPointer(d + y * s.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<region.width {
                let kind = g.next() % 4
                let a: UInt32 = kind == 0 ? 0 : kind == 1 ? 255 : UInt32(g.next())
                func c() -> UInt32 { a == 0 ? 0 : UInt32(g.next()) % (a + 1) }
                row[x] = a << 24 | c() << 16 | c() << 8 | c()
            }
        }
        s.markDirty()
        return s
    }

    func bytes(_ s: PixelSurface) -> [UInt8] {
        let d = s.data
        return (0..<s.region.height).flatMap { y in Array(UnsafeBufferPointer(start: d + y * s.stride, count: s.region.width * 4)) }
    }

    func testPaintGivesCairosBytes() {
        let target = PixelRect(x: 40, y: 30, width: 75, height: 41)
        // A mask sticking out of the target on the left and bottom, every byte value present.
        let maskRegion = PixelRect(x: 20, y: 45, width: 90, height: 50)
        let a8 = PixelSurface(region: maskRegion, format: CAIRO_FORMAT_A8)!
        var g = Bytes(state: 7)
        for y in 0..<maskRegion.height {
            for x in 0..<maskRegion.width { a8.data[y * a8.stride + x] = (x + y) % 5 == 0 ? UInt8((x * 7 + y) % 256) : g.next() }
        }
        a8.markDirty()
        let colours: [(Double, Double, Double, Double)] = [(0.54, 0.49, 1, 0.3), (1, 0, 0, 1), (0.2, 0.7, 0.1, 0.5), (0, 0, 0, 0.07), (1, 1, 1, 0.999)]
        for (n, (r, gr, b, a)) in colours.enumerated() {
            let expected = background(target, seed: UInt64(n + 1)), actual = background(target, seed: UInt64(n + 1))
            let cr = expected.makeContext()
            cairo_set_source_rgba(cr, r, gr, b, a)
            cairo_mask_surface(cr, a8.surface, 0, 0)
            cairo_destroy(cr)
            ShadowPaint.surface(a8).paint(SolidColour(r: r, g: gr, b: b, a: a), onto: actual, within: target)
            XCTAssertEqual(bytes(actual), bytes(expected), "colour \(n)")
            // And the bytes changed where the mask covers the target: the test sees a paint that does nothing.
            XCTAssertNotEqual(bytes(actual), bytes(background(target, seed: UInt64(n + 1))), "colour \(n)")
        }
    }

    func testPaintOntoAnA8SurfaceIsCairos() {
        // A target that is not ARGB32 goes through Cairo with the mask written out: the same bytes as before.
        let region = PixelRect(x: 0, y: 0, width: 33, height: 9)
        let a8 = PixelSurface(region: region, format: CAIRO_FORMAT_A8)!
        for y in 0..<9 { for x in 0..<33 { a8.data[y * a8.stride + x] = UInt8((x * 8 + y * 3) % 256) } }
        a8.markDirty()
        let expected = PixelSurface(region: region, format: CAIRO_FORMAT_A8)!, actual = PixelSurface(region: region, format: CAIRO_FORMAT_A8)!
        let cr = expected.makeContext()
        cairo_set_source_rgba(cr, 1, 0, 0, 0.5)
        cairo_mask_surface(cr, a8.surface, 0, 0)
        cairo_destroy(cr)
        ShadowPaint.surface(a8).paint(SolidColour(r: 1, g: 0, b: 0, a: 0.5), onto: actual, within: region)
        let e = (0..<9).flatMap { y in Array(UnsafeBufferPointer(start: expected.data + y * expected.stride, count: 33)) }
        XCTAssertEqual((0..<9).flatMap { y in Array(UnsafeBufferPointer(start: actual.data + y * actual.stride, count: 33)) }, e)
        XCTAssertNotEqual(e, [UInt8](repeating: 0, count: e.count))
    }

    func testBlurredPaintIsTheBlurThroughCairo() {
        // A blurred mask read back row by row as it is painted equals the blur written out and painted by Cairo.
        let content = PixelSurface(region: PixelRect(x: 0, y: 0, width: 60, height: 20))!
        let c = content.makeContext()
        cairo_set_source_rgba(c, 1, 1, 1, 1)
        cairo_rectangle(c, 5, 4, 47.5, 11)
        cairo_fill(c)
        cairo_destroy(c)
        let alpha = CairoRasterizer.alphaChannel(of: content, within: content.region)
        for sigma in [0.8, 6.0, 19.0, 61.0] {
            let out = PixelRect(x: -30, y: -40, width: 130, height: 100)
            let cells = GaussianBlur.BlurredCells(alpha, sigma: sigma, shiftX: 1.5, shiftY: -2.25)
            let a8 = PixelSurface(region: out, format: CAIRO_FORMAT_A8)!
            GaussianBlur.blur(alpha, sigma: sigma, shiftX: 1.5, shiftY: -2.25,
                              into: .init(base: a8.data, step: 1, rowStride: a8.stride, region: out))
            a8.markDirty()
            let target = PixelRect(x: -10, y: -20, width: 100, height: 70)
            let expected = background(target, seed: 11), actual = background(target, seed: 11)
            let cr = expected.makeContext()
            cairo_set_source_rgba(cr, 0.54, 0.49, 1, 0.6)
            cairo_mask_surface(cr, a8.surface, 0, 0)
            cairo_destroy(cr)
            ShadowPaint.blurred(cells, out: out).paint(SolidColour(r: 0.54, g: 0.49, b: 1, a: 0.6), onto: actual, within: target)
            XCTAssertEqual(bytes(actual), bytes(expected), "σ \(sigma)")
            // The A8 surface made from the cells is the blur too.
            let made = ShadowPaint.blurred(cells, out: out).surface()!
            XCTAssertEqual((0..<out.height).flatMap { y in Array(UnsafeBufferPointer(start: made.data + y * made.stride, count: out.width)) },
                           (0..<out.height).flatMap { y in Array(UnsafeBufferPointer(start: a8.data + y * a8.stride, count: out.width)) },
                           "σ \(sigma)")
        }
    }
}

