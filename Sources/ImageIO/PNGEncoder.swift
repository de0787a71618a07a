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
/// Measured with `png-bench` (Benchmarks/PNGBench) on the benchmark workload's frames 0–119 (1170×2532, 30 still
/// frames then the charge), one worker with a cache, level 6; CPU ms per frame on the shared 2-core machine:
///
/// | band rows | bytes, RGB | ms   | bands reused | bytes, RGBA |
/// |-----------|------------|------|--------------|-------------|
/// | whole     | 7,064,661  | 19.9 | (whole frames only) | 7,945,490 |
/// | 8         | 8,909,496  | 23.1 | 74 %         | 9,853,418   |
/// | 16        | 7,958,265  | 16.4 | 73 %         | 8,837,560   |
/// | 32        | 7,474,507  | 12.9 | 73 %         | 8,340,210   |
/// | 64        | 7,241,062  | 11.7 | 72 %         | 8,103,675   |
/// | 128       | 7,163,163  | 10.7 | 70 %         | 8,022,943   |  ← `defaultBandHeight`
///
/// Bands of 128 rows cost 1.4 % in size over one stream and are the fastest; shorter bands reuse a little more but each
/// restarts deflate's dictionary. (Scenes/dive-deeper.json, 192 frames: 128 rows cost 3.6 % over one stream.)
/// RGB instead of RGBA saves 11 %.
///
/// Row filters (same frames, bands of 64 rows, RGB): the per-row minimum-sum heuristic (`adaptive`, libpng's classic)
/// 7,489,472 bytes in 20.6 ms; no filter at all 7,241,062 bytes in 9.5 ms; `sampledPerBand` (the default) 7,241,062
/// bytes in 11.7 ms. Its cost counts the bytes that repeat neither the left pixel nor the row above, which follows
/// deflate's matches; the minimum sum on the same sampled rows gave 7,576,192 bytes. Other scenes, bytes of
/// `sampledPerBand` / `adaptive` / none: dive-deeper 7,992,447 / 11,676,492 / 7,992,552 (120 frames); gallery
/// 360,610 / 406,920 / 383,145; blur-sheet 207,169 / 202,269 / 211,880 (one frame each).
public struct PNGEncoder: Sendable {
    /// The deflate effort; see `PNGCompression` for measured sizes and times.
    public var compression: PNGCompression
    /// How each row's filter is chosen.
    public var filter: PNGFilterStrategy
    /// RGB for opaque images, or always RGBA.
    public var colour: PNGColourPolicy
    /// Rows per independently compressed band (the last band may have fewer); 0 puts the whole image in one band.
    public var bandHeight: Int

    /// The default `bandHeight`, in rows, chosen by measurement on the benchmark workload (see above).
    public static let defaultBandHeight = 128

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
        let (channels, zlib) = try imageData(image, cache: cache)
        var writer = PNGChunkWriter(reservingCapacity: zlib.count + zlib.count / Self.maxIDATLength * 12 + 64)
        writer.appendChunk("IHDR", Self.header(width: image.width, height: image.height, channels: channels))
        Self.forEachIDATPiece(of: zlib) { writer.appendChunk("IDAT", $0) }
        writer.appendChunk("IEND", [])
        return writer.bytes
    }

    /// The channels `image` is written with (3 or 4) and its image data (IDAT's zlib stream), after checking that PNG
    /// can hold its size; throws as `encode` does.
    func imageData(_ image: RGBAImage, cache: PNGBandCache?) throws -> (channels: Int, zlib: [UInt8]) {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { throw PNGError.emptyImage(width: width, height: height) }
        guard width < 1 << 31, height < 1 << 31, width <= (Int.max / 4 - 1) / height else {
            throw PNGError.imageTooLarge(width: width, height: height)
        }
        let channels = colour == .automatic && image.isOpaque ? 3 : 4
        return (channels, try compressBands(image, channels: channels, cache: cache))
    }

    /// IHDR's data: width, height, bit depth 8, colour type 2 (RGB) or 6 (RGBA), compression 0 (deflate), filter
    /// method 0, interlace 0 (none).
    static func header(width: Int, height: Int, channels: Int) -> [UInt8] {
        var header: [UInt8] = []
        header.reserveCapacity(13)
        for v in [UInt32(width), UInt32(height)] {
            header += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        }
        return header + [8, channels == 3 ? 2 : 6, 0, 0, 0]
    }

    /// Hands `body` the image data `zlib` in pieces of at most `maxIDATLength` bytes, one a chunk (at least one).
    static func forEachIDATPiece(of zlib: [UInt8], _ body: (UnsafeRawBufferPointer) -> Void) {
        zlib.withUnsafeBytes { all in
            var start = 0
            repeat {
                let end = min(start + Self.maxIDATLength, all.count)
                body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            } while start < all.count
        }
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
