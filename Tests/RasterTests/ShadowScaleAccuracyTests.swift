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
            // The bar's alpha, drawn by Cairo on a canvas of just its size plus a margin.
            let margin = 2
            let w = Int(300 * scale) + 2 * margin, h = Int(24 * scale) + 2 * margin
            let bar = Support.fill(.roundedRect(Rect(x: Double(margin) / scale, y: Double(margin) / scale, width: 300, height: 24),
                                                cornerRadius: 12, continuous: false), .color(.white))
            let img = Support.render([bar], width: w, height: h, scale: scale)
            XCTAssertEqual(img.width, w)
            var alpha = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h { for x in 0..<w { alpha[y * w + x] = img.pixels[4 * (y * img.width + x) + 3] } }
            XCTAssertGreaterThan(alpha[(h / 2) * w + w / 2], 250, "the bar is drawn")

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

    /// Mean and max |got − exact| (1/255 units) on a grid of about 120 × 60 pixels of `out`; exact = Σ_p a(p)·G(x − p)
    /// with the sampled Gaussian normalised over ±6σ, rows first (for the grid's columns only), then columns.
    func errors(_ got: [UInt8], out: PixelRect, alpha: [UInt8], w: Int, h: Int, sigma: Double) -> (mean: Double, max: Double, count: Int) {
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
                for p in max(0, x - r)..<min(w, x + r + 1) where alpha[q * w + p] != 0 {
                    acc += Double(alpha[q * w + p]) * weight(x - p)
                }
                rowBlur[q][i] = acc
            }
        }
        var sum = 0.0, mx = 0.0, n = 0
        for y in ys {
            for (i, x) in xs.enumerated() {
                var want = 0.0
                for q in max(0, y - r)..<max(max(0, y - r), min(h, y + r + 1)) { want += rowBlur[q][i] * weight(y - q) }
                let d = abs(Double(got[(y - out.y) * out.width + (x - out.x)]) - want)
                sum += d; mx = max(mx, d); n += 1
            }
        }
        return (sum / Double(n), mx, n)
    }
}
