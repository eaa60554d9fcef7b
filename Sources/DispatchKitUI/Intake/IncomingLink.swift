import DispatchKit
import Foundation

/// A URL as the system hands it to the app, and therefore where it came from.
///
/// Pass it to ``DispatchKit/DispatchCenter/dispatch(_:userInfo:)`` (or DispatchKitAsync's
/// `dispatchAndWait(_:userInfo:timeout:)`): the center sets the
/// `DispatchOrigin` from the case, so that a link from outside is never dispatched as the app's
/// own by mistake, and checks what can be checked before dispatching.
///
/// | case | the system's callback | source |
/// |---|---|---|
/// | ``openedURL(_:sourceApplication:)`` | `scene(_:openURLContexts:)`, `application(_:open:options:)`, `onOpenURL` | `DispatchOrigin.external(application:)` |
/// | ``universalLink(_:)`` | `scene(_:continue:)`, `application(_:continue:restorationHandler:)`, `onContinueUserActivity` | `DispatchOrigin.universalLink` |
/// | ``notification(_:)-type.method`` | `userNotificationCenter(_:didReceive:withCompletionHandler:)` | `DispatchOrigin.notification` |
///
/// ```swift
/// @MainActor func receive(url: URL, from sendingApp: String?, center: DispatchCenter) {
///     center.dispatch(.openedURL(url, sourceApplication: sendingApp))
/// }
/// ```
///
/// A link is a value: URLs, strings and a notification's payload copied into
/// ``NotificationPayload``, so it may be handed to another task or be the argument of a test.
public enum IncomingLink: Sendable {
    /// A URL of the app's own scheme, opened by another app or a browser. `sourceApplication` is
    /// the sender's bundle identifier when the system tells it, which it does only for apps of the
    /// app's own developer team; otherwise `nil`.
    case openedURL(URL, sourceApplication: String?)
    /// The web page URL of a universal link (`NSUserActivity.webpageURL`). It is dispatched only if
    /// it is an `https` URL on one of the center's `associatedDomains`.
    case universalLink(URL)
    /// The payload of a notification the user tapped, copied; the link is read under the center's
    /// `notificationLinkKey`. Made from the system's dictionary with
    /// ``notification(_:)-type.method``.
    case notification(NotificationPayload)

    /// The payload (`userInfo`) of a notification the user tapped, as the system hands it over:
    /// ``notification(_:)-enum.case`` with the payload copied into a
    /// ``NotificationPayload``.
    ///
    /// - Parameter userInfo: The payload: `response.notification.request.content.userInfo`.
    /// - Returns: The link of the notification.
    public static func notification(_ userInfo: [AnyHashable: Any]) -> IncomingLink {
        .notification(NotificationPayload(userInfo))
    }

    /// The source a dispatch of this link carries.
    public var origin: DispatchOrigin {
        switch self {
        case .openedURL(_, let application): return .external(application: application)
        case .universalLink: return .universalLink
        case .notification: return .notification
        }
    }
}

extension DispatchCenter {
    /// Dispatches a URL the system handed over, with the source its way of arriving implies.
    ///
    /// Before the dispatch, a universal link must be an `https` URL on one of the
    /// `associatedDomains`, and a notification must hold a string under `notificationLinkKey`
    /// that parses with `urlLimits`. What fails these checks is never dispatched: the result is
    /// `DispatchFailure.refusedAtIntake(_:)` with the `IntakeError`, and the observers see it.
    /// Everything else is an ordinary dispatch: the activities' `exposure` decides who may be
    /// reached, and a center that is not `isReady` queues the link (a link that launched the app
    /// waits until the app is ready).
    ///
    /// ```swift
    /// @MainActor func continueBrowsing(webpageURL: URL, center: DispatchCenter) {
    ///     let result = center.dispatch(.universalLink(webpageURL))
    ///     if let failure = result.failure { print(failure) }  // refused: universal link … not on …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - link: The URL and the way it arrived.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    /// - Returns: The result of the dispatch, or the refusal.
    @discardableResult
    public func dispatch(_ link: IncomingLink, userInfo: [String: any Sendable] = [:]) -> DispatchResult {
        switch admit(link) {
        case .admitted(let url): return dispatch(url, userInfo: userInfo, source: link.origin)
        case .refused(let result): return result
        }
    }

    /// The checks a link passes before it is dispatched.
    fileprivate func admit(_ link: IncomingLink) -> _LinkAdmission {
        let source = link.origin
        switch link {
        case .openedURL(let url, _):
            return parse(url, source: source)
        case .universalLink(let webpageURL):
            let parsed = parse(webpageURL, source: source)
            guard case .admitted(let url) = parsed else { return parsed }
            guard url.scheme == "https" else {
                return .refused(refuseAtIntake(.notHTTPS(url), url: url, source: source))
            }
            guard associatedDomains.contains(url) else {
                return .refused(refuseAtIntake(.undeclaredDomain(url), url: url, source: source))
            }
            return parsed
        case .notification(let payload):
            do throws(IntakeError) {
                return .admitted(try notificationLinkKey.link(in: payload.entries, limits: urlLimits))
            } catch {
                return .refused(refuseAtIntake(error, url: nil, source: source))
            }
        }
    }

    private func parse(_ url: URL, source: DispatchOrigin) -> _LinkAdmission {
        do throws(DispatchURLError) {
            return .admitted(try DispatchURL(url, limits: urlLimits))
        } catch {
            return .refused(invalid(error, source: source))
        }
    }
}

// DispatchKitAsync's `dispatchAndWait(_:userInfo:timeout:)` awaits a link with these checks.
extension IncomingLink: _AdmissibleLink {
    /// The URL that passed the intake's checks for `center`, or the result that refuses the link;
    /// for DispatchKitAsync's awaiting dispatch.
    @MainActor public func _admission(by center: DispatchCenter) -> _LinkAdmission {
        center.admit(self)
    }
}
