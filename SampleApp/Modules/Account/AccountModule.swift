import DispatchKit

/// The account module: signing in and out. Registered as a whole with `register(AccountModule.self)`.
enum AccountModule: DispatchModule {
    static let activities: [DispatchActivity.Type] = [LoginActivity.self, LogoutActivity.self]
}

/// `…/account/login[?user=NAME][&redirect=URL]`: presents the login page. With `user`, from the
/// app itself, it signs in at once (as if the form were submitted), dismisses the page, and then
/// opens `redirect` if given — a nested dispatch, from the same source as the login URL. A link
/// from outside may show the login page, never sign anyone in.
final class LoginActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/account/login"] }
    override class var exposure: DispatchExposure { .external }

    override func execute() throws {
        let app = try self.app
        app.navigator.present(Page("LoginPage", query["redirect"].map { [("redirect", $0)] } ?? []))
        guard request.source == .app, let user = query["user"] else { return }
        guard !user.isEmpty else { throw AccountError.missingUser }
        app.session.signIn(user)
        app.navigator.pop()
        if let redirect = query["redirect"], let center {
            let result = center.dispatch(redirect)
            if let failure = result.failure { throw failure }
        }
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
        app.navigator.popToRoot()
    }
}
