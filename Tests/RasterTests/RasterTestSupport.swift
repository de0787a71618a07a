import DisplayList
import Foundation
import Geometry
@testable import Raster

/// Foundation has its own AffineTransform; the tests mean the project's.
typealias AffineTransform = Geometry.AffineTransform

/// Helpers shared by the raster tests.
enum Support {
    /// σ / radius of a shadow, as the contract states it (`../shared/spec/scene-format.md` §4: σ = 0.95·r,
    /// measured on device pictures), written here from the spec rather than read from the code under test.
    static let specSigmaPerRadius = 0.95

    static func render(_ commands: [DisplayCommand], width: Int, height: Int, scale: Double = 1,
                       background: Color? = nil) -> RGBAImage {
        guard let r = try? CairoRasterizer(width: width, height: height, scale: scale, background: background) else {
            return RGBAImage(width: 0, height: 0)
        }
        return r.render(DisplayList(commands))
    }

    static func fill(_ path: Path, _ paint: Paint = .color(.black), bounds: Rect? = nil,
                     transform: AffineTransform = .identity) -> DisplayCommand {
        .fill(FillCommand(path: path, paint: paint, paintBounds: bounds ?? path.controlBounds, transform: transform))
    }

    /// Alpha 0…1 of every pixel, row-major.
    static func alpha(_ img: RGBAImage) -> [Double] {
        (0..<(img.width * img.height)).map { Double(img.pixels[4 * $0 + 3]) / 255 }
    }

    /// Premultiplied channel `c` (0 red … 3 alpha), 0…1.
    static func premultiplied(_ img: RGBAImage, _ c: Int) -> [Double] {
        (0..<(img.width * img.height)).map {
            Double(img.pixels[4 * $0 + c]) / 255 * (c == 3 ? 1 : Double(img.pixels[4 * $0 + 3]) / 255)
        }
    }

    /// The exact 2-D Gaussian convolution of `field` (w×h, zero outside), moved by (sx, sy)
    /// pixels: out(x) = Σ_p in(p)·G(x − s − p), computed separably in Double with a sampled
    /// kernel out to 6σ (the 2-D Gaussian is separable, so this is the full 2-D convolution).
    static func gaussian(_ field: [Double], width w: Int, height h: Int, sigma: Double,
                         shiftX sx: Double = 0, shiftY sy: Double = 0) -> [Double] {
        func pass(_ src: [Double], n: Int, lines: Int, along: (Int, Int) -> Int, shift: Double) -> [Double] {
            let r = Int(ceil(6 * sigma)) + Int(ceil(abs(shift)))
            var out = [Double](repeating: 0, count: src.count)
            // Weights G(d) for d = x − s − p, normalised over the full sampled support.
            func g(_ d: Double) -> Double { exp(-d * d / (2 * sigma * sigma)) }
            var norm = 0.0
            for j in -r...r { norm += g(Double(j) - (shift - shift.rounded())) }
            for l in 0..<lines {
                for x in 0..<n {
                    var acc = 0.0
                    let lo = max(0, x - r - Int(shift.rounded())), hi = min(n - 1, x + r - Int(shift.rounded()))
                    if lo <= hi { for p in lo...hi { acc += src[along(l, p)] * g(Double(x) - shift - Double(p)) } }
                    out[along(l, x)] = acc / norm
                }
            }
            return out
        }
        let rows = pass(field, n: w, lines: h, along: { l, i in l * w + i }, shift: sx)
        return pass(rows, n: h, lines: w, along: { l, i in i * w + l }, shift: sy)
    }

    /// Writes a PNG for looking at (tests never read it back).
    static func save(_ img: RGBAImage, _ name: String) {
        PNGScratch.write(img, to: "/tmp/raster-\(name).png")
    }
}
