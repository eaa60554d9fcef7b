/// Each scalar a link reads, by the rules of ``LinkText``, as a non-generic function: the containers
/// that call these are generic over a link's coding keys and run unspecialised, where a parser
/// generic over the number's width would go through witness tables for every digit.
enum LinkScalar {
    static func bool(_ text: String, key: String) throws(LinkDecodingError) -> Bool {
        guard let value = LinkText.bool(text) else {
            throw LinkDecodingError.value(text, isNot: Bool.self, .malformed).naming(key: key)
        }
        return value
    }

    static func double(_ text: String, key: String) throws(LinkDecodingError) -> Double {
        try floatingPoint(text, key)
    }

    static func float(_ text: String, key: String) throws(LinkDecodingError) -> Float {
        try floatingPoint(text, key)
    }

    static func int(_ text: String, key: String) throws(LinkDecodingError) -> Int { try integer(text, key) }
    static func int8(_ text: String, key: String) throws(LinkDecodingError) -> Int8 { try integer(text, key) }
    static func int16(_ text: String, key: String) throws(LinkDecodingError) -> Int16 {
        try integer(text, key)
    }
    static func int32(_ text: String, key: String) throws(LinkDecodingError) -> Int32 {
        try integer(text, key)
    }
    static func int64(_ text: String, key: String) throws(LinkDecodingError) -> Int64 {
        try integer(text, key)
    }
    static func uint(_ text: String, key: String) throws(LinkDecodingError) -> UInt { try integer(text, key) }
    static func uint8(_ text: String, key: String) throws(LinkDecodingError) -> UInt8 {
        try integer(text, key)
    }
    static func uint16(_ text: String, key: String) throws(LinkDecodingError) -> UInt16 {
        try integer(text, key)
    }
    static func uint32(_ text: String, key: String) throws(LinkDecodingError) -> UInt32 {
        try integer(text, key)
    }
    static func uint64(_ text: String, key: String) throws(LinkDecodingError) -> UInt64 {
        try integer(text, key)
    }

    @inline(__always)
    private static func integer<T: FixedWidthInteger>(_ text: String, _ key: String) throws(LinkDecodingError)
        -> T
    {
        guard let value = LinkText.integer(text, as: T.self) else {
            throw LinkDecodingError.number(text, isNot: T.self, isNumber: LinkText.isInteger(text)).naming(
                key: key)
        }
        return value
    }

    @inline(__always)
    private static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ text: String, _ key: String
    )
        throws(LinkDecodingError) -> T
    {
        guard let value = LinkText.floatingPoint(text, as: T.self) else {
            throw LinkDecodingError.number(text, isNot: T.self, isNumber: LinkText.isDecimal(text)).naming(
                key: key)
        }
        return value
    }
}
