import Foundation

/// Why a dispatch did not complete.
///
/// Every failure is a value in the ``DispatchResult``: nothing is thrown at the caller, nothing
/// traps, and the center stays usable. ``description`` states the failure in plain words:
///
/// ```swift
/// let result = DispatchCenter.shared.dispatch("cono://test.com/mine_home?uid=%zz")
/// if let failure = result.failure { print(failure) }
/// // invalid URL: malformed percent-escape "%zz" at offset 30
/// ```
public enum DispatchFailure: Error, CustomStringConvertible, CustomDebugStringConvertible {
    /// The input is not an acceptable URL. The fallback never receives invalid URLs.
    case invalidURL(DispatchURLError)
    /// A link the system handed over was refused before it was dispatched: a universal link off
    /// the app's ``DispatchCenter/associatedDomains``, a notification without a usable link. Nothing
    /// ran; see `IncomingLink` (DispatchKitUI).
    case refusedAtIntake(IntakeError)
    /// No registered activity claims the URL and no ``DispatchCenter/fallback`` is set.
    case unmatched(DispatchURL)
    /// The URL does not decode into the ``DispatchLink`` of the class that claims it (its
    /// ``DispatchActivity/linkType``): a value is missing, malformed or out of range. The error
    /// names the class, the key, the text and the type. The class was not created, and the
    /// fallback does not run in its place.
    case invalidLink(LinkDecodingError)
    /// A ``DispatchLink`` dispatched as a value has no URL: no registered class declares its type,
    /// none of that class's patterns can be filled with it, or its URL is over
    /// ``DispatchCenter/urlLimits``. Nothing was dispatched.
    case cannotBuildLink(LinkEncodingError)
    /// The activity of class `activity` threw `error` from ``DispatchActivity/execute()``.
    case executionFailed(activity: DispatchActivity.Type, error: any Error)
    /// The class `activity` claimed the URL and reached the default ``DispatchActivity/execute()``
    /// (or, for an ``AsyncDispatchActivity``, ``AsyncDispatchActivity/execute()-3bv86``), which does
    /// nothing: the class does not override it, or its override calls `super.execute()`. It was
    /// created, and did nothing. A mistake in the class; the fallback does not run instead.
    case executeNotOverridden(activity: DispatchActivity.Type)
    /// A dispatch made from inside `execute()` went deeper than
    /// ``DispatchCenter/maximumNestingDepth`` (the associated value) levels of nesting. The refused
    /// dispatch and the outermost dispatch of the chain both carry this failure.
    case recursionLimit(depth: Int)
    /// A rule refused the dispatch before any activity was created: for example a URL from
    /// outside the app that claims an activity whose ``DispatchActivity/exposure`` is
    /// ``DispatchExposure/internalOnly``. Nothing ran, neither the next claimant nor the fallback.
    case rejected(reason: DispatchRejection)
    /// A redirect rule or an interceptor redirected a URL back to one already in its chain (the associated value:
    /// every URL of the chain, the repeated one last). Nothing ran.
    case redirectLoop([DispatchURL])
    /// Redirect rule number `rule` (its index in `DispatchCenter.redirectRules`) built a URL
    /// that ``DispatchCenter/urlLimits`` refuse (`error` says which limit): a link the center
    /// would not accept as input is not dispatched as a redirect either. Nothing ran.
    case invalidRedirectTarget(rule: Int, error: DispatchURLError)
    /// A chain of redirects grew longer than ``DispatchCenter/maximumRedirects`` (the associated
    /// value: every URL of the chain). Nothing ran.
    case tooManyRedirects([DispatchURL])
    /// An interceptor holds the request (``DispatchDecision/hold(_:)``): nothing has run yet. The
    /// dispatch ends later, when the hold is resumed, cancelled or times out; its final result goes
    /// to ``DispatchHold/whenEnded(_:)`` and to the observers.
    case held(DispatchHold)
    /// The final result of a held dispatch that the interceptor of class `by` cancelled. Nothing ran.
    case holdCancelled(by: String)
    /// The final result of a held dispatch that was neither resumed nor cancelled within `after`
    /// seconds (``DispatchHold/timeout``, else ``DispatchCenter/holdTimeout``). Nothing ran.
    case holdTimedOut(by: String, after: Double)
    /// ``DispatchHold/resume()`` or ``DispatchHold/cancel()`` on a hold that had already ended
    /// (the associated value: how it ended), or that never held a request
    /// (``DispatchHold/State/pending``). Nothing ran.
    case holdAlreadyEnded(DispatchHold.State)
    /// The center is not ready (``DispatchCenter/isReady``): the dispatch waits in line, at this
    /// 1-based position, and runs when the app marks the center ready. Its outcome then goes to
    /// the observers.
    case queued(position: Int)
    /// The center is not ready and already holds ``DispatchCenter/maximumQueuedDispatches``
    /// (the associated value) waiting dispatches. This one was not queued, and nothing ran.
    case queueFull(capacity: Int)
    /// The same URL was dispatched less than ``DispatchCenter/duplicateWindow`` (the associated
    /// value, in seconds) ago: a double tap. Nothing ran.
    case duplicate(within: Double)
    /// The activity of class `activity` returned no destination from
    /// ``DispatchActivity/makeDestination()``.
    case noDestination(activity: DispatchActivity.Type)
    /// The activity of class `activity` made a destination of type `actual`, not of the type
    /// `expected` that ``DispatchCenter/destination(for:as:userInfo:source:)-(DispatchURL,_,_,_)`` asked for.
    case destinationTypeMismatch(activity: DispatchActivity.Type, expected: String, actual: String)
    /// ``DispatchCenter/remove(_:)`` was refused: the activity never performed, was already removed,
    /// or declined (``DispatchActivity/canRemove``). `reason` says which. Nothing was removed.
    case cannotRemove(activity: DispatchActivity.Type, reason: String)
    /// The claimant is an ``AsyncDispatchActivity`` and the dispatch was synchronous: it cannot
    /// await the work. Nothing ran; dispatch with `await center.dispatchAndWait(url)`
    /// (DispatchKitAsync).
    case requiresAsyncDispatch(activity: DispatchActivity.Type)
    /// The task awaiting the dispatch was cancelled before the ``AsyncDispatchActivity`` finished;
    /// its work was cancelled.
    case cancelled(activity: DispatchActivity.Type)
    /// The ``AsyncDispatchActivity`` did not finish within `after` seconds (the dispatch's
    /// `timeout:`, else `DispatchCenter.executionTimeout`); its work was cancelled.
    case timedOut(activity: DispatchActivity.Type, after: Double)

