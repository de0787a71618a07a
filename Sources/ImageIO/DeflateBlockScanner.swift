/// Finds, in a raw deflate stream (RFC 1951), the bit where its final block's header starts and the bit where that
/// block ends, by decoding every block's Huffman symbols without producing any output (matches are skipped, not copied).
///
/// Why: libdeflate compresses far faster than zlib but cannot flush, so each band it compresses ends in a block marked
/// final, padded to a byte. To chain bands into one zlib stream, `DeflateBand` clears that final bit and appends an
/// empty stored block; both need these two bit positions, which libdeflate does not report. The cost is per symbol,
/// not per output byte, so it is small next to compressing (the compressed streams of a frame hold ≈10⁵ symbols).
enum DeflateBlockScanner {
    /// Bit offsets (bit k is bit k % 8 of byte k / 8, deflate's LSB-first order).
    struct FinalBlock: Equatable {
        /// The final block's first header bit (BFINAL).
        var headerBit: Int
        /// One past the last bit of the final block (the bit after its end-of-block code, or after its stored bytes).
        var endBit: Int
    }

    enum Failure: Error, Equatable { case truncated, invalid(String) }

    /// Scans `bytes` (a complete raw deflate stream) up to the end of its final block.
    static func scan(_ bytes: UnsafeRawBufferPointer) throws -> FinalBlock {
        var reader = BitReader(bytes)
        var tables = Tables()
        while true {
            let header = reader.position
            let isFinal = try reader.take(1) == 1
            switch try reader.take(2) {
            case 0:
                reader.alignToByte()
                let length = try reader.take(16), complement = try reader.take(16)
                guard length ^ complement == 0xFFFF else { throw Failure.invalid("stored length") }
                try reader.skip(length * 8)
            case 1:
                try skipSymbols(&reader, FixedCodes.literals, FixedCodes.distances)
            case 2:
                try tables.readDynamicHeader(&reader)
                try skipSymbols(&reader, tables.literals, tables.distances)
            default:
                throw Failure.invalid("block type 3")
            }
            if isFinal { return FinalBlock(headerBit: header, endBit: reader.position) }
        }
    }

    /// Extra bits after each length symbol 257…285 (RFC 1951 §3.2.5).
    static let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// Extra bits after each distance symbol 0…29.
    static let distanceExtra: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10,
                                         11, 11, 12, 12, 13, 13]

    /// Reads symbols up to and including end-of-block (256), skipping each match's extra bits and distance.
    static func skipSymbols(_ reader: inout BitReader, _ literals: HuffmanCode, _ distances: HuffmanCode) throws {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 { continue }
            if symbol == 256 { return }
            let l = symbol - 257
            guard l < lengthExtra.count else { throw Failure.invalid("length symbol \(symbol)") }
            try reader.skip(Int(lengthExtra[l]))
            let d = try distances.decode(&reader)
            guard d < distanceExtra.count else { throw Failure.invalid("distance symbol \(d)") }
            try reader.skip(Int(distanceExtra[d]))
        }
    }

    /// The fixed codes of block type 1 (RFC 1951 §3.2.6).
    enum FixedCodes {
        static let literals: HuffmanCode = {
            let lengths = (0..<288).map { s -> UInt8 in s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8 }
            return (try? HuffmanCode(lengths: lengths)) ?? HuffmanCode.empty
        }()
        static let distances: HuffmanCode = (try? HuffmanCode(lengths: [UInt8](repeating: 5, count: 30))) ?? .empty
    }

    /// The two codes of the current dynamic block.
    struct Tables {
        var literals = HuffmanCode.empty
        var distances = HuffmanCode.empty

        /// Order in which the code-length code's lengths are stored.
        static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

        /// Reads a dynamic block's header (§3.2.7) and builds its literal/length and distance codes.
        mutating func readDynamicHeader(_ reader: inout BitReader) throws {
            let literalCount = try reader.take(5) + 257
            let distanceCount = try reader.take(5) + 1
            let lengthCodeCount = try reader.take(4) + 4
            var lengthCodeLengths = [UInt8](repeating: 0, count: 19)
            for k in 0..<lengthCodeCount { lengthCodeLengths[Self.order[k]] = UInt8(try reader.take(3)) }
            let lengthCode = try HuffmanCode(lengths: lengthCodeLengths)
            var lengths: [UInt8] = []
            lengths.reserveCapacity(literalCount + distanceCount)
            while lengths.count < literalCount + distanceCount {
                let symbol = try lengthCode.decode(&reader)
                switch symbol {
                case 0...15:
                    lengths.append(UInt8(symbol))
                case 16:
                    guard let last = lengths.last else { throw Failure.invalid("repeat with no previous length") }
                    lengths += repeatElement(last, count: 3 + (try reader.take(2)))
                case 17:
                    lengths += repeatElement(0, count: 3 + (try reader.take(3)))
                default:
                    lengths += repeatElement(0, count: 11 + (try reader.take(7)))
                }
            }
            guard lengths.count == literalCount + distanceCount else { throw Failure.invalid("code lengths overrun") }
            literals = try HuffmanCode(lengths: Array(lengths[0..<literalCount]))
            distances = try HuffmanCode(lengths: Array(lengths[literalCount...]))
        }
    }
}

