import DisplayList
import Geometry
import XCTest
@testable import Raster

/// Shadows and blur against an exact 2-D Gaussian convolution of the same rendered shape,
/// computed in the test (mean ≤ 1/255 and max ≤ 4/255 over pixels within 3σ of the shape). A shadow
/// of radius r has σ = 0.95·r (the contract's figure, `Support.specSigmaPerRadius`); a blur has σ = r.
final class BlurAccuracyTests: XCTestCase {
    struct Case { var name: String; var shape: DisplayCommand; var box: Rect }

    /// Shapes in canvas pixels (scale 1), centred in a canvas of `size`.
    func shapes(size: Int) -> [Case] {
        let c = Double(size) / 2
        let rect = Rect(x: c - 20.5, y: c - 15, width: 41, height: 30.5)
        let rounded = Rect(x: c - 30, y: c - 20, width: 60, height: 40)
        let ring = Rect(x: c - 25, y: c - 25, width: 50, height: 50)
        return [
            Case(name: "rect", shape: Support.fill(.rect(rect), .color(.white)), box: rect),
            Case(name: "rounded", shape: Support.fill(.roundedRect(rounded, cornerRadius: 12, continuous: true), .color(.white)),
                 box: rounded),
            Case(name: "stroke", shape: .stroke(StrokeCommand(path: .ellipse(in: ring), paint: .color(.white), paintBounds: ring,
                                                              lineWidth: 1, transform: .identity)), box: ring),
        ]
    }

    /// Mean and max absolute error in 1/255 units over the box expanded by 3σ.
    func errors(_ got: [Double], _ want: [Double], size: Int, box: Rect, sigma: Double) -> (mean: Double, max: Double) {
        let r = PixelRect(covering: box.insetBy(dx: -3 * sigma, dy: -3 * sigma)).intersection(PixelRect(x: 0, y: 0, width: size, height: size))
        var sum = 0.0, mx = 0.0, n = 0.0
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let d = abs(got[y * size + x] - want[y * size + x]) * 255
                sum += d; mx = max(mx, d); n += 1
            }
        }
        return (sum / n, mx)
    }

    func testShadowsMatchAnExactGaussian() {
        for sigma in [2.0, 8.0, 30.0] {
            let size = Int(60 + 8 * sigma)
            for c in shapes(size: size) {
                // Content alone, then content over its shadow (black, moved by a sub-pixel offset).
                let a = Support.alpha(Support.render([c.shape], width: size, height: size))
                let (dx, dy) = (3.25, -1.5)
                let radius = sigma / Support.specSigmaPerRadius
                let shadowed = Support.render([.beginLayer(Layer(shadows: [Shadow(color: .black, radius: radius, offset: Point(dx, dy))])),
                                               c.shape, .endLayer], width: size, height: size)
                let s = Support.gaussian(a, width: size, height: size, sigma: sigma, shiftX: dx, shiftY: dy)
                let want = zip(a, s).map { $0 + (1 - $0) * $1 }
                let e = errors(Support.alpha(shadowed), want, size: size, box: c.box.offsetBy(dx: dx, dy: dy), sigma: sigma)
                XCTAssertLessThanOrEqual(e.mean, 1, "\(c.name) σ \(sigma): mean \(e.mean)/255")
                XCTAssertLessThanOrEqual(e.max, 4, "\(c.name) σ \(sigma): max \(e.max)/255")
                // The content stays on top: its colour (premultiplied white) is exactly the content's coverage.
                let red = Support.premultiplied(shadowed, 0)
                XCTAssertLessThanOrEqual(zip(red, a).map { abs($0 - $1) }.max() ?? 1, 1.5 / 255)
                print("shadow \(c.name) σ=\(sigma): mean \(String(format: "%.3f", e.mean)) max \(String(format: "%.3f", e.max)) /255")
            }
        }
    }

    func testLayerBlurMatchesAnExactGaussianAndFadesOut() {
        for sigma in [2.0, 8.0, 30.0] {
            let size = Int(60 + 8 * sigma)
            for c in shapes(size: size) {
                let a = Support.alpha(Support.render([c.shape], width: size, height: size))
                let blurred = Support.render([.beginLayer(Layer(blur: sigma)), c.shape, .endLayer], width: size, height: size)
                let want = Support.gaussian(a, width: size, height: size, sigma: sigma)
                let e = errors(Support.alpha(blurred), want, size: size, box: c.box, sigma: sigma)
                XCTAssertLessThanOrEqual(e.mean, 1, "\(c.name) σ \(sigma): mean \(e.mean)/255")
                XCTAssertLessThanOrEqual(e.max, 4, "\(c.name) σ \(sigma): max \(e.max)/255")
                // Fades to transparent: nothing left 4σ outside the shape.
                let far = PixelRect(covering: c.box.insetBy(dx: -4 * sigma, dy: -4 * sigma))
                for x in [far.x - 1, far.maxX] where x >= 0 && x < size {
                    XCTAssertEqual(blurred[x, size / 2].a, 0, "\(c.name) σ \(sigma) at x \(x)")
                }
                print("blur \(c.name) σ=\(sigma): mean \(String(format: "%.3f", e.mean)) max \(String(format: "%.3f", e.max)) /255")
            }
        }
    }

    func testSigmaScalesWithLayerTransformAndCanvasScale() {
        // radius 4 pt × layer scale 1.5 × canvas scale 2 = σ 12 px.
        let size = 200
        let t = AffineTransform.scale(1.5, 1.5)
        let shape = Support.fill(.rect(Rect(x: 25, y: 25, width: 16, height: 16)), .color(.white), transform: t)
        let a = Support.alpha(Support.render([shape], width: size, height: size, scale: 2))
        let got = Support.render([.beginLayer(Layer(transform: t, blur: 4)), shape, .endLayer], width: size, height: size, scale: 2)
        let want = Support.gaussian(a, width: size, height: size, sigma: 12)
        let e = errors(Support.alpha(got), want, size: size, box: Rect(x: 75, y: 75, width: 48, height: 48), sigma: 12)
        XCTAssertLessThanOrEqual(e.mean, 1); XCTAssertLessThanOrEqual(e.max, 4)
    }

    func testShadowIsNotClippedByTheViewFrameOrTheCanvasRegionOfItsContent() {
        // Content partly off the canvas still casts its shadow onto it; the shadow spreads past the shape.
        let size = 120
        let shape = Support.fill(.rect(Rect(x: -40, y: 40, width: 60, height: 40)), .color(.white))
        let img = Support.render([.beginLayer(Layer(shadows: [Shadow(color: .black, radius: 6, offset: Point(30, 0))])),
                                  shape, .endLayer], width: size, height: size)
        // The shadow's edge sits at x = 20 + 30 = 50: half coverage there, fading beyond, visible outside the content.
        XCTAssertEqual(Double(img[49, 60].a) / 255, 0.5, accuracy: 0.06)
        XCTAssertGreaterThan(img[60, 60].a, 0)
        XCTAssertEqual(img[60, 60].r, 0)   // black shadow, outside the white content
        XCTAssertEqual(img[50, 18].a, 0)   // more than 3σ above the shape
    }
}
