import DispatchKit
import Testing

// The adversarial corpus: every input with the outcome URLRules.md ("The rules", "Rejected
// input") and the `DispatchURLError` documentation promise for it. `BadInputTests` runs it.
// Names carry a `BadInput` prefix so that they cannot collide with helpers in other folders.

/// The suite that holds the reliability tests, so that `swift test --filter Reliability`
/// runs them all, as CI does under the sanitizers.
@Suite("Reliability") enum Reliability {}

/// The outcome classes the corpus is grouped into (one per `DispatchURLError` case, plus valid).
enum BadInputClass: String, CaseIterable, Sendable {
    case valid, empty, disallowedCharacter, malformedEscape, invalidUTF8, encodedNUL, invalidHost
    case missingHost, invalidPort, tooLong, tooManySegments, tooManyQueryItems
}

/// The activity of the fixture registry that must handle a valid input (`fallback`: no registered
/// class claims it, so the center's fallback does).
enum BadInputRoute: String, Sendable {
    case home, product, admin, etc, search, cafe, intl, good, fallback
}

/// What a valid input parses to: every public part, compared exactly (strings scalar by scalar,
/// since DispatchKit never normalises).
struct BadInputParse: Sendable {
    var scheme: String?
    var host: String?
    var port: Int?
    var paths: [String]
    var query: [String]  // "name=value", or "name" for an item without "="
    var fragment: String?
}

enum BadInputOutcome: Sendable {
    case rejected(DispatchURLError)
    case parsed(BadInputParse, BadInputRoute)
}

struct BadInput: Sendable, CustomTestStringConvertible {
    let family: String
    let input: String
    let limits: DispatchURL.Limits
    let expected: BadInputOutcome

    var outcomeClass: BadInputClass {
        switch expected {
        case .parsed: return .valid
        case .rejected(let error):
            switch error {
            case .empty: return .empty
            case .disallowedCharacter: return .disallowedCharacter
            case .malformedPercentEscape: return .malformedEscape
            case .invalidUTF8: return .invalidUTF8
            case .encodedNUL: return .encodedNUL
            case .invalidHost: return .invalidHost
            case .missingHost: return .missingHost
            case .invalidPort: return .invalidPort
            case .tooLong: return .tooLong
            case .tooManyPathSegments: return .tooManySegments
            case .tooManyQueryItems: return .tooManyQueryItems
            case .invalidLimit:
                // The corpus parses with limits of 0 or more: a negative one is the app's mistake,
                // not an input's outcome (DispatchURLLimitsTests).
                Issue.record("\(family): a corpus entry expects an invalid limit")
                return .valid
            }
        }
    }

    /// The family and the input with invisible scalars spelled out, cut to 80 scalars (the corpus
    /// holds 1 MB inputs).
    var testDescription: String {
        var shown = ""
        for (index, scalar) in input.unicodeScalars.enumerated() {
            if index == 80 {
                shown += "…(\(input.utf8.count) bytes)"
                break
            }
            let visible =
                scalar.isASCII
                ? (scalar.value > 0x20 && scalar.value < 0x7F)
                : !scalar.properties.isWhitespace
                    && scalar.properties.generalCategory != .control && !scalar.properties.isBidiControl
                    && !scalar.properties.isDefaultIgnorableCodePoint
            shown += visible ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
        return "\(family): \(shown)"
    }

    static func bad(
        _ family: String, _ input: String, _ error: DispatchURLError, limits: DispatchURL.Limits = .default
    ) -> BadInput {
        BadInput(family: family, input: input, limits: limits, expected: .rejected(error))
    }

    static func ok(
        _ family: String, _ input: String, scheme: String? = "cono", host: String? = "test.com",
        port: Int? = nil, paths: [String], query: [String] = [], fragment: String? = nil,
        _ route: BadInputRoute, limits: DispatchURL.Limits = .default
    ) -> BadInput {
        let parse = BadInputParse(
            scheme: scheme, host: host, port: port, paths: paths, query: query, fragment: fragment)
        return BadInput(family: family, input: input, limits: limits, expected: .parsed(parse, route))
    }
}

/// `cono://test.com/` is 16 scalars: an error in the first path segment is at offset 16 or more.
private let base = "cono://test.com/"

/// Raised limits that let the long families parse.
let badInputRaisedLimits = DispatchURL.Limits(
    maximumLength: 2 << 20, maximumPathSegments: 20_000, maximumQueryItems: 20_000)

/// `string` with `scalar` inserted before the scalar at `offset`.
private func inserting(_ scalar: Unicode.Scalar, at offset: Int, into string: String) -> String {
    var scalars = Array(string.unicodeScalars)
    scalars.insert(scalar, at: offset)
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
}

private func scalar(_ value: UInt32) -> Unicode.Scalar { Unicode.Scalar(value)! }

private func padded(_ prefix: String, toBytes length: Int, with filler: String = "a") -> String {
    let count = (length - prefix.utf8.count) / filler.utf8.count
    return prefix + String(repeating: filler, count: count)
}

enum BadInputCorpus {
    static let all: [BadInput] =
        empty + whitespace + controls + controlPositions + bidi + nul + malformed + invalidUTF8
        + dotSegments + traversal + long + ports + schemes + webWithoutHost + backslashes + relative + ipv6
        + userinfo + fragments + hosts + opaque + normalisation + routes

    static let empty: [BadInput] = [.bad("empty", "", .empty)]

