import CPNG
import Geometry

/// Reads PNG files into `RGBAImage` (straight alpha, 8 bits per channel) with libpng's simplified API, which converts
/// every colour type and bit depth: grey, palette (with tRNS), 16-bit, interlaced. Files with a gAMA chunk are converted
/// to sRGB; 16-bit files without gAMA or sRGB are taken as sRGB-encoded (not linear), which matches how editors write them.
/// Corrupt or truncated input gives a `PNGError` carrying libpng's message.
public struct PNGDecoder: Sendable {
    /// The most pixels a file may declare (width × height) before we refuse it, so that a corrupt or hostile header
    /// cannot make us allocate gigabytes. The default, 2²⁸ pixels, is 1 GiB of RGBA.
    public var maxPixelCount: Int

    public init(maxPixelCount: Int = 1 << 28) {
        self.maxPixelCount = maxPixelCount
    }

    /// Decodes the PNG file at `path`.
    /// - Throws: `FileIOError` if the file cannot be read, `PNGError` if it is not a valid PNG.
    public func decode(contentsOf path: String) throws -> RGBAImage {
        try decode(readFileBytes(at: path))
    }

    /// Decodes a whole PNG file held in memory.
    public func decode(_ data: [UInt8]) throws -> RGBAImage {
        guard data.count >= 8, Array(data[0..<8]) == PNGChunkWriter.signature else { throw PNGError.notPNG }
        return try data.withUnsafeBytes { bytes -> RGBAImage in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            // libpng keeps a pointer to `bytes` until finish_read, so both calls stay inside this closure.
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                throw PNGError.decodingFailed(Self.message(of: image))
            }
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0, width <= maxPixelCount / height else {
                png_image_free(&image)
                throw PNGError.imageTooLarge(width: width, height: height)
            }
            // PNG_FORMAT_RGBA is a compound macro Swift does not import; it is these two flags.
            image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var ok: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
                // Row stride in components (bytes here); on failure libpng frees its state itself.
                ok = png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
                initialized = ok != 0 ? width * height * 4 : 0
            }
            guard ok != 0 else { throw PNGError.decodingFailed(Self.message(of: image)) }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }

    /// libpng's error text from the fixed 64-byte `message` field.
    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let chars = raw.prefix { $0 != 0 }
            let text = String(decoding: chars, as: UTF8.self)
            return text.isEmpty ? "unknown libpng error" : text
        }
    }
}
