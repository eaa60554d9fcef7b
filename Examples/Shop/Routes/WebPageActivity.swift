import DispatchKit
import DispatchKitUI

/// The fallback: a URL no activity claims opens as a web page over the tabs, if it is an `http` or
/// `https` page of the shop's own site (``ShopLinks/linkOrigins``). Any other URL fails with a
/// ``WebPageError``, which the app shows as a message: a page of another site is never shown in
/// the shop's own chrome.
///
/// To let the web page open another site, add its host to the web hosts of
/// ``ShopLinks/linkOrigins``. That also lets links of that host from outside the app reach the
/// shop's activities; to open another site's pages in the web page only, check its host here
/// instead, and override `acceptsAnyOrigin` so that its links from outside reach this class.
public final class WebPageActivity: DispatchActivity {
    // Help pages and the like are linked from mails and other apps.
    public override class var exposure: DispatchExposure { .external }

    public override func execute() throws {
        guard url.scheme == "https" || url.scheme == "http" else { throw WebPageError.notAWebPage(url) }
        // Links from outside of another site never get here (the center refuses them); this keeps
        // the app's own code from opening one too.
        guard center?.linkOrigins.contains(url) == true else { throw WebPageError.notOurSite(url) }
        try navigator.present(ShopPage.web(url))
    }
}

/// Why ``WebPageActivity`` opened no page.
public enum WebPageError: Error, Equatable, CustomStringConvertible {
    /// Not an `http` or `https` URL: a link to a page the shop does not have.
    case notAWebPage(DispatchURL)
    /// A web page of a site that is not the shop's.
    case notOurSite(DispatchURL)

    /// What the app shows.
    public var description: String {
        switch self {
        case .notAWebPage(let url): return "The shop has no page for \(url)."
        case .notOurSite(let url): return "\(url) is not a page of the shop's site."
        }
    }
}
