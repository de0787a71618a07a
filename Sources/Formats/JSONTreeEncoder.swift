/// The `Encoder` behind `OrderedJSONEncoder`: puts what a value encodes into a `JSONSlot` as `JSONNode`s.
struct JSONTreeEncoder: Encoder {
    let codingPath: [CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    let slot: JSONSlot

    /// The node of `value`: primitives and `JSONNumberText`s formatted here, anything else by its `encode(to:)`.
    static func node<T: Encodable>(for value: T, codingPath: [CodingKey], userInfo: [CodingUserInfoKey: Any]) throws -> JSONNode {
        switch value {
        case let number as JSONNumberText: return .literal(number.jsonNumberText)
        case let string as String: return .literal(TextEscaping.jsonString(string))
        case let bool as Bool: return .literal(bool ? "true" : "false")
        case let double as Double: return .literal(NumberText.shortest(double))
        case let integer as any BinaryInteger: return .literal("\(integer)")
        case is Float:
            // Float's digits are not Double's: refused rather than written in a notation nothing else uses.
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "Float is not written; use Double"))
        default:
            let encoder = JSONTreeEncoder(codingPath: codingPath, userInfo: userInfo, slot: JSONSlot())
            try value.encode(to: encoder)
            return encoder.slot.node ?? .object(JSONObject())
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // Asked again (a type that encodes a shared part, then its own keys): the same object, so the keys follow on.
        if case .object(let object)? = slot.node {
            return KeyedEncodingContainer(KeyedJSONContainer(object: object, codingPath: codingPath, userInfo: userInfo))
        }
        let object = JSONObject()
        slot.node = .object(object)
        return KeyedEncodingContainer(KeyedJSONContainer(object: object, codingPath: codingPath, userInfo: userInfo))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .array(let array)? = slot.node { return UnkeyedJSONContainer(array: array, codingPath: codingPath, userInfo: userInfo) }
        let array = JSONArray()
        slot.node = .array(array)
        return UnkeyedJSONContainer(array: array, codingPath: codingPath, userInfo: userInfo)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { self }
}

extension JSONTreeEncoder: SingleValueEncodingContainer {
    mutating func encodeNil() throws { slot.node = .literal("null") }

    mutating func encode<T: Encodable>(_ value: T) throws {
        slot.node = try Self.node(for: value, codingPath: codingPath, userInfo: userInfo)
    }
}

/// A coding key for the coding paths of array elements and of `superEncoder()`, which have no key of their own.
struct JSONPathKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(intValue: Int) { self.intValue = intValue; stringValue = "\(intValue)" }
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
}
