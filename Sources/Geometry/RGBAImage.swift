#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// An 8-bit RGBA image with straight (not premultiplied) alpha, sRGB, rows top to bottom,
/// no padding: byte 4·(y·width + x) is the red of pixel (x, y). The format of every PNG we write.
public struct RGBAImage: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match the size")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// A transparent image of the given size.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// Same size and the same bytes, compared with `memcmp`: the synthesised comparison went element by element
    /// through the generic `Array ==`, about a millisecond per million pixels in debug builds, where the tests compare
    /// every frame of every scene against full redraws and goldens.
    public static func == (a: RGBAImage, b: RGBAImage) -> Bool {
        guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else { return false }
        return a.pixels.withUnsafeBytes { x in b.pixels.withUnsafeBytes { y in
            x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
        } }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        pixels.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = 4 * (y * width + x)
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
