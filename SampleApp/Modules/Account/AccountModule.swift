import DispatchKit

/// The account module: signing in and out, the ``LoginWall`` in front of pages that need an
/// account, and the ``AccountService`` other modules ask who is signed in. Registered as a whole
/// with `register(AccountModule.self)`.
enum AccountModule: DispatchModule {
    static let activities: [DispatchActivity.Type] = [LoginActivity.self, LogoutActivity.self]

    /// One session per center, made when first asked for. Only a second account module could have
    /// registered one already: a wiring mistake, which the center reports.
    static func registerServices(in registry: ServiceRegistry) throws {
        try registry.register((any AccountService).self, lifetime: .shared) { AccountSession() }
    }
}

/// `…/account/login[?user=NAME][&redirect=URL]`: presents the login page (unless it is already
/// up). With `user`, from the app itself, it signs in at once (as if the form were submitted),
/// dismisses the page, opens the link the ``LoginWall`` held, if any, and then `redirect` if given
/// — a nested dispatch, from the same source as the login URL. A link from outside may show the
/// login page, never sign anyone in.
///
/// It skips interceptors: the login page must open even while the wall holds a link.
final class LoginActivity: LinkActivity<LoginActivity.Link> {
    /// What a login link says. `LoginActivity.Link()` is the bare login page, which the
    /// ``LoginWall`` brings up.
    struct Link: DispatchLink, Equatable {
        var user: String?
        /// A URL to open after signing in, carried as text: it is dispatched as any URL is.
        var redirect: String?
    }

    override class var patterns: [RoutePattern] { ["/account/login"] }
    override class var exposure: DispatchExposure { .external }
    override class var skipsInterceptors: Bool { true }

    override func execute(with link: Link) throws {
        let app = try self.app
        if app.navigator.top?.name != LoginPage.name {
            try navigator.present(LoginPage.page(redirect: link.redirect))
        }
        guard request.source == .app, let user = link.user else { return }
        guard !user.isEmpty else { throw AccountError.missingUser }
        app.session.signIn(user)
        try navigator.dismiss()
        // The held link reports its own outcome (to whoever watches the hold): it is not the login's.
        app.loginWall.signedIn()
        if let redirect = link.redirect, let center {
            let result = center.dispatch(redirect)
            if let failure = result.failure { throw failure }
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

/// `…/account/logout`: signs out and returns to the root page. Fails if nobody is signed in.
/// Internal only (the default ``DispatchExposure``): no link from outside can sign the user out.
final class LogoutActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/account/logout"] }

    override func execute() throws {
        let app = try self.app
        guard app.session.isSignedIn else { throw AccountError.notSignedIn }
        app.session.signOut()
        try navigator.popToRoot()
    }
}
