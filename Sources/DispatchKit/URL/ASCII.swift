// Byte and scalar classes used by the URL parser and serialiser: plain comparisons, and one table
// of byte classes for the parser's hot loops.

extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let percent = UInt8(ascii: "%")
    package static let plus = UInt8(ascii: "+")
    package static let minus = UInt8(ascii: "-")
    package static let dot = UInt8(ascii: ".")
    package static let slash = UInt8(ascii: "/")
    static let colon = UInt8(ascii: ":")
    static let questionMark = UInt8(ascii: "?")
    static let numberSign = UInt8(ascii: "#")
    static let ampersand = UInt8(ascii: "&")
    static let equals = UInt8(ascii: "=")
    static let at = UInt8(ascii: "@")
    static let leftBracket = UInt8(ascii: "[")
    static let rightBracket = UInt8(ascii: "]")
    package static let backslash = UInt8(ascii: "\\")

    package var isASCIILetter: Bool {
        (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z")
    }
    var isASCIIUppercase: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
    package var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    package var isASCIIHexDigit: Bool {
        isASCIIDigit || ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "f"))
    }

    /// Space, C0 controls, DEL, and backslash (which browsers read as `/`, a classic way to make
    /// two parsers disagree about the host).
    var isDisallowedASCII: Bool { self <= 0x20 || self == 0x7F || self == .backslash }

    /// The value of a hex digit; only called on bytes that passed `isASCIIHexDigit`.
    package init(hexDigit byte: UInt8) {
        self = byte.isASCIIDigit ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
    }
}

/// What the parser's fast paths need to know about a byte, as bit flags: one table load and one
/// test per byte instead of a chain of comparisons.
///
/// A component whose bytes never hit ``careful`` is plain printable ASCII without escapes: it needs
/// no UTF-8 decoding, no escape checks and no disallowed-character checks, and its decoded form is
/// its raw text (except for `+` in the query). Anything else goes through the careful path, which
/// finds the same errors at the same offsets as before.
enum ByteClass {
    /// Disallowed ASCII (``UInt8/isDisallowedASCII``), `%`, and every byte of non-ASCII text.
    static let careful: UInt8 = 1 << 0
    /// `/`, `?` and `#`: the end of a path segment or of the authority.
    static let pathEnd: UInt8 = 1 << 1
    /// `+` (a space in the query).
    static let plus: UInt8 = 1 << 2
    /// `&` (between query items).
    static let ampersand: UInt8 = 1 << 3
    /// `#` (the start of the fragment).
    static let numberSign: UInt8 = 1 << 4
    /// Anything but an ASCII letter, digit, `-` or `.` (what a plain host is made of).
    static let notHostCharacter: UInt8 = 1 << 5
    /// `A` to `Z`.
    static let uppercase: UInt8 = 1 << 6
    /// `%`: a path segment that holds one is not written back as it arrived (see
    /// ``DispatchURL/rawPath``).
    static let percent: UInt8 = 1 << 7

    /// The flags of each byte value: ``rule(_:)`` written out as a literal, which the compiler
    /// lays out as constant data (a computed table would cost a `swift_once` check on each use).
    /// Debug builds check the two against each other on the first parse.
    static let table: [UInt8] = [
        // 0x00
        0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21,
        // 0x10
        0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21,
        // 0x20
        0x21, 0x20, 0x20, 0x32, 0x20, 0xA1, 0x28, 0x20, 0x20, 0x20, 0x20, 0x24, 0x20, 0x00, 0x00, 0x22,
        // 0x30
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20, 0x20, 0x20, 0x20, 0x20, 0x22,
        // 0x40
        0x20, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40,
        // 0x50
        0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x20, 0x21, 0x20, 0x20, 0x20,
        // 0x60
        0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        // 0x70
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20, 0x20, 0x20, 0x20, 0x21,
        // 0x80
        0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21,
        // 0x90
        0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21,
        // 0xA0
        0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21,
        // 0xB0
        0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21,
        // 0xC0
        0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21,
        // 0xD0
        0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21,
        // 0xE0
        0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21,
        // 0xF0
        0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21,
    ]

    /// The flags of `byte`.
    @inline(__always)
    static func of(_ byte: UInt8) -> UInt8 { table[Int(byte)] }

