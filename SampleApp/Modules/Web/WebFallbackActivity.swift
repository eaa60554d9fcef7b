import DispatchKit
import DispatchKitUI

/// The fallback: opens URLs no module claims in a (simulated) web view — but only http(s) ones of
/// the app's own sites (``DemoApp/linkOrigins``). Anything else is a link to a page this app does
/// not have, and fails: an outside party's page is never shown in the app's own chrome. To open
/// another site, add its host to ``DemoApp/linkOrigins``.
final class WebFallbackActivity: DispatchActivity, RouteDescribing {
    override class var exposure: DispatchExposure { .external }
    static let claims = "unmatched http and https URLs of the app's own sites, in a web view"

    /// The page, for a preview and for opening alike.
    func page() throws -> Page {
        guard url.scheme == "http" || url.scheme == "https" else {
            throw WebError.unsupportedURL(url)
        }
        // Links from outside of another site never get here (the center refuses them); this also
        // keeps the app's own code from opening one.
        guard center?.linkOrigins.contains(url) == true else { throw WebError.notOurSite(url) }
        return Page("WebPage", [("url", url.description)])
    }

    override func makeDestination() throws -> Any? { try page() }

    override func execute() throws {
        try navigator.present(page())
    }
}

enum WebError: Error, CustomStringConvertible {
    case unsupportedURL(DispatchURL)
    case notOurSite(DispatchURL)

    var description: String {
        switch self {
        case .unsupportedURL(let url):
            return "no page for \(url) (the web fallback opens only http and https URLs)"
        case .notOurSite(let url):
            return "no page for \(url) (the web fallback opens only the app's own sites)"
        }
    }
}
