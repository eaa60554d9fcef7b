/// Why the center refused to run a dispatch: the rule, the activity it protected and where the URL
/// came from. Carried by ``DispatchFailure/rejected(reason:)``.
///
/// ```swift
/// let result = DispatchCenter.shared.dispatch(
///     "cono://test.com/account/logout", source: .external(application: "com.example.other"))
/// if let failure = result.failure { print(failure) }
/// // rejected: LogoutActivity is internal only, and the URL came from another app (com.example.other)
/// ```
public struct DispatchRejection: Sendable, Hashable, CustomStringConvertible {
    /// The rule that refused the dispatch.
    public enum Rule: Sendable, Hashable {
        /// The activity's ``DispatchActivity/exposure`` is ``DispatchExposure/internalOnly`` and
        /// the URL came from outside.
        case internalOnly
        /// The activity admits only some other apps, and the sending app is not one of them (or
        /// the system did not say which app it was).
        case applicationNotAllowed
        /// The center admits only the apps in ``DispatchCenter/allowedApplications``, and the
        /// sending app is not one of them (or was not identified).
        case centerAllowlist
        /// The ``DispatchInterceptor`` of class `name` decided ``DispatchDecision/reject(reason:)``.
        case interceptor(name: String, reason: String)
        /// A URL from outside has a scheme that is not one of the app's ``LinkOrigins`` (or is
        /// `javascript`, `data` or `file`), and no pattern names it. No activity was asked:
        /// ``activity`` is empty.
        case undeclaredScheme(String)
        /// A web URL from outside is on a host that is not one of the app's ``LinkOrigins`` nor of
        /// its ``DispatchCenter/associatedDomains`` (written with its port when the URL names one),
        /// and no pattern names it. No activity was asked: ``activity`` is empty.
        case undeclaredHost(String)
    }

    /// The rule that refused the dispatch.
    public let rule: Rule
    /// The name of the activity class the URL would have reached; empty when the URL was refused
    /// before any class was asked (an undeclared origin).
    public let activity: String
    /// Where the URL came from.
    public let source: DispatchOrigin

    /// Creates a rejection.
    public init(rule: Rule, activity: String, source: DispatchOrigin) {
        self.rule = rule
        self.activity = activity
        self.source = source
    }

    /// The rejection in plain words, naming the rule.
    public var description: String {
        switch rule {
        case .internalOnly:
            return "\(activity) is internal only, and the URL came from \(source)"
        case .applicationNotAllowed:
            return "\(activity) admits only some apps, and the URL came from \(source)"
        case .centerAllowlist:
            return "the center admits only some apps, and the URL came from \(source)"
        case .interceptor(let name, let reason):
            return "\(name) refused the URL for \(activity): \(reason)"
        case .undeclaredScheme(let scheme) where LinkOrigins.unsafeSchemes.contains(scheme):
            return "\(scheme): URLs never reach an activity from outside unless a pattern names the scheme, "
                + "and the URL came from \(source)"
        case .undeclaredScheme(let scheme):
            return
                "the scheme \(scheme) is not one of the app's link origins, and the URL came from \(source)"
        case .undeclaredHost(let host):
            return "the host \(host) is not one of the app's link origins, and the URL came from \(source)"
        }
    }
}