    static let whitespace: [BadInput] = {
        var cases: [BadInput] = [
            .bad("whitespace", " ", .disallowedCharacter(" ", offset: 0)),
            .bad("whitespace", " cono://test.com/home", .disallowedCharacter(" ", offset: 0)),
            .bad("whitespace", "cono://test.com/home ", .disallowedCharacter(" ", offset: 20)),
            .bad("whitespace", "cono://test.com/ho me", .disallowedCharacter(" ", offset: 18)),
            .bad("whitespace", "cono://te st.com/home", .disallowedCharacter(" ", offset: 9)),
            .bad("whitespace", "cono://test.com/home?q=a b", .disallowedCharacter(" ", offset: 24)),
            .bad("whitespace", "cono://test.com/home\r\n", .disallowedCharacter("\r", offset: 20)),
            .ok("whitespace", "cono://test.com/home?q=a+b%20c", paths: ["home"], query: ["q=a b c"], .home),
            .ok("whitespace", "cono://test.com/a%20b", paths: ["a b"], .fallback),
        ]
        // Unicode White_Space beyond ASCII: NBSP, ogham space, en quad, hair space, line and
        // paragraph separators, narrow NBSP, medium mathematical space, ideographic space.
        for value: UInt32 in [0xA0, 0x1680, 0x2000, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000] {
            cases.append(
                .bad(
                    "whitespace", base + "a\(scalar(value))b", .disallowedCharacter(scalar(value), offset: 17)
                ))
        }
        return cases
    }()

    /// Every C0 control, DEL and every C1 control, raw in a path segment.
    static let controls: [BadInput] = (Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F)).map {
        (value: UInt32) in
        .bad("control", base + "a\(scalar(value))b", .disallowedCharacter(scalar(value), offset: 17))
    }

    /// A few controls at every position of a URL with every component: the start, the scheme,
    /// the user information, the host, the port, the path, a query name and value, the fragment
    /// and the end.
    static let controlPositions: [BadInput] = {
        let full = "cono://u@test.com:80/a/b?k=v#f"
        var cases: [BadInput] = []
        for value: UInt32 in [0x00, 0x09, 0x1B, 0x7F, 0x85] {
            for offset in [0, 2, 8, 11, 19, 21, 25, 27, 29, 30] {
                cases.append(
                    .bad(
                        "control position", inserting(scalar(value), at: offset, into: full),
                        .disallowedCharacter(scalar(value), offset: offset)))
            }
        }
        return cases
    }()

    /// Bidirectional formatting characters, raw (refused) and encoded (data, except in a host).
    static let bidi: [BadInput] = {
        var cases: [BadInput] = []
        for value: UInt32 in [
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        ] {
            cases.append(
                .bad("bidi", base + "a\(scalar(value))b", .disallowedCharacter(scalar(value), offset: 17)))
            cases.append(
                .bad(
                    "bidi", "cono://te\(scalar(value))st.com/", .disallowedCharacter(scalar(value), offset: 9)
                ))
        }
        cases += [
            .bad("bidi", base + "\u{202E}fdp.exe", .disallowedCharacter("\u{202E}", offset: 16)),
            .ok("bidi", base + "%E2%80%AEfdp.exe", paths: ["\u{202E}fdp.exe"], .fallback),
            .ok("bidi", base + "search?q=%E2%80%AE", paths: ["search"], query: ["q=\u{202E}"], .search),
            .bad("bidi", "cono://%E2%80%AEmoc.tset/", .invalidHost("%E2%80%AEmoc.tset", offset: 7)),
        ]
        return cases
    }()

    static let nul: [BadInput] = [
        .bad("nul", base + "%00", .encodedNUL(offset: 16)),
        .bad("nul", base + "home%00", .encodedNUL(offset: 20)),
        .bad("nul", base + "home?uid=%00", .encodedNUL(offset: 25)),
        .bad("nul", base + "home?%00=1", .encodedNUL(offset: 21)),
        .bad("nul", base + "home#%00", .encodedNUL(offset: 21)),
        .bad("nul", "cono://te%00st.com/", .encodedNUL(offset: 9)),
        .bad("nul", "cono://u%00@test.com/", .encodedNUL(offset: 8)),
        .bad("nul", "/%00", .encodedNUL(offset: 1)),
        .bad("nul", base + "%000", .encodedNUL(offset: 16)),
        .bad("nul", base + "etc/passwd%00.png", .encodedNUL(offset: 26)),
        .bad("nul", base + "%0", .malformedPercentEscape("%0", offset: 16)),
        .bad("nul", base + "%0%30", .malformedPercentEscape("%0%", offset: 16)),
        .bad("nul", base + "%C0%80", .invalidUTF8("%C0%80", offset: 16)),  // overlong NUL
        .bad("nul", base + "%E0%80%80", .invalidUTF8("%E0%80%80", offset: 16)),  // overlong NUL
        .bad("nul", "\u{0}", .disallowedCharacter("\u{0}", offset: 0)),
        .ok("nul", base + "%2500", paths: ["%00"], .fallback),
        .ok("nul", base + "home?uid=%2500", paths: ["home"], query: ["uid=%00"], .home),
    ]

    static let malformed: [BadInput] = [
        .bad("malformed escape", base + "%", .malformedPercentEscape("%", offset: 16)),
        .bad("malformed escape", base + "%4", .malformedPercentEscape("%4", offset: 16)),
        .bad("malformed escape", base + "%zz", .malformedPercentEscape("%zz", offset: 16)),
        .bad("malformed escape", base + "%G1", .malformedPercentEscape("%G1", offset: 16)),
        .bad("malformed escape", base + "%1G", .malformedPercentEscape("%1G", offset: 16)),
        .bad("malformed escape", base + "%%", .malformedPercentEscape("%%", offset: 16)),
        .bad("malformed escape", base + "%%41", .malformedPercentEscape("%%4", offset: 16)),
        .bad("malformed escape", base + "%%%%", .malformedPercentEscape("%%%", offset: 16)),
        .bad("malformed escape", base + "%-1", .malformedPercentEscape("%-1", offset: 16)),
        .bad("malformed escape", base + "%+1", .malformedPercentEscape("%+1", offset: 16)),
        .bad("malformed escape", base + "%u0041", .malformedPercentEscape("%u0", offset: 16)),
        .bad("malformed escape", base + "%é1", .malformedPercentEscape("%é1", offset: 16)),
        .bad("malformed escape", base + "%中", .malformedPercentEscape("%中", offset: 16)),
        .bad("malformed escape", base + "%4%41", .malformedPercentEscape("%4%", offset: 16)),
        .bad("malformed escape", base + "a%2/b", .malformedPercentEscape("%2", offset: 17)),
        .bad("malformed escape", base + "home?q=%", .malformedPercentEscape("%", offset: 23)),
        .bad("malformed escape", base + "home?q=%4", .malformedPercentEscape("%4", offset: 23)),
        .bad("malformed escape", base + "home?%zz=1", .malformedPercentEscape("%zz", offset: 21)),
        .bad("malformed escape", base + "home?q=1&%", .malformedPercentEscape("%", offset: 25)),
        .bad("malformed escape", base + "home#%", .malformedPercentEscape("%", offset: 21)),
        .bad("malformed escape", base + "home#%z", .malformedPercentEscape("%z", offset: 21)),
        .bad("malformed escape", "cono://te%zzst.com/", .malformedPercentEscape("%zz", offset: 9)),
        .bad("malformed escape", "cono://u%@test.com/", .malformedPercentEscape("%", offset: 8)),
        .bad("malformed escape", "%", .malformedPercentEscape("%", offset: 0)),
        // A long run of good escapes, then a truncated one: the error points at the end.
        .bad(
            "malformed escape", base + String(repeating: "%41", count: 100) + "%",
            .malformedPercentEscape("%", offset: 316)),
        .ok(
            "malformed escape", base + String(repeating: "%41", count: 100),
            paths: [String(repeating: "A", count: 100)], .fallback),
        .ok("malformed escape", base + "%414", paths: ["A4"], .fallback),
        .ok("malformed escape", base + "%2525", paths: ["%25"], .fallback),
    ]

