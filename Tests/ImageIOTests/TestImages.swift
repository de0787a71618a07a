import Foundation
import TestSupport
import Geometry

enum TestImages {
    static func noise(_ width: Int, _ height: Int, seed: UInt64, opaque: Bool = false) -> RGBAImage {
        var rng = SeededGenerator(seed: seed)
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for i in px.indices { px[i] = (opaque && i % 4 == 3) ? 255 : rng.byte() }
        return RGBAImage(width: width, height: height, pixels: px)
    }

    /// Smooth ramps in every channel, alpha included: the case the predictive filters exist for.
    static func gradient(_ width: Int, _ height: Int) -> RGBAImage {
        var img = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = 4 * (y * width + x)
                img.pixels[i] = UInt8((x * 255) / max(width - 1, 1))
                img.pixels[i + 1] = UInt8((y * 255) / max(height - 1, 1))
                img.pixels[i + 2] = UInt8(((x + y) * 3) & 0xFF)
                img.pixels[i + 3] = UInt8(255 - (x * 200) / max(width - 1, 1))
            }
        }
        return img
    }

    /// Transparent pixels whose colour channels are not zero: straight alpha must keep them exactly.
    static func transparentWithColour(_ width: Int, _ height: Int, seed: UInt64) -> RGBAImage {
        var img = noise(width, height, seed: seed)
        for i in stride(from: 3, to: img.pixels.count, by: 4) { img.pixels[i] = 0 }
        return img
    }

    /// A stand-in for a rendered frame (1170×2532 at scale 3 in the real renderer): dark background, a wide soft violet
    /// glow, and rows of white antialiased "text" strokes with fractional edges.
    static func realisticFrame(width: Int = 1170, height: Int = 2532) -> RGBAImage {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        let cx = Double(width) * 0.5, cy = Double(height) * 0.38, sigma = Double(width) * 0.33
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) - cx, dy = (Double(y) - cy) * 0.8
                let glow = 0.85 * exp(-(dx * dx + dy * dy) / (2 * sigma * sigma))
                let i = 4 * (y * width + x)
                // Background #0B0A14 blended towards violet #8C5AFF by the glow.
                px[i] = UInt8((11 + glow * (140 - 11)).rounded())
                px[i + 1] = UInt8((10 + glow * (90 - 10)).rounded())
                px[i + 2] = UInt8((20 + glow * (255 - 20)).rounded())
                px[i + 3] = 255
            }
        }
        var rng = SeededGenerator(seed: 7)
        // Text lines: 40 pt text at scale 3 ≈ 120 px lines; glyph stems 7.5–8.5 px wide at fractional x.
        var lineTop = Double(height) * 0.55
        while lineTop + 90 < Double(height) - 150 {
            var x = 96.0 + Double(rng.int(0..<40)) + 0.37
            let lineEnd = Double(width) - 96 - Double(rng.int(0..<300))
            while x < lineEnd {
                let stemHeight = Double(48 + rng.int(0..<30)) + 0.6
                let stemWidth = 7.5 + Double(rng.int(0..<3)) * 0.5
                let top = lineTop + 70 - stemHeight
                fillCoverage(&px, width: width, x0: x, x1: x + stemWidth, y0: top, y1: lineTop + 70)
                if rng.int(0..<3) == 0 {  // a crossbar, like an "e" or "t"
                    fillCoverage(&px, width: width, x0: x - 6.3, x1: x + stemWidth + 14.7, y0: top + 20.4, y1: top + 28.1)
                }
                x += stemWidth + Double(14 + rng.int(0..<14)) + 0.29
                if rng.int(0..<6) == 0 { x += 22.5 }  // word gap
            }
            lineTop += 120
        }
        return RGBAImage(width: width, height: height, pixels: px)
    }

    /// Paints white over the rectangle, with exact area coverage on the edge pixels (box antialiasing).
    static func fillCoverage(_ px: inout [UInt8], width: Int, x0: Double, x1: Double, y0: Double, y1: Double) {
        for y in Int(y0.rounded(.down))..<Int(y1.rounded(.up)) {
            let cy = min(Double(y + 1), y1) - max(Double(y), y0)
            for x in max(0, Int(x0.rounded(.down)))..<min(width, Int(x1.rounded(.up))) {
                let cover = cy * (min(Double(x + 1), x1) - max(Double(x), x0))
                let i = 4 * (y * width + x)
                for c in 0..<3 { px[i + c] = UInt8((Double(px[i + c]) + cover * (255 - Double(px[i + c]))).rounded()) }
            }
        }
    }
}
