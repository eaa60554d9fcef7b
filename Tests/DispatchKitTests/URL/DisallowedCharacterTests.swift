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

    /// Scans skip scalars whose lead byte cannot start a disallowed one; that must never skip one.
    @Test func everyDisallowedScalarHasALeadByteThatScansCheck() {
        var missed: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.isDisallowedRaw else { continue }
            let lead = String(scalar).utf8.first ?? 0
            if !UTF8Validation.mayBeDisallowed(lead: lead) { missed.append(value) }
        }
        #expect(missed.isEmpty, "\(missed.prefix(10).map { String($0, radix: 16) })")
    }

    /// Hosts skip the checks for scalars whose lead byte cannot start a refused one.
    @Test func everyScalarRefusedInAHostHasALeadByteThatHostsCheck() {
        var missed: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), !scalar.isAllowedInHost else { continue }
            let lead = String(scalar).utf8.first ?? 0
            if !UTF8Validation.mayBeDisallowedInHost(lead: lead) { missed.append(value) }
        }
        #expect(missed.isEmpty, "\(missed.prefix(10).map { String($0, radix: 16) })")
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

    /// The ASCII host characters are looked up in a 128-bit mask; it must spell out the rule.
    @Test func theHostCharacterMaskSpellsOutTheRule() {
        for value in UInt8.min...UInt8.max {
            let expected =
                value < 0x80
                && (value.isASCIILetter || value.isASCIIDigit || UInt8.hostCharacters.utf8.contains(value))
            #expect(value.isAllowedInHost == expected, "0x\(String(value, radix: 16))")
        }
    }
}
