import DispatchKit

// The code blocks of the doc comments in URL/: DispatchURL, DispatchURL+Limits and DispatchURLError.
enum DispatchURLDoc {
    // snippet: doc-url-limits
    func parse(_ link: String) throws -> DispatchURL {
        var limits = DispatchURL.Limits.default
        limits.maximumQueryItems = 16
        return try DispatchURL(string: link, limits: limits)
    }
    // snippet: end
}

enum DispatchURLParsingDoc {
    static func parse() throws {
        // snippet: doc-url-parse
        let url = try DispatchURL(string: "cono://Test.com/mine_home/../settings_home?uid=42&tab=a+b")
        print(url.scheme ?? "-", url.host ?? "-")  // cono test.com
        print(url.paths)  // ["settings_home"]
        print(url.query)  // ["uid": "42", "tab": "a b"]
        // snippet: end
    }

    static func rawPath() throws {
        // snippet: doc-url-raw-path
        let url = try DispatchURL(string: "https://en.wikipedia.org/wiki//%C3%A6/_raising")
        print(url.paths)  // ["wiki", "æ", "_raising"]
        print(url.rawPath)  // /wiki//%C3%A6/_raising
        print(url.rawPathSegments)  // ["wiki", "", "%C3%A6", "_raising"]
        // snippet: end
    }

    static func fail() {
        // snippet: doc-url-error
        do {
            _ = try DispatchURL(string: "cono://test.com/mine_home?uid=%zz")
        } catch {
            print(error)  // malformed percent-escape "%zz" at offset 30
        }
        // snippet: end
    }
}
