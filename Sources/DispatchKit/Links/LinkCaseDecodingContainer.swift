/// What opens the container of a module link's case: the decoder reads the URL there as a struct
/// link's container does, the schema probe records the case's keys.
protocol LinkCaseOpening {
    func caseContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedDecodingContainer<NestedKey>
}

extension LinkDecoder: LinkCaseOpening {
    func caseContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(LinkKeyedDecodingContainer<NestedKey>(decoder: self))
    }
}

/// The outer container of a module link: an enum's synthesized `init(from:)` finds in it exactly
/// one key, the case the winning pattern selected (or the probe asks for), and reads that case's
/// associated values from the nested container `opener` opens.
struct LinkCaseDecodingContainer<Key: CodingKey, Opener: LinkCaseOpening>: KeyedDecodingContainerProtocol {
    let opener: Opener
    let caseName: String

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { Key(stringValue: caseName).map { [$0] } ?? [] }

    func contains(_ key: Key) -> Bool { key.stringValue == caseName }

    func decodeNil(forKey key: Key) -> Bool { !contains(key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        guard contains(key) else { throw refusal(key) }
        return opener.caseContainer(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw refusal(key)
    }

    func superDecoder() throws -> any Decoder {
        throw LinkDecodingError.value(nil, isNot: Key.self, .unsupported).naming(key: "super")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { throw refusal(key) }

    // A module link is read case by case: a value straight in the outer container is none of its.
    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T { throw refusal(key) }
    func decode(_: String.Type, forKey key: Key) throws -> String { throw refusal(key) }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { throw refusal(key) }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { throw refusal(key) }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { throw refusal(key) }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { throw refusal(key) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { throw refusal(key) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { throw refusal(key) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { throw refusal(key) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { throw refusal(key) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { throw refusal(key) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { throw refusal(key) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { throw refusal(key) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { throw refusal(key) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { throw refusal(key) }

    private func refusal(_ key: Key) -> LinkDecodingError {
        LinkDecodingError.value(nil, isNot: Key.self, .unsupported).naming(key: key.stringValue)
    }
}
