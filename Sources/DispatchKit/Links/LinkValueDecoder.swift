import Foundation

/// The decoder a type that decodes itself (an enum with a raw value, an array) receives for one
/// key's value: a single value for a scalar, an unkeyed container for an array, nothing nested.
///
/// Three words, so that handing it to `init(from:)` as `any Decoder` stores it inline.
struct LinkValueDecoder: Decoder {
    enum Content {
        /// One value.
        case text(String)
        /// Every value of the key, for an array.
        case list([String])

        /// The text an error quotes: the value, or the first of the list.
        var text: String? {
            switch self {
            case .text(let text): return text
            case .list(let texts): return texts.first
            }
        }
    }

    let content: Content
    /// The type being decoded, which errors name (an enum, rather than its raw type).
    let type: Any.Type

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw LinkDecodingError.value(nil, isNot: type, .unsupported)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        // Only an array reads a list; an array inside an array has one text per element.
        guard case .list(let texts) = content else {
            throw LinkDecodingError.value(nil, isNot: type, .unsupported)
        }
        return LinkListDecodingContainer(texts: texts)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard case .text(let text) = content else {
            throw LinkDecodingError.value(nil, isNot: type, .unsupported)
        }
        return LinkSingleValueDecodingContainer(text: text, type: type)
    }
}

/// One value, for a type that decodes itself from a single value: an enum reads its raw value.
/// Errors name the type being decoded (`Priority`), not the raw type it asked for (`Int`).
struct LinkSingleValueDecodingContainer: SingleValueDecodingContainer {
    let text: String
    let type: Any.Type

    var codingPath: [any CodingKey] { [] }

    /// There is a value: an optional with a text is never `nil`.
    func decodeNil() -> Bool { false }

    func decode(_: String.Type) -> String { text }

    func decode(_: Bool.Type) throws -> Bool {
        guard let value = LinkText.bool(text) else {
            throw LinkDecodingError.value(text, isNot: type, .malformed)
        }
        return value
    }

    func decode(_: Double.Type) throws -> Double { try floatingPoint() }
    func decode(_: Float.Type) throws -> Float { try floatingPoint() }
    func decode(_: Int.Type) throws -> Int { try integer() }
    func decode(_: Int8.Type) throws -> Int8 { try integer() }
    func decode(_: Int16.Type) throws -> Int16 { try integer() }
    func decode(_: Int32.Type) throws -> Int32 { try integer() }
    func decode(_: Int64.Type) throws -> Int64 { try integer() }
    func decode(_: UInt.Type) throws -> UInt { try integer() }
    func decode(_: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_: UInt64.Type) throws -> UInt64 { try integer() }

    func decode<T: Decodable>(_: T.Type) throws -> T {
        // A wrapper that decodes one inner value: the inner value reads the same text.
        try LinkValueDecoding.decode(T.self, text: text)
    }

    // Every width forwards to the one parse of LinkScalar: a failure names the type being decoded.

    @inline(__always)
    private func integer<T: FixedWidthInteger>() throws(LinkDecodingError) -> T {
        try LinkScalar.integer(text, key: "", naming: type)
    }

    private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>() throws(LinkDecodingError)
        -> T
    {
        try LinkScalar.floatingPoint(text, "", naming: type)
    }
}

/// Every value of one key, for an array: each element decodes from one text.
struct LinkListDecodingContainer: UnkeyedDecodingContainer {
    let texts: [String]
    private(set) var currentIndex = 0

    init(texts: [String]) {
        self.texts = texts
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int? { texts.count }
    var isAtEnd: Bool { currentIndex >= texts.count }

    /// The next text, for an element of type `type`, advancing; a read past the end is a missing
    /// value, not a trap. Not generic: it exists once, not once per element type.
    private mutating func next(_ type: Any.Type) throws(LinkDecodingError) -> String {
        guard currentIndex < texts.count else { throw .value(nil, isNot: type, .missing) }
        defer { currentIndex += 1 }
        return texts[currentIndex]
    }

    /// Elements are never `nil`: every text is a value.
    func decodeNil() -> Bool { false }

    mutating func decode(_: String.Type) throws -> String { try next(String.self) }

    mutating func decode(_: Bool.Type) throws -> Bool {
        let text = try next(Bool.self)
        guard let value = LinkText.bool(text) else {
            throw LinkDecodingError.value(text, isNot: Bool.self, .malformed)
        }
        return value
    }

    mutating func decode(_: Double.Type) throws -> Double { try floatingPoint() }
    mutating func decode(_: Float.Type) throws -> Float { try floatingPoint() }
    mutating func decode(_: Int.Type) throws -> Int { try integer() }
    mutating func decode(_: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try integer() }

    mutating func decode<T: Decodable>(_: T.Type) throws -> T {
        // One text per element: an element that is itself an array finds a single value and fails.
        try LinkValueDecoding.decode(T.self, text: try next(T.self))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw LinkDecodingError.value(nil, isNot: NestedKey.self, .unsupported)
    }

    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw LinkDecodingError.value(nil, isNot: [[String]].self, .unsupported)
    }

    func superDecoder() throws -> any Decoder {
        throw LinkDecodingError.value(nil, isNot: [String].self, .unsupported)
    }

    // Every width forwards to the one parse of LinkScalar: a failure names the element's type.

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>() throws(LinkDecodingError) -> T {
        try LinkScalar.integer(try next(T.self), key: "")
    }

    private mutating func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>()
        throws(LinkDecodingError) -> T
    {
        try LinkScalar.floatingPoint(try next(T.self), "")
    }
}
