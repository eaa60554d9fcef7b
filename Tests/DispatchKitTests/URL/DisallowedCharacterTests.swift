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
}
