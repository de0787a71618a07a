/// Why a PNG could not be written or read. Every case is reachable from input, so callers get a message, never a crash.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// PNG cannot store an image with no pixels (the format requires width and height ≥ 1).
    case emptyImage(width: Int, height: Int)
    /// A side longer than PNG's limit of 2³¹ − 1 pixels, or more pixels than the reader allows.
    case imageTooLarge(width: Int, height: Int)
    /// libdeflate could not allocate a compressor for this level (out of memory).
    case compressorUnavailable(level: Int32)
    /// libdeflate reported that the output did not fit the buffer it sized itself (should not happen).
    case compressionFailed
    /// The bytes do not start with the 8-byte PNG signature.
    case notPNG
    /// libpng rejected the data; the text is libpng's own message (e.g. "IDAT: CRC error", "Not enough image data").
    case decodingFailed(String)

    public var description: String {
        switch self {
        case let .emptyImage(w, h): return "cannot write a PNG of \(w)×\(h) pixels: PNG needs at least 1×1"
        case let .imageTooLarge(w, h): return "image of \(w)×\(h) pixels is too large"
        case let .compressorUnavailable(level): return "could not allocate a deflate compressor (level \(level))"
        case .compressionFailed: return "deflate compression failed"
        case .notPNG: return "not a PNG file (signature mismatch)"
        case let .decodingFailed(message): return "PNG decoding failed: \(message)"
        }
    }
}
