import DispatchKit

/// An activity whose page is only for a signed-in user. The ``LoginWall`` holds links to it.
protocol RequiresSignIn {}

/// The login wall: a link to a page that needs an account, opened while nobody is signed in, is
/// held — the login page comes up — and opened once the user signs in, or dropped if the login
/// page is dismissed.
///
/// This is the interceptor's side of a ``DispatchHold``: the decision ``DispatchDecision/hold(_:)``
/// keeps the request, the login case of ``AccountActivity`` calls ``signedIn()`` to resume it, and
/// the app calls ``dismissed()`` when the user closes the login page.
@MainActor
final class LoginWall: DispatchInterceptor {
    /// Seconds a held link waits for a sign-in before it is dropped.
    static let timeout = 120.0

    private let session: AccountSession
    private let presentLogin: () -> Void
    /// The held link, if any. A second link while one is held replaces it: the user tapped
    /// something else, and the first one is cancelled.
    private(set) var pending: DispatchHold?

    /// - Parameters:
    ///   - session: Who is signed in.
    ///   - presentLogin: Brings up the login page.
    init(session: AccountSession, presentLogin: @escaping () -> Void) {
        self.session = session
        self.presentLogin = presentLogin
    }

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        guard interception.activity is any RequiresSignIn.Type, !session.isSignedIn else { return .proceed }
        // A preview shows nothing, so it cannot wait for a sign-in, nor bring up the login page.
        if interception.asksForDestination { return .reject(reason: "sign in to see it") }
        pending?.cancel()
        let hold = DispatchHold(timeout: Self.timeout)
        pending = hold
        // The hold takes the request only when this returns: a login page that signed in at once,
        // from here, would resume a hold that holds nothing yet. Ours waits for the user.
        presentLogin()
        return .hold(hold)
    }

    /// The user signed in: opens the held link, if there is one.
    @discardableResult
    func signedIn() -> DispatchResult? {
        guard let hold = pending else { return nil }
        pending = nil
        return hold.resume()
    }

    /// The login page was closed without signing in: drops the held link, if there is one.
    func dismissed() {
        pending?.cancel()
        pending = nil
    }
}