    static let invalidUTF8: [BadInput] = {
        var cases: [BadInput] = []
        // Lone continuation bytes, bytes UTF-8 never uses, overlong forms, surrogates, beyond
        // U+10FFFF, 5- and 6-byte forms, truncated sequences, CESU-8.
        for escapes in [
            "%FF", "%FE", "%80", "%BF", "%C0%AF", "%C1%BF", "%E0%80%AF", "%F0%80%80%AF", "%ED%A0%80",
            "%ED%BF%BF", "%F4%90%80%80", "%F5%80%80%80", "%F8%88%80%80%80", "%FC%84%80%80%80%80",
            "%E4%B8", "%C3%28", "%E4%B8%AD%E4", "%ED%A0%BD%ED%B8%80",
        ] {
            cases.append(.bad("invalid UTF-8", base + escapes, .invalidUTF8(escapes, offset: 16)))
        }
        cases += [
            .bad("invalid UTF-8", base + "a%FFb", .invalidUTF8("%FF", offset: 17)),
            .bad("invalid UTF-8", base + "home?q=%FF", .invalidUTF8("%FF", offset: 23)),
            .bad("invalid UTF-8", base + "home?q=+%FF", .invalidUTF8("%FF", offset: 24)),
            .bad("invalid UTF-8", base + "home?%C0%AF=1", .invalidUTF8("%C0%AF", offset: 21)),
            .bad("invalid UTF-8", base + "home#%80", .invalidUTF8("%80", offset: 21)),
            .bad("invalid UTF-8", "cono://%FF.com/", .invalidUTF8("%FF", offset: 7)),
            .bad("invalid UTF-8", "cono://%FF@test.com/", .invalidUTF8("%FF", offset: 7)),
            // Valid at the edges: encoded characters are data, even controls and noncharacters.
            .ok("invalid UTF-8", base + "%C2%80", paths: ["\u{80}"], .fallback),
            .ok("invalid UTF-8", base + "%0A", paths: ["\n"], .fallback),
            .ok("invalid UTF-8", base + "%EF%BF%BF", paths: ["\u{FFFF}"], .fallback),
            .ok("invalid UTF-8", base + "%F4%8F%BF%BF", paths: ["\u{10FFFF}"], .fallback),
            .ok("invalid UTF-8", base + "%EF%BB%BF", paths: ["\u{FEFF}"], .fallback),
            .ok("invalid UTF-8", base + "%E4%B8%AD", paths: ["中"], .fallback),
        ]
        return cases
    }()

    static let dotSegments: [BadInput] = [
        .ok("dot segments", base + "a/%2e%2e/admin", paths: ["admin"], .admin),
        .ok("dot segments", base + "a/%2E%2E/admin", paths: ["admin"], .admin),
        .ok("dot segments", base + "a/.%2e/admin", paths: ["admin"], .admin),
        .ok("dot segments", base + "a/%2E./admin", paths: ["admin"], .admin),
        .ok("dot segments", base + "%2e/admin", paths: ["admin"], .admin),
        .ok("dot segments", base + "admin/.", paths: ["admin"], .admin),
        .ok("dot segments", base + "admin/%2e", paths: ["admin"], .admin),
        .ok("dot segments", base + "admin/..", paths: [], .fallback),
        .ok("dot segments", base + "%2E", paths: [], .fallback),
        .ok("dot segments", base + "%2E%2E", paths: [], .fallback),
        .ok("dot segments", base + "a/b/c/%2e%2e/%2e%2e/%2e%2e/%2e%2e/admin", paths: ["admin"], .admin),
        .ok("dot segments", base + "ad%6Din", paths: ["admin"], .admin),
        .ok("dot segments", base + "home;/../admin", paths: ["admin"], .admin),
        .ok("dot segments", base + "...", paths: ["..."], .fallback),
        .ok("dot segments", base + ".../admin", paths: ["...", "admin"], .fallback),
        .ok("dot segments", base + "%252e%252e/admin", paths: ["%2e%2e", "admin"], .fallback),
        // Encoded slashes do not split: these are single ordinary segments.
        .ok("encoded slash", base + "%2E%2E%2Fadmin", paths: ["../admin"], .fallback),
        .ok("encoded slash", base + "a%2Fb", paths: ["a/b"], .fallback),
        .ok("encoded slash", base + "%2F", paths: ["/"], .fallback),
        .ok("encoded slash", base + "%2Fhome", paths: ["/home"], .fallback),
        .ok("encoded slash", base + "home%2F", paths: ["home/"], .fallback),
        .ok("encoded slash", base + ".%2F.", paths: ["./."], .fallback),
        .ok("encoded slash", base + "home/..%2F..%2Fadmin", paths: ["home", "../../admin"], .fallback),
        .ok(
            "encoded slash", base + "home?next=../../admin", paths: ["home"], query: ["next=../../admin"],
            .home),
    ]

