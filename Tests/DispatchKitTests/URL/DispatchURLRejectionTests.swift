import DispatchKit
import Foundation
import Testing

// Every `DispatchURLError` case, with its exact associated values. Offsets count Unicode scalars
// before the offending position, starting at 0.

@Suite("DispatchURL rejection")
struct DispatchURLRejectionTests {
    @Test("the empty string is .empty")
    func empty() {
        #expect(urlTestError("") == .empty)
    }

    // MARK: - Disallowed characters

    @Test(
        "raw whitespace is rejected where it stands, never trimmed",
        arguments: [
            (" app://x/a", " ", 0),
            ("app://x/a ", " ", 9),
            ("app://x/a b", " ", 9),
            ("app://x/a\t", "\t", 9),
            ("app://x/a\r\n", "\r", 9),
            ("app://x/a\n", "\n", 9),
            ("\napp://x", "\n", 0),
            ("app://x/\u{0B}", "\u{0B}", 8),
            ("app://x/\u{0C}", "\u{0C}", 8),
            ("app://x/a\u{A0}", "\u{A0}", 9),
            ("app://x/\u{3000}", "\u{3000}", 8),
            ("app://x/\u{2028}", "\u{2028}", 8),
            ("app://x/\u{2029}", "\u{2029}", 8),
            ("app://x/\u{2003}", "\u{2003}", 8),
            ("app://x/\u{1680}", "\u{1680}", 8),
            ("app://x/\u{202F}", "\u{202F}", 8),
            // In every component.
            ("ap p://x", " ", 2),
            ("app://a b/", " ", 7),
            ("app://x /", " ", 7),
            ("app://u ser@h/", " ", 7),
            ("app://x/p?a=b c", " ", 13),
            ("app://x/p?a b=c", " ", 11),
            ("app://x/p#a b", " ", 11),
            ("app:a b", " ", 5),
            ("/mine_home ", " ", 10),
            (" ", " ", 0),
        ] as [(String, Unicode.Scalar, Int)])
    func whitespace(_ input: String, _ scalar: Unicode.Scalar, _ offset: Int) {
        #expect(urlTestError(input) == .disallowedCharacter(scalar, offset: offset))
    }

    @Test(
        "controls (C0, DEL, C1) are rejected",
        arguments: [
            ("app://x/\u{0}", "\u{0}", 8),
            ("app://x/\u{1}", "\u{1}", 8),
            ("app://x/\u{1B}[31m", "\u{1B}", 8),
            ("app://x/\u{1F}", "\u{1F}", 8),
            ("app://x/\u{7F}", "\u{7F}", 8),
            ("app://x/\u{80}", "\u{80}", 8),
            ("app://x/\u{85}", "\u{85}", 8),
            ("app://x/\u{9F}", "\u{9F}", 8),
            ("app://x?q=\u{7F}", "\u{7F}", 10),
            ("app://x#\u{85}", "\u{85}", 8),
            ("app://h\u{85}/", "\u{85}", 7),
        ] as [(String, Unicode.Scalar, Int)])
    func controls(_ input: String, _ scalar: Unicode.Scalar, _ offset: Int) {
        #expect(urlTestError(input) == .disallowedCharacter(scalar, offset: offset))
    }

    @Test(
        "bidirectional formatting characters are rejected",
        arguments: [
            "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
            "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{061C}",
        ] as [Unicode.Scalar])
    func bidiControls(_ scalar: Unicode.Scalar) {
        #expect(urlTestError("app://x/a\(scalar)b") == .disallowedCharacter(scalar, offset: 9))
        #expect(urlTestError("app://h\(scalar)x.com/") == .disallowedCharacter(scalar, offset: 7))
        #expect(urlTestError("app://x?q=\(scalar)") == .disallowedCharacter(scalar, offset: 10))
        #expect(urlTestError("app://x#\(scalar)") == .disallowedCharacter(scalar, offset: 8))
    }

