/// An object being encoded: each member goes to the end of `object` (or stays where it was, encoded again).
struct KeyedJSONContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONObject
    let codingPath: [CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .literal("null")) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(key.stringValue, try JSONTreeEncoder.node(for: value, codingPath: codingPath + [key], userInfo: userInfo))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                       forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        superEncoder(forKey: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        superEncoder(forKey: key).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder { encoder(at: JSONPathKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> Encoder { encoder(at: key) }

    private func encoder(at key: CodingKey) -> Encoder {
        let slot = JSONSlot()
        object.set(key.stringValue, .pending(slot))
        return JSONTreeEncoder(codingPath: codingPath + [key], userInfo: userInfo, slot: slot)
    }
}

/// An array being encoded.
struct UnkeyedJSONContainer: UnkeyedEncodingContainer {
    let array: JSONArray
    let codingPath: [CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    var count: Int { array.elements.count }

    mutating func encodeNil() throws { array.elements.append(.literal("null")) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [JSONPathKey(intValue: count)]
        array.elements.append(try JSONTreeEncoder.node(for: value, codingPath: path, userInfo: userInfo))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        superEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { superEncoder().unkeyedContainer() }

    mutating func superEncoder() -> Encoder {
        let slot = JSONSlot()
        let path = codingPath + [JSONPathKey(intValue: count)]
        array.elements.append(.pending(slot))
        return JSONTreeEncoder(codingPath: path, userInfo: userInfo, slot: slot)
    }
}
