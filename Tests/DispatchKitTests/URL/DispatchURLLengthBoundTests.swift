import Foundation
import Testing

@testable import DispatchKit

// The size check of a built URL (a link value's, a redirect's target), which does not write it
// out: the length bound must never be below the written length, or a URL over the limit would be
// dispatched, and the query's pairs are counted as the parser counts them.

@Suite("DispatchURL size check of a built URL")
struct DispatchURLLengthBoundTests {
    /// Every part, with the characters each must escape, and the forms written back differently
    /// from how they came (`+`, `%41`, an IPv6 host, an opaque path, an empty URL).
    static let urls = [
        "app://x/a", "/", ".", "/a/b", "app:", "mailto:a@b.c", "javascript:alert(1)",
        "app://u%40ser:pa%2Fss@[::1]:65535/a%2Fb/%25/%3F?k%26=v%3D&a+b=c+d&&flag#f%23g",
        "app://x/%E4%B8%AD%E6%96%87/中文?q=中&r=%20%22%3C#片段", "app://x?a=%41&%42=b", "//host/a%01b",
        "app://xn--bcher-kva.de:0/?", "app://x/a?#", "rel/a/b?k=v", "app://x/%2e%2E/a",
    ]

    @Test(arguments: urls)
    func theBoundIsNeverBelowTheWrittenLength(_ string: String) throws {
        let url = try DispatchURL(string: string)
        #expect(url.descriptionLengthBound >= url.description.utf8.count, "\(url)")
    }

    /// Pins that the check of a built URL still refuses one byte over the limit, and accepts the
    /// limit itself, whatever the bound says.
    @Test(arguments: urls)
    func theLimitIsExact(_ string: String) throws {
        let url = try DispatchURL(string: string)
        let length = url.description.utf8.count
        #expect(url.sizeViolation(of: DispatchURL.Limits(maximumLength: length)) == nil)
        #expect(
            url.sizeViolation(of: DispatchURL.Limits(maximumLength: length - 1))
                == .tooLong(length: length, limit: length - 1))
    }

    /// A built URL whose every character is escaped: three bytes each, the most the bound allows.
    @Test func aBuiltURLOfEscapesIsCheckedExactly() throws {
        let value = String(repeating: "%/ &=+#中", count: 50)
        let url = DispatchURL(
            scheme: "app", host: "x", paths: [value], queryItems: [URLQueryItem(name: value, value: value)])
        let length = url.description.utf8.count
        #expect(url.descriptionLengthBound >= length)
        #expect(url.sizeViolation(of: DispatchURL.Limits(maximumLength: length)) == nil)
        #expect(
            url.sizeViolation(of: DispatchURL.Limits(maximumLength: length - 1))
                == .tooLong(length: length, limit: length - 1))
    }

    /// Pins that a built URL's query items are counted as the parser counts them (non-empty
    /// `&`-separated pairs), at the limit and one under it.
    @Test(arguments: ["a", "a&b", "&&a&&b&&", "a=1&b=2&c", "=&=&", "a=%26&b"])
    func theQueryItemsAreCountedAsTheParserCounts(_ query: String) throws {
        let url = try DispatchURL(string: "app://x/p?" + query)
        let items = query.split(separator: "&").count
        #expect(url.sizeViolation(of: DispatchURL.Limits(maximumQueryItems: items)) == nil)
        let under = DispatchURL.Limits(maximumQueryItems: items - 1)
        #expect(url.sizeViolation(of: under) == .tooManyQueryItems(limit: items - 1))
        #expect(throws: DispatchURLError.tooManyQueryItems(limit: items - 1)) {
            try DispatchURL(string: "app://x/p?" + query, limits: under)
        }
    }
}