    static let traversal: [BadInput] = [
        .ok("traversal", "../../etc/passwd", scheme: nil, host: nil, paths: ["etc", "passwd"], .fallback),
        .ok("traversal", "/../../etc/passwd", scheme: nil, host: nil, paths: ["etc", "passwd"], .fallback),
        .ok("traversal", base + "../../etc/passwd", paths: ["etc", "passwd"], .etc),
        .ok("traversal", base + "static/../../../../etc/passwd", paths: ["etc", "passwd"], .etc),
        .ok("traversal", base + "%2e%2e/%2e%2e/etc/passwd", paths: ["etc", "passwd"], .etc),
        .ok("traversal", base + ".%2e/%2E./etc/passwd", paths: ["etc", "passwd"], .etc),
        .ok("traversal", base + "a/./b/../../../etc/./passwd/.", paths: ["etc", "passwd"], .etc),
        .ok("traversal", base + "./../etc/passwd", paths: ["etc", "passwd"], .etc),
        .ok("traversal", base + "/etc//passwd", paths: ["etc", "passwd"], .etc),
        .ok("traversal", base + "etc/passwd/..", paths: ["etc"], .etc),
        .ok("traversal", base + "..%2f..%2fetc%2fpasswd", paths: ["../../etc/passwd"], .fallback),
        .ok("traversal", base + "%2e%2e%2f%2e%2e%2fetc%2fpasswd", paths: ["../../etc/passwd"], .fallback),
        .ok("traversal", base + "..%5C..%5Cetc%5Cpasswd", paths: ["..\\..\\etc\\passwd"], .fallback),
        .ok("traversal", base + "etc/passwd%2500", paths: ["etc", "passwd%00"], .etc),
        .bad("traversal", base + "..\\..\\etc\\passwd", .disallowedCharacter("\\", offset: 18)),
        .bad("traversal", "..\\..\\etc\\passwd", .disallowedCharacter("\\", offset: 2)),
        .ok("traversal", "cono:/../../etc/passwd", host: nil, paths: ["etc", "passwd"], .fallback),
        .ok("traversal", "cono://../etc/passwd", host: "..", paths: ["etc", "passwd"], .fallback),
        .ok(
            "traversal", "file:///etc/passwd", scheme: "file", host: nil, paths: ["etc", "passwd"], .fallback),
    ]

    static let long: [BadInput] = {
        let mega = 1 << 20
        var cases: [BadInput] = [
            .bad("1 MB", padded(base, toBytes: mega), .tooLong(length: mega, limit: 16_384)),
            .bad("1 MB", padded(base + "home?q=", toBytes: mega), .tooLong(length: mega, limit: 16_384)),
            .bad("1 MB", padded("cono://", toBytes: mega - 1) + "/", .tooLong(length: mega, limit: 16_384)),
            .bad("1 MB", padded(base + "home#", toBytes: mega), .tooLong(length: mega, limit: 16_384)),
            .bad("1 MB", padded(base, toBytes: mega, with: "%41"), .tooLong(length: mega, limit: 16_384)),
            .bad("1 MB", padded(base, toBytes: mega, with: "中"), .tooLong(length: mega, limit: 16_384)),
            // The length is checked first: it is the cheapest check and bounds all the others.
            .bad("1 MB", String(repeating: "\u{0}", count: mega), .tooLong(length: mega, limit: 16_384)),
            .bad(
                "1 MB", String(repeating: "%FF", count: mega / 3 + 1),
                .tooLong(length: mega + 2, limit: 16_384)),
            .ok(
                "1 MB", padded(base, toBytes: 16_384), paths: [String(repeating: "a", count: 16_368)],
                .fallback),
            .bad("1 MB", padded(base, toBytes: 16_385), .tooLong(length: 16_385, limit: 16_384)),
            // With raised limits the same sizes parse and dispatch.
            .ok(
                "1 MB", padded(base, toBytes: mega), paths: [String(repeating: "a", count: mega - 16)],
                .fallback,
                limits: badInputRaisedLimits),
            .ok(
                "1 MB", padded(base + "home?blob=", toBytes: mega), paths: ["home"],
                query: ["blob=" + String(repeating: "a", count: mega - 26)], .home,
                limits: badInputRaisedLimits),
        ]
        let tenThousandSegments = "cono://test.com" + String(repeating: "/a", count: 10_000)
        let tenThousandPairs = base + "search?" + String(repeating: "a=1&", count: 10_000)
        let longOnly = DispatchURL.Limits(maximumLength: 2 << 20)
        cases += [
            .bad("10,000 segments", tenThousandSegments, .tooLong(length: 20_015, limit: 16_384)),
            .bad("10,000 segments", tenThousandSegments, .tooManyPathSegments(limit: 128), limits: longOnly),
            .ok(
                "10,000 segments", tenThousandSegments, paths: Array(repeating: "a", count: 10_000),
                .fallback,
                limits: badInputRaisedLimits),
            .bad(
                "10,000 segments", "cono://test.com" + String(repeating: "/..", count: 10_000),
                .tooLong(length: 30_015, limit: 16_384)),
            .ok(
                "10,000 segments", "cono://test.com" + String(repeating: "/..", count: 10_000), paths: [],
                .fallback,
                limits: badInputRaisedLimits),
            .bad(
                "10,000 segments", "cono://test.com" + String(repeating: "/a", count: 129),
                .tooManyPathSegments(limit: 128)),
            .ok(
                "10,000 segments", "cono://test.com" + String(repeating: "/a", count: 128),
                paths: Array(repeating: "a", count: 128), .fallback),
            // Counted before dot segments are resolved.
            .bad(
                "10,000 segments", "cono://test.com" + String(repeating: "/.", count: 129),
                .tooManyPathSegments(limit: 128)),
            .ok(
                "10,000 segments", "cono://test.com" + String(repeating: "/..", count: 127) + "/admin",
                paths: ["admin"], .admin),
            // Empty segments are dropped, so they are not segments.
            .ok(
                "10,000 segments", "cono://test.com" + String(repeating: "/", count: 10_000), paths: [],
                .fallback),
            .bad("10,000 pairs", tenThousandPairs, .tooLong(length: 40_023, limit: 16_384)),
            .bad("10,000 pairs", tenThousandPairs, .tooManyQueryItems(limit: 128), limits: longOnly),
            .ok(
                "10,000 pairs", tenThousandPairs, paths: ["search"],
                query: Array(repeating: "a=1", count: 10_000),
                .search, limits: badInputRaisedLimits),
            .bad(
                "10,000 pairs", base + "search?" + String(repeating: "a=1&", count: 128) + "a=1",
                .tooManyQueryItems(limit: 128)),
            .ok(
                "10,000 pairs", base + "search?" + String(repeating: "a=1&", count: 128), paths: ["search"],
                query: Array(repeating: "a=1", count: 128), .search),
            .bad(
                "10,000 pairs", base + "search?" + String(repeating: "a&", count: 129),
                .tooManyQueryItems(limit: 128)),
            // Empty pairs are not items.
            .ok(
                "10,000 pairs", base + "search?" + String(repeating: "&", count: 10_000) + "a=1",
                paths: ["search"],
                query: ["a=1"], .search),
            .ok(
                "long host", "cono://" + String(repeating: "a", count: 16_000) + "/home",
                host: String(repeating: "a", count: 16_000), paths: ["home"], .home),
            .ok(
                "long host", "cono://" + String(repeating: "a.", count: 8_000) + "/home",
                host: String(repeating: "a.", count: 8_000), paths: ["home"], .home),
            .ok(
                "many dots", base + String(repeating: ".", count: 16_000),
                paths: [String(repeating: ".", count: 16_000)], .fallback),
        ]
        return cases
    }()

