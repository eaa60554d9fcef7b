import DispatchKit
import Foundation
import Testing

// Size limits: defaults, exactly-at-limit accepted and one-over rejected, custom limits, and
// hostile sizes that must be rejected (or parsed) quickly.

@Suite("DispatchURL limits")
struct DispatchURLLimitsTests {
    /// `app://x` followed by `count` segments `/a`.
    static func segments(_ count: Int, _ segment: String = "a") -> String {
        "app://x" + String(repeating: "/" + segment, count: count)
    }

    /// `app://x?` followed by `count` pairs `k=v` separated by `&`.
    static func pairs(_ count: Int, separator: String = "&") -> String {
        "app://x?" + (0..<count).map { "k\($0)=v" }.joined(separator: separator)
    }

    static let unlimited = DispatchURL.Limits(
        maximumLength: .max, maximumPathSegments: .max, maximumQueryItems: .max)

    // MARK: - Defaults

    @Test("the defaults are 16,384 bytes, 128 path segments and 128 query items")
    func defaults() {
        let limits = DispatchURL.Limits.default
        #expect(limits.maximumLength == 16_384)
        #expect(limits.maximumPathSegments == 128)
        #expect(limits.maximumQueryItems == 128)
        #expect(DispatchURL.Limits() == .default)
        #expect(DispatchURL.Limits(maximumQueryItems: 16) != .default)
    }

    @Test("init(string:) without limits uses the defaults")
    func defaultIsApplied() {
        #expect(urlTestParse(Self.segments(128)) != nil)
        #expect(urlTestError(Self.segments(129)) == .tooManyPathSegments(limit: 128))
        #expect(urlTestParse(Self.pairs(128)) != nil)
        #expect(urlTestError(Self.pairs(129)) == .tooManyQueryItems(limit: 128))
    }

    // MARK: - Length

    @Test("length: exactly 16,384 bytes is accepted, 16,385 is not")
    func defaultLength() throws {
        let prefix = "app://x/"
        let atLimit = prefix + String(repeating: "a", count: 16_384 - prefix.utf8.count)
        #expect(atLimit.utf8.count == 16_384)
        #expect(try DispatchURL(string: atLimit).paths[0].count == 16_376)
        #expect(urlTestError(atLimit + "a") == .tooLong(length: 16_385, limit: 16_384))
    }

    @Test("length is counted in UTF-8 bytes, not Characters")
    func lengthInBytes() throws {
        let limits = DispatchURL.Limits(maximumLength: 11)
        #expect(try DispatchURL(string: "app://x/中", limits: limits).paths == ["中"])  // 8 + 3 bytes
        #expect(urlTestError("app://x/中a", limits: limits) == .tooLong(length: 12, limit: 11))
        #expect(urlTestError("app://x/é中", limits: limits) == .tooLong(length: 13, limit: 11))
        // 1,000 Characters; with the prefix, 1,008.
        let emoji = String(repeating: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", count: 1_000)
        #expect(urlTestError("app://x/" + emoji) == .tooLong(length: 18_008, limit: 16_384))
    }

    @Test("the length limit is checked before anything else but emptiness")
    func lengthCheckedFirst() {
        let limits = DispatchURL.Limits(maximumLength: 4)
        #expect(urlTestError("%zz x", limits: limits) == .tooLong(length: 5, limit: 4))
        #expect(urlTestError("", limits: DispatchURL.Limits(maximumLength: 0)) == .empty)
        #expect(
            urlTestError("a", limits: DispatchURL.Limits(maximumLength: 0)) == .tooLong(length: 1, limit: 0))
    }

