import Foundation
import Geometry
import XCTest
@testable import Raster

/// The blur of the benchmark's glowing bar (Benchmarks/glow-unlock.json: a 300×24 pt rounded rectangle, corner 12, with
/// shadows of radius 80, 60, 20 and 8 pt, σ = 0.95·r) at scales 1, 2 and 3, against an exact 2-D Gaussian convolution
/// of the same rendered alpha computed here in Double: mean ≤ 0.3/255 and max ≤ 2/255 over the blur's whole output
/// (its reach, 3σ + 2 px around the bar), sampled on a grid.
final class ShadowScaleAccuracyTests: XCTestCase {
    func testBenchmarkShadowsMatchAnExactGaussianAtEveryScale() {
        for scale in [1.0, 2.0, 3.0] {
            var (alpha, w, h) = barAlpha(scale: scale)

            for radius in [80.0, 60.0, 20.0, 8.0] {
                let sigma = Support.specSigmaPerRadius * radius * scale
                let reach = GaussianBlur.reach(sigma)
                let out = PixelRect(x: -reach, y: -reach, width: w + 2 * reach, height: h + 2 * reach)
                var got = [UInt8](repeating: 0, count: out.area)
                alpha.withUnsafeMutableBufferPointer { a in
                    got.withUnsafeMutableBufferPointer { g in
                        GaussianBlur.blur(.init(base: a.baseAddress!, step: 1, rowStride: w, region: PixelRect(x: 0, y: 0, width: w, height: h)),
                                          sigma: sigma, shiftX: 0, shiftY: 0,
                                          into: .init(base: g.baseAddress!, step: 1, rowStride: out.width, region: out))
                    }
                }
                let e = errors(got, out: out, alpha: alpha, w: w, h: h, sigma: sigma)
                XCTAssertLessThanOrEqual(e.mean, 0.3, "scale \(scale) σ \(sigma): mean \(e.mean)/255")
                XCTAssertLessThanOrEqual(e.max, 2, "scale \(scale) σ \(sigma): max \(e.max)/255")
                print("bar ×\(Int(scale)) σ=\(String(format: "%.1f", sigma)) px: mean \(String(format: "%.3f", e.mean)) "
                      + "max \(String(format: "%.3f", e.max)) /255 over \(e.count) pixels")
            }
        }
    }

    /// The benchmark's four shadows together (independent, one colour, alphas 0.3, 0.5, 0.6 and 0.7), drawn as one
    /// smooth layer (`ShadowField`, every σ ≥ 8 px at scales 2 and 3; at scale 1 the σ 7.6 px shadow keeps the masks),
    /// against the exact picture: alpha 1 − Π(1 − cₖ·Gₖ ∗ A₀), with each Gₖ ∗ A₀ the exact convolution above.
    func testBenchmarkGlowAsOneLayerMatchesExactGaussians() throws {
        let alphas = [0.3, 0.5, 0.6, 0.7], radii = [80.0, 60.0, 20.0, 8.0]
        for scale in [2.0, 3.0] {
            let (alpha, w, h) = barAlpha(scale: scale)
            let content = try XCTUnwrap(PixelSurface(region: PixelRect(x: 0, y: 0, width: w, height: h)))
            for y in 0..<h {
                for x in 0..<w {
                    let a = UInt32(alpha[y * w + x])
                    (UnsafeMutableRawPointer(content.data) + y * content.stride + 4 * x).storeBytes(of: a << 24 | a << 16 | a << 8 | a, as: UInt32.self)
                }
            }
            content.markDirty()
            let shadows = zip(alphas, radii).map { a, r in
                LayerEffects.DeviceShadow(color: Color(r: 1, g: 1, b: 1, a: a), sigma: Support.specSigmaPerRadius * r * scale, dx: 0, dy: 0)
            }
            XCTAssertTrue(ShadowField.applies(to: shadows))
            let reach = GaussianBlur.reach(shadows[0].sigma)
            let out = PixelRect(x: -reach, y: -reach, width: w + 2 * reach, height: h + 2 * reach)
            let field = try XCTUnwrap(ShadowField(shadows, chained: false, of: content,
                                                  needs: [content.region] + shadows.map { _ in out }))
            let target = try XCTUnwrap(PixelSurface(region: out))
            field.paint(onto: target, within: out)
            var got = [UInt8](repeating: 0, count: out.area)
            for y in 0..<out.height {
                for x in 0..<out.width { got[y * out.width + x] = target.data[y * target.stride + 4 * x + CairoRasterizer.alphaByte] }
            }
            // The exact layer's alpha, 0…255, from each shadow's exact blur.
            let blurs = shadows.map { exact(out: out, alpha: alpha, w: w, h: h, sigma: $0.sigma) }
            var sum = 0.0, mx = 0.0
            let samples = blurs[0]
            for (n, sample) in samples.enumerated() {
                var keep = 1.0
                for (k, s) in shadows.enumerated() { keep *= 1 - s.color.a * blurs[k][n].value / 255 }
                let d = abs(Double(got[(sample.y - out.y) * out.width + (sample.x - out.x)]) - 255 * (1 - keep))
                sum += d; mx = max(mx, d)
            }
            let mean = sum / Double(samples.count)
            XCTAssertLessThanOrEqual(mean, 0.3, "scale \(scale): mean \(mean)/255")
            XCTAssertLessThanOrEqual(mx, 2, "scale \(scale): max \(mx)/255")
            // The test can fail: the strongest shadow alone is far from the four.
            let strongest = samples.indices.map { abs(Double(got[(samples[$0].y - out.y) * out.width + (samples[$0].x - out.x)]) - 0.7 * blurs[3][$0].value) }
            XCTAssertGreaterThan(strongest.max() ?? 0, 20)
            print("glow ×\(Int(scale)) as one layer: mean \(String(format: "%.3f", mean)) max \(String(format: "%.3f", mx)) /255 over \(samples.count) pixels")
        }
    }

