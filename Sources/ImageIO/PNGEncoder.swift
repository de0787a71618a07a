import CDeflate
import Geometry

/// Writes `RGBAImage`s as PNG: 8-bit RGB (colour type 2) when the image is opaque, else RGBA (type 6) — see
/// `PNGColourPolicy` — non-interlaced, no ancillary chunks.
///
/// Our own chunk writer and row filtering, with the deflate blocks from libdeflate, which compresses the filtered rows
/// about ten times faster than zlib at a smaller size. Deterministic: the same pixels and settings give the same bytes.
/// A value type with no shared state, so one encoder may be used from many threads at once (a `PNGBandCache` may not).
///
/// The zlib stream is made of bands of `bandHeight` rows, each compressed on its own from a fresh dictionary (see
/// `DeflateBand`), so a band's bytes depend only on its pixels: with a `PNGBandCache`, a frame reuses the bytes of the
/// bands that are the same as in the frame before and compresses only the ones that changed. A band's first row is
/// filtered without the row above (see `PNGBandFilter`).
///
/// Row filters: the adaptive minimum-sum heuristic per row by default. Measured on a 1170×2532 frame at level 6, per-row
/// alternatives did not do much better (Shannon entropy per row 505,526 bytes; trying each filter with deflate per row
/// 507,909) at many times the cost. Note that `None` on every row gave 323,722 bytes there, because deflate then finds
/// long matches in the rows above; a per-row heuristic cannot see that.
public struct PNGEncoder: Sendable {
    /// The deflate effort; see `PNGCompression` for measured sizes and times.
    public var compression: PNGCompression
    /// How each row's filter is chosen.
    public var filter: PNGFilterStrategy
    /// RGB for opaque images, or always RGBA.
    public var colour: PNGColourPolicy
    /// Rows per independently compressed band (the last band may have fewer); 0 puts the whole image in one band.
    public var bandHeight: Int

    /// The default `bandHeight`, in rows, chosen by measurement on the benchmark workload (see `PNGCompression`).
    public static let defaultBandHeight = 64

    /// The longest IDAT chunk we write, in bytes. Any length below 2³¹ is legal; splitting keeps every chunk small
    /// enough for streaming readers that buffer a whole chunk.
    static let maxIDATLength = 1 << 20

    public init(compression: PNGCompression = .default, filter: PNGFilterStrategy = .sampledPerBand,
                colour: PNGColourPolicy = .automatic, bandHeight: Int = PNGEncoder.defaultBandHeight) {
        self.compression = compression
        self.filter = filter
        self.colour = colour
        self.bandHeight = max(0, bandHeight)
    }

    /// The PNG file for `image`. With a `cache`, bands whose pixels it holds are not compressed again; the bytes are
    /// the same either way.
    /// - Throws: `PNGError.emptyImage` for 0-pixel sides, `.imageTooLarge` past PNG's 2³¹ − 1 side limit,
    ///   `.compressorUnavailable` if libdeflate cannot allocate.
    public func encode(_ image: RGBAImage, cache: PNGBandCache? = nil) throws -> [UInt8] {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { throw PNGError.emptyImage(width: width, height: height) }
        guard width < 1 << 31, height < 1 << 31, width <= (Int.max / 4 - 1) / height else {
            throw PNGError.imageTooLarge(width: width, height: height)
        }
        let channels = colour == .automatic && image.isOpaque ? 3 : 4
        let zlib = try compressBands(image, channels: channels, cache: cache)

        var writer = PNGChunkWriter(reservingCapacity: zlib.count + zlib.count / Self.maxIDATLength * 12 + 64)
        var header: [UInt8] = []
        header.reserveCapacity(13)
        for v in [UInt32(width), UInt32(height)] {
            header += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        }
        // Bit depth 8, colour type 2 (RGB) or 6 (RGBA), compression 0 (deflate), filter method 0, interlace 0 (none).
        header += [8, channels == 3 ? 2 : 6, 0, 0, 0]
        writer.appendChunk("IHDR", header)
        zlib.withUnsafeBytes { all in
            var start = 0
            repeat {
                let end = min(start + Self.maxIDATLength, all.count)
                writer.appendChunk("IDAT", UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            } while start < all.count
        }
        writer.appendChunk("IEND", [])
        return writer.bytes
    }

    /// IDAT's zlib stream: the image's bands filtered, compressed (or taken from `cache`) and chained.
    func compressBands(_ image: RGBAImage, channels: Int, cache: PNGBandCache?) throws -> [UInt8] {
        let width = image.width, height = image.height
        let bandRows = bandHeight == 0 ? height : min(bandHeight, height)
        let level = compression.level
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw PNGError.compressorUnavailable(level: level)
        }
        defer { libdeflate_free_compressor(compressor) }
        var filterer = PNGBandFilter(width: width, channels: channels, maxRows: bandRows, strategy: filter)
        var bands: [CompressedBand] = []
        bands.reserveCapacity((height + bandRows - 1) / bandRows)
        try image.pixels.withUnsafeBytes { all in
            guard let base = all.baseAddress else { return }
            for top in stride(from: 0, to: height, by: bandRows) {
                let rows = min(bandRows, height - top)
                let pixels = UnsafeRawBufferPointer(start: base + top * width * 4, count: rows * width * 4)
                let context = PNGBandCache.Context(width: width, rows: rows, channels: channels, filter: filter, level: level)
                let key = cache?.key(pixels, context)
                if let cache, let key, let band = cache.lookup(pixels, key) {
                    bands.append(band)
                    continue
                }
                let first = (base + top * width * 4).assumingMemoryBound(to: UInt8.self)
                let count = filterer.filter(first, rows: rows)
                let band = try filterer.output.withUnsafeBytes { out in
                    try DeflateBand.compress(UnsafeRawBufferPointer(rebasing: out[0..<count]), with: compressor)
                }
                if let cache, let key { cache.store(pixels, key, band) }
                bands.append(band)
            }
        }
        cache?.endFrame()
        return DeflateBand.zlibStream(bands, level: level)
    }
}
