import DispatchKit

/// The fallback: opens URLs no module claims in a (simulated) web view — but only http(s) ones.
/// Anything else is a link to a page this app does not have, and fails.
final class WebFallbackActivity: DispatchActivity, RouteDescribing {
    override class var exposure: DispatchExposure { .external }
    static let claims = "unmatched http and https URLs, in a web view"

    /// The page, for a preview and for opening alike.
    func page() throws -> Page {
        guard url.scheme == "http" || url.scheme == "https" else {
            throw WebError.unsupportedURL(url)
        }
        return Page("WebPage", [("url", url.description)])
    }

    override func makeDestination() throws -> Any? { try page() }

    override func execute() throws {
        try navigator.present(page())
    }
}

enum WebError: Error, CustomStringConvertible {
    case unsupportedURL(DispatchURL)

    var description: String {
        switch self {
        case .unsupportedURL(let url):
            return "no page for \(url) (the web fallback opens only http and https URLs)"
        }
    }
}
