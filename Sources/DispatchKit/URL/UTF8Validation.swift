/// UTF-8 checks written out here because `String(validating:as:)` needs macOS 15 / iOS 18.
enum UTF8Validation {
    /// The index of the first byte of the first ill-formed sequence, or `nil` if `bytes` is
    /// well-formed UTF-8 (Unicode Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            guard bytes[index + 1] >= low, bytes[index + 1] <= high else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }

    /// The length in bytes of the scalar that `lead` starts, in valid UTF-8.
    @inline(__always)
    static func length(lead: UInt8) -> Int {
        lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    }

    /// Whether the non-ASCII scalar that `lead` starts may be disallowed raw
    /// (`Unicode.Scalar.isDisallowedRaw`): every such scalar lies in U+0080–U+00A0, U+061C,
    /// U+1680, U+2000–U+206F or U+3000, whose lead bytes are these (a test checks all of Unicode).
    /// Lets a scan skip other scalars, CJK text for one, without decoding them.
    @inline(__always)
    static func mayBeDisallowed(lead: UInt8) -> Bool {
        lead == 0xC2 || lead == 0xD8 || (0xE1...0xE3).contains(lead)
    }

    /// Whether the non-ASCII scalar that `lead` starts may be refused in a host: disallowed raw
    /// (see ``mayBeDisallowed(lead:)``) or default-ignorable (`Unicode.Scalar.isDefaultIgnorable`,
    /// whose ranges start with these lead bytes; a test checks all of Unicode).
    @inline(__always)
    static func mayBeDisallowedInHost(lead: UInt8) -> Bool {
        mayBeDisallowed(lead: lead) || lead == 0xCD || lead == 0xEF || lead == 0xF0 || lead == 0xF3
    }

    /// Decodes the scalar starting at `index` of input known to be valid UTF-8 (it came from a
    /// Swift `String`). Returns the scalar and its length in bytes.
    @inline(__always)
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let length = length(lead: lead)
        guard index + length <= bytes.count else { return ("\u{FFFD}", 1) }
        var value = UInt32(lead) & (length == 1 ? 0x7F : UInt32(0x7F) >> length)
        for offset in 1..<max(length, 1) {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}