    /// The failure in plain words, for logs and developer-facing messages.
    public var description: String {
        switch self {
        case .invalidURL(let error):
            return "invalid URL: \(error)"
        case .refusedAtIntake(let error):
            return "refused: \(error)"
        case .unmatched(let url):
            return "no activity claims \(url)"
        case .invalidLink(let error):
            return "\(error)"
        case .cannotBuildLink(let error):
            return "cannot build the link's URL: \(error)"
        case .executionFailed(let activity, let error):
            return "\(activity) failed: \(error)"
        case .executeNotOverridden(let activity):
            // Also reached by an override that calls `super.execute()`: say what happened, not
            // that the override is missing.
            let base =
                activity is AsyncDispatchActivity.Type
                ? "AsyncDispatchActivity's default execute() async" : "DispatchActivity's default execute()"
            return "\(activity) claimed the URL and reached \(base), which does nothing: override execute() "
                + "without calling super"
        case .recursionLimit(let depth):
            return "nested dispatch deeper than \(depth) levels"
        case .rejected(let reason):
            return "rejected: \(reason)"
        case .redirectLoop(let chain):
            return "redirect loop: " + chain.map(\.description).joined(separator: " -> ")
        case .invalidRedirectTarget(let rule, let error):
            return "redirect rule \(rule) built a URL over the center's limits: \(error)"
        case .tooManyRedirects(let chain):
            return "too many redirects: " + chain.map(\.description).joined(separator: " -> ")
        case .held(let hold):
            return "held by \(hold.interceptor) until it resumes or cancels the dispatch"
        case .holdCancelled(let interceptor):
            return "cancelled by \(interceptor) while on hold"
        case .holdTimedOut(let interceptor, let seconds):
            return "held by \(interceptor) for longer than \(seconds.formatted) s: timed out"
        case .holdAlreadyEnded(let state):
            return state == .pending ? "the hold holds no request" : "the hold already ended (\(state))"
        case .queued(let position):
            return "queued until the center is ready (position \(position))"
        case .queueFull(let capacity):
            return "the center is not ready and its queue is full (\(capacity) waiting)"
        case .duplicate(let window):
            return "duplicate: the same URL was dispatched less than \(window.formatted) s ago"
        case .noDestination(let activity):
            return "\(activity) made no destination"
        case .destinationTypeMismatch(let activity, let expected, let actual):
            return "\(activity) made a destination of type \(actual), not \(expected)"
        case .cannotRemove(let activity, let reason):
            return "cannot remove \(activity): \(reason)"
        case .requiresAsyncDispatch(let activity):
            return
                "\(activity) is asynchronous: dispatch it with `await center.dispatchAndWait(url)` (DispatchKitAsync)"
        case .cancelled(let activity):
            return "cancelled while \(activity) was running"
        case .timedOut(let activity, let seconds):
            return "\(activity) did not finish within \(seconds.formatted) s: timed out"
        }
    }
}

extension DispatchFailure {
    /// The ``description``: the same sentence in the debugger, in `debugPrint`, and where a test
    /// failure shows an optional failure (`Optional(no activity claims …)`).
    public var debugDescription: String { description }
}

extension DispatchFailure: LocalizedError {
    /// The ``description``, so that `localizedDescription` (and an alert built from it) says what
    /// went wrong instead of "The operation could not be completed".
    public var errorDescription: String? { description }
}

extension Double {
    /// `0.5`, `120`: seconds as a person writes them.
    fileprivate var formatted: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
