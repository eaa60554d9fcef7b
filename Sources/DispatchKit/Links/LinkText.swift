import Foundation

/// The text rules of typed links, one place for every way in and out: what a URL's text means as
/// an integer, a floating-point number, a `Bool` or a `UUID`, and how each is written back. The
/// decoder, the encoder and the schema probe all read these; nothing else parses link values.
package enum LinkText {
    /// `text` as an integer of type `T`: an optional `-` and ASCII digits, exactly; `nil` if it is
    /// not one, or does not fit (see ``isInteger(_:)`` to tell which). `-0` is 0 in every type.
    /// For the widths up to 64 bits, the only ones a link reads by this rule.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(_ text: String, as _: T.Type = T.self) -> T? {
        integerBits(text, bitWidth: T.bitWidth, isSigned: T.isSigned).map { T(truncatingIfNeeded: $0) }
    }

    /// `text` as an integer of `bitWidth` bits (1 to 64), signed or not, by the rule of
    /// ``integer(_:as:)``: its two's-complement bits, extended to 64, which a type of that width
    /// takes back by truncating; `nil` if it is not an integer or does not fit.
    ///
    /// One function for every width, which the callers' types forward to: generic over the width,
    /// it existed once per integer type in the binary.
    static func integerBits(_ text: String, bitWidth: Int, isSigned: Bool) -> UInt64? {
        // Over the bytes: iterating the UTF-8 view of a string goes through its indices, several
        // times the cost of the parse itself.
        var text = text
        return text.withUTF8 { bytes -> UInt64? in
            guard var position = bytes.indices.first else { return nil }
            let negative = bytes[position] == .minus
            if negative { position += 1 }
            guard position < bytes.count else { return nil }
            var magnitude: UInt64 = 0
            while position < bytes.count {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                let (shifted, overflowShifting) = magnitude.multipliedReportingOverflow(by: 10)
                let (next, overflowAdding) = shifted.addingReportingOverflow(UInt64(digit))
                if overflowShifting || overflowAdding { return nil }
                magnitude = next
                position += 1
            }
            // The largest magnitude the type holds with that sign: `-0` fits an unsigned type. A
            // width past 64 reads as 64, the most this holds, rather than trap on the shift.
            let bitWidth = min(max(bitWidth, 1), 64)
            let limit: UInt64 =
                isSigned
                ? (UInt64(1) << (bitWidth - 1)) - (negative ? 0 : 1)
                : (negative ? 0 : UInt64.max >> (64 - bitWidth))
            guard magnitude <= limit else { return nil }
            return negative ? 0 &- magnitude : magnitude
        }
    }

    /// Whether `text` is an optional `-` and one or more ASCII digits, of any length: what a
    /// `<int>` parameter admits for a class with a link type, and what makes a failed integer
    /// out of range rather than malformed.
    package static func isInteger(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let digits = bytes.first == .minus ? bytes.dropFirst() : bytes[...]
            return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
        }
    }

    /// `text` as a finite `T`; `nil` if it is not decimal (see ``isDecimal(_:)``) or rounds to
    /// infinity.
    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ text: String, as _: T.Type = T.self
    ) -> T? {
        guard isDecimal(text), let value = T(text), value.isFinite else { return nil }
        return value
    }

    /// Whether `text` is `-?digits(.digits)?([eE][+-]?digits)?`: decimal notation, with no `nan`,
    /// `inf`, hexadecimal, `+` sign or bare `.`.
    static func isDecimal(_ text: String) -> Bool {
        var utf8 = text.utf8[...]
        if utf8.first == .minus { utf8 = utf8.dropFirst() }
        func digits() -> Bool {
            let count = utf8.prefix(while: \.isASCIIDigit).count
            utf8 = utf8.dropFirst(count)
            return count > 0
        }
        guard digits() else { return false }
        if utf8.first == .dot {
            utf8 = utf8.dropFirst()
            guard digits() else { return false }
        }
        if let e = utf8.first, e | 0x20 == UInt8(ascii: "e") {
            utf8 = utf8.dropFirst()
            if utf8.first == .plus || utf8.first == .minus { utf8 = utf8.dropFirst() }
            guard digits() else { return false }
        }
        return utf8.isEmpty
    }

    /// `text` as a `Bool`: `true`/`false` in any case, `1`/`0`; `nil` for anything else.
    static func bool(_ text: String) -> Bool? {
        let utf8 = text.utf8
        switch utf8.count {
        case 1:
            if utf8.first == UInt8(ascii: "1") { return true }
            if utf8.first == UInt8(ascii: "0") { return false }
            return nil
        case 4:
            return utf8.elementsEqual("true".utf8) { $0 | 0x20 == $1 } ? true : nil
        case 5:
            return utf8.elementsEqual("false".utf8) { $0 | 0x20 == $1 } ? false : nil
        default:
            return nil
        }
    }

    /// `text` as a `UUID`: `8-4-4-4-12` hexadecimal digits, either case (what `<uuid>` admits).
    package static func uuid(_ text: String) -> UUID? {
        ParameterType.isUUID(text) ? UUID(uuidString: text) : nil
    }

    /// How `value` is written in a URL: `true`/`false`.
    static func text(of value: Bool) -> String { value ? "true" : "false" }

    /// How a finite floating-point value is written: its shortest form that reads back as the same
    /// value (`description`: `0.1`, `1e-05`, `1.5e+300`); `nil` for NaN and the infinities, which no
    /// URL carries.
    static func text<T: BinaryFloatingPoint & LosslessStringConvertible>(of value: T) -> String? {
        value.isFinite ? value.description : nil
    }

    /// Whether `text` holds a NUL character, which no URL carries (a parsed URL refuses `%00`).
    /// Byte by byte: in UTF-8 a NUL is the zero byte, and no other character has one.
    static func hasNUL(_ text: String) -> Bool {
        // The view's iterator decodes its storage byte by byte: the contiguous bytes cost a tenth.
        if let found = text.utf8.withContiguousStorageIfAvailable({ $0.contains(0) }) { return found }
        return text.utf8.contains(0)
    }
}
