import CDeflate
import Foundation

/// The compressed bands of the frames a `PNGEncoder` wrote last, for reuse when a later frame has a band with exactly
/// the same pixels (compared in full, not just by hash). Reuse only saves time: a band's bytes are a pure function of
/// its pixels and the encoding settings, so the files are the same with or without a cache.
///
/// Not thread-safe: make one per worker thread. Holds the bands of the current and the previous frame only
/// (at most about two frames of pixels and their compressed bytes), so memory does not grow with the frame count.
public final class PNGBandCache {
    /// Everything besides the pixels that a band's bytes depend on.
    struct Context: Hashable {
        var width: Int
        var rows: Int
        var channels: Int
        var filter: PNGFilterStrategy
        var level: Int32
    }

    struct Key: Hashable {
        /// CRC-32 of the band's RGBA bytes: only to find candidates, which are then compared byte for byte.
        var crc: UInt32
        var context: Context
    }

    struct Entry {
        var pixels: [UInt8]
        var band: CompressedBand
    }

    private var current: [Key: Entry] = [:]
    private var previous: [Key: Entry] = [:]
    /// Bands reused since this cache was made.
    public private(set) var hits = 0
    /// Bands compressed since this cache was made.
    public private(set) var misses = 0

    public init() {}

    /// The key of `pixels` (a band's RGBA bytes) in `context`.
    func key(_ pixels: UnsafeRawBufferPointer, _ context: Context) -> Key {
        Key(crc: libdeflate_crc32(0, pixels.baseAddress, pixels.count), context: context)
    }

    /// The cached band with exactly these pixels, if any; it is kept for the next frame.
    func lookup(_ pixels: UnsafeRawBufferPointer, _ key: Key) -> CompressedBand? {
        guard let entry = current[key] ?? previous[key],
              entry.pixels.count == pixels.count,
              entry.pixels.withUnsafeBytes({ Self.same($0, pixels) })
        else { return nil }
        current[key] = entry
        hits += 1
        return entry.band
    }

    /// Byte-for-byte equality of two buffers of the same length.
    static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard let p = a.baseAddress, let q = b.baseAddress else { return a.count == b.count }
        return a.count == b.count && memcmp(p, q, a.count) == 0
    }

    func store(_ pixels: UnsafeRawBufferPointer, _ key: Key, _ band: CompressedBand) {
        current[key] = Entry(pixels: Array(pixels), band: band)
        misses += 1
    }

    /// Ends a frame: the bands it used (reused or new) are kept for the next frame; the others are dropped.
    func endFrame() {
        previous = current
        current = [:]
        current.reserveCapacity(previous.count)
    }
}
