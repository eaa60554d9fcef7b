import DispatchKit
import DispatchKitUI

/// The account module: the Account tab and the login page, one case of its ``Link`` each. Both
/// open from links from outside too.
public final class AccountActivity: LinkActivity<AccountActivity.Link> {
    /// What an account link says: `/account` or `/account/login`.
    public enum Link: DispatchLink, Equatable {
        /// `…/account`: the Account tab.
        case tab
        /// `…/account/login`: presents the login page, unless it is up already. A link may show the
        /// page, never sign anyone in: signing in is the page's button (``ShopRouter/signIn(as:)``).
        /// The ``LoginWall`` lets it through while it holds a link.
        case login

        /// Each case with its pattern.
        public static let routes: [LinkRoute<Link>] = [
            .external("/account", to: tab),
            .external("/account/login", to: login),
        ]
    }

    public override func execute(with link: Link) throws {
        let navigator = try self.navigator
        switch link {
        case .tab:
            try navigator.selectTab(ShopTab.account)
        case .login:
            // Only the login page is ever presented in the shop.
            guard !navigator.isPresenting else { return }
            try navigator.present(ShopPage.login)
        }
    }
}
