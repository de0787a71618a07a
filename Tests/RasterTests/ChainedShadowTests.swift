import DisplayList
import Geometry
import XCTest
@testable import Raster

/// Chained shadows (SwiftUI's `.shadow` modifiers in a row, scene-format §4) against the
/// chain computed in the test with an exact 2-D Gaussian (`Support.gaussian`, σ = 0.95·radius as
/// the contract says, `Support.specSigmaPerRadius`): with A₀ the
/// content's alpha, shadow k of colour (r, g, b) and alpha c casts Mₖ = Gₖ ∗ Aₖ₋₁ (moved), and
/// the picture so far goes over it: Pₖ = Pₖ₋₁ + (1 − Aₖ₋₁)·c·colour·Mₖ, Aₖ = Aₖ₋₁ + (1 − Aₖ₋₁)·c·Mₖ.
final class ChainedShadowTests: XCTestCase {
    let red = Color(r: 1, g: 0, b: 0, a: 0.6), blue = Color(r: 0, g: 0, b: 1, a: 0.8)
    let green = Color(r: 0, g: 1, b: 0, a: 0.5), grey = Color(r: 0.5, g: 0.5, b: 0.5, a: 0.7)

    /// A white rounded rectangle centred in a canvas of `size` pixels (scale 1).
    func content(size: Int) -> (DisplayCommand, Rect) {
        let c = Double(size) / 2
        let box = Rect(x: c - 30.5, y: c - 15, width: 61, height: 30.25)
        return (Support.fill(.roundedRect(box, cornerRadius: 8, continuous: true), .color(.white)), box)
    }

    /// Premultiplied red, green, blue and alpha (0…1) of a picture, per pixel.
    typealias Planes = [[Double]]

    /// The chained (or independent) stack computed in the test from the content's alpha `a`.
    func reference(_ a: [Double], _ shadows: [Shadow], size: Int, chained: Bool) -> Planes {
        var p: Planes = [a, a, a, a]   // white content, premultiplied
        if chained {
            for s in shadows {
                let before = p[3]
                let m = Support.gaussian(before, width: size, height: size, sigma: s.radius * Support.specSigmaPerRadius, shiftX: s.offset.x, shiftY: s.offset.y)
                let rgb = [s.color.r, s.color.g, s.color.b, 1]
                for ch in 0..<4 { for i in 0..<a.count { p[ch][i] += (1 - before[i]) * s.color.a * rgb[ch] * m[i] } }
            }
            return p
        }
        // Independent: the first shadow lowest, each over the ones before, the content over all.
        var q: Planes = Array(repeating: Array(repeating: 0, count: a.count), count: 4)
        for s in shadows {
            let m = Support.gaussian(a, width: size, height: size, sigma: s.radius * Support.specSigmaPerRadius, shiftX: s.offset.x, shiftY: s.offset.y)
            let rgb = [s.color.r, s.color.g, s.color.b, 1]
            for ch in 0..<4 { for i in 0..<a.count { q[ch][i] = s.color.a * rgb[ch] * m[i] + (1 - s.color.a * m[i]) * q[ch][i] } }
        }
        for ch in 0..<4 { for i in 0..<a.count { p[ch][i] += (1 - a[i]) * q[ch][i] } }
        return p
    }

    func planes(_ img: RGBAImage) -> Planes { (0..<4).map { Support.premultiplied(img, $0) } }

    /// Mean and max absolute error (1/255) per channel over `region`.
    func errors(_ got: Planes, _ want: Planes, size: Int, region: PixelRect) -> [(mean: Double, max: Double)] {
        let r = region.intersection(PixelRect(x: 0, y: 0, width: size, height: size))
        return (0..<4).map { ch in
            var sum = 0.0, mx = 0.0
            for y in r.y..<r.maxY {
                for x in r.x..<r.maxX {
                    let d = abs(got[ch][y * size + x] - want[ch][y * size + x]) * 255
                    sum += d; mx = max(mx, d)
                }
            }
            return (sum / Double(r.area), mx)
        }
    }

