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
    }

    /// The rule that refused the dispatch.
    public let rule: Rule
    /// The name of the activity class the URL would have reached.
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
        }
    }
}
