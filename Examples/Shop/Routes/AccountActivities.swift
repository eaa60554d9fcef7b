import DispatchKit

/// `…/account`: the Account tab.
public final class AccountActivity: DispatchActivity {
    public override class var exposure: DispatchExposure { .external }
    public override class var patterns: [RoutePattern] { ["/account"] }

    public override func execute() throws {
        try navigator.selectTab(ShopTab.account)
    }
}

/// `…/account/login`: presents the login page, unless it is up already. A link may show the page,
/// never sign anyone in: signing in is the page's button (``ShopRouter/signIn(as:)``).
///
/// It skips interceptors: the login page must open while the ``LoginWall`` holds a link.
public final class LoginActivity: LinkActivity<LoginActivity.Link> {
    /// The bare login page: `/account/login`.
    public struct Link: DispatchLink, Equatable {
        /// The login page's link.
        public init() {}
    }

    public override class var exposure: DispatchExposure { .external }
    public override class var patterns: [RoutePattern] { ["/account/login"] }
    public override class var skipsInterceptors: Bool { true }

    public override func execute(with link: Link) throws {
        let navigator = try self.navigator
        // Only the login page is ever presented in the shop.
        guard !navigator.isPresenting else { return }
        try navigator.present(ShopPage.login)
    }
}