    func stacks() -> [(String, [Shadow])] {
        [
            ("2 shadows", [Shadow(color: red, radius: 4, offset: Point(3.5, -2)), Shadow(color: blue, radius: 10, offset: Point(-4, 6.25))]),
            ("3 shadows", [Shadow(color: blue, radius: 12), Shadow(color: red, radius: 2.5, offset: Point(0, 5)),
                           Shadow(color: green, radius: 6, offset: Point(-7.5, 0))]),
            // The glow: wide and faint first, tight and strong last (radius 20, 15, 5, 2 px).
            ("4-shadow glow", [Shadow(color: red, radius: 20), Shadow(color: green, radius: 15), Shadow(color: blue, radius: 5),
                               Shadow(color: grey, radius: 2)]),
            // The unlock glow: one colour at four alphas. Independent, the four are painted through one merged mask.
            ("one-colour glow", [0.3, 0.5, 0.6, 0.7].enumerated().map { k, a in
                Shadow(color: Color(r: 0x8A / 255, g: 0x7C / 255, b: 1, a: a), radius: [20, 15, 5, 2][k])
            }),
            // Every σ ≥ 8 px, drawn as one smooth layer (`ShadowField`): a glow like the unlock's …
            ("wide one-colour glow", [0.3, 0.5, 0.6, 0.7].enumerated().map { k, a in
                Shadow(color: Color(r: 0x8A / 255, g: 0x7C / 255, b: 1, a: a), radius: [24, 18, 10, 9][k])
            }),
            // … and three colours, moved, σ growing then shrinking.
            ("wide moved stack", [Shadow(color: red, radius: 9, offset: Point(6.5, -4)), Shadow(color: blue, radius: 16, offset: Point(-10, 12.25)),
                                  Shadow(color: green, radius: 14, offset: Point(3, 7))]),
        ]
    }

    /// A canvas big enough for the whole stack, the content, its alpha, and the pixels within
    /// 3σ (the largest σ) of the content's edge, where accuracy is measured.
    struct Setup { var size: Int; var shape: DisplayCommand; var alpha: [Double]; var region: PixelRect }

    func setup(_ shadows: [Shadow]) -> Setup {
        let reach = shadows.reduce(0) { $0 + 3 * $1.radius + abs($1.offset.x) + abs($1.offset.y) }
        let size = Int(80 + 2 * reach)
        let (shape, box) = content(size: size)
        let sigma = (shadows.map(\.radius).max() ?? 0) * Support.specSigmaPerRadius
        return Setup(size: size, shape: shape, alpha: Support.alpha(Support.render([shape], width: size, height: size)),
                     region: PixelRect(covering: box.insetBy(dx: -3 * sigma, dy: -3 * sigma)))
    }

    func testChainedStacksMatchTheChainOfExactGaussians() {
        for (name, shadows) in stacks() {
            let c = setup(shadows), size = c.size, shape = c.shape, region = c.region
            let got = planes(Support.render([.beginLayer(Layer(shadows: shadows)), shape, .endLayer], width: size, height: size))
            let want = reference(c.alpha, shadows, size: size, chained: true)
            for (ch, e) in errors(got, want, size: size, region: region).enumerated() {
                XCTAssertLessThanOrEqual(e.mean, 1, "\(name) channel \(ch): mean \(e.mean)/255")
                XCTAssertLessThanOrEqual(e.max, 4, "\(name) channel \(ch): max \(e.max)/255")
                print("chained \(name) channel \(ch): mean \(String(format: "%.3f", e.mean)) max \(String(format: "%.3f", e.max)) /255")
            }
            // The CSS picture (each shadow cast by the content alone) is not that: the test can fail.
            let css = planes(Support.render([.beginLayer(Layer(shadows: shadows, shadowMode: .independent)), shape, .endLayer],
                                            width: size, height: size))
            let miss = errors(css, want, size: size, region: region).map(\.max).max() ?? 0
            XCTAssertGreaterThan(miss, 8, "\(name): independent shadows should differ from the chain")
        }
    }

    func testIndependentStacksStayCSSAndChainedOnesAreNeverFainter() {
        for (name, shadows) in stacks() {
            let c = setup(shadows), size = c.size, shape = c.shape
            let css = planes(Support.render([.beginLayer(Layer(shadows: shadows, shadowMode: .independent)), shape, .endLayer],
                                            width: size, height: size))
            let want = reference(c.alpha, shadows, size: size, chained: false)
            for (ch, e) in errors(css, want, size: size, region: c.region).enumerated() {
                XCTAssertLessThanOrEqual(e.mean, 1, "independent \(name) channel \(ch): mean \(e.mean)/255")
                XCTAssertLessThanOrEqual(e.max, 4, "independent \(name) channel \(ch): max \(e.max)/255")
            }
            // Aₖ₋₁ ≥ A₀, so every chained shadow covers at least what the independent one does.
            let chained = planes(Support.render([.beginLayer(Layer(shadows: shadows)), shape, .endLayer], width: size, height: size))
            let fainter = zip(chained[3], css[3]).map { ($1 - $0) * 255 }.max() ?? 0
            XCTAssertLessThanOrEqual(fainter, 1.5, "\(name): chained alpha below independent by \(fainter)/255")
        }
    }

