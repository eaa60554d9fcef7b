import Foundation

/// The decoder a ``DispatchLink`` reads itself from: a keyed container over what the winning
/// pattern captured and the query, read in place (no dictionary is built per dispatch).
///
/// A class, which its containers refer to: the standard library's container box copies the
/// container for each value it reads, and a copy of a ``LinkSource`` retains and releases each of
/// its references (a copy of this retains one). As a struct of four words it did not fit inline in
/// an `any Decoder` either, so the existential allocated a box of its own: the class costs no
/// more allocations.
final class LinkDecoder: Decoder {
    let source: LinkSource
    /// The case of a module link that the winning pattern selects, or `nil` for a struct link. Not
    /// part of the source, which every value's decoding copies.
    let caseName: String?

    init(source: LinkSource, caseName: String? = nil) {
        self.source = source
        self.caseName = caseName
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedDecodingContainer<Key> {
        if let caseName {
            return KeyedDecodingContainer(
                LinkCaseDecodingContainer<Key, LinkDecoder>(opener: self, caseName: caseName))
        }
        return KeyedDecodingContainer(LinkKeyedDecodingContainer<Key>(decoder: self))
    }

    /// A link is named values: a link type that is one value, or a list, cannot be read.
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw LinkDecodingError.value(nil, isNot: [String].self, .unsupported)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw LinkDecodingError.value(nil, isNot: String.self, .unsupported)
    }
}

/// The link's values by key: a path parameter, else the wildcard (under `wildcard`), else the
/// query. Each value is read by the rules of ``LinkText`` and ``LinkValueDecoding``; a failure
/// names its key.
struct LinkKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// Where the values are: `decoder.source`, read in place (a computed `source` would copy it).
    let decoder: LinkDecoder

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { decoder.source.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { decoder.source.contains(key.stringValue) }

    /// A key without a value is `nil`; one with a value, even an empty one, is not.
    func decodeNil(forKey key: Key) -> Bool { !decoder.source.contains(key.stringValue) }

    // Each scalar is read by a non-generic function of LinkScalar: this container is generic over
    // the link's coding keys and runs unspecialised, so a number parsed here, generic over its
    // width, would go through witness tables digit by digit.

    func decode(_: String.Type, forKey key: Key) throws -> String { try text(key, String.self) }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool {
        try LinkScalar.bool(text(key, Bool.self), key: key.stringValue)
    }
    func decode(_: Double.Type, forKey key: Key) throws -> Double {
        try LinkScalar.double(text(key, Double.self), key: key.stringValue)
    }
    func decode(_: Float.Type, forKey key: Key) throws -> Float {
        try LinkScalar.float(text(key, Float.self), key: key.stringValue)
    }
    func decode(_: Int.Type, forKey key: Key) throws -> Int {
        try integer(key)
    }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 {
        try integer(key)
    }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 {
        try integer(key)
    }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 {
        try integer(key)
    }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 {
        try integer(key)
    }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt {
        try integer(key)
    }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try integer(key)
    }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try integer(key)
    }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try integer(key)
    }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try integer(key)
    }

    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
        let name = key.stringValue
        if let value = try LinkValueDecoding.decodeIfPresent(T.self, key: name, from: decoder.source) {
            return value
        }
        // An array of a key with no value is empty: `?tag=a&tag=b` and no `tag` at all alike.
        return try LinkValueDecoding.decodeAbsent(T.self, key: name)
    }

    // The optional forms read the key once; the defaults would look it up three times.

    func decodeIfPresent(_: String.Type, forKey key: Key) -> String? {
        decoder.source.text(for: key.stringValue)
    }

    func decodeIfPresent(_: Int.Type, forKey key: Key) throws -> Int? {
        guard let text = decoder.source.text(for: key.stringValue) else { return nil }
        return try LinkScalar.integer(text, key: key.stringValue)
    }

    func decodeIfPresent<T: Decodable>(_: T.Type, forKey key: Key) throws -> T? {
        try LinkValueDecoding.decodeIfPresent(T.self, key: key.stringValue, from: decoder.source)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw LinkDecodingError.value(nil, isNot: NestedKey.self, .unsupported).naming(key: key.stringValue)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        // Not a way to read an array's values: a type that asks for one wants a container of its own.
        throw LinkDecodingError.value(nil, isNot: [String].self, .unsupported).naming(key: key.stringValue)
    }

    func superDecoder() throws -> any Decoder {
        throw LinkDecodingError.value(nil, isNot: Key.self, .unsupported).naming(key: "super")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw LinkDecodingError.value(nil, isNot: Key.self, .unsupported).naming(key: key.stringValue)
    }

    // MARK: - Scalars

    /// The value of `key` as an integer of type `T`: each width is a read of the text and the one
    /// parse (``LinkScalar/integerBits(_:bitWidth:isSigned:key:naming:)``), then a truncation.
    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ key: Key) throws(LinkDecodingError) -> T {
        try LinkScalar.integer(text(key, T.self), key: key.stringValue)
    }

    /// The text of `key`, for a scalar of type `type`: not generic, so that it exists once, not once
    /// per scalar type.
    private func text(_ key: Key, _ type: Any.Type) throws(LinkDecodingError) -> String {
        guard let text = decoder.source.text(for: key.stringValue) else {
            throw LinkDecodingError.value(nil, isNot: type, .missing).naming(key: key.stringValue)
        }
        return text
    }
}
