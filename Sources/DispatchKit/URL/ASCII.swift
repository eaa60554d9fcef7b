// Byte and scalar classes used by the URL parser and serialiser. Plain comparisons, no tables:
// they inline into the parsing loop.

extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let percent = UInt8(ascii: "%")
    static let plus = UInt8(ascii: "+")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let colon = UInt8(ascii: ":")
    static let questionMark = UInt8(ascii: "?")
    static let numberSign = UInt8(ascii: "#")
    static let ampersand = UInt8(ascii: "&")
    static let equals = UInt8(ascii: "=")
    static let at = UInt8(ascii: "@")
    static let leftBracket = UInt8(ascii: "[")
    static let rightBracket = UInt8(ascii: "]")
    static let backslash = UInt8(ascii: "\\")

    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    var isASCIIUppercase: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isASCIIHexDigit: Bool {
        isASCIIDigit || ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "f"))
    }

    /// Space, C0 controls, DEL, and backslash (which browsers read as `/`, a classic way to make
    /// two parsers disagree about the host).
    var isDisallowedASCII: Bool { self <= 0x20 || self == 0x7F || self == .backslash }

    /// The value of a hex digit; only called on bytes that passed `isASCIIHexDigit`.
    init(hexDigit byte: UInt8) {
        self = byte.isASCIIDigit ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
    }
}

extension Unicode.Scalar {
    /// Characters that may not appear unencoded anywhere in a URL: whitespace (Unicode's
    /// White_Space, so NBSP, U+3000 and U+2028 too), controls (C0, DEL, C1), bidirectional
    /// formatting characters (which make a URL display differently from how it parses), and
    /// backslash.
    var isDisallowedRaw: Bool {
        if isASCII { return UInt8(value).isDisallowedASCII }
        // Every non-ASCII White_Space, Cc and Bidi_Control scalar lies in these ranges (a test
        // checks all of Unicode); skipping the property lookup elsewhere makes CJK text ~4x cheaper.
        guard value <= 0xA0 || value == 0x61C || value == 0x1680 || (0x2000...0x206F).contains(value)
            || value == 0x3000
        else { return false }
        return hasDisallowedProperties
    }

    /// The rule itself, without the range shortcut.
    var hasDisallowedProperties: Bool {
        let properties = self.properties
        return properties.isWhitespace || properties.generalCategory == .control || properties.isBidiControl
    }

    /// RFC 3986 reg-name characters (unreserved and sub-delims) plus non-ASCII that is allowed raw.
    /// Invisible characters (Unicode's Default_Ignorable_Code_Point: U+200B, U+00AD, U+FEFF, …)
    /// are refused too: `ex\u{200B}ample.com` must not pass for `example.com`.
    var isAllowedInHost: Bool {
        guard isASCII else { return !isDisallowedRaw && !properties.isDefaultIgnorableCodePoint }
        let byte = UInt8(value)
        if byte.isASCIILetter || byte.isASCIIDigit { return true }
        return "-._~!$&'()*+,;=".utf8.contains(byte)
    }
}
