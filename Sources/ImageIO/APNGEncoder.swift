import Geometry

/// An animated PNG (APNG, Mozilla's extension of PNG that browsers show as an animation and other readers as its first
/// frame), produced a frame at a time so that no caller has to hold every frame: the signature, IHDR and `acTL` (frame
/// count, plays) come with the first frame; each frame is an `fcTL` (sequence number, size, offset 0,0, delay, dispose
/// none, blend source) and its image data, compressed as `PNGEncoder` compresses a still: IDAT for the first frame,
/// `fdAT` (a sequence number, then the same data) for the others, in pieces of at most `PNGEncoder.maxIDATLength`
/// bytes. Every frame is RGBA: the frames share the first one's IHDR, so they share its colour type.
public struct APNGEncoder {
    public let frameCount: Int
    public let delayNumerator: UInt16, delayDenominator: UInt16
    /// How many times the animation plays; 0: forever.
    public let plays: UInt32
    private let encoder: PNGEncoder
    private var sequence: UInt32 = 0
    private var appended = 0
    private var size: (width: Int, height: Int)?

    /// An animation of `frameCount` frames of one size, each shown `delayNumerator/delayDenominator` seconds.
    public init(frameCount: Int, delayNumerator: UInt16, delayDenominator: UInt16, plays: UInt32 = 0,
                compression: PNGCompression = .fast) {
        self.frameCount = frameCount
        self.delayNumerator = delayNumerator
        self.delayDenominator = delayDenominator
        self.plays = plays
        encoder = PNGEncoder(compression: compression, colour: .rgba)
    }

    /// The bytes the next frame adds to the file (for the first frame, the file's opening too).
    public mutating func append(_ frame: RGBAImage) throws -> [UInt8] {
        guard appended < frameCount else { throw APNGError.moreFramesThanAnnounced(frameCount) }
        if let size, size != (frame.width, frame.height) { throw APNGError.sizeChanged }
        let (_, zlib) = try encoder.imageData(frame, cache: nil)
        var writer = PNGChunkWriter(reservingCapacity: zlib.count + zlib.count / PNGEncoder.maxIDATLength * 16 + 128,
                                    signature: appended == 0)
        if appended == 0 {
            size = (frame.width, frame.height)
            writer.appendChunk("IHDR", PNGEncoder.header(width: frame.width, height: frame.height, channels: 4))
            writer.appendChunk("acTL", Self.be32(UInt32(frameCount)) + Self.be32(plays))
        }
        writer.appendChunk("fcTL", Self.be32(sequence) + Self.be32(UInt32(frame.width)) + Self.be32(UInt32(frame.height))
                           + Self.be32(0) + Self.be32(0) + Self.be16(delayNumerator) + Self.be16(delayDenominator) + [0, 0])
        sequence += 1
        PNGEncoder.forEachIDATPiece(of: zlib) { piece in
            if appended == 0 {
                writer.appendChunk("IDAT", piece)
            } else {
                writer.appendChunk("fdAT", Self.be32(sequence) + Array(piece))
                sequence += 1
            }
        }
        appended += 1
        return writer.bytes
    }

    /// The file's closing bytes; fails when fewer frames came than announced.
    public func finish() throws -> [UInt8] {
        guard appended == frameCount, appended > 0 else { throw APNGError.fewerFramesThanAnnounced(appended, frameCount) }
        var writer = PNGChunkWriter(reservingCapacity: 12, signature: false)
        writer.appendChunk("IEND", [])
        return writer.bytes
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
}
