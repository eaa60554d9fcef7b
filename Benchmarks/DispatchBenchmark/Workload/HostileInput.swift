import DispatchKit

/// The long hostile inputs, each next to an ordinary URL of the same length, for the
/// target "no input takes over 10× the time of an ordinary URL of the same length".
///
/// The ordinary URL is a deep link of the usual shape grown to the length: path segments and
/// query pairs of everyday words (``ordinary``). A run of "a" in one segment is measured too
/// (``floor``): it is not an ordinary URL but the cheapest input there is, one scan and one copy,
/// and its ratios show what any per-character or per-segment work costs next to that.
///
/// The inputs are parsed with the limits raised past their size, so the parser walks every byte:
/// with the default limits, every one of them is refused after a length check. The same families
/// are in the test suite (`BadInputLinearTimeTests`), which checks that their time grows linearly.
enum HostileInput {
    /// The size of every input, in UTF-8 bytes.
    static let length = 1 << 14

    static let raisedLimits = DispatchURL.Limits(
        maximumLength: .max, maximumPathSegments: .max, maximumQueryItems: .max)

    static let base = "cono://test.com/"

    /// `cono://test.com/shop/items/12345/…?from=push&id=42&…`: half path, half query, exactly
    /// ``length`` bytes.
    static var ordinary: String {
        let segments = ["shop", "items", "12345", "detail", "reviews", "page3", "en"]
        let pairs = ["from=push", "id=42", "utm_source=home_banner", "ref=m12", "lang=en", "q=shoes"]
        var url = base
        var next = 0
        while url.utf8.count < length / 2 {
            url += (next == 0 ? "" : "/") + segments[next % segments.count]
            next += 1
        }
        url += "?"
        next = 0
        while url.utf8.count < length - 32 {
            url += (next == 0 ? "" : "&") + pairs[next % pairs.count]
            next += 1
        }
        return url + "&note=" + String(repeating: "a", count: length - url.utf8.count - 6)
    }

    /// `cono://test.com/aaa…`, ``length`` bytes: the cheapest input to parse.
    static var floor: String { base + String(repeating: "a", count: length - base.utf8.count) }

    /// Name and input of each family, each `length` bytes long (give or take a few).
    static var families: [(name: String, input: String)] {
        func fill(_ prefix: String, _ unit: String, _ suffix: String = "") -> String {
            prefix
                + String(
                    repeating: unit, count: (length - prefix.utf8.count - suffix.utf8.count) / unit.utf8.count
                )
                + suffix
        }
        return [
            ("query value", fill(base + "home?q=", "a")),
            ("fragment", fill(base + "home#", "a")),
            ("'+' in a query", fill(base + "home?q=", "+")),
            ("ending in a space", fill(base, "a", " ")),
            ("escapes", fill(base, "%41")),
            ("CJK path", fill(base, "中")),
            ("escape run, invalid at its end", fill(base, "%E4%B8%AD", "%E4%B8")),
            ("segments", fill("cono://test.com", "/a")),
            ("query pairs", fill(base + "search?", "a=1&")),
            ("'..' segments", fill("cono://test.com", "/..")),
            ("'%2e%2e' segments", fill("cono://test.com", "/%2e%2e")),
            ("many dots", fill(base, ".")),
            ("many '=' in a query", fill(base + "search?a", "=")),
            ("many '&' in a query", fill(base + "search?", "&")),
            ("long host", fill("cono://", "a", "/")),
            ("long non-ASCII host", fill("cono://", "\u{C9}", "/")),
            ("long uppercase non-ASCII host", fill("cono://", "\u{C9}A", "/")),
            ("long CJK host", fill("cono://", "中", "/")),
            ("long Armenian uppercase host", fill("cono://", "\u{531}", "/")),
            ("long host of 'İ'", fill("cono://", "\u{130}", "/")),
            ("long Vietnamese uppercase host", fill("cono://", "\u{1EA6}", "/")),
            ("long Adlam uppercase host", fill("cono://", "\u{1E900}", "/")),
            ("long host of labels", fill("cono://", "a.", "/")),
            ("long IPv6 literal", fill("cono://[", "1:", "]/")),
            ("long user information of '@'", fill("cono://", "@", "test.com/")),
        ]
    }

    /// A benchmark body: `operations` parses of `input`; returns a value derived from the results.
    static func body(_ input: String) -> (Int) -> Int {
        { operations in
            var sum = 0
            for _ in 0..<operations { sum &+= parse(input) }
            return sum
        }
    }

    /// One parse with the raised limits: the number of path segments, or -1 for an error.
    @inline(never)
    static func parse(_ input: String) -> Int {
        guard let url = try? DispatchURL(string: input, limits: raisedLimits) else { return -1 }
        return url.paths.count &+ (url.host?.utf8.count ?? 0)
    }
}
