import Geometry

/// Compares two images the way pixelmatch 5.3 does: a pixel differs when the perceived (YIQ) distance of its colours,
/// both composited over white, exceeds `threshold`; differing pixels that look like antialiasing are reported apart
/// and not counted unless `includeAA` is set.
public struct ImageDiff: Sendable {
    /// Sensitivity 0…1 on the YIQ scale: a pixel differs when its squared distance exceeds 35215·threshold²
    /// (35215 is black against white). pixelmatch's default 0.1 ignores, e.g., a grey step of about 26 levels.
    public var threshold: Double
    /// Count antialiasing-like differences as differences too.
    public var includeAA: Bool
    /// Opacity (0…1) of the first image drawn in grey under the marks of the diff image.
    public var fade: Double

    public init(threshold: Double = 0.1, includeAA: Bool = false, fade: Double = 0.1) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.fade = fade
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
        let maxDelta = YIQColorDelta.maximum * threshold * threshold
        var differing = 0, antialiased = 0
        var output: [UInt8] = makeDiffImage ? [UInt8](repeating: 0, count: width * height * 4) : []
        let detector = AntialiasingDetector(width: width, height: height)
        let checkAA = !includeAA
        let fade = self.fade

        first.pixels.withUnsafeBufferPointer { aBuffer in
            second.pixels.withUnsafeBufferPointer { bBuffer in
                output.withUnsafeMutableBufferPointer { outBuffer in
                    guard let a = aBuffer.baseAddress, let b = bBuffer.baseAddress else { return }
                    // An empty array may still have a (dangling) base address, so the flag decides.
                    let out = makeDiffImage ? outBuffer.baseAddress : nil
                    for y in 0..<height {
                        for x in 0..<width {
                            let pos = 4 * (y * width + x)
                            let pa = a + pos, pb = b + pos
                            // Most pixels of two renders are identical: one 32-bit compare settles them.
                            let same = UnsafeRawPointer(pa).loadUnaligned(as: UInt32.self)
                                == UnsafeRawPointer(pb).loadUnaligned(as: UInt32.self)
                            if !same && YIQColorDelta.squared(pa, pb) > maxDelta {
                                if checkAA && (detector.isAntialiased(a, x, y, other: b)
                                               || detector.isAntialiased(b, x, y, other: a)) {
                                    antialiased += 1
                                    if let out { Self.draw(out + pos, 255, 255, 0) }
                                } else {
                                    differing += 1
                                    if let out { Self.draw(out + pos, 255, 0, 0) }
                                }
                            } else if let out {
                                let grey = Self.fadedGrey(pa, fade)
                                Self.draw(out + pos, grey, grey, grey)
                            }
                        }
                    }
                }
            }
        }
        return ImageDiffResult(
            differingPixels: differing, antialiasedPixels: antialiased, totalPixels: width * height,
            diffImage: makeDiffImage ? RGBAImage(width: width, height: height, pixels: output) : nil)
    }

    @inline(__always)
    static func draw(_ p: UnsafeMutablePointer<UInt8>, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        p[0] = r; p[1] = g; p[2] = b; p[3] = 255
    }

    /// The pixel's brightness Y blended over white with opacity fade·α, truncated to an integer as pixelmatch's
    /// command line (writing into a byte buffer) does.
    @inline(__always)
    static func fadedGrey(_ p: UnsafePointer<UInt8>, _ fade: Double) -> UInt8 {
        let luma = YIQColorDelta.y(Double(p[0]), Double(p[1]), Double(p[2]))
        let value = 255 + (luma - 255) * fade * Double(p[3]) / 255
        return UInt8(max(0, min(255, value)))
    }
}