    static let ports: [BadInput] = [
        .ok("port", "cono://test.com:65535/home", port: 65_535, paths: ["home"], .home),
        .ok("port", "cono://test.com:0/home", port: 0, paths: ["home"], .home),
        .ok("port", "cono://test.com:080/home", port: 80, paths: ["home"], .home),
        .ok("port", "cono://test.com:/home", paths: ["home"], .home),
        .bad("port", "cono://test.com:65536/", .invalidPort("65536", offset: 16)),
        .bad("port", "cono://test.com:65616/", .invalidPort("65616", offset: 16)),  // 65536 + 80
        .bad("port", "cono://test.com:4294967376/", .invalidPort("4294967376", offset: 16)),  // 2^32 + 80
        .bad(
            // 2^64 + 80: no overflow wraps it into range
            "port", "cono://test.com:18446744073709551696/", .invalidPort("18446744073709551696", offset: 16)),
        .bad(
            "port", "cono://test.com:99999999999999999999999999999999/",
            .invalidPort("99999999999999999999999999999999", offset: 16)),
        .bad("port", "cono://test.com:-1/", .invalidPort("-1", offset: 16)),
        .bad("port", "cono://test.com:+80/", .invalidPort("+80", offset: 16)),
        .bad("port", "cono://test.com:80a/", .invalidPort("80a", offset: 16)),
        .bad("port", "cono://test.com:0x50/", .invalidPort("0x50", offset: 16)),
        .bad("port", "cono://test.com:1e3/", .invalidPort("1e3", offset: 16)),
        .bad("port", "cono://test.com:８０/", .invalidPort("８０", offset: 16)),
        .bad("port", "cono://test.com:%38%30/", .invalidPort("%38%30", offset: 16)),
        .bad("port", "cono://test.com:80:80/", .invalidPort("80:80", offset: 16)),
        .bad("port", "cono://test.com: 80/", .disallowedCharacter(" ", offset: 16)),
        .bad("port", "cono://[::1]:65536/", .invalidPort("65536", offset: 13)),
        .bad("port", "cono://:80/home", .invalidHost("", offset: 7)),
    ]

    static let schemes: [BadInput] = [
        .ok("scheme", "javascript:alert(1)", scheme: "javascript", host: nil, paths: ["alert(1)"], .fallback),
        .ok(
            "scheme", "JavaScript:alert(document.cookie)", scheme: "javascript", host: nil,
            paths: ["alert(document.cookie)"], .fallback),
        .ok(
            "scheme", "javascript:alert%281%29", scheme: "javascript", host: nil, paths: ["alert(1)"],
            .fallback),
        // A path-only pattern matches whatever the scheme (RoutePatternsAndPrecedence.md).
        .ok("scheme", "javascript:/home", scheme: "javascript", host: nil, paths: ["home"], .home),
        .bad("scheme", "javascript://%0Aalert(1)", .invalidHost("%0Aalert(1)", offset: 13)),
        .bad("scheme", "java\tscript:alert(1)", .disallowedCharacter("\t", offset: 4)),
        .bad("scheme", "javascript:alert(1) ", .disallowedCharacter(" ", offset: 19)),
        .ok(
            "scheme", "data:text/html,<script>alert(1)</script>", scheme: "data", host: nil,
            paths: ["text", "html,<script>alert(1)<", "script>"], .fallback),
        .ok(
            "scheme", "data:text/html;base64,PHNjcmlwdD4=", scheme: "data", host: nil,
            paths: ["text", "html;base64,PHNjcmlwdD4="], .fallback),
        .ok(
            "scheme", "data:,Hello%2C%20World!", scheme: "data", host: nil, paths: [",Hello, World!"],
            .fallback),
        .bad("scheme", "data:text/plain,a b", .disallowedCharacter(" ", offset: 17)),
        .ok(
            "scheme", "file://localhost/etc/passwd", scheme: "file", host: "localhost",
            paths: ["etc", "passwd"], .fallback),
        .ok(
            "scheme", "file:///C:/Windows/System32", scheme: "file", host: nil,
            paths: ["C:", "Windows", "System32"], .fallback),
        .ok("scheme", "FILE:/ETC/passwd", scheme: "file", host: nil, paths: ["ETC", "passwd"], .fallback),
        .bad("scheme", "file:c:\\windows", .disallowedCharacter("\\", offset: 7)),
        .ok("scheme", "vbscript:msgbox(1)", scheme: "vbscript", host: nil, paths: ["msgbox(1)"], .fallback),
        .ok("scheme", "cono:", host: nil, paths: [], .fallback),
        .ok("scheme", "cono:home", host: nil, paths: ["home"], .home),
        .ok("scheme", "c+o-n.o://test.com/home", scheme: "c+o-n.o", paths: ["home"], .home),
        // Not a scheme (a digit first, an underscore): a relative reference whose first segment has a colon.
        .ok(
            "scheme", "1cono://test.com/home", scheme: nil, host: nil, paths: ["1cono:", "test.com", "home"],
            .fallback),
        .ok(
            "scheme", "cono_x://test.com/home", scheme: nil, host: nil,
            paths: ["cono_x:", "test.com", "home"], .fallback),
    ]

