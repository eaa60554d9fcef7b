import Testing

@testable import DispatchKit

/// The parser skips the Unicode property lookup outside a few ranges; that shortcut must never
/// let a whitespace, control or bidi character through.
@Suite struct DisallowedCharacterTests {
    @Test func theRangeShortcutAgreesWithTheUnicodePropertiesForEveryScalar() {
        var disagreements: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            if scalar.isDisallowedRaw != scalar.hasDisallowedProperties { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func theShortcutStillRejectsTheKnownCases() {
        for value: UInt32 in [
            0x85, 0xA0, 0x61C, 0x1680, 0x2000, 0x200E, 0x2028, 0x202E, 0x205F, 0x2066, 0x3000,
        ] {
            #expect(Unicode.Scalar(value)?.isDisallowedRaw == true, "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0xA1, 0x4E2D, 0x1F600, 0x200D, 0xFEFF] {
            #expect(Unicode.Scalar(value)?.isDisallowedRaw == false, "U+\(String(value, radix: 16))")
        }
    }

    /// Hosts skip the Default_Ignorable lookup outside a few ranges: that must never let an
    /// invisible character (U+200B in `ex\u{200B}ample.com`) through.
    @Test func theIgnorableShortcutAgreesWithTheUnicodePropertyForEveryScalar() {
        var disagreements: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.isDefaultIgnorable != scalar.properties.isDefaultIgnorableCodePoint {
                disagreements.append(value)
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
    }

    /// Hosts are lowercased scalar by scalar with a table and a range shortcut; the result must be
    /// exactly `lowercased()`, for every scalar and for mixed strings.
    @Test func hostLowercasingEqualsLowercasedForEveryScalar() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.properties.changesWhenLowercased, !scalar.mayChangeWhenLowercased {
                disagreements.append(value)
            }
            let text = "a" + String(scalar) + "B"
            if text.lowercasedHost != text.lowercased() { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
        for text in [
            "中文.com", "ÉCOLE.fr", "İstanbul.tr", "ΣΊΣΥΦΟΣ", "МОСКВА.рф", "Ｆｕｌｌ.jp", "𐐀𐐁.x", "", "abc",
        ] {
            #expect(text.lowercasedHost == text.lowercased(), "\(text)")
        }
    }
}
