import DisplayList
import Geometry
import XCTest
@testable import Raster

/// The shadow/blur counter the pipeline reports as its `blur` stage: it must count exactly the
/// frames that have effects, and counting must not change a single pixel.
final class EffectTimingTests: XCTestCase {
    let bar = Path.roundedRect(Rect(x: 10, y: 20, width: 40, height: 8), cornerRadius: 4, continuous: false)

    func shadowed(_ radius: Double) -> DisplayList {
        DisplayList([
            .beginLayer(Layer(shadows: [Shadow(color: Color(hex: 0x8A7CFF), radius: radius)])),
            Support.fill(bar, .color(Color(hex: 0x8A7CFF))),
            .endLayer,
        ])
    }

    func testCounterAdvancesOnlyForShadowsAndBlur() throws {
        let r = try CairoRasterizer(width: 64, height: 48, scale: 1, background: .black)
        _ = r.render(DisplayList([Support.fill(bar)]))
        XCTAssertEqual(r.effectNanoseconds, 0, "a frame without shadows or blur spends nothing on them")
        _ = r.render(shadowed(3))
        let afterShadow = r.effectNanoseconds
        XCTAssertGreaterThan(afterShadow, 0)
        _ = r.render(DisplayList([.beginLayer(Layer(blur: 2)), Support.fill(bar), .endLayer]))
        XCTAssertGreaterThan(r.effectNanoseconds, afterShadow, "a layer blur is counted too")
        _ = r.render(DisplayList([Support.fill(bar)]))
        _ = r.render(DisplayList([.beginLayer(Layer(opacity: 0.5)), Support.fill(bar), .endLayer]))
        let plain = r.effectNanoseconds
        _ = r.render(DisplayList([Support.fill(bar)]))
        XCTAssertEqual(r.effectNanoseconds, plain, "layers without shadow or blur are not counted")
    }

    func testTimingDoesNotChangePixels() throws {
        // A fresh rasterizer (counter at 0) and one that has already counted many frames draw the same bytes.
        let fresh = try CairoRasterizer(width: 64, height: 48, scale: 1, background: .black)
        let used = try CairoRasterizer(width: 64, height: 48, scale: 1, background: .black)
        for s in [1.0, 2, 5, 9] { _ = used.render(shadowed(s)) }
        XCTAssertEqual(fresh.render(shadowed(4)).pixels, used.render(shadowed(4)).pixels)
    }
}
