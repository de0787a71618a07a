import Foundation
import Geometry

/// Compares two images the way pixelmatch 5.3 does: a pixel differs when the perceived (YIQ) distance of its colours,
/// both composited over white, exceeds `threshold`; differing pixels that look like antialiasing are reported apart
/// and not counted unless `includeAA` is set.
///
/// Speed: rows whose bytes are equal in both images are settled by one `memcmp` each; changed rows go through
/// branch-free (vectorised) loops for the colour distance and the grey picture. The antialiasing check only runs where
/// the pair's `FlatAreaPlane` (computed once per pixel) allows it, on brightness computed once per row when first
/// needed. The rows are split into bands compared on `jobs` threads. Counts and diff image do not depend on `jobs`.
public struct ImageDiff: Sendable {
    /// Sensitivity 0…1 on the YIQ scale: a pixel differs when its squared distance exceeds 35215·threshold²
    /// (35215 is black against white). pixelmatch's default 0.1 ignores, e.g., a grey step of about 26 levels.
    public var threshold: Double
    /// Count antialiasing-like differences as differences too.
    public var includeAA: Bool
    /// Opacity (0…1) of the first image drawn in grey under the marks of the diff image (pixelmatch's `alpha`).
    public var fade: Double
    /// Threads to compare with (1 for none).
    public var jobs: Int
    /// The diff image's colour for counted pixels (pixelmatch's `diffColor`, red by default).
    public var diffColor = MarkColour(r: 255, g: 0, b: 0)
    /// The diff image's colour for antialiasing-like pixels (pixelmatch's `aaColor`, yellow by default).
    public var aaColor = MarkColour(r: 255, g: 255, b: 0)
    /// Draw only the counted pixels, on a transparent image (pixelmatch's `diffMask`): no grey picture and no
    /// antialiasing marks, so the diff image can be laid over either input.
    public var diffMask = false

    public init(threshold: Double = 0.1, includeAA: Bool = false, fade: Double = 0.1,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.fade = fade
        self.jobs = max(1, jobs)
    }

    /// An opaque colour of the diff image's marks.
    public struct MarkColour: Sendable, Equatable, CustomStringConvertible {
        public var r: UInt8, g: UInt8, b: UInt8
        public init(r: UInt8, g: UInt8, b: UInt8) { self.r = r; self.g = g; self.b = b }
        /// The four bytes r, g, b, 255 as one word in memory order.
        var word: UInt32 {
            var w: UInt32 = 0
            withUnsafeMutableBytes(of: &w) { $0[0] = r; $0[1] = g; $0[2] = b; $0[3] = 255 }
            return w
        }
        /// `#RRGGBB`.
        public var description: String { String(format: "#%02X%02X%02X", r, g, b) }
    }

    /// Images of different sizes cannot be compared pixel by pixel.
    public struct SizeMismatch: Error, Equatable, Sendable, CustomStringConvertible {
        public var first: (width: Int, height: Int)
        public var second: (width: Int, height: Int)
        public static func == (a: Self, b: Self) -> Bool { a.first == b.first && a.second == b.second }
        public var description: String {
            "image sizes differ: \(first.width)×\(first.height) vs \(second.width)×\(second.height)"
        }
    }

    /// Compares `first` with `second`; with `makeDiffImage`, also draws the picture of the differences.
    public func compare(_ first: RGBAImage, _ second: RGBAImage, makeDiffImage: Bool = true) throws -> ImageDiffResult {
        guard first.width == second.width, first.height == second.height else {
            throw SizeMismatch(first: (first.width, first.height), second: (second.width, second.height))
        }
        let width = first.width, height = first.height
        var output: [UInt8] = makeDiffImage ? [UInt8](repeating: 0, count: width * height * 4) : []
        var counts = (differing: 0, antialiased: 0)
        if width > 0 && height > 0 {
            first.pixels.withUnsafeBufferPointer { aBuffer in
                second.pixels.withUnsafeBufferPointer { bBuffer in
                    output.withUnsafeMutableBufferPointer { outBuffer in
                        guard let a = aBuffer.baseAddress, let b = bBuffer.baseAddress else { return }
                        // An empty array may still have a (dangling) base address, so the flag decides.
                        let pass = DiffPass(diff: self, width: width, height: height, a: a, b: b,
                                            out: makeDiffImage ? outBuffer.baseAddress : nil)
                        counts = pass.run()
                    }
                }
            }
        }
        return ImageDiffResult(
            differingPixels: counts.differing, antialiasedPixels: counts.antialiased, totalPixels: width * height,
            diffImage: makeDiffImage ? RGBAImage(width: width, height: height, pixels: output) : nil)
    }

    @inline(__always)
    static func draw(_ p: UnsafeMutablePointer<UInt8>, _ c: MarkColour) {
        p[0] = c.r; p[1] = c.g; p[2] = c.b; p[3] = 255
    }

    /// Draws pixel k of the row at `out` in `colour` where `exceeds[k]` is set, leaving the others.
    static func drawDifferences(_ exceeds: UnsafePointer<UInt8>, count: Int, colour: MarkColour, into out: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(out)
        let mark = colour.word
        for k in 0..<count {
            let old = raw.loadUnaligned(fromByteOffset: 4 &* k, as: UInt32.self)
            raw.storeBytes(of: exceeds[k] != 0 ? mark : old, toByteOffset: 4 &* k, as: UInt32.self)
        }
    }

    /// Draws the `count` pixels of the row at `p` into `out` as pixelmatch 5.3's grey: the brightness Y of the raw
    /// colour blended over white with opacity fade·α/255, `255 + (Y − 255)·(fade·α/255)`, truncated to an integer as
    /// storing into a byte array does (NaN, from a NaN fade, stores 0).
    static func drawFadedGrey(_ p: UnsafePointer<UInt8>, count: Int, fade: Double, _ t: ColourTables,
                              into out: UnsafeMutablePointer<UInt8>) {
        for k in 0..<count {
            let q = p + 4 &* k, o = out + 4 &* k
            let luma = t.yR[Int(q[0])] + t.yG[Int(q[1])] + t.yB[Int(q[2])]
            let value = 255 + (luma - 255) * (fade * Double(q[3]) / 255)
            let grey = UInt8(value >= 0 ? (value < 255 ? value : 255) : 0)
            o[0] = grey; o[1] = grey; o[2] = grey; o[3] = 255
        }
    }
}