    @Test("over several limits: the length wins, then whichever the parser reaches first")
    func whichLimitIsReported() {
        let tight = DispatchURL.Limits(maximumLength: 40, maximumPathSegments: 2, maximumQueryItems: 2)
        // Over all three: the length, checked before parsing.
        #expect(
            urlTestError("app://x/a/b/c/d/e/f/g/h/i?k=1&k=2&k=3&k=4&k=5", limits: tight)
                == .tooLong(length: 45, limit: 40))
        // Over the path's and the query's: the path comes first in the input.
        #expect(urlTestError("app://x/a/b/c?k=1&k=2&k=3", limits: tight) == .tooManyPathSegments(limit: 2))
        // An error met before the path's limit is reached is reported instead.
        #expect(urlTestError("app://x:99999/a/b/c", limits: tight) == .invalidPort("99999", offset: 8))
        #expect(urlTestError("app://x/%zz/b/c", limits: tight) == .malformedPercentEscape("%zz", offset: 8))
        // Empty segments are dropped before they could count.
        #expect(urlTestError("app://x//a///b//", limits: tight) == nil)
    }

    @Test("a 1 MB input is rejected, and quickly")
    func oneMegabyte() {
        let input = "app://x/" + String(repeating: "a", count: 1_048_576)
        var error: DispatchURLError?
        let seconds = urlTestSeconds { error = urlTestError(input) }
        #expect(error == .tooLong(length: 1_048_584, limit: 16_384))
        #expect(seconds < 1, "rejecting 1 MB took \(seconds) s")
        // Also when the megabyte is made of characters the parser would otherwise have to examine.
        for hostile in ["%", "/", "?&", "[", "@", "%FF", " ", "中"] {
            let big = "app://" + String(repeating: hostile, count: 1_048_576 / hostile.utf8.count)
            var bigError: DispatchURLError?
            let bigSeconds = urlTestSeconds { bigError = urlTestError(big) }
            #expect(bigError == .tooLong(length: big.utf8.count, limit: 16_384))
            #expect(bigSeconds < 1, "rejecting 1 MB of \(hostile.debugDescription) took \(bigSeconds) s")
        }
    }

    // MARK: - Path segments

    @Test("path segments: exactly the limit is accepted, one more is not", arguments: [0, 1, 2, 128, 500])
    func pathSegmentLimit(_ limit: Int) throws {
        let limits = DispatchURL.Limits(maximumLength: 100_000, maximumPathSegments: limit)
        #expect(try DispatchURL(string: Self.segments(limit), limits: limits).paths.count == limit)
        #expect(urlTestError(Self.segments(limit + 1), limits: limits) == .tooManyPathSegments(limit: limit))
    }

    @Test("path segments are counted before dot segments are resolved")
    func segmentsCountedBeforeDots() throws {
        let limits = DispatchURL.Limits(maximumPathSegments: 4)
        #expect(try DispatchURL(string: "app://x/a/../b/..", limits: limits).paths == [])
        #expect(urlTestError("app://x/a/../b/../c", limits: limits) == .tooManyPathSegments(limit: 4))
        #expect(urlTestError("app://x/./././././", limits: limits) == .tooManyPathSegments(limit: 4))
        #expect(urlTestError("app://x/%2e/%2e/%2e/%2e/%2e", limits: limits) == .tooManyPathSegments(limit: 4))
        // With the defaults: 65 × "/a/.." is 130 segments that resolve to none.
        #expect(
            urlTestError("app://x" + String(repeating: "/a/..", count: 65))
                == .tooManyPathSegments(limit: 128))
        #expect(
            urlTestError("app://x" + String(repeating: "/..", count: 129)) == .tooManyPathSegments(limit: 128)
        )
    }

    @Test("empty segments, the host and the query do not count as path segments")
    func whatIsNotASegment() throws {
        let limits = DispatchURL.Limits(maximumPathSegments: 2)
        #expect(try DispatchURL(string: "app://host//a////b//", limits: limits).paths == ["a", "b"])
        #expect(try DispatchURL(string: "app://host/a/b?c/d/e#f/g/h", limits: limits).paths == ["a", "b"])
        #expect(try DispatchURL(string: "app://x" + String(repeating: "//a", count: 128)).paths.count == 128)
        #expect(urlTestError("app:a/b/c", limits: limits) == .tooManyPathSegments(limit: 2))
        #expect(urlTestError("a/b/c", limits: limits) == .tooManyPathSegments(limit: 2))
    }

    @Test("10,000 path segments: rejected by default, accepted under a custom limit")
    func tenThousandSegments() throws {
        let input = Self.segments(10_000)
        #expect(urlTestError(input) != nil)  // over the default length too
        let roomy = DispatchURL.Limits(maximumLength: 1_000_000, maximumPathSegments: 128)
        #expect(urlTestError(input, limits: roomy) == .tooManyPathSegments(limit: 128))
        let exact = DispatchURL.Limits(maximumLength: 1_000_000, maximumPathSegments: 10_000)
        #expect(try DispatchURL(string: input, limits: exact).paths.count == 10_000)
        let oneShort = DispatchURL.Limits(maximumLength: 1_000_000, maximumPathSegments: 9_999)
        #expect(urlTestError(input, limits: oneShort) == .tooManyPathSegments(limit: 9_999))
        // Within the default length, 8,000 one-byte segments are still rejected by the count.
        let dense = "app://x" + String(repeating: "/a", count: 8_000)
        #expect(dense.utf8.count <= 16_384)
        #expect(urlTestError(dense) == .tooManyPathSegments(limit: 128))
    }

    // MARK: - Query items

    @Test("query items: exactly the limit is accepted, one more is not", arguments: [0, 1, 2, 128, 500])
    func queryItemLimit(_ limit: Int) throws {
        let limits = DispatchURL.Limits(maximumLength: 100_000, maximumQueryItems: limit)
        #expect(try DispatchURL(string: Self.pairs(limit), limits: limits).queryItems.count == limit)
        #expect(urlTestError(Self.pairs(limit + 1), limits: limits) == .tooManyQueryItems(limit: limit))
    }

    @Test("empty pairs do not count as query items; bare names and duplicates do")
    func whatIsAQueryItem() throws {
        let limits = DispatchURL.Limits(maximumQueryItems: 2)
        #expect(try DispatchURL(string: "app://x?&&a=1&&&b=2&&", limits: limits).queryItems.count == 2)
        #expect(urlTestError("app://x?a&b&c", limits: limits) == .tooManyQueryItems(limit: 2))
        #expect(urlTestError("app://x?a=1&a=1&a=1", limits: limits) == .tooManyQueryItems(limit: 2))
        #expect(urlTestError("app://x?=&=&=", limits: limits) == .tooManyQueryItems(limit: 2))
        #expect(try DispatchURL(string: Self.pairs(128, separator: "&&&")).queryItems.count == 128)
        // `&` after `#` is fragment, not query.
        #expect(try DispatchURL(string: "app://x?a&b#c&d&e", limits: limits).queryItems.count == 2)
    }

    @Test("10,000 query pairs: rejected by default, accepted under a custom limit")
    func tenThousandPairs() throws {
        let input = Self.pairs(10_000)
        let roomy = DispatchURL.Limits(maximumLength: 1_000_000)
        #expect(urlTestError(input, limits: roomy) == .tooManyQueryItems(limit: 128))
        let exact = DispatchURL.Limits(maximumLength: 1_000_000, maximumQueryItems: 10_000)
        let url = try DispatchURL(string: input, limits: exact)
        #expect(url.queryItems.count == 10_000)
        #expect(url.query.count == 10_000)
        #expect(url.queryItems.last == URLQueryItem(name: "k9999", value: "v"))
        let oneShort = DispatchURL.Limits(maximumLength: 1_000_000, maximumQueryItems: 9_999)
        #expect(urlTestError(input, limits: oneShort) == .tooManyQueryItems(limit: 9_999))
        // Within the default length, 4,000 short pairs are still rejected by the count.
        let dense = "app://x?" + String(repeating: "a&", count: 4_000)
        #expect(urlTestError(dense) == .tooManyQueryItems(limit: 128))
    }

    // MARK: - Custom limits

    @Test("custom limits are honoured, also through init(_ url:)")
    func customLimits() throws {
        var limits = DispatchURL.Limits.default
        limits.maximumQueryItems = 1
        #expect(urlTestError("app://x?a=1&b=2", limits: limits) == .tooManyQueryItems(limit: 1))
        limits.maximumPathSegments = 1
        #expect(urlTestError("app://x/a/b", limits: limits) == .tooManyPathSegments(limit: 1))
        limits.maximumLength = 10
        #expect(urlTestError("app://x/abc", limits: limits) == .tooLong(length: 11, limit: 10))
        #expect(urlTestError("app://x/ab", limits: limits) == nil)

        let foundation = try #require(URL(string: "app://x/a/b/c?d&e&f"))
        #expect(throws: DispatchURLError.tooManyPathSegments(limit: 2)) {
            try DispatchURL(foundation, limits: DispatchURL.Limits(maximumPathSegments: 2))
        }
        #expect(throws: DispatchURLError.tooManyQueryItems(limit: 2)) {
            try DispatchURL(foundation, limits: DispatchURL.Limits(maximumQueryItems: 2))
        }
        #expect(throws: DispatchURLError.tooLong(length: 19, limit: 18)) {
            try DispatchURL(foundation, limits: DispatchURL.Limits(maximumLength: 18))
        }
        #expect(try DispatchURL(foundation).paths == ["a", "b", "c"])
    }

    // Regression: a negative maximumQueryItems read as no limit at all (no count ever equals it),
    // and a negative length or segment limit refused every URL as "over the limit of -1".
    @Test(
        "a negative limit is refused for every input, naming the limit",
        arguments: [
            (DispatchURL.Limits(maximumLength: -1), "maximumLength", -1),
            (DispatchURL.Limits(maximumPathSegments: -2), "maximumPathSegments", -2),
            (DispatchURL.Limits(maximumQueryItems: -1), "maximumQueryItems", -1),
            (DispatchURL.Limits(maximumLength: .min, maximumQueryItems: -1), "maximumLength", Int.min),
        ])
    func negativeLimits(_ limits: DispatchURL.Limits, _ name: String, _ value: Int) throws {
        let error = DispatchURLError.invalidLimit(name: name, value: value)
        for input in ["app://x/a?k=1&k=2", "/", "", "%zz"] {
            #expect(urlTestError(input, limits: limits) == error, "\(input)")
        }
        let foundation = try #require(URL(string: "app://x"))
        #expect(throws: error) { try DispatchURL(foundation, limits: limits) }
        #expect(
            DispatchURLError.invalidLimit(name: "maximumQueryItems", value: -1).description
                == "the limit maximumQueryItems is -1, below 0 (a limit counts what a URL may hold)")
    }

    @Test("zero limits refuse what they count, and nothing else")
    func zeroLimits() throws {
        let limits = DispatchURL.Limits(maximumLength: 100, maximumPathSegments: 0, maximumQueryItems: 0)
        #expect(try DispatchURL(string: "app://x", limits: limits).paths == [])
        #expect(urlTestError("app://x/a", limits: limits) == .tooManyPathSegments(limit: 0))
        #expect(urlTestError("app://x?a", limits: limits) == .tooManyQueryItems(limit: 0))
    }

    @Test("larger limits admit larger URLs")
    func largerLimits() throws {
        let limits = DispatchURL.Limits(
            maximumLength: 200_000, maximumPathSegments: 1_000, maximumQueryItems: 1_000)
        let input =
            "app://x" + String(repeating: "/seg", count: 1_000) + "?"
            + (0..<1_000).map { "n\($0)=\($0)" }.joined(separator: "&")
        let url = try DispatchURL(string: input, limits: limits)
        #expect(url.paths.count == 1_000)
        #expect(url.query["n999"] == "999")
    }

    // MARK: - Time

    @Test("parsing time stays linear on large hostile inputs")
    func linearTime() {
        // ~1 MB inputs under unlimited limits: each is accepted or rejected, and none takes long.
        let megabyte = 1_000_000
        let inputs: [String] = [
            "app://x/" + String(repeating: "a/", count: megabyte / 2),
            "app://x/" + String(repeating: "../", count: megabyte / 3),
            "app://x/" + String(repeating: "a/..%2F", count: megabyte / 7),
            "app://x?" + String(repeating: "a=1&", count: megabyte / 4),
            "app://x?" + String(repeating: "&", count: megabyte),
            "app://x?a=" + String(repeating: "=", count: megabyte),
            "app://" + String(repeating: "@", count: megabyte),
            "app://" + String(repeating: "u", count: megabyte) + "@h/",
            "app://" + String(repeating: ":", count: megabyte),
            "app://[" + String(repeating: ":", count: megabyte),
            "app://[" + String(repeating: ":", count: megabyte) + "]",
            "app://x/" + String(repeating: "%41", count: megabyte / 3),
            "app://x/" + String(repeating: "%E4%B8%AD", count: megabyte / 9),
            "app://x/" + String(repeating: "%E4", count: megabyte / 3),
            "app://x#" + String(repeating: "%23", count: megabyte / 3),
            "app://x/" + String(repeating: "中", count: megabyte / 3),
            String(repeating: "a", count: megabyte) + ":",
            String(repeating: "a", count: megabyte) + "_",
            "app://x/" + String(repeating: "a", count: megabyte) + "%FF",
            "app://x/" + String(repeating: "中", count: megabyte / 3) + " ",
        ]
        for input in inputs {
            let seconds = urlTestSeconds { _ = urlTestError(input, limits: Self.unlimited) }
            // A hang detector, not a performance target (that is the benchmark's job): a debug build
            // parses a megabyte in about 0.4 s, quadratic work would take minutes. Under TSan the
            // slowest input takes 3.9 s alone and took 10.2 s with the suite running in parallel
            // on the 2-core CI machine: the bound leaves room for that.
            #expect(seconds < 30, "\(input.prefix(24).debugDescription)… took \(seconds) s")
        }
    }
}