    @Test(
        "a backslash is rejected",
        arguments: [
            ("app://x\\evil.com/", 7),
            ("app:\\\\x", 4),
            ("app://x/a\\b", 9),
            ("app://x?q=\\", 10),
            ("app://x#\\", 8),
            ("\\\\x/y", 0),
        ] as [(String, Int)])
    func backslash(_ input: String, _ offset: Int) {
        #expect(urlTestError(input) == .disallowedCharacter("\\", offset: offset))
    }

    @Test(
        "offsets count Unicode scalars, not bytes or Characters",
        arguments: [
            ("app://x/中文/ ", 11),
            // The family emoji is 5 scalars, 1 Character.
            ("app://x/\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}/ ", 14),
            ("app://x/e\u{301}/ ", 11),  // e + combining acute: 2 scalars, 1 Character
            ("app://中文.com/a b", 14),
            ("app://x/é?q=\t", 12),
            ("app://x/a\r\n", 9),  // CR LF is one Character; the offset points at CR
        ] as [(String, Int)])
    func scalarOffsets(_ input: String, _ offset: Int) throws {
        let error = try #require(urlTestError(input))
        guard case .disallowedCharacter(let scalar, let actual) = error else {
            Issue.record("expected .disallowedCharacter, got \(error)")
            return
        }
        #expect(actual == offset)
        #expect(Array(input.unicodeScalars)[offset] == scalar)
    }

    // MARK: - Percent-escapes

    @Test(
        "malformed percent-escapes carry the escape as written",
        arguments: [
            ("app://x/%zz", "%zz", 8),
            ("app://x/%G0", "%G0", 8),
            ("app://x/%0G", "%0G", 8),
            ("app://x/%4", "%4", 8),
            ("app://x/%", "%", 8),
            ("app://x/a%2", "%2", 9),
            ("app://x/%4/b", "%4", 8),
            ("app://x/%/b", "%", 8),
            ("app://x/%%41", "%%4", 8),
            ("app://x/%-1", "%-1", 8),
            ("app://x/% 1", "% 1", 8),
            ("cono://test.com/mine_home?uid=%zz", "%zz", 30),
            ("app://x?a=%4&b=1", "%4", 10),
            ("app://x?%=1", "%", 8),
            ("app://x#%", "%", 8),
            ("app://x#%4", "%4", 8),
            ("app://%zz/", "%zz", 6),
            ("app://u%zz@h/", "%zz", 7),
            ("app://x/中%zz", "%zz", 9),
        ] as [(String, String, Int)])
    func malformedEscapes(_ input: String, _ escape: String, _ offset: Int) {
        #expect(urlTestError(input) == .malformedPercentEscape(escape, offset: offset))
    }

    @Test(
        "escapes that are not UTF-8 carry the run of escapes as written",
        arguments: [
            ("app://x/%FF", "%FF", 8),
            ("app://x/%80", "%80", 8),
            ("app://x/%E4%B8", "%E4%B8", 8),  // truncated
            ("app://x/a%E4%B8b", "%E4%B8", 9),
            ("app://x/%E4%B8/b", "%E4%B8", 8),
            ("app://x/%C0%AF", "%C0%AF", 8),  // overlong "/"
            ("app://x/%C1%BF", "%C1%BF", 8),  // overlong
            ("app://x/%E0%80%AF", "%E0%80%AF", 8),  // overlong, 3 bytes
            ("app://x/%F0%80%80%AF", "%F0%80%80%AF", 8),  // overlong, 4 bytes
            ("app://x/%ED%A0%80", "%ED%A0%80", 8),  // surrogate U+D800
            ("app://x/%ED%BF%BF", "%ED%BF%BF", 8),  // surrogate U+DFFF
            ("app://x/%F4%90%80%80", "%F4%90%80%80", 8),  // U+110000
            ("app://x/%F5%80%80%80", "%F5%80%80%80", 8),
            ("app://x/%C3%28", "%C3%28", 8),
            ("app://x/%C3(", "%C3", 8),
            ("app://x/é%FF", "%FF", 9),
            ("app://x/中%E4", "%E4", 9),
            ("app://x?q=%FF", "%FF", 10),
            ("app://x?q=+%FF", "%FF", 11),
            ("app://x?%FF=1", "%FF", 8),
            ("app://x#%80", "%80", 8),
            ("app://%FF/", "%FF", 6),
            ("app://u%FF@h/", "%FF", 7),
        ] as [(String, String, Int)])
    func invalidUTF8(_ input: String, _ escapes: String, _ offset: Int) {
        #expect(urlTestError(input) == .invalidUTF8(escapes, offset: offset))
    }