    /// The definition of the flags, which ``table`` spells out.
    static func rule(_ byte: UInt8) -> UInt8 {
        var flags: UInt8 = 0
        if byte >= 0x80 || byte.isDisallowedASCII || byte == .percent { flags |= careful }
        if byte == .slash || byte == .questionMark || byte == .numberSign { flags |= pathEnd }
        if byte == .plus { flags |= plus }
        if byte == .ampersand { flags |= ampersand }
        if byte == .numberSign { flags |= numberSign }
        if !(byte.isASCIILetter || byte.isASCIIDigit || byte == .minus || byte == .dot) {
            flags |= notHostCharacter
        }
        if byte.isASCIIUppercase { flags |= uppercase }
        if byte == .percent { flags |= percent }
        return flags
    }

    #if DEBUG
        static let tableMatchesRule =
            table.count == 256 && (0...255).allSatisfy { table[$0] == rule(UInt8($0)) }
    #endif
}

extension Unicode.Scalar {
    /// Characters that may not appear unencoded anywhere in a URL: whitespace (Unicode's
    /// White_Space, so NBSP, U+3000 and U+2028 too), controls (C0, DEL, C1), bidirectional
    /// formatting characters (which make a URL display differently from how it parses), and
    /// backslash.
    // Out of line, as `isAllowedInHost` below: the Unicode property lookups were copied into
    // each scanner of the parser.
    @inline(never)
    var isDisallowedRaw: Bool {
        if isASCII { return UInt8(value).isDisallowedASCII }
        // Every non-ASCII White_Space, Cc and Bidi_Control scalar lies in these ranges (a test
        // checks all of Unicode); skipping the property lookup elsewhere makes CJK text ~4x cheaper.
        guard
            value <= 0xA0 || value == 0x61C || value == 0x1680 || (0x2000...0x206F).contains(value)
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
    @inline(never)
    var isAllowedInHost: Bool {
        guard isASCII else { return !isDisallowedRaw && !isDefaultIgnorable }
        return UInt8(value).isAllowedInHost
    }

    /// Unicode's Default_Ignorable_Code_Point. Every such scalar lies in these ranges (a test
    /// checks all of Unicode); skipping the property lookup elsewhere keeps a long non-ASCII host
    /// linear at a small constant (the lookup cost about 360 instructions per scalar).
    var isDefaultIgnorable: Bool {
        let value = self.value
        let mayBe =
            value == 0xAD || value == 0x34F || value == 0x61C || (0x115F...0x1160).contains(value)
            || (0x17B4...0x17B5).contains(value) || (0x180B...0x180F).contains(value)
            || (0x200B...0x206F).contains(value) || value == 0x3164 || (0xFE00...0xFE0F).contains(value)
            || value == 0xFEFF || value == 0xFFA0 || (0xFFF0...0xFFF8).contains(value)
            || (0x1BCA0...0x1BCA3).contains(value) || (0x1D173...0x1D17A).contains(value)
            || (0xE0000...0xE0FFF).contains(value)
        return mayBe && properties.isDefaultIgnorableCodePoint
    }

    /// Whether lowercasing may change this scalar: every scalar whose lowercase mapping differs
    /// from itself lies in these ranges (a test checks all of Unicode). Most non-Latin scripts of
    /// a host (CJK, Arabic, Thai, …) lie outside and skip the lookup.
    var mayChangeWhenLowercased: Bool {
        let value = self.value
        return value < 0x2D00 || (0x2100...0x2CFF).contains(value) || (0xA640...0xA7FF).contains(value)
            || (0xFF21...0xFF3A).contains(value) || (0x10400...0x1E9FF).contains(value)
    }
}

extension String {
    /// The string lowercased scalar by scalar, as `lowercased()` does, but looking up the Unicode
    /// properties only of scalars that may change (see ``HostName``).
    var lowercasedHost: String {
        var copy = self
        return copy.withUTF8 { HostName.lowercased($0) }
    }
}

/// The lowercase of every scalar below U+0530 (Latin, Greek, Cyrillic: the scripts most hosts with
/// case use), looked up once: the Unicode property lookup it replaces cost about 300 instructions
/// per scalar. A scalar whose lowercase is several scalars (U+0130 İ) maps to ``multiScalar``.
enum LowercaseTable {
    static let count: UInt32 = 0x800
    static let multiScalar: UInt32 = 0xFFFF_FFFF
    static let table: [UInt32] = (0..<count).map { value in
        guard let scalar = Unicode.Scalar(value) else { return value }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        guard lower.count == 1, let only = lower.first else { return multiScalar }
        return only.value
    }
}
