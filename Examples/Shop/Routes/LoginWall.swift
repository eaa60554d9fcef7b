import DispatchKit

/// An activity whose page is only for a signed-in user: the ``LoginWall`` holds links to it.
@MainActor
public protocol RequiresSignIn {}

/// Who is signed in. Changed only by ``ShopRouter``.
@MainActor
public final class ShopSession {
    /// The user's name, or `nil` when nobody is signed in.
    public internal(set) var user: String?

    /// Whether someone is signed in.
    public var isSignedIn: Bool { user != nil }

    init() {}
}

/// The login wall: a link to a page that needs an account, opened while nobody is signed in, is
/// held — the login page comes up — and opened once the user signs in, or dropped when the login
/// page closes without a sign-in.
@MainActor
final class LoginWall: DispatchInterceptor {
    /// Seconds a held link waits for a sign-in before it is dropped.
    static let timeout = 300.0

    private let session: ShopSession
    private let presentLogin: () -> Void
    /// The held link, if any. A second link while one is held replaces it: the user tapped
    /// something else.
    private(set) var pending: DispatchHold?

    init(session: ShopSession, presentLogin: @escaping () -> Void) {
        self.session = session
        self.presentLogin = presentLogin
    }

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        // The login page is the way past the wall, so it opens while a link is held: its case
        // passes first, also should the account module come to need an account (its tab could).
        // The case, not the class: the account module's other routes have no reason to skip the
        // interceptors, and skipping them is for a whole class.
        if interception.activity == AccountActivity.self,
            case .login? = try? interception.request.link(as: AccountActivity.Link.self)
        {
            return .proceed
        }
        guard interception.activity is any RequiresSignIn.Type, !session.isSignedIn else { return .proceed }
        // A preview shows nothing, so it cannot wait for a sign-in.
        if interception.asksForDestination { return .reject(reason: "sign in to see it") }
        pending?.cancel()
        let hold = DispatchHold(timeout: Self.timeout)
        pending = hold
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

    /// The login page closed without a sign-in: drops the held link, if there is one.
    func dismissed() {
        pending?.cancel()
        pending = nil
    }
}
