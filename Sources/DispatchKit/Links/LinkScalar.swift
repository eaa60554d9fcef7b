/// Each scalar a link reads, by the rules of ``LinkText``, through a non-generic function: the
/// containers that call these are generic over a link's coding keys and run unspecialised, where a
/// parser generic over the number's width would go through witness tables for every digit. Every
/// integer width shares one parse (``integerBits(_:bitWidth:isSigned:key:naming:)``): one per width
/// cost the binary ten copies of it.
package enum LinkScalar {
    package static func bool(_ text: String, key: String) throws(LinkDecodingError) -> Bool {
        guard let value = LinkText.bool(text) else {
            throw LinkDecodingError.value(text, isNot: Bool.self, .malformed).naming(key: key)
        }
        return value
    }

    package static func double(_ text: String, key: String) throws(LinkDecodingError) -> Double {
        try floatingPoint(text, key)
    }

    package static func float(_ text: String, key: String) throws(LinkDecodingError) -> Float {
        try floatingPoint(text, key)
    }

    /// `text` as an integer of type `T` (up to 64 bits), the value of `key`; a failure names `type`.
    ///
    /// Only the width and the conversion of the result are `T`'s own: inlined, each width is a
    /// call and a truncation.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(
        _ text: String, key: String, naming type: Any.Type = T.self
    ) throws(LinkDecodingError) -> T {
        T(
            truncatingIfNeeded: try integerBits(
                text, bitWidth: T.bitWidth, isSigned: T.isSigned, key: key, naming: type))
    }

    /// `text` as an integer of `bitWidth` bits, signed or not: its bits, which the type takes back by
    /// truncating (``LinkText/integerBits(_:bitWidth:isSigned:)``).
    ///
    /// - Throws: Out of range for a number that does not fit, else malformed, naming `type` and `key`.
    @inline(never)  // One copy for every caller: inlined, it was copied into each width's forward.
    package static func integerBits(
        _ text: String, bitWidth: Int, isSigned: Bool, key: String, naming type: Any.Type
    ) throws(LinkDecodingError) -> UInt64 {
        guard let bits = LinkText.integerBits(text, bitWidth: bitWidth, isSigned: isSigned) else {
            throw LinkDecodingError.number(text, isNot: type, isNumber: LinkText.isInteger(text)).naming(
                key: key)
        }
        return bits
    }

    /// `text` as a `T`, the value of `key`; a failure names `type`.
    @inline(__always)
    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ text: String, _ key: String, naming type: Any.Type = T.self
    )
        throws(LinkDecodingError) -> T
    {
        guard let value = LinkText.floatingPoint(text, as: T.self) else {
            throw LinkDecodingError.number(text, isNot: type, isNumber: LinkText.isDecimal(text)).naming(
                key: key)
        }
        return value
    }
}
