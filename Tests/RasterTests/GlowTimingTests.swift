import DisplayList
import Foundation
import Geometry
import XCTest
@testable import Raster

/// Prints the CPU time of the reference glow (never asserts on it: timings depend on the machine).
final class GlowTimingTests: XCTestCase {
    /// This thread's CPU time in seconds (wall time is meaningless on a shared machine).
    func cpu() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    func testFourShadowGlowTiming() throws {
        let accent = Color(hex: 0x8A7CFF)
        let bar = Path.roundedRect(Rect(x: 45, y: 400, width: 300, height: 24), cornerRadius: 12, continuous: true)
        func frame(_ w: Double) -> DisplayList {
            let bar = Path.roundedRect(Rect(x: 45, y: 400, width: w, height: 24), cornerRadius: 12, continuous: true)
            return DisplayList([
                .beginLayer(Layer(shadows: [
                    Shadow(color: accent.withAlphaMultiplied(by: 0.3), radius: 80),
                    Shadow(color: accent.withAlphaMultiplied(by: 0.5), radius: 60),
                    Shadow(color: accent.withAlphaMultiplied(by: 0.6), radius: 20),
                    Shadow(color: accent.withAlphaMultiplied(by: 0.7), radius: 8),
                ])),
                .fill(FillCommand(path: bar, paint: .color(accent), paintBounds: bar.controlBounds, transform: .identity)),
                .endLayer,
            ])
        }
        _ = bar
        let r = try CairoRasterizer(width: 1170, height: 2532, scale: 3, background: .black)
        _ = r.render(frame(300))
        let n = 10
        let t0 = cpu()
        var img = RGBAImage(width: 0, height: 0)
        for i in 0..<n { img = r.render(frame(100 + Double(i) * 20)) }
        let ms = (cpu() - t0) * 1000 / Double(n)
        let t1 = cpu()
        for _ in 0..<n { _ = r.render(DisplayList()) }
        let emptyMs = (cpu() - t1) * 1000 / Double(n)
        let t2 = cpu()
        for _ in 0..<n { _ = r.render(frame(300)) }
        let staticMs = (cpu() - t2) * 1000 / Double(n)
        print("repeated glow frame: \(String(format: "%.1f", staticMs)) ms")
        print("glow frame: \(String(format: "%.1f", ms)) ms (empty frame incl. RGBA conversion \(String(format: "%.1f", emptyMs)) ms)")
        Support.save(img, "glow")
        XCTAssertGreaterThan(img[45 * 3 + 10, 412 * 3].r, 100)
    }
}