    @Test("valid multi-byte escapes at the edges of UTF-8 are accepted")
    func validUTF8Edges() throws {
        #expect(try DispatchURL(string: "app://x/%C2%80%DF%BF").paths == ["\u{80}\u{7FF}"])
        #expect(
            try DispatchURL(string: "app://x/%E0%A0%80%ED%9F%BF%EE%80%80").paths == [
                "\u{800}\u{D7FF}\u{E000}"
            ])
        #expect(try DispatchURL(string: "app://x/%F0%90%80%80%F4%8F%BF%BF").paths == ["\u{10000}\u{10FFFF}"])
        #expect(try DispatchURL(string: "app://x/%F0%9F%98%80").paths == ["😀"])
    }

    @Test(
        "%00 is .encodedNUL wherever it appears",
        arguments: [
            ("app://x/%00", 8),
            ("app://x/a%00b", 9),
            ("app://x?a=%00", 10),
            ("app://x?%00=a", 8),
            ("app://x#%00", 8),
            ("app://%00/", 6),
            ("app://u%00@h/", 7),
            ("/%00", 1),
        ] as [(String, Int)])
    func encodedNUL(_ input: String, _ offset: Int) {
        #expect(urlTestError(input) == .encodedNUL(offset: offset))
    }

    @Test("an escaped percent sign followed by 00 is not a NUL")
    func escapedPercentIsNotNUL() throws {
        #expect(try DispatchURL(string: "app://x/%2500").paths == ["%00"])
    }

    // MARK: - Host and port

    @Test(
        "invalid hosts carry the host as written",
        arguments: [
            ("app://h%2Fevil/", "h%2Fevil", 6),
            ("app://h%2fevil.com/x", "h%2fevil.com", 6),
            ("app://a%20b/", "a%20b", 6),
            ("app://a%3Ab/", "a%3Ab", 6),
            ("app://a%40b/", "a%40b", 6),
            ("app://a%3F/", "a%3F", 6),
            ("app://a%23/", "a%23", 6),
            ("app://a%5C/", "a%5C", 6),
            ("app://a%25/", "a%25", 6),
            ("app://a[b/", "a[b", 6),
            ("app://a]b/", "a]b", 6),
            ("app://a<b>/", "a<b>", 6),
            ("app://a\"b/", "a\"b", 6),
            ("app://a{b}/", "a{b}", 6),
            ("app://a|b/", "a|b", 6),
            ("app://a^b/", "a^b", 6),
            ("app://a`b/", "a`b", 6),
            ("app://h%E2%80%AE/", "h%E2%80%AE", 6),  // a decoded bidi control
            ("app://h%C2%A0/", "h%C2%A0", 6),  // a decoded NBSP
            ("app://h%0A/", "h%0A", 6),  // a decoded LF
            ("app://u@a%2Fb/", "a%2Fb", 8),
            // IP literals: brackets with anything but hex digits, ":" and ".".
            ("app://[::1/", "[::1", 6),
            ("app://[/", "[", 6),
            ("app://[]/", "[]", 6),
            ("app://[xyz]/", "[xyz]", 6),
            ("app://[::g]/", "[::g]", 6),
            ("app://[1.2.3.4]/", "[1.2.3.4]", 6),  // no colon: not IPv6
            ("app://[fe80::1%25en0]/", "[fe80::1%25en0]", 6),
            ("app://[v1.fe]/", "[v1.fe]", 6),
            ("app://[::1]x/", "[::1]x", 6),
            ("app://[::1]]/", "[::1]]", 6),
            ("app://[::1][::2]/", "[::1][::2]", 6),
            ("app://u@[x]/", "[x]", 8),
            // Userinfo or a port need a host.
            ("app://u@/", "", 8),
            ("app://@/x", "", 7),
            ("app://:80/", "", 6),
            ("app://u@:80/", "", 8),
            ("app://u@:/", "", 8),
            ("//@", "", 3),
        ] as [(String, String, Int)])
    func invalidHost(_ input: String, _ host: String, _ offset: Int) {
        #expect(urlTestError(input) == .invalidHost(host, offset: offset))
    }

    @Test(
        "invalid ports carry the port as written",
        arguments: [
            ("app://x:65536/", "65536", 8),
            ("app://x:99999", "99999", 8),
            ("app://x:123456/", "123456", 8),
            ("app://x:99999999999999999999999/", "99999999999999999999999", 8),
            ("app://x:-1/", "-1", 8),
            ("app://x:+80/", "+80", 8),
            ("app://x:8a/", "8a", 8),
            ("app://x:0x10/", "0x10", 8),
            ("app://x::80/", ":80", 8),
            ("app://x:80:81/", "80:81", 8),
            ("app://x:٣/", "٣", 8),  // a non-ASCII digit
            ("app://x:%38%30/", "%38%30", 8),
            ("app://[::1]:x/", "x", 12),
            ("app://u@x:y/", "y", 10),
            ("app://中:y/", "y", 8),
        ] as [(String, String, Int)])
    func invalidPort(_ input: String, _ port: String, _ offset: Int) {
        #expect(urlTestError(input) == .invalidPort(port, offset: offset))
    }

    @Test(
        "raw whitespace in a port or an IP literal is reported as the character, like anywhere else",
        arguments: [
            ("app://x:80 ", " ", 10), ("app://x:80\n", "\n", 10), ("app://x:8 0/", " ", 9),
            ("app://[::1 ]/", " ", 10), ("app://[::1] ", " ", 11), ("app://x:\u{A0}/", "\u{A0}", 8),
        ] as [(String, Unicode.Scalar, Int)])
    func whitespaceInPortOrIPLiteral(_ input: String, _ scalar: Unicode.Scalar, _ offset: Int) {
        #expect(urlTestError(input) == .disallowedCharacter(scalar, offset: offset))
    }

    // MARK: - Error order and identity

    @Test("the first component with an error is the one reported")
    func firstErrorWins() {
        #expect(urlTestError("app://a b/%zz") == .disallowedCharacter(" ", offset: 7))
        #expect(urlTestError("app://x/%zz?a=%00") == .malformedPercentEscape("%zz", offset: 8))
        #expect(urlTestError("app://x/%00/%zz") == .encodedNUL(offset: 8))
        #expect(urlTestError("app://x:99999/ ") == .invalidPort("99999", offset: 8))
        #expect(urlTestError("app://x/a#%zz ") == .malformedPercentEscape("%zz", offset: 10))
    }

    @Test("errors are Equatable on every associated value")
    func errorsCompareAssociatedValues() {
        #expect(DispatchURLError.encodedNUL(offset: 1) != .encodedNUL(offset: 2))
        #expect(DispatchURLError.invalidPort("1", offset: 1) != .invalidPort("2", offset: 1))
        #expect(DispatchURLError.invalidHost("a", offset: 1) != .invalidPort("a", offset: 1))
        #expect(DispatchURLError.disallowedCharacter(" ", offset: 1) != .disallowedCharacter("\t", offset: 1))
        #expect(DispatchURLError.tooLong(length: 2, limit: 1) != .tooLong(length: 3, limit: 1))
        #expect(Set<DispatchURLError>([.empty, .empty, .tooManyQueryItems(limit: 1)]).count == 2)
    }

    // MARK: - Descriptions

    @Test(
        "descriptions name the problem and where it is",
        arguments: [
            (DispatchURLError.empty, "empty URL"),
            (.disallowedCharacter(" ", offset: 3), "disallowed character U+0020 (space) at offset 3"),
            (.disallowedCharacter("\\", offset: 7), "disallowed character U+005C (backslash) at offset 7"),
            (
                .disallowedCharacter("\t", offset: 0),
                "disallowed character U+0009 (control character) at offset 0"
            ),
            (
                .disallowedCharacter("\u{0}", offset: 1),
                "disallowed character U+0000 (control character) at offset 1"
            ),
            (
                .disallowedCharacter("\u{7F}", offset: 1),
                "disallowed character U+007F (control character) at offset 1"
            ),
            (
                .disallowedCharacter("\u{85}", offset: 8),
                "disallowed character U+0085 (control character) at offset 8"
            ),
            (
                .disallowedCharacter("\u{A0}", offset: 5),
                "disallowed character U+00A0 (no-break space) at offset 5"
            ),
            (
                .disallowedCharacter("\u{3000}", offset: 2),
                "disallowed character U+3000 (ideographic space) at offset 2"
            ),
            (
                .disallowedCharacter("\u{2028}", offset: 2),
                "disallowed character U+2028 (line separator) at offset 2"
            ),
            (
                .disallowedCharacter("\u{202E}", offset: 9),
                "disallowed character U+202E (right-to-left override) at offset 9"
            ),
            (
                .disallowedCharacter("\u{061C}", offset: 9),
                "disallowed character U+061C (arabic letter mark) at offset 9"
            ),
            (.malformedPercentEscape("%zz", offset: 30), "malformed percent-escape \"%zz\" at offset 30"),
            (.invalidUTF8("%E4%B8", offset: 8), "percent-escapes \"%E4%B8\" at offset 8 are not valid UTF-8"),
            (.encodedNUL(offset: 8), "encoded NUL \"%00\" at offset 8"),
            (.invalidHost("h%2Fevil", offset: 6), "invalid host \"h%2Fevil\" at offset 6"),
            (.invalidHost("", offset: 8), "invalid host \"\" at offset 8"),
            (
                .missingHost(scheme: "https", offset: 8),
                "https URL without a host at offset 8 (a web URL names one)"
            ),
            (.invalidPort("65536", offset: 8), "invalid port \"65536\" at offset 8 (expected 0 to 65535)"),
            (.tooLong(length: 16_385, limit: 16_384), "URL is 16385 bytes long, over the limit of 16384"),
            (.tooManyPathSegments(limit: 128), "URL has more than 128 path segments"),
            (.tooManyQueryItems(limit: 128), "URL has more than 128 query items"),
        ] as [(DispatchURLError, String)])
    func descriptions(_ error: DispatchURLError, _ text: String) {
        #expect(error.description == text)
        #expect(String(describing: error) == text)
        // Also through `Error`, as an alert built from `localizedDescription` would show it.
        #expect((error as any Error).localizedDescription == text)
    }

    @Test("the documented example prints as documented")
    func documentedExample() {
        let error = urlTestError("cono://test.com/mine_home?uid=%zz")
        #expect(error.map(String.init(describing:)) == "malformed percent-escape \"%zz\" at offset 30")
    }

    @Test("the text in an error is the input's own text at the reported offset")
    func errorTextIsFromTheInput() {
        // A truncated escape followed by a multi-byte character must not show half a character.
        let inputs = ["app://x/%4中", "app://x/%中", "app://x/%4é", "app://x?q=%4😀", "app://x#%e中"]
        for input in inputs {
            guard case .malformedPercentEscape(let text, let offset)? = urlTestError(input) else {
                Issue.record("\(input.debugDescription) should be a malformed escape")
                continue
            }
            #expect(!text.contains("\u{FFFD}"), "\(input.debugDescription): \(text.debugDescription)")
            #expect(
                input.unicodeScalars.dropFirst(offset).starts(with: text.unicodeScalars),
                "\(input.debugDescription): \(text.debugDescription) at \(offset)")
        }
    }
}
