import DispatchKit
import Foundation

extension IncomingLink {
    /// The link for a URL that an app without scenes receives in `application(_:open:options:)`.
    ///
    /// The sending app is the value of the options' `sourceApplication` key when it is a string
    /// (a bundle identifier); when the system leaves it out, or puts anything else there, the app is
    /// not named.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - sourceApplicationOption: The value under `UIApplication.OpenURLOptionsKey.sourceApplication`.
    static func applicationOpened(_ url: URL, sourceApplicationOption: Any?) -> IncomingLink {
        .openedURL(url, sourceApplication: sourceApplicationOption as? String)
    }
}
