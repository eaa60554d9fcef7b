import Foundation
import Testing

@testable import DispatchKit

// `DispatchURL.escape` finds the values that need no escape by scanning their bytes in place,
// and reads Unicode scalars only for the rest. Its output must be, byte for byte, what the
// scalar-by-scalar escape it replaced wrote, for every component and both `asciiOnly` forms.

/// The escape as it was written before the byte scan: every scalar looked at, one by one. Kept
/// here as the reference the new one is held to.
private func scalarByScalarEscape(
    _ value: String, as component: DispatchURL.Component, asciiOnly: Bool
) -> String {
    func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return component.mustEscape(byte) || (asciiOnly && "\"<>^`{|}[]".utf8.contains(byte))
        }
        return asciiOnly || scalar.isDisallowedRaw
    }
    guard value.unicodeScalars.contains(where: needsEscape) else { return value }
    var out = ""
    for scalar in value.unicodeScalars {
        if needsEscape(scalar) {
            for byte in String(scalar).utf8 {
                out += "%"
                out += String(byte >> 4, radix: 16, uppercase: true)
                out += String(byte & 0x0F, radix: 16, uppercase: true)
            }
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

private let components: [DispatchURL.Component] = [.segment, .queryPart, .fragment, .userinfo]

/// Texts that reach the byte scan's every branch: plain ASCII, one byte to escape at the start,
/// middle or end, non-ASCII allowed raw or not, NUL, `%`, spaces, canonically equivalent
/// spellings (which `==` on `String` would not tell apart), and long values.
private let samples: [String] = [
    "", "a", "product", "a b", " ", "%", "%25", "100%", "a%2Fb", "\0", "a\0b", "\0\0", "a/b?c#d",
    "x=y&z+w", "user:pass@host", "[::1]", "\"<>^`{|}[]", "\\", "\u{7F}", "\t\n\r", "~-_.!$'()*,;:@",
    "中文", "é", "e\u{301}", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "\u{200E}", "\u{202E}",
    "\u{FEFF}", "\u{200B}", "\u{AD}", "\u{FFFD}", "\u{10FFFF}", "😀", "👩‍👩‍👧", "🇫🇷", "a\u{301}\u{302}",
    "ascii then 中", "中 then ascii", "tab\there", "line\nbreak", "mixed %中\0 ",
    String(repeating: "a", count: 15), String(repeating: "a", count: 16), String(repeating: "b", count: 4096),
    String(repeating: "a", count: 4095) + " ", " " + String(repeating: "a", count: 4095),
    String(repeating: "中", count: 1000), String(repeating: "%", count: 300),
]

@Suite("Escaping: the byte scan writes what the scalar-by-scalar escape wrote")
struct EscapeEquivalenceTests {
    /// `a` and `b`, byte for byte: `==` on `String` would call `"é"` and `"e\u{301}"` equal.
    private func expectSameBytes(
        _ value: String, _ component: DispatchURL.Component, asciiOnly: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let escaped = DispatchURL.escape(value, as: component, asciiOnly: asciiOnly)
        let reference = scalarByScalarEscape(value, as: component, asciiOnly: asciiOnly)
        #expect(
            Array(escaped.utf8) == Array(reference.utf8),
            "\(Array(value.unicodeScalars)) as \(component), asciiOnly \(asciiOnly): \(escaped) vs \(reference)",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: [false, true])
    func everyASCIIByteAloneAndBetweenLetters(asciiOnly: Bool) {
        for byte in UInt8(0)...UInt8(0x7F) {
            let character = String(UnicodeScalar(byte))
            for component in components {
                for value in [character, "a" + character, character + "z", "ab" + character + "yz"] {
                    expectSameBytes(value, component, asciiOnly: asciiOnly)
                }
            }
        }
    }

    @Test(arguments: [false, true])
    func everyNonASCIIScalarUpToU3100(asciiOnly: Bool) {
        // Covers Latin-1 (NBSP, C1 controls), the general punctuation block's bidirectional and
        // invisible characters, U+3000; then a scalar of each later plane.
        var scalars = (0x80...0x3100).compactMap(Unicode.Scalar.init)
        scalars += [0xFEFF, 0xFFFD, 0x1_F600, 0xE_0001, 0x10_FFFF].compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            for component in components {
                expectSameBytes("a" + String(scalar), component, asciiOnly: asciiOnly)
            }
        }
    }

    @Test(arguments: [false, true])
    func mixedSamples(asciiOnly: Bool) {
        for value in samples {
            for component in components {
                expectSameBytes(value, component, asciiOnly: asciiOnly)
            }
        }
    }

    /// Strings made another way: bridged from an `NSString` (on Apple platforms not always
    /// stored as UTF-8, which the escape then reads scalar by scalar), cut from a `Substring`.
    @Test(arguments: [false, true])
    func stringsMadeAnotherWay(asciiOnly: Bool) {
        for value in samples {
            let bridged = NSString(string: value) as String
            let sliced = String(("<" + value + ">").dropFirst().dropLast())
            for component in components {
                expectSameBytes(bridged, component, asciiOnly: asciiOnly)
                expectSameBytes(sliced, component, asciiOnly: asciiOnly)
            }
        }
    }

    /// Random strings of the characters that matter, seeded so that a failure repeats.
    @Test(arguments: [false, true])
    func randomMixtures(asciiOnly: Bool) {
        let alphabet: [Unicode.Scalar] =
            (0...0x7F).compactMap(Unicode.Scalar.init)
            + [0xA0, 0xAD, 0xE9, 0x301, 0x2028, 0x202E, 0x3000, 0x4E2D, 0xFEFF, 0x1_F600]
            .compactMap(Unicode.Scalar.init)
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<2000 {
            let length = Int(generator.next() % 24)
            var value = ""
            for _ in 0..<length {
                value.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            for component in components {
                expectSameBytes(value, component, asciiOnly: asciiOnly)
            }
        }
    }

    /// A value with nothing to escape comes back as the same string, not a copy built scalar by
    /// scalar: what makes escaping a plain value cheap.
    @Test func aValueWithNothingToEscapeComesBackUnchanged() {
        for value in ["product", "42", "中文", "a-b_c.d~e"] {
            #expect(DispatchURL.escape(value, as: .segment, asciiOnly: false) == value)
        }
        #expect(DispatchURL.escape("product", as: .queryPart, asciiOnly: true) == "product")
    }
}

/// A small seeded generator: the same strings on every run.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
