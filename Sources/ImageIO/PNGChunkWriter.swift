import CDeflate

/// Builds a PNG byte stream: the signature, then chunks of (big-endian length, 4-letter type, data, CRC-32 of type + data).
struct PNGChunkWriter {
    /// The 8 bytes every PNG starts with (PNG spec §5.2).
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    private(set) var bytes: [UInt8]

    /// A stream that starts with the PNG signature, or (`signature: false`) with nothing: a later part of a file, as an
    /// animated PNG is written frame by frame.
    init(reservingCapacity capacity: Int, signature: Bool = true) {
        bytes = []
        bytes.reserveCapacity(capacity)
        if signature { bytes.append(contentsOf: Self.signature) }
    }

    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        data.withUnsafeBytes { appendChunk(type, $0) }
    }

    /// Appends one chunk. `data.count` must be below 2³¹ (PNG's chunk length limit); callers split IDAT to respect it.
    mutating func appendChunk(_ type: String, _ data: UnsafeRawBufferPointer) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4 && data.count < 1 << 31, "chunk type must be 4 letters, data < 2^31 bytes")
        appendUInt32(UInt32(data.count))
        bytes.append(contentsOf: typeBytes)
        bytes.append(contentsOf: data)
        // libdeflate_crc32 with initial value 0 is the standard CRC-32 (ISO 3309) that PNG uses.
        var crc = typeBytes.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, 4) }
        if let base = data.baseAddress, data.count > 0 { crc = libdeflate_crc32(crc, base, data.count) }
        appendUInt32(crc)
    }

    mutating func appendUInt32(_ v: UInt32) {
        bytes.append(UInt8(v >> 24)); bytes.append(UInt8((v >> 16) & 0xFF))
        bytes.append(UInt8((v >> 8) & 0xFF)); bytes.append(UInt8(v & 0xFF))
    }
}
