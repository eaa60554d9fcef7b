/// Where a URL came from: the app's own code, or somewhere outside it.
///
/// A URL the system hands over gets its source from the way it arrived: dispatch it as an
/// `IncomingLink` (DispatchKitUI) and the center sets it. A URL from anywhere else may pass it
/// to
/// ``DispatchCenter/dispatch(_:userInfo:source:skippingInterceptors:)-(String,_,_,_)``. The center
/// compares it with each activity's ``DispatchActivity/exposure``, and the activity reads it as
/// ``DispatchRequest/source``.
///
/// ```swift
/// // Where each URL enters the app (the scene or app delegate), say how it arrived:
/// @MainActor func enter(url: URL, from sender: String?, webpageURL: URL, payload: [AnyHashable: Any]) {
///     let center = DispatchCenter.shared
///     center.dispatch(.openedURL(url, sourceApplication: sender))  // the app's URL scheme
///     center.dispatch(.universalLink(webpageURL))  // https, on an associated domain only
///     center.dispatch(.notification(payload))  // the link under center.notificationLinkKey
///     center.dispatch(url)  // the app's own code: .app, the default
/// }
/// ```
// Not "DispatchSource": Dispatch (GCD) has a class of that name, which Foundation and UIKit
// re-export, so an app file could not name the type without qualifying it.
public enum DispatchOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The app's own code: a button, a nested dispatch of a trusted activity. The default.
    case app
    /// Another app or a browser, through the app's URL scheme. `application` is the sender's
    /// bundle identifier when the system tells it (`sourceApplication`), else `nil`. iOS tells it
    /// only for apps of the receiving app's own developer team: for an app of any other team, and
    /// for Safari, it is `nil`.
    case external(application: String?)
    /// A universal link: an `https` link the system handed to the app.
    case universalLink
    /// The payload of a push or local notification.
    case notification

    /// Whether the URL came from outside the app's own code.
    public var isExternal: Bool {
        if case .app = self { return false }
        return true
    }

    /// The source in plain words: `the app`, `another app (com.apple.mobilesafari)`, …
    public var description: String {
        switch self {
        case .app: return "the app"
        case .external(let application?): return "another app (\(application))"
        case .external(nil): return "another app (unidentified)"
        case .universalLink: return "a universal link"
        case .notification: return "a notification"
        }
    }
}