    // A web URL without a host names no page: read as a relative reference, `https:///product/42`
    // opened the product page, and `http://` was dispatched as `http:` (WHATWG: a special scheme
    // but `file` needs a host). Other schemes keep RFC 3986's authority-less forms.
    static let webWithoutHost: [BadInput] = [
        .bad("web without host", "http://", .missingHost(scheme: "http", offset: 7)),
        .bad("web without host", "https://", .missingHost(scheme: "https", offset: 8)),
        .bad("web without host", "https:///product/42", .missingHost(scheme: "https", offset: 8)),
        .bad("web without host", "https:////product/42", .missingHost(scheme: "https", offset: 8)),
        .bad("web without host", "https:/product/42", .missingHost(scheme: "https", offset: 6)),
        .bad("web without host", "https:product/42", .missingHost(scheme: "https", offset: 6)),
        .bad("web without host", "https:", .missingHost(scheme: "https", offset: 6)),
        .bad("web without host", "HTTPS:///home", .missingHost(scheme: "https", offset: 8)),
        .bad("web without host", "http://?q=1", .missingHost(scheme: "http", offset: 7)),
        .bad("web without host", "http://#top", .missingHost(scheme: "http", offset: 7)),
        .bad("web without host", "http:?q=1", .missingHost(scheme: "http", offset: 5)),
        .bad("web without host", "ws://", .missingHost(scheme: "ws", offset: 5)),
        .bad("web without host", "wss:///socket", .missingHost(scheme: "wss", offset: 6)),
        .bad("web without host", "ftp:///pub", .missingHost(scheme: "ftp", offset: 6)),
        // What the authority holds besides the host is reported first, as before.
        .bad("web without host", "https://:443/home", .invalidHost("", offset: 8)),
        .bad("web without host", "https://user@/home", .invalidHost("", offset: 13)),
        .bad("web without host", "https:// /home", .disallowedCharacter(" ", offset: 8)),
        // `file` may have an empty host; other schemes may have none.
        .ok("web without host", "file:///home", scheme: "file", host: nil, paths: ["home"], .home),
        .ok("web without host", "cono:///home", host: nil, paths: ["home"], .home),
        .ok("web without host", "httpx:/home", scheme: "httpx", host: nil, paths: ["home"], .home),
        .ok("web without host", "https://x/home", scheme: "https", host: "x", paths: ["home"], .home),
    ]

    static let backslashes: [BadInput] = [
        .bad("backslash", "cono://test.com\\@evil.com/", .disallowedCharacter("\\", offset: 15)),
        .bad("backslash", "cono:\\\\test.com\\home", .disallowedCharacter("\\", offset: 5)),
        .bad("backslash", "\\\\evil.com\\home", .disallowedCharacter("\\", offset: 0)),
        .bad("backslash", base + "home\\", .disallowedCharacter("\\", offset: 20)),
        .bad("backslash", base + "home?q=\\", .disallowedCharacter("\\", offset: 23)),
        .bad("backslash", base + "home#\\", .disallowedCharacter("\\", offset: 21)),
        .ok("backslash", base + "%5Chome", paths: ["\\home"], .fallback),
        .ok("backslash", "cono://test.com%5C@evil.com/", host: "evil.com", paths: [], .fallback),
        .bad("backslash", "cono://evil.com%5C.test.com/", .invalidHost("evil.com%5C.test.com", offset: 7)),
    ]

    static let relative: [BadInput] = [
        .ok("relative", "/home?uid=1", scheme: nil, host: nil, paths: ["home"], query: ["uid=1"], .home),
        .ok("relative", "home", scheme: nil, host: nil, paths: ["home"], .home),
        .ok("relative", "./home", scheme: nil, host: nil, paths: ["home"], .home),
        .ok("relative", "../home", scheme: nil, host: nil, paths: ["home"], .home),
        .ok("relative", "?q=1", scheme: nil, host: nil, paths: [], query: ["q=1"], .fallback),
        .ok("relative", "#frag", scheme: nil, host: nil, paths: [], fragment: "frag", .fallback),
        .ok("relative", "//test.com/home", scheme: nil, paths: ["home"], .home),
        .ok("relative", "//good.com/x", scheme: nil, host: "good.com", paths: ["x"], .good),
        .ok("relative", "///home", scheme: nil, host: nil, paths: ["home"], .home),
        .ok("relative", "mine_home:x", scheme: nil, host: nil, paths: ["mine_home:x"], .fallback),
        .ok("relative", "/", scheme: nil, host: nil, paths: [], .fallback),
        .ok("relative", ".", scheme: nil, host: nil, paths: [], .fallback),
        .ok("relative", "..", scheme: nil, host: nil, paths: [], .fallback),
        .ok("relative", "//", scheme: nil, host: nil, paths: [], .fallback),
        .bad("relative", "//@", .invalidHost("", offset: 3)),
    ]

