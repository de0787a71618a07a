import Foundation

/// Writes an `Encodable` value as the JSON text of our files: object members in the order the type encodes them
/// (declaration order, for synthesized Codable), numbers as `NumberText.shortest` (or a `JSONNumberText`'s own
/// notation), strings through `TextEscaping.jsonString`, laid out as `JSONNode.write` describes, ending in a newline.
///
/// Foundation's JSONEncoder cannot do this: it keeps no member order (its objects are dictionaries; `.sortedKeys` is
/// the only order it offers), and its `.prettyPrinted` layout puts every value on a line of its own. Our files were
/// written by hand in a fixed order and layout before this writer existed, and their bytes must not change (a render
/// writes the same manifest every time, and a merged manifest equals the unsharded one byte for byte), so the writer
/// reproduces both. Files are read back with JSONDecoder, for which order does not matter.
public struct OrderedJSONEncoder {
    /// Handed to every `encode(to:)` as `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: Any] = [:]

    public init() {}

    /// The file's text.
    public func encode<T: Encodable>(_ value: T) throws -> String {
        var out = ""
        try JSONTreeEncoder.node(for: value, codingPath: [], userInfo: userInfo).write(to: &out)
        return out + "\n"
    }

    /// The file's bytes (UTF-8).
    public func encodeBytes<T: Encodable>(_ value: T) throws -> [UInt8] { Array(try encode(value).utf8) }
}