/// Reads a byte buffer as deflate's bit stream: least significant bit of each byte first.
struct BitReader {
    let bytes: UnsafeRawBufferPointer
    /// The next bit to read.
    private(set) var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The next `count` (≤ 32) bits without consuming them; bits past the end read as 0.
    @inline(__always)
    func peek(_ count: Int) -> Int {
        let byte = position >> 3
        var word: UInt64 = 0
        if byte + 8 <= bytes.count {
            word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: byte, as: UInt64.self))
        } else {
            for k in 0..<max(0, min(8, bytes.count - byte)) { word |= UInt64(bytes[byte + k]) << (8 * UInt64(k)) }
        }
        return Int(truncatingIfNeeded: (word >> UInt64(position & 7)) & ((1 << UInt64(count)) - 1))
    }

    /// Consumes `count` bits.
    @inline(__always)
    mutating func skip(_ count: Int) throws {
        position += count
        guard position <= bytes.count * 8 else { throw DeflateBlockScanner.Failure.truncated }
    }

    /// Reads `count` (≤ 32) bits as a number, first bit least significant.
    @inline(__always)
    mutating func take(_ count: Int) throws -> Int {
        let v = peek(count)
        try skip(count)
        return v
    }

    mutating func alignToByte() { position = (position + 7) & ~7 }
}

/// A canonical Huffman code (RFC 1951 §3.2.2) for decoding: a table indexed by the next `primaryBits` stream bits
/// for short codes, and for longer ones the count-per-length walk of zlib's `puff`.
struct HuffmanCode {
    static let primaryBits = 9
    static let maxBits = 15
    /// Per index: symbol << 4 | length, or 0 when the code there is longer than `primaryBits` (or unused).
    private var table: [UInt32]
    /// How many symbols have each length 0…15.
    private var counts: [Int]
    /// Symbols ordered by (length, value): the canonical order.
    private var symbols: [Int]

    static let empty = HuffmanCode(table: [], counts: [Int](repeating: 0, count: maxBits + 1), symbols: [])

    private init(table: [UInt32], counts: [Int], symbols: [Int]) {
        self.table = table; self.counts = counts; self.symbols = symbols
    }

    /// The code in which symbol s has length `lengths[s]` bits (0: unused). Incomplete codes are accepted (deflate
    /// allows one distance code of one bit); over-subscribed ones are not.
    init(lengths: [UInt8]) throws {
        var counts = [Int](repeating: 0, count: Self.maxBits + 1)
        for l in lengths {
            guard l <= Self.maxBits else { throw DeflateBlockScanner.Failure.invalid("code length \(l)") }
            counts[Int(l)] += 1
        }
        counts[0] = 0
        var left = 1
        for l in 1...Self.maxBits {
            left = left * 2 - counts[l]
            guard left >= 0 else { throw DeflateBlockScanner.Failure.invalid("over-subscribed code") }
        }
        var offsets = [Int](repeating: 0, count: Self.maxBits + 2)
        for l in 1...Self.maxBits { offsets[l + 1] = offsets[l] + counts[l] }
        var symbols = [Int](repeating: 0, count: offsets[Self.maxBits + 1])
        for (s, l) in lengths.enumerated() where l > 0 {
            symbols[offsets[Int(l)]] = s
            offsets[Int(l)] += 1
        }
        // Codes are assigned in canonical order; each is written to the stream most significant bit first, so the
        // table index (stream bits, first bit least significant) is the code bit-reversed.
        var table = [UInt32](repeating: 0, count: 1 << Self.primaryBits)
        var code = 0, index = 0
        for l in 1...Self.maxBits {
            for _ in 0..<counts[l] {
                if l <= Self.primaryBits {
                    var reversed = 0
                    for b in 0..<l where code & (1 << b) != 0 { reversed |= 1 << (l - 1 - b) }
                    var i = reversed
                    while i < table.count {
                        table[i] = UInt32(symbols[index]) << 4 | UInt32(l)
                        i += 1 << l
                    }
                }
                code += 1; index += 1
            }
            code <<= 1
        }
        self.init(table: table, counts: counts, symbols: symbols)
    }

    /// Reads one symbol.
    @inline(__always)
    func decode(_ reader: inout BitReader) throws -> Int {
        let bits = reader.peek(Self.maxBits)
        if !table.isEmpty {
            let entry = table[bits & ((1 << Self.primaryBits) - 1)]
            if entry != 0 {
                try reader.skip(Int(entry & 15))
                return Int(entry >> 4)
            }
        }
        // puff's decode: walk the lengths, comparing the code read so far with the first code of each length.
        var code = 0, first = 0, index = 0
        for l in 1...Self.maxBits {
            code |= (bits >> (l - 1)) & 1
            let count = counts[l]
            if code - first < count {
                try reader.skip(l)
                return symbols[index + code - first]
            }
            index += count; first += count
            first <<= 1; code <<= 1
        }
        throw DeflateBlockScanner.Failure.invalid("no code matches")
    }
}
