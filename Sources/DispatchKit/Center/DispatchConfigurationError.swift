import Foundation

/// A mistake in how the app sets up a center: a programmer error, found when the center receives
/// the setting.
///
/// Each comes from the app's own code — a pattern in `class var patterns`, an associated domain
/// written as a literal, a module's services — and never from a URL: nothing a link holds can
/// cause one. The center hands each to its ``DispatchCenter/configurationErrorHandler``, which by
/// default stops a debug build at once, like a failed assertion, with its ``description``, and in a
/// release build writes the message once to standard error and goes on without the broken part.
///
/// A pattern `"/category/:kind<new>"` (a list needs `|`) in the class `CategoryActivity` is
/// reported as `CategoryActivity declares an invalid pattern "/category/:kind<new>": unknown
/// parameter type "new" at offset 16 (int, uuid, or a list like a|b); the pattern never matches`.
public enum DispatchConfigurationError: Error, CustomStringConvertible, CustomDebugStringConvertible {
    /// A pattern of `activity` does not parse: it never matches, and its URLs go to another class
    /// or the fallback. Found when the class is registered (in debug builds) or when the center
    /// builds its route index.
    case invalidPattern(RoutePattern, activity: DispatchActivity.Type, error: RoutePatternError)
    /// An entry of ``AssociatedDomains`` written as a literal is not a valid Associated Domains
    /// entry: it is left out, and the universal links it meant to admit are refused. Found when
    /// the domains are assigned to ``DispatchCenter/associatedDomains``.
    case invalidAssociatedDomain(AssociatedDomains.InvalidEntry)
    /// `module`, a `ServiceModule` (DispatchKitServices), threw `error` while registering its
    /// services: its activities are registered, its services may be missing.
    case servicesNotRegistered(module: any DispatchModule.Type, error: any Error)
    /// Limits assigned to ``DispatchCenter/urlLimits`` have a negative value
    /// (``DispatchURLError/invalidLimit(name:value:)``): they are refused, and the center keeps
    /// the limits it had.
    case invalidURLLimits(DispatchURL.Limits, error: DispatchURLError)
    /// An entry of the ``LinkOrigins`` assigned to ``DispatchCenter/linkOrigins`` is not a scheme
    /// or a web host: it is left out, and the links it meant to admit from outside are refused.
    case invalidLinkOrigin(String, problem: String)

    /// What is wrong, naming the class, pattern, entry or module, in one line.
    public var description: String {
        switch self {
        case .invalidPattern(let pattern, let activity, let error):
            return
                "\(activity) declares an invalid pattern \"\(pattern)\": \(error); the pattern never matches"
        case .invalidAssociatedDomain(let entry):
            return "\(entry); it is left out, and universal links to it are refused"
        case .servicesNotRegistered(let module, let error):
            return "\(module) could not register its services: \(error)"
        case .invalidURLLimits(_, let error):
            return "urlLimits refused: \(error); the center keeps the limits it had"
        case .invalidLinkOrigin(let entry, let problem):
            return
                "invalid link origin \"\(entry)\": \(problem); it is left out, and links from it are refused"
        }
    }

    /// The ``description``: the same line in the debugger, in `debugPrint` and in test messages.
    public var debugDescription: String { description }
}

extension DispatchConfigurationError: LocalizedError {
    /// The ``description``, so that `localizedDescription` says what is wrong.
    public var errorDescription: String? { description }
}
