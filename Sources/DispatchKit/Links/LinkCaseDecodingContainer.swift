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
///
/// A class, made once per decoding of a case and never changed: a generic struct would carry value
/// witnesses of its own for every app, a class only its metadata.
final class LinkCaseDecodingContainer<Key: CodingKey, Opener: LinkCaseOpening>: KeyedDecodingContainerProtocol
{
    let opener: Opener
    let caseName: String

    init(opener: Opener, caseName: String) {
        self.opener = opener
        self.caseName = caseName
    }

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
    // One generic method answers for every type the protocol names.
    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T { throw refusal(key) }

    private func refusal(_ key: Key) -> LinkDecodingError {
        LinkDecodingError.value(nil, isNot: Key.self, .unsupported).naming(key: key.stringValue)
    }
}
