/// The name of a frame file, `frame_00012.png`: the frame's index in at least five digits (zero-padded), more when a
/// render has more frames than five digits count, so that the names of one render sort in frame order.
/// Renders, goldens, comparisons and the preview page all name and recognise frames through this type.
public struct FrameFileName: Hashable, Sendable, CustomStringConvertible {
    public let index: Int
    /// Digits written, with leading zeros: at least 5, and at least the index's own.
    public let digits: Int

    /// The fewest digits a name has.
    public static let minimumDigits = 5
    /// The most digits a name read back may have: nine keep its index far inside `Int` (a render has at most
    /// 100,000 frames, so five digits in practice).
    public static let maximumDigits = 9

    /// Frame `index` of a render of `frameCount` frames: as many digits as the last frame's index needs, at least 5.
    public init(index: Int, frameCount: Int) {
        self.init(index: index, digits: String(max(frameCount - 1, 0)).count)
    }

    /// Frame `index` with at least `digits` digits (never fewer than 5, nor than the index needs).
    public init(index: Int, digits: Int = FrameFileName.minimumDigits) {
        precondition(index >= 0, "a frame index is not negative")
        self.index = index
        self.digits = max(digits, Self.minimumDigits, String(index).count)
    }

    /// Reads a name: `frame_`, 5 to 9 ASCII digits, `.png`, and nothing else (not `frame_1.png`, `frame_00001.png.bak`,
    /// `frame_+0001.png`, a path or another case); nil for anything else.
    public init?(_ name: String) {
        let utf8 = Array(name.utf8)
        let prefix = Array("frame_".utf8), suffix = Array(".png".utf8)
        guard utf8.count > prefix.count + suffix.count, utf8.starts(with: prefix), utf8.suffix(suffix.count).elementsEqual(suffix) else {
            return nil
        }
        let digitBytes = utf8[prefix.count..<(utf8.count - suffix.count)]
        guard (Self.minimumDigits...Self.maximumDigits).contains(digitBytes.count),
              digitBytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        index = digitBytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        digits = digitBytes.count
    }

    /// `frame_00012.png`.
    public var description: String {
        let number = String(index)
        return "frame_" + String(repeating: "0", count: digits - number.count) + number + ".png"
    }
}

extension FrameFileName: Codable {
    /// A frame file name is a string in JSON; anything else than a frame file name is refused with the name.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let name = FrameFileName(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(TextEscaping.jsonString(text)) is not a frame file name (frame_NNNNN.png)")
        }
        self = name
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