    static let ipv6: [BadInput] = [
        .ok("IPv6", "cono://[::1]/home", host: "::1", paths: ["home"], .home),
        .ok("IPv6", "cono://[::1]:8080/home", host: "::1", port: 8080, paths: ["home"], .home),
        .ok("IPv6", "cono://[2001:DB8::1]/", host: "2001:db8::1", paths: [], .fallback),
        .ok("IPv6", "cono://[::ffff:127.0.0.1]/", host: "::ffff:127.0.0.1", paths: [], .fallback),
        .ok("IPv6", "cono://good.com@[::1]/", host: "::1", paths: [], .fallback),
        .bad("IPv6", "cono://[::1", .invalidHost("[::1", offset: 7)),
        .bad("IPv6", "cono://[:::1]/", .invalidHost("[:::1]", offset: 7)),
        .bad("IPv6", "cono://[fe80::1%25eth0]/", .invalidHost("[fe80::1%25eth0]", offset: 7)),
        .bad("IPv6", "cono://[::1]evil.com/", .invalidHost("[::1]evil.com", offset: 7)),
        .bad("IPv6", "cono://[1:2:3:4:5:6:7:8:9]/", .invalidHost("[1:2:3:4:5:6:7:8:9]", offset: 7)),
        .bad("IPv6", "cono://[::1]]/", .invalidHost("[::1]]", offset: 7)),
        .bad("IPv6", "cono://[v7.abc]/", .invalidHost("[v7.abc]", offset: 7)),
        .bad("IPv6", "cono://[127.0.0.1]/", .invalidHost("[127.0.0.1]", offset: 7)),
        .bad("IPv6", "cono://[]/", .invalidHost("[]", offset: 7)),
        .ok("IPv4", "cono://127.0.0.1/home", host: "127.0.0.1", paths: ["home"], .home),
        .ok("IPv4", "cono://0x7f.1/", host: "0x7f.1", paths: [], .fallback),
        .ok("IPv4", "cono://2130706433/", host: "2130706433", paths: [], .fallback),
    ]

    static let userinfo: [BadInput] = [
        .ok(
            "userinfo", "https://good.com@evil.com/x", scheme: "https", host: "evil.com", paths: ["x"],
            .fallback),
        .ok(
            "userinfo", "https://evil.com@good.com/x", scheme: "https", host: "good.com", paths: ["x"], .good),
        .ok(
            "userinfo", "https://good.com:pass@evil.com/", scheme: "https", host: "evil.com", paths: [],
            .fallback),
        .ok(
            "userinfo", "https://good.com:443@evil.com/", scheme: "https", host: "evil.com", paths: [],
            .fallback),
        .ok("userinfo", "https://a@b@evil.com/", scheme: "https", host: "evil.com", paths: [], .fallback),
        .ok(
            "userinfo", "https://good.com%2F@evil.com/", scheme: "https", host: "evil.com", paths: [],
            .fallback),
        .ok(
            "userinfo", "https://good.com#@evil.com/", scheme: "https", host: "good.com", paths: [],
            fragment: "@evil.com/", .good),
        .ok(
            "userinfo", "https://good.com?@evil.com/", scheme: "https", host: "good.com", paths: [],
            query: ["@evil.com/"], .good),
        .ok("userinfo", "https://@good.com/", scheme: "https", host: "good.com", paths: [], .good),
        .ok(
            "userinfo", "https://evil.com:80@good.com:443/x", scheme: "https", host: "good.com", port: 443,
            paths: ["x"], .good),
        .bad("userinfo", "https://good.com%40evil.com/", .invalidHost("good.com%40evil.com", offset: 8)),
        .bad("userinfo", "https://good.com%2Fevil.com/", .invalidHost("good.com%2Fevil.com", offset: 8)),
        .bad("userinfo", "https://good.com\\@evil.com/", .disallowedCharacter("\\", offset: 16)),
        .bad("userinfo", "https://user@/", .invalidHost("", offset: 13)),
        .bad("userinfo", "https://user@:443/", .invalidHost("", offset: 13)),
    ]

    static let fragments: [BadInput] = [
        .ok("fragment", base + "home#top", paths: ["home"], fragment: "top", .home),
        .ok("fragment", base + "home#", paths: ["home"], fragment: "", .home),
        .ok("fragment", base + "home#a#b", paths: ["home"], fragment: "a#b", .home),
        .ok("fragment", base + "home#%2F..%2Fadmin", paths: ["home"], fragment: "/../admin", .home),
        .ok("fragment", base + "home#/../../admin", paths: ["home"], fragment: "/../../admin", .home),
        .ok("fragment", base + "home#a+b", paths: ["home"], fragment: "a+b", .home),
        .ok("fragment", base + "#/admin", paths: [], fragment: "/admin", .fallback),
        .ok("fragment", base + "home#%E2%80%AE", paths: ["home"], fragment: "\u{202E}", .home),
        .ok("fragment", base + "home#?q=1", paths: ["home"], fragment: "?q=1", .home),
        .ok("fragment", base + "home?q=1#", paths: ["home"], query: ["q=1"], fragment: "", .home),
    ]

