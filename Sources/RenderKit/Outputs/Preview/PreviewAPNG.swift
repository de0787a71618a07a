import Frames
import Geometry
import ImageIO

/// Writes an animated PNG (APNG, Mozilla's extension of PNG that browsers show as an animation and other readers as
/// its first frame): IHDR, `acTL` (frame count, plays), then per frame an `fcTL` (size, offset 0,0, delay, dispose
/// none, blend source) followed by the frame's image data — IDAT for the first frame, `fdAT` (a sequence number, then
/// the same zlib data) for the others. Frames are compressed by `PNGEncoder` and their IDAT data re-wrapped.
public enum PreviewAPNG {
    /// Why an animation cannot be written.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The APNG file of `frames` (all the same size), each shown `delayNumerator/delayDenominator` seconds,
    /// looping `plays` times (0: forever), built in memory (small animations; `PreviewAPNGFile` streams to disk).
    public static func encode(_ frames: [RGBAImage], delayNumerator: UInt16, delayDenominator: UInt16, plays: UInt32 = 0,
                              compression: PNGCompression = .fast) throws -> [UInt8] {
        var out = PreviewChunks()
        var stream = Stream(frameCount: frames.count, delayNumerator: delayNumerator, delayDenominator: delayDenominator,
                            plays: plays, compression: compression)
        for frame in frames { try stream.append(frame) { out.append($0, $1) } }
        try stream.finish { out.append($0, $1) }
        return out.bytes
    }

    /// The chunks of an APNG, produced one frame at a time so that no caller has to hold every frame.
    struct Stream {
        let frameCount: Int
        let delayNumerator: UInt16, delayDenominator: UInt16, plays: UInt32
        let encoder: PNGEncoder
        private var sequence: UInt32 = 0
        private var appended = 0
        private var size: (width: Int, height: Int)?

        init(frameCount: Int, delayNumerator: UInt16, delayDenominator: UInt16, plays: UInt32, compression: PNGCompression) {
            self.frameCount = frameCount
            self.delayNumerator = delayNumerator
            self.delayDenominator = delayDenominator
            self.plays = plays
            // RGBA for every frame: the frames share the first one's IHDR, so they must share its colour type.
            encoder = PNGEncoder(compression: compression, colour: .rgba)
        }

        /// Hands `emit` the chunks of the next frame (for the first one, the header and the animation control too).
        mutating func append(_ frame: RGBAImage, _ emit: (String, [UInt8]) throws -> Void) throws {
            guard appended < frameCount else { throw Failure(description: "more frames than the animation announced") }
            if let size, size != (frame.width, frame.height) {
                throw Failure(description: "all frames of an animation must have the same size")
            }
            let chunks = try PreviewChunks.read(try encoder.encode(frame))
            if appended == 0 {
                guard let header = chunks.first(where: { $0.type == "IHDR" }) else { throw Failure(description: "no IHDR") }
                size = (frame.width, frame.height)
                try emit("IHDR", header.data)
                try emit("acTL", be32(UInt32(frameCount)) + be32(plays))
            }
            // fcTL: sequence, width, height, x, y, delay numerator and denominator, dispose op 0 (none), blend op 0 (source).
            try emit("fcTL", be32(sequence) + be32(UInt32(frame.width)) + be32(UInt32(frame.height)) + be32(0) + be32(0)
                     + be16(delayNumerator) + be16(delayDenominator) + [0, 0])
            sequence += 1
            for idat in chunks where idat.type == "IDAT" {
                if appended == 0 {
                    try emit("IDAT", idat.data)
                } else {
                    try emit("fdAT", be32(sequence) + idat.data)
                    sequence += 1
                }
            }
            appended += 1
        }

        /// The closing chunk; fails when fewer frames came than announced.
        func finish(_ emit: (String, [UInt8]) throws -> Void) throws {
            guard appended > 0 else { throw Failure(description: "an animation needs at least one frame") }
            guard appended == frameCount else { throw Failure(description: "\(appended) frames of \(frameCount) announced") }
            try emit("IEND", [])
        }
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
}

/// A PNG byte stream being built, and the reader of a PNG's chunks.
struct PreviewChunks {
    private(set) var bytes: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    mutating func append(_ type: String, _ data: [UInt8]) {
        bytes += Self.chunk(type, data)
    }

    /// One chunk's bytes: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return PreviewAPNG.be32(UInt32(data.count)) + typeBytes + data + PreviewAPNG.be32(crc32(typeBytes + data))
    }

    /// The chunks of a PNG file we wrote ourselves (so well-formed): type and data.
    static func read(_ png: [UInt8]) throws -> [(type: String, data: [UInt8])] {
        var out: [(String, [UInt8])] = []
        var p = 8
        while p + 12 <= png.count {
            let length = Int(png[p]) << 24 | Int(png[p + 1]) << 16 | Int(png[p + 2]) << 8 | Int(png[p + 3])
            guard p + 12 + length <= png.count else { throw PreviewAPNG.Failure(description: "truncated PNG chunk") }
            let type = String(decoding: png[p + 4..<p + 8], as: UTF8.self)
            out.append((type, Array(png[p + 8..<p + 8 + length])))
            p += 12 + length
        }
        return out
    }

    /// CRC-32 (ISO 3309, polynomial 0xEDB88320 reflected), as PNG chunks carry it.
    static func crc32(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in data { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