    /// The bar's alpha, drawn by Cairo on a canvas of just its size plus a margin of 2 px, and that canvas's size.
    func barAlpha(scale: Double) -> (alpha: [UInt8], width: Int, height: Int) {
        let margin = 2
        let w = Int(300 * scale) + 2 * margin, h = Int(24 * scale) + 2 * margin
        let bar = Support.fill(.roundedRect(Rect(x: Double(margin) / scale, y: Double(margin) / scale, width: 300, height: 24),
                                            cornerRadius: 12, continuous: false), .color(.white))
        let img = Support.render([bar], width: w, height: h, scale: scale)
        XCTAssertEqual(img.width, w)
        var alpha = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { alpha[y * w + x] = img.pixels[4 * (y * img.width + x) + 3] } }
        XCTAssertGreaterThan(alpha[(h / 2) * w + w / 2], 250, "the bar is drawn")
        return (alpha, w, h)
    }

    /// Mean and max |got − exact| (1/255 units) on a grid of about 120 × 60 pixels of `out`; exact = Σ_p a(p)·G(x − p)
    /// with the sampled Gaussian normalised over ±6σ, rows first (for the grid's columns only), then columns.
    func errors(_ got: [UInt8], out: PixelRect, alpha: [UInt8], w: Int, h: Int, sigma: Double) -> (mean: Double, max: Double, count: Int) {
        let want = exact(out: out, alpha: alpha, w: w, h: h, sigma: sigma)
        var sum = 0.0, mx = 0.0
        for s in want {
            let d = abs(Double(got[(s.y - out.y) * out.width + (s.x - out.x)]) - s.value)
            sum += d; mx = max(mx, d)
        }
        return (sum / Double(want.count), mx, want.count)
    }

    /// The exact blur (0…255) of the content's alpha on a grid of about 120 × 60 pixels of `out`.
    func exact(out: PixelRect, alpha: [UInt8], w: Int, h: Int, sigma: Double) -> [(x: Int, y: Int, value: Double)] {
        let r = Int(ceil(6 * sigma))
        var g = [Double](repeating: 0, count: 2 * r + 1)
        for j in -r...r { g[j + r] = exp(-Double(j * j) / (2 * sigma * sigma)) }
        let norm = g.reduce(0, +)
        g = g.map { $0 / norm }
        func weight(_ d: Int) -> Double { abs(d) <= r ? g[d + r] : 0 }
        let sx = max(1, out.width / 120), sy = max(1, out.height / 60)
        let xs = Array(stride(from: out.x, to: out.maxX, by: sx)), ys = Array(stride(from: out.y, to: out.maxY, by: sy))
        // rowBlur[q][i]: content row q blurred along x, at column xs[i].
        var rowBlur = [[Double]](repeating: [Double](repeating: 0, count: xs.count), count: h)
        for q in 0..<h {
            for (i, x) in xs.enumerated() {
                var acc = 0.0
                for p in max(0, x - r)..<max(max(0, x - r), min(w, x + r + 1)) where alpha[q * w + p] != 0 {
                    acc += Double(alpha[q * w + p]) * weight(x - p)
                }
                rowBlur[q][i] = acc
            }
        }
        var samples: [(x: Int, y: Int, value: Double)] = []
        for y in ys {
            for (i, x) in xs.enumerated() {
                var want = 0.0
                for q in max(0, y - r)..<max(max(0, y - r), min(h, y + r + 1)) { want += rowBlur[q][i] * weight(y - q) }
                samples.append((x, y, want))
            }
        }
        return samples
    }
}
