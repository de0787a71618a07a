import Foundation
import Geometry

/// How far a rendered picture is from a device picture in each kind of region, in 1/255 of premultiplied
/// channel value: premultiplied because a shadow's light is colour times alpha, and a transparent pixel's
/// colour means nothing. Pixels that belong to no region are not counted.
struct RegionErrors {
    /// flat: one colour in both pictures; edge: a shape's outline; halo: a shadow's light; ramp: a gradient.
    enum Region: String, CaseIterable { case flat, edge, halo, ramp }

    struct Figures {
        var count = 0
        /// Mean over the region's pixels of the mean absolute difference of the four channels.
        var mean = 0.0
        /// The largest single channel difference.
        var max = 0.0
        /// Mean of (rendered − device) alpha: positive where the picture has too much light.
        var light = 0.0
    }

    private(set) var figures: [Region: Figures] = [:]

    /// Compares `got` with `device` (same size) over the regions `region(x, y)` assigns.
    init(_ got: RGBAImage, _ device: RGBAImage, region: (Int, Int) -> Region?) {
        precondition(got.width == device.width && got.height == device.height, "pictures of different sizes")
        for y in 0..<got.height {
            for x in 0..<got.width {
                guard let r = region(x, y) else { continue }
                let a = Self.premultiplied(got[x, y]), b = Self.premultiplied(device[x, y])
                let d = (0..<4).map { abs(a[$0] - b[$0]) }
                var f = figures[r] ?? Figures()
                f.count += 1
                f.mean += d.reduce(0, +) / 4
                f.max = Swift.max(f.max, d.max() ?? 0)
                f.light += a[3] - b[3]
                figures[r] = f
            }
        }
        for (r, f) in figures { figures[r]?.mean = f.mean / Double(f.count); figures[r]?.light = f.light / Double(f.count) }
    }

    subscript(_ r: Region) -> Figures { figures[r] ?? Figures() }

    static func premultiplied(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> [Double] {
        let a = Double(p.a) / 255
        return [Double(p.r) * a, Double(p.g) * a, Double(p.b) * a, Double(p.a)]
    }

    /// One line per region, for the test log.
    func summary(_ name: String) -> String {
        Region.allCases.compactMap { r in
            figures[r].map { f in
                "\(name) \(r.rawValue): n \(f.count) mean \(Self.fmt(f.mean)) max \(Self.fmt(f.max)) light \(Self.fmt(f.light)) /255"
            }
        }.joined(separator: "\n")
    }

    static func fmt(_ v: Double) -> String { String(format: "%.3f", v) }
}
