import DispatchKit

// The code block of the doc comment in URL/DispatchURL+Limits.swift. Those of DispatchURL and
// DispatchURLError are the article's (url-rules-parse, url-rules-error).
enum DispatchURLDoc {
    // snippet: doc-url-limits
    func parse(_ link: String) throws -> DispatchURL {
        var limits = DispatchURL.Limits.default
        limits.maximumQueryItems = 16
        return try DispatchURL(string: link, limits: limits)
    }
    // snippet: end
}