    /// IDN and homograph hosts: percent-decoded, lowercased, and each label with non-ASCII put
    /// in NFC and then in its ASCII (punycode) form, as Foundation gives it; no confusable or
    /// compatibility mapping, so a lookalike stays a different host.
    static let hosts: [BadInput] = [
        .ok("IDN", "https://GOOD.com/x", scheme: "https", host: "good.com", paths: ["x"], .good),
        .ok("IDN", "https://g%6F%6Fd.com/x", scheme: "https", host: "good.com", paths: ["x"], .good),
        .ok("IDN", "https://good%2Ecom/x", scheme: "https", host: "good.com", paths: ["x"], .good),
        .ok(
            "homograph", "https://g\u{43E}\u{43E}d.com/x", scheme: "https", host: "xn--gd-fmca.com",
            paths: ["x"], .fallback),
        .ok(
            "homograph", "https://g\u{3BF}\u{3BF}d.com/x", scheme: "https", host: "xn--gd-jbca.com",
            paths: ["x"], .fallback),
        .ok(
            "homograph", "https://\u{430}pple.com/", scheme: "https", host: "xn--pple-43d.com", paths: [],
            .fallback),
        .ok(
            "homograph", "https://\u{FF27}\u{FF2F}\u{FF2F}\u{FF24}.com/x", scheme: "https",
            host: "xn--pi7cfya.com", paths: ["x"], .fallback),
        .ok("homograph", "https://good.com./x", scheme: "https", host: "good.com.", paths: ["x"], .fallback),
        .ok(
            "homograph", "https://good.com\u{3002}evil/", scheme: "https", host: "good.xn--comevil-8o3f",
            paths: [], .fallback),
        .ok(
            "homograph", "https://evil.com\u{2044}good.com/", scheme: "https",
            host: "evil.xn--comgood-3d7c.com", paths: [], .fallback),
        .ok(
            "IDN", "https://xn--80ak6aa92e.com/", scheme: "https", host: "xn--80ak6aa92e.com", paths: [],
            .fallback),
        .ok("IDN", "https://XN--GOOD.com/", scheme: "https", host: "xn--good.com", paths: [], .fallback),
        .ok(
            "IDN", "https://m\u{FC}nchen.de/", scheme: "https", host: "xn--mnchen-3ya.de", paths: [],
            .fallback),
        .ok(
            "IDN", "https://M\u{DC}NCHEN.de/", scheme: "https", host: "xn--mnchen-3ya.de", paths: [],
            .fallback),
        .ok(
            "IDN", "https://m%C3%BCnchen.de/", scheme: "https", host: "xn--mnchen-3ya.de", paths: [],
            .fallback),
        .ok(
            "IDN", "https://\u{4E2D}\u{6587}.com/home", scheme: "https", host: "xn--fiq228c.com",
            paths: ["home"], .home),
        .bad("homograph", "https://go\u{200B}od.com/", .invalidHost("go\u{200B}od.com", offset: 8)),
        .bad("homograph", "https://go\u{AD}od.com/", .invalidHost("go\u{AD}od.com", offset: 8)),
        .bad("homograph", "https://go%E2%80%8Bod.com/", .invalidHost("go%E2%80%8Bod.com", offset: 8)),
        .bad("homograph", "https://good.com%00.evil.com/", .encodedNUL(offset: 16)),
        .ok(
            "IDN", "https://B\u{DC}CHER.de/x", scheme: "https", host: "xn--bcher-kva.de", paths: ["x"],
            .fallback),
        .ok(
            "IDN", "https://xn--BCHER-kva.de/x", scheme: "https", host: "xn--bcher-kva.de", paths: ["x"],
            .fallback),
        // A label whose ASCII form is over the 63 bytes DNS allows.
        .bad(
            "IDN", "https://" + String(repeating: "\u{FC}", count: 60) + ".de/",
            .invalidHost(String(repeating: "\u{FC}", count: 60) + ".de", offset: 8)),
        .bad(
            "IDN", "https://a." + String(repeating: "%C3%BC", count: 60) + "/",
            .invalidHost("a." + String(repeating: "%C3%BC", count: 60), offset: 8)),
    ]

    /// Opaque paths (a scheme, no authority, no leading `/`): split into segments like any path,
    /// and written back without the `/`.
    static let opaque: [BadInput] = [
        .ok("opaque", "javascript:alert(1)", scheme: "javascript", host: nil, paths: ["alert(1)"], .fallback),
        .ok(
            "opaque", "mailto:a@b.c?subject=x", scheme: "mailto", host: nil, paths: ["a@b.c"],
            query: ["subject=x"], .fallback),
        .ok("opaque", "urn:isbn:0451450523", scheme: "urn", host: nil, paths: ["isbn:0451450523"], .fallback),
        .ok("opaque", "tel:+123#x", scheme: "tel", host: nil, paths: ["+123"], fragment: "x", .fallback),
        .ok("opaque", "cono:home/../admin", host: nil, paths: ["admin"], .admin),
    ]

    /// NFC and NFD spellings: DispatchKit keeps the scalars as given, and equality (so matching)
    /// follows Swift `String` equality, under which canonically equivalent spellings are equal.
    /// Hosts aside: a label with non-ASCII is put in NFC, then in its ASCII form.
    static let normalisation: [BadInput] = [
        .ok("NFC/NFD", base + "caf\u{E9}", paths: ["caf\u{E9}"], .cafe),
        .ok("NFC/NFD", base + "cafe\u{301}", paths: ["cafe\u{301}"], .cafe),
        .ok("NFC/NFD", base + "caf%C3%A9", paths: ["caf\u{E9}"], .cafe),
        .ok("NFC/NFD", base + "cafe%CC%81", paths: ["cafe\u{301}"], .cafe),
        .ok("NFC/NFD", "cono://caf\u{E9}.com/menu", host: "xn--caf-dma.com", paths: ["menu"], .intl),
        .ok("NFC/NFD", "cono://cafe\u{301}.com/menu", host: "xn--caf-dma.com", paths: ["menu"], .intl),
        .ok("NFC/NFD", "cono://CAF\u{C9}.com/menu", host: "xn--caf-dma.com", paths: ["menu"], .intl),
        .ok("NFC/NFD", base + "search?q=cafe\u{301}", paths: ["search"], query: ["q=cafe\u{301}"], .search),
        .ok(
            "NFC/NFD", base + "\u{FF48}\u{FF4F}\u{FF4D}\u{FF45}", paths: ["\u{FF48}\u{FF4F}\u{FF4D}\u{FF45}"],
            .fallback),
        .ok("NFC/NFD", base + "\u{212B}", paths: ["\u{212B}"], .fallback),  // ANGSTROM SIGN, NFC Å
    ]

    /// Typed parameters meet odd digits.
    static let routes: [BadInput] = [
        .ok("typed", base + "product/42", paths: ["product", "42"], .product),
        .ok("typed", base + "product/%34%32", paths: ["product", "42"], .product),
        .ok("typed", base + "product/-1", paths: ["product", "-1"], .product),
        .ok("typed", base + "product/\u{FF14}\u{FF12}", paths: ["product", "\u{FF14}\u{FF12}"], .fallback),
        .ok("typed", base + "product/\u{663}", paths: ["product", "\u{663}"], .fallback),
        .ok(
            "typed", base + "product/99999999999999999999", paths: ["product", "99999999999999999999"],
            .fallback),
        .ok("typed", base + "product/42%20", paths: ["product", "42 "], .fallback),
        .ok("typed", base + "product/0x2A", paths: ["product", "0x2A"], .fallback),
        .ok("typed", base + "HOME", paths: ["HOME"], .fallback),
        .ok("typed", "CONO://TEST.COM/home", paths: ["home"], .home),
    ]
}
