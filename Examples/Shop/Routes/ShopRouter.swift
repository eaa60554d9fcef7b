import DispatchKit
import DispatchKitEvents
import DispatchKitUI

/// The shop's routes on a center: its activities, its link origins, its web fallback, where
/// notifications carry their link, the login wall in front of the orders, and the message for a
/// link that could not be opened.
///
/// Both apps — SwiftUI and UIKit — make one with `DispatchCenter.shared` at launch, give the center
/// their navigator, set ``showFailure`` to show a message, and call ``signIn(as:)`` and
/// ``loginClosed()`` from the login page.
@MainActor
public final class ShopRouter {
    /// The activities, in registration order.
    public static let activities: [DispatchActivity.Type] = [
        ProductActivity.self, OrdersActivity.self, AccountActivity.self,
    ]

    /// The center the routes are registered on.
    public let center: DispatchCenter
    /// Who is signed in.
    public let session = ShopSession()
    /// Shows the message for a link that could not be opened (``failureMessage(for:)``): the apps
    /// set it to show an alert. Until then the message is only printed.
    public var showFailure: (String) -> Void = { print($0) }
    private let loginWall: LoginWall

    /// Registers the shop's routes on `center` and configures its intake.
    public init(center: DispatchCenter) {
        self.center = center
        center.register(Self.activities)
        center.associatedDomains = ShopLinks.associatedDomains
        center.linkOrigins = ShopLinks.linkOrigins
        center.fallback = WebPageActivity.self
        center.notificationLinkKey = ShopLinks.notificationLinkKey
        // The wall brings up the login page the way any code of the app would: with a typed link.
        loginWall = LoginWall(session: session) { [weak center] in
            center?.dispatch(AccountActivity.Link.login, source: .app)
        }
        center.addInterceptor(loginWall)
        center.addObserver(FailureObserver(router: self))
    }

    /// Signs `user` in from the login page: closes it, then opens the link the login wall held, if
    /// any.
    ///
    /// - Returns: The held link's result, or `nil` when none was held.
    @discardableResult
    public func signIn(as user: String) -> DispatchResult? {
        session.user = user
        try? center.navigator?.dismiss()
        return loginWall.signedIn()
    }

    /// The login page closed (a sign-in, Cancel, or a swipe): a link still held is dropped.
    public func loginClosed() {
        loginWall.dismissed()
    }

    /// Signs out and shows the Shop tab.
    public func signOut() {
        session.user = nil
        try? center.navigator?.selectTab(ShopTab.home)
    }
}
