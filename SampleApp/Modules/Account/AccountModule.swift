import DispatchKit
import DispatchKitServices
import DispatchKitUI

/// The account module: signing in and out, the ``LoginWall`` in front of pages that need an
/// account, and the ``AccountService`` other modules ask who is signed in. Registered as a whole
/// with `register(AccountModule.self)`.
enum AccountModule: ServiceModule {
    static let activities: [DispatchActivity.Type] = [AccountActivity.self]

    /// One session per center, made when first asked for. Only a second account module could have
    /// registered one already: a wiring mistake, which the center reports.
    static func registerServices(in registry: ServiceRegistry) throws {
        try registry.register((any AccountService).self, lifetime: .shared) { AccountSession() }
    }
}

/// The account module's routes, one case of its ``Link`` each: logging in and logging out.
///
/// The login page passes the ``LoginWall`` as every page that needs no account does, so it opens
/// while the wall holds a link.
final class AccountActivity: LinkActivity<AccountActivity.Link> {
    /// What an account link says. `AccountActivity.Link.login()` is the bare login page, which the
    /// ``LoginWall`` brings up.
    enum Link: DispatchLink, Equatable {
        /// `…/account/login[?user=NAME][&redirect=URL]`: presents the login page (unless it is
        /// already up). With `user`, from the app itself, it signs in at once (as if the form were
        /// submitted), dismisses the page, opens the link the ``LoginWall`` held, if any, and then
        /// `redirect` if given — a nested dispatch, from the same source as the login URL. A link
        /// from outside may show the login page, never sign anyone in. `redirect` is carried as
        /// text: it is dispatched as any URL is.
        case login(user: String? = nil, redirect: String? = nil)
        /// `…/account/logout`: signs out and returns to the root page. Fails if nobody is signed in.
        case logout

        static let routes: [LinkRoute<Link>] = [
            .external("/account/login", to: login),
            // The class's exposure, internal only: no link from outside can sign the user out.
            .route("/account/logout", to: logout),
        ]
    }

    override func execute(with link: Link) throws {
        let app = try self.app
        switch link {
        case .login(let user, let redirect):
            if app.navigator.top?.name != LoginPage.name {
                try navigator.present(LoginPage.page(redirect: redirect))
            }
            guard request.source == .app, let user else { return }
            guard !user.isEmpty else { throw AccountError.missingUser }
            app.session.signIn(user)
            try navigator.dismiss()
            // The held link reports its own outcome (to whoever watches the hold): not the login's.
            app.loginWall.signedIn()
            if let redirect, let center {
                let result = center.dispatch(redirect)
                if let failure = result.failure { throw failure }
            }
        case .logout:
            guard app.session.isSignedIn else { throw AccountError.notSignedIn }
            app.session.signOut()
            try navigator.popToRoot()
        }
    }
}

/// The login page, as the navigator shows it.
enum LoginPage {
    static let name = "LoginPage"

    static func page(redirect: String? = nil) -> Page {
        Page(name, redirect.map { [("redirect", $0)] } ?? [])
    }
}
