import DispatchKit

// The code blocks of the "URL rules" article, and of the doc comments of DispatchURL.

enum URLRulesExamples {
    static func parse() throws {
        // snippet: url-rules-parse
        let url = try DispatchURL(string: "cono://Test.com/mine_home/../settings_home?uid=42&tab=a+b")
        print(url.scheme ?? "-", url.host ?? "-")  // cono test.com
        print(url.paths)  // ["settings_home"]
        print(url.query)  // ["uid": "42", "tab": "a b"]
        // snippet: end
    }

    static func refuse() {
        // snippet: url-rules-error
        do {
            _ = try DispatchURL(string: "cono://test.com/mine_home?uid=%zz")
        } catch {
            print(error)  // malformed percent-escape "%zz" at offset 30
        }
        // snippet: end
    }

    @MainActor
    static func limits() throws {
        // snippet: url-rules-limits
        var limits = DispatchURL.Limits.default
        limits.maximumQueryItems = 16
        let center = DispatchCenter()
        center.urlLimits = limits
        let parsed = try DispatchURL(string: "/search?q=shoes", limits: limits)
        // snippet: end
        _ = parsed
    }
}
