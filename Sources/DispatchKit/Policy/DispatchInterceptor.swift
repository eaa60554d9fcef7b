/// A rule that sees every dispatch after the claimant is chosen and before it is created, and
/// lets it proceed, sends it elsewhere, refuses it, or holds it for later.
///
/// Interceptors are where product rules live: a login wall, a feature flag, a page that moved.
/// Add them to a center with ``DispatchCenter/addInterceptor(_:)``; they are consulted by
/// descending ``priority``, equal priorities in the order they were added, and the first decision
/// other than ``DispatchDecision/proceed`` is the one that counts.
///
/// ```swift
/// final class OrdersActivity: DispatchActivity {
///     override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }
///     override func execute() throws { print("push OrdersPage") }
/// }
///
/// final class OrdersNeedAnAccount: DispatchInterceptor {
///     var isSignedIn = false
///     private let login: DispatchURL
///
///     init() throws {
///         // Parsed once, when the app sets up: a typo fails there, not in front of a user.
///         login = try DispatchURL(string: "cono://test.com/account/login")
///     }
///
///     func intercept(_ interception: DispatchInterception) -> DispatchDecision {
///         guard interception.activity == OrdersActivity.self, !isSignedIn else { return .proceed }
///         return .redirect(to: login)
///     }
/// }
///
/// @MainActor func addAccountCheck(to center: DispatchCenter) throws {
///     center.addInterceptor(try OrdersNeedAnAccount())
/// }
/// ```
///
/// An activity that must always work (the login page itself) opts out with
/// ``DispatchActivity/skipsInterceptors``; a single dispatch opts out with
/// `dispatch(_:userInfo:source:skippingInterceptors:)`.
///
/// What an interceptor dispatches itself comes from the source of the URL it decides on, like
/// what an activity dispatches: an interceptor cannot turn a URL from outside — or a parameter of
/// it — into the app's own by accident. To bring up a page of its own (a login wall presenting
/// the login page), it vouches for the URL it wrote with `source: .app`:
///
/// ```swift
/// DispatchCenter.shared.dispatch("cono://test.com/account/login", source: .app)
/// ```
@MainActor
public protocol DispatchInterceptor: AnyObject {
    /// The consultation rank: higher first. Read when the interceptor is added. Default: 0.
    var priority: Int { get }

    /// Decides what happens to `interception`'s request.
    func intercept(_ interception: DispatchInterception) -> DispatchDecision
}

extension DispatchInterceptor {
    /// 0.
    public var priority: Int { 0 }
}

/// What an interceptor sees: the request the claimant would be created with, and the claimant.
public struct DispatchInterception {
    /// The request: the URL, its source, what the winning pattern captured, the redirects so far.
    public let request: DispatchRequest
    /// The class that would run: the first claimant, or the fallback.
    public let activity: DispatchActivity.Type
    /// Whether the caller asks for the activity's destination
    /// (``DispatchCenter/destination(for:as:userInfo:source:)-(DispatchURL,_,_,_)``) rather than
    /// dispatching: nothing will be shown, so a login wall may let a preview through, or reject
    /// instead of holding (a destination cannot wait: a hold is reported as a rejection).
    public let asksForDestination: Bool

    /// The URL being dispatched.
    public var url: DispatchURL { request.url }
}

/// An interceptor's decision.
public enum DispatchDecision: Sendable, Hashable, CustomStringConvertible {
    /// Let the dispatch go on: to the next interceptor, then to the activity.
    case proceed
    /// Dispatch `url` instead, from the same source; the activity it reaches sees the chain in
    /// ``DispatchRequest/redirects``. Chains are limited (``DispatchCenter/maximumRedirects``)
    /// and a cycle fails with ``DispatchFailure/redirectLoop(_:)``.
    case redirect(to: DispatchURL)
    /// Refuse the dispatch: the result is ``DispatchFailure/rejected(reason:)`` with the rule
    /// ``DispatchRejection/Rule/interceptor(name:reason:)``, and nothing runs.
    case reject(reason: String)
    /// Keep the request in `hold` until the app resumes or cancels it (a login wall). The result is
    /// ``DispatchFailure/held(_:)`` for now; see ``DispatchHold``. Each hold takes one request:
    /// returning a hold that already holds one rejects the dispatch.
    case hold(DispatchHold)

    /// `proceed`, `redirect to …`, `reject: …` or `hold`.
    public var description: String {
        switch self {
        case .proceed: return "proceed"
        case .redirect(let url): return "redirect to \(url)"
        case .reject(let reason): return "reject: \(reason)"
        case .hold: return "hold"
        }
    }
}
