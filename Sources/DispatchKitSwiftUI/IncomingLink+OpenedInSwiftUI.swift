import DispatchKit
import DispatchKitUI
import Foundation

extension IncomingLink {
    /// The link for a URL that SwiftUI's `onOpenURL` handed over.
    ///
    /// SwiftUI delivers universal links there too, as their web page URL, without saying so. An
    /// `http` or `https` URL — a scheme the system does not let an app claim, except a browser set
    /// as the default one — is therefore a universal link, and is checked as one (an `https` URL on
    /// the center's associated domains); any other URL was opened by another app, which SwiftUI
    /// does not name.
    static func openedInSwiftUI(_ url: URL) -> IncomingLink {
        switch url.scheme?.lowercased() {
        case "http", "https": return .universalLink(url)
        default: return .openedURL(url, sourceApplication: nil)
        }
    }
}