    /// A rasterizer reused across frames (its shadow cache warm) draws what a fresh one does,
    /// when only a colour's alpha changes (a chained mask depends on the shadows before it) and
    /// when the mode changes.
    func testReusedRasterizerMatchesAFreshOneForChainedStacks() throws {
        let size = 160
        let (shape, _) = content(size: size)
        func list(_ first: Double, _ mode: ShadowMode) -> DisplayList {
            DisplayList([.beginLayer(Layer(shadows: [Shadow(color: Color(r: 1, g: 0, b: 0, a: first), radius: 9), Shadow(color: blue, radius: 4)],
                                           shadowMode: mode)), shape, .endLayer])
        }
        let warm = try CairoRasterizer(width: size, height: size, scale: 1)
        for (first, mode) in [(0.2, ShadowMode.chained), (0.9, .chained), (0.9, .independent), (0.9, .chained)] {
            let got = warm.render(list(first, mode))
            let fresh = try CairoRasterizer(width: size, height: size, scale: 1).render(list(first, mode))
            let differing = zip(got.pixels, fresh.pixels).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "first alpha \(first), \(mode): \(differing) bytes differ from a fresh rasterizer")
        }
    }

    /// The same for stacks drawn as one smooth layer (`ShadowField`), which holds the colours: only the first shadow's
    /// colour changes (its alpha kept), then the mode.
    func testReusedRasterizerMatchesAFreshOneForWideStacks() throws {
        let size = 200
        let (shape, _) = content(size: size)
        func list(_ first: Color, _ mode: ShadowMode) -> DisplayList {
            DisplayList([.beginLayer(Layer(shadows: [Shadow(color: first, radius: 12, offset: Point(4, 3)), Shadow(color: blue, radius: 9)],
                                           shadowMode: mode)), shape, .endLayer])
        }
        let warm = try CairoRasterizer(width: size, height: size, scale: 1)
        let green = Color(r: 0, g: 1, b: 0, a: red.a)
        var pictures: [RGBAImage] = []
        for (first, mode) in [(red, ShadowMode.chained), (green, .chained), (green, .independent), (red, .chained)] {
            let got = warm.render(list(first, mode))
            let fresh = try CairoRasterizer(width: size, height: size, scale: 1).render(list(first, mode))
            let differing = zip(got.pixels, fresh.pixels).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "first \(first), \(mode): \(differing) bytes differ from a fresh rasterizer")
            pictures.append(got)
        }
        XCTAssertNotEqual(pictures[0].pixels, pictures[1].pixels, "the colour shows")
        XCTAssertEqual(pictures[0].pixels, pictures[3].pixels)
    }

    /// Content partly off the canvas still casts the whole chain onto it: a small canvas showing
    /// a window of a larger one agrees with it there (only the later shadows' sources, cast by
    /// earlier shadows of off-canvas content, can bring the light in).
    func testChainIsRightAtTheCanvasEdge() throws {
        // Narrow shadows (a mask each) and wide ones (one smooth layer, `ShadowField`).
        for shadows in [[Shadow(color: red, radius: 12, offset: Point(20, 0)), Shadow(color: blue, radius: 6, offset: Point(25, 0))],
                        [Shadow(color: red, radius: 12, offset: Point(20, 0)), Shadow(color: blue, radius: 9, offset: Point(25, 0))]] {
            let big = 240, small = 120, dx = 100.0
            let rect = Rect(x: 20, y: 100, width: 60, height: 40)
            func picture(_ w: Int, shift: Double) -> RGBAImage {
                Support.render([.beginLayer(Layer(shadows: shadows)),
                                Support.fill(.rect(rect.offsetBy(dx: -shift, dy: 0)), .color(.white)), .endLayer],
                               width: w, height: big)
            }
            let whole = picture(big, shift: 0), window = picture(small, shift: dx)
            var worst = 0
            for y in 0..<big {
                for x in 0..<small {
                    for ch in 0..<4 {
                        let w = window.pixels[4 * (y * small + x) + ch], v = whole.pixels[4 * (y * big + x + Int(dx)) + ch]
                        // Premultiplied: where alpha is 1/255 the straight colour means nothing.
                        let wa = Int(window.pixels[4 * (y * small + x) + 3]), va = Int(whole.pixels[4 * (y * big + x + Int(dx)) + 3])
                        let wp = ch == 3 ? Int(w) : (Int(w) * wa + 127) / 255, vp = ch == 3 ? Int(v) : (Int(v) * va + 127) / 255
                        worst = max(worst, abs(wp - vp))
                    }
                }
            }
            XCTAssertLessThanOrEqual(worst, 2, "radius \(shadows[1].radius): window vs whole canvas: worst \(worst)/255")
            print("radius \(shadows[1].radius): window vs whole canvas, premultiplied: worst \(worst)/255")
            XCTAssertGreaterThan(window[10, 120].a, 40, "the chain's light reaches the window")
        }
    }
}
