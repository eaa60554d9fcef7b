import Foundation

/// The router: turns a URL into the work of the activity class that claims it.
///
/// Register each module's ``DispatchActivity`` subclasses once, at launch; then hand every URL
/// the app receives (push, universal link, another app, an H5 page, your own buttons) to
/// ``dispatch(_:userInfo:source:)-(String,_,_)``. The caller never names the class that does the work.
///
/// ```swift
/// let center = DispatchCenter.shared
/// center.register(MineDispatchActivity.self)
/// center.register(AccountModule.self)
/// center.fallback = WebFallbackActivity.self
///
/// let result = center.dispatch("cono://test.com/mine_home?uid=42")
/// if let failure = result.failure { print(failure) }
/// ```
///
/// ## Dispatch rules
/// - Classes are consulted by descending ``DispatchActivity/priority``, then in registration order.
/// - The first class whose ``DispatchActivity/isHit(url:)`` returns `true` is instantiated with
///   ``DispatchActivity/init(request:)`` and executed.
/// - If none claims the URL, ``fallback`` handles it; without a fallback the result is
///   ``DispatchFailure/unmatched(_:)``. An invalid URL is ``DispatchFailure/invalidURL(_:)`` and
///   never reaches the fallback.
/// - `execute()` may dispatch again; nesting deeper than ``maximumNestingDepth`` is
///   ``DispatchFailure/recursionLimit(depth:)``.
///
/// ## Isolation
/// The center is `@MainActor`, like the UI its activities drive. From another thread or a
/// background task, write `await center.dispatch(url)`.
///
/// Each `DispatchCenter()` is independent of ``shared`` and of every other center: tests create
/// their own.
@MainActor
public final class DispatchCenter {
    /// The app-wide center.
    public static let shared = DispatchCenter()

    /// The class that receives valid URLs no registered class claims (a web view for `https`
    /// links, a "not found" page). It is not consulted with `isHit`. Default: `nil`.
    public var fallback: DispatchActivity.Type? {
        get { fallbackActivity }
        set { fallbackActivity = newValue }
    }

    /// How many dispatches may be nested inside one another's `execute()`. Default: 8; values
    /// below 1 are raised to 1 (a top-level dispatch is depth 1).
    ///
    /// Exceeding it fails the innermost dispatch *and* the outermost one with
    /// ``DispatchFailure/recursionLimit(depth:)``: a runaway chain is a bug, and the caller that
    /// started it learns about it even if the activities in between ignored the nested result.
    public var maximumNestingDepth: Int {
        get { nestingLimit }
        set { nestingLimit = max(1, newValue) }
    }

    /// The other apps that may send this center URLs, by bundle identifier, whatever the
    /// activities' ``DispatchActivity/exposure`` says; `nil` (the default) leaves the decision
    /// to each activity. A URL from an app not in the set, or from an app the system did not
    /// identify, is ``DispatchFailure/rejected(reason:)``. Universal links and notifications are
    /// not apps: this set does not apply to them.
    public var allowedApplications: Set<String>? {
        get { applicationAllowlist }
        set { applicationAllowlist = newValue }
    }

    /// The size limits applied to the strings and `URL`s this center parses.
    public var urlLimits: DispatchURL.Limits {
        get { parseLimits }
        set { parseLimits = newValue }
    }

    // The settings above are stored here, privately. A public stored property of a class can be
    // accessed from other modules, so each read on the dispatch path was a dynamic exclusivity
    // check (swift_beginAccess); the compiler sees every access to a private one, none of which
    // overlaps another, and drops the checks.
    private var fallbackActivity: DispatchActivity.Type?
    private var nestingLimit = 8
    private var parseLimits = DispatchURL.Limits.default
    private var applicationAllowlist: Set<String>?
    private var redirectLimit = 8
    /// The interceptors with the priority each had when added, in consultation order.
    private var interceptorList: [(priority: Int, interceptor: any DispatchInterceptor)] = []
    /// `!interceptorList.isEmpty`, kept apart: the dispatch path reads it, and reading the list
    /// there cost a dynamic exclusivity check (interceptors are user code that may change the list).
    private var hasInterceptors = false
    /// The source of the request whose `execute()` is running, which nested dispatches inherit.
    private var currentSource = DispatchSource.app

    private var registry = ActivityRegistry()
    /// The consultation order and route index, rebuilt on the first read after a registration change.
    private var cachedSnapshot: RegistrySnapshot?
    private var depth = 0
    /// Set when a nested dispatch hit the depth limit; read when the outermost dispatch returns.
    private var hitRecursionLimit = false

    /// How many times the consultation order has been rebuilt; lets tests check that dispatching
    /// does not rebuild it.
    package private(set) var snapshotBuildCount = 0

    /// What each request holds to find this center: one shared object, so that a dispatch costs a
    /// retain instead of weak-reference bookkeeping.
    nonisolated let reference: CenterReference

    /// Creates a center with nothing registered, independent of ``shared``.
    public init() {
        reference = CenterReference()
        reference.center = self
    }

    // MARK: - Registration

    /// Registers an activity class. Registering a class that is already registered does nothing.
    ///
    /// Its ``DispatchActivity/priority`` is read now. Registration costs O(1); the consultation
    /// order is rebuilt once, at the next dispatch.
    public func register(_ activity: DispatchActivity.Type) {
        if registry.insert(activity) { cachedSnapshot = nil }
    }

    /// Registers several activity classes, in order.
    public func register(_ activities: [DispatchActivity.Type]) {
        for activity in activities { register(activity) }
    }

    /// Registers every activity of a module, in the order the module lists them.
    public func register(_ module: any DispatchModule.Type) {
        register(module.activities)
    }

    /// Removes an activity class. Unregistering a class that is not registered does nothing.
    public func unregister(_ activity: DispatchActivity.Type) {
        if registry.remove(activity) { cachedSnapshot = nil }
    }

    /// The registered classes in consultation order (priority, then registration order).
    public var registeredActivities: [DispatchActivity.Type] { snapshot.ordered }

    /// Registration never builds; the first lookup after a change does, once.
    var snapshot: RegistrySnapshot {
        // Every dispatch reads this: the cached case is inlined, the build is a call.
        if let cachedSnapshot { return cachedSnapshot }
        return buildSnapshot()
    }

    @inline(never)
    private func buildSnapshot() -> RegistrySnapshot {
        let snapshot = RegistrySnapshot(registry.ordered())
        cachedSnapshot = snapshot
        snapshotBuildCount += 1
        return snapshot
    }

    // MARK: - Lookup

    /// Every registered class that claims `url`, in precedence order: the first one is the one
    /// ``dispatch(_:userInfo:source:)-(DispatchURL,_,_)`` runs. The debugging view of "who else would have
    /// taken this?". The fallback is not included.
    ///
    /// The order, per ``DispatchActivity/priority`` from highest: the classes whose
    /// ``DispatchActivity/patterns`` match, most specific match first (see ``RoutePattern``), then
    /// in registration order; then the classes without patterns whose custom
    /// ``DispatchActivity/isHit(url:)`` returns `true`, in registration order.
    ///
    /// - Complexity: O(*n*) in the URL's path segments for the pattern classes, whatever their
    ///   number, plus one `isHit` call per class without patterns.
    public func claimants(for url: DispatchURL) -> [DispatchActivity.Type] {
        snapshot.claims(for: url).map(\.activity)
    }

    /// Whether a registered class claims `url`. The fallback does not count: with a web fallback
    /// every `https` URL would otherwise be "dispatchable".
    public func canDispatch(_ url: DispatchURL) -> Bool {
        snapshot.firstClaim(for: url) != nil
    }

    /// Creates the activity that ``dispatch(_:userInfo:source:)-(DispatchURL,_,_)`` would run for `url` —
    /// the first claimant, else the fallback — without executing it.
    ///
    /// - Returns: The activity, or `nil` if nothing claims the URL and there is no fallback.
    public func activity(for url: DispatchURL, userInfo: [String: any Sendable] = [:]) -> DispatchActivity? {
        makeActivity(for: url, userInfo: userInfo)
    }

    /// The winner (or the fallback), created with its request.
    private func makeActivity(for url: DispatchURL, userInfo: [String: any Sendable]) -> DispatchActivity? {
        let claim = snapshot.firstClaim(for: url)
        guard let type = claim?.activity ?? fallback else { return nil }
        return type.init(
            request: DispatchRequest(url: url, userInfo: userInfo, center: self, match: claim?.match))
    }

    // MARK: - Dispatch

    /// Parses `string` with ``urlLimits`` and dispatches it.
    ///
    /// - Parameter source: Where the URL came from; see
    ///   ``dispatch(_:userInfo:source:)-(DispatchURL,_,_)``.
    /// - Returns: The result; an unparsable string gives ``DispatchFailure/invalidURL(_:)``.
    @discardableResult
    public func dispatch(
        _ string: String, userInfo: [String: any Sendable] = [:], source: DispatchSource? = nil,
        skippingInterceptors: Bool = false
    ) -> DispatchResult {
        let url: DispatchURL
        do throws(DispatchURLError) {
            url = try DispatchURL(string: string, limits: urlLimits)
        } catch {
            return DispatchResult(url: nil, failure: .invalidURL(error))
        }
        // Nobody else holds the parsed URL: it moves into the request instead of being copied.
        return run(
            url, userInfo: userInfo, source: source ?? currentSource, intercepted: !skippingInterceptors, redirects: nil)
    }

    /// Parses a Foundation `URL` with ``urlLimits`` and dispatches it.
    ///
    /// - Parameter source: Where the URL came from; see
    ///   ``dispatch(_:userInfo:source:)-(DispatchURL,_,_)``.
    @discardableResult
    public func dispatch(
        _ url: URL, userInfo: [String: any Sendable] = [:], source: DispatchSource? = nil,
        skippingInterceptors: Bool = false
    ) -> DispatchResult {
        dispatch(url.absoluteString, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors)
    }

    /// Finds the class that claims `url`, creates it and runs its ``DispatchActivity/execute()``.
    ///
    /// - Parameters:
    ///   - url: The parsed URL.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from. A URL from outside the app (another app, a universal
    ///     link, a notification) reaches only activities whose ``DispatchActivity/exposure``
    ///     admits it, and only apps in ``allowedApplications`` if that is set; otherwise the
    ///     result is ``DispatchFailure/rejected(reason:)`` and nothing runs. `nil`, the default,
    ///     means ``DispatchSource/app`` for a top-level dispatch, and for a dispatch made inside an
    ///     activity's `execute()`, the source of that activity's request: a URL from outside stays
    ///     from outside through the redirects it asks for (pass `.app` to vouch for a URL).
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    /// - Returns: The result: handled, or the typed ``DispatchFailure``.
    /// - Complexity: O(*s*) in the URL's path segments for classes with patterns, whatever their
    ///   number, plus one `isHit` call per class without patterns.
    @discardableResult
    public func dispatch(
        _ url: DispatchURL, userInfo: [String: any Sendable] = [:], source: DispatchSource? = nil,
        skippingInterceptors: Bool = false
    ) -> DispatchResult {
        // The caller keeps its URL: the request gets the one copy.
        run(url, userInfo: userInfo, source: source ?? currentSource, intercepted: !skippingInterceptors, redirects: nil)
    }

    /// The dispatch itself. `url` is consumed so that the request can own it without a copy
    /// (a copy retains each of the URL's half-dozen strings and arrays, and releases them later).
    private func run(
        _ url: consuming DispatchURL, userInfo: [String: any Sendable], source: DispatchSource,
        intercepted: Bool, redirects: [DispatchURL]?
    ) -> DispatchResult {
        guard depth < maximumNestingDepth else { return refuse(url) }
        let claim = snapshot.firstClaim(for: url)
        guard let type = claim?.activity ?? fallback else { return DispatchResult(unmatched: url) }
        if source.isExternal, let rejection = rejection(of: source, by: type) {
            return DispatchResult(url: url, failure: .rejected(reason: rejection))
        }
        let request = DispatchRequest.dispatched(
            url: url, userInfo: userInfo, reference: reference, match: claim?.match, source: source,
            redirects: redirects)
        if intercepted, hasInterceptors, !type.skipsInterceptors,
            let outcome = intercept(request, by: type)
        {
            return outcome
        }
        let activity = type.init(request: consume request)
        depth += 1
        let outerSource = currentSource
        currentSource = source
        let failure: DispatchFailure?
        do {
            try activity.execute()
            failure = nil
        } catch {
            failure = .executionFailed(activity: Swift.type(of: activity), error: error)
        }
        currentSource = outerSource
        depth -= 1
        if depth == 0, hitRecursionLimit {
            hitRecursionLimit = false
            return DispatchResult(activity: activity, failure: .recursionLimit(depth: maximumNestingDepth))
        }
        return DispatchResult(activity: activity, failure: failure)
    }

    /// Asks the interceptors about `request`, bound for `activity`: `nil` to go on, else the
    /// outcome (a rejection, or the result of the redirect). Out of line: most centers have no
    /// interceptors.
    @inline(never)
    private func intercept(_ request: DispatchRequest, by activity: DispatchActivity.Type) -> DispatchResult? {
        let interception = DispatchInterception(request: request, activity: activity)
        for (_, interceptor) in interceptorList {
            switch interceptor.intercept(interception) {
            case .proceed:
                continue
            case .reject(let reason):
                let rule = DispatchRejection.Rule.interceptor(name: String(describing: Swift.type(of: interceptor)), reason: reason)
                let rejection = DispatchRejection(rule: rule, activity: String(describing: activity), source: request.source)
                return DispatchResult(url: request.url, failure: .rejected(reason: rejection))
            case .redirect(let target):
                let chain = request.redirects + [request.url]
                if chain.contains(target) { return DispatchResult(url: request.url, failure: .redirectLoop(chain + [target])) }
                if chain.count > maximumRedirects {
                    return DispatchResult(url: request.url, failure: .tooManyRedirects(chain + [target]))
                }
                return run(
                    target, userInfo: request.userInfo, source: request.source, intercepted: true, redirects: chain)
            }
        }
        return nil
    }

    /// Adds an interceptor; it is consulted for every dispatch from now on, by descending
    /// ``DispatchInterceptor/priority`` (read now), equal priorities in the order they were added.
    /// Adding an interceptor that is already there does nothing.
    public func addInterceptor(_ interceptor: any DispatchInterceptor) {
        guard !interceptorList.contains(where: { $0.interceptor === interceptor }) else { return }
        let priority = interceptor.priority
        let position = interceptorList.firstIndex { $0.priority < priority } ?? interceptorList.endIndex
        interceptorList.insert((priority, interceptor), at: position)
        hasInterceptors = true
    }

    /// Removes an interceptor. Removing one that was not added does nothing.
    public func removeInterceptor(_ interceptor: any DispatchInterceptor) {
        interceptorList.removeAll { $0.interceptor === interceptor }
        hasInterceptors = !interceptorList.isEmpty
    }

    /// The interceptors, in the order they are consulted.
    public var interceptors: [any DispatchInterceptor] { interceptorList.map(\.interceptor) }

    /// How many redirects a dispatch may follow before it fails with
    /// ``DispatchFailure/tooManyRedirects(_:)``. Default: 8.
    public var maximumRedirects: Int {
        get { redirectLimit }
        set { redirectLimit = max(0, newValue) }
    }

    /// Why a URL from `source` may not reach `activity`: the center's allowlist, then the class's
    /// exposure. Out of line: URLs from the app never get here.
    @inline(never)
    private func rejection(of source: DispatchSource, by activity: DispatchActivity.Type) -> DispatchRejection? {
        let rule: DispatchRejection.Rule?
        if let allowed = allowedApplications, case .external(let application) = source,
            !(application.map(allowed.contains) ?? false)
        {
            rule = .centerAllowlist
        } else {
            rule = activity.exposure.refusal(of: source)
        }
        return rule.map { DispatchRejection(rule: $0, activity: String(describing: activity), source: source) }
    }

    /// A dispatch nested too deep. Out of line, so that the dispatch path does not hold the
    /// URL's parts in registers and on the stack for this rare case.
    @inline(never)
    private func refuse(_ url: consuming DispatchURL) -> DispatchResult {
        hitRecursionLimit = true
        return DispatchResult(url: url, failure: .recursionLimit(depth: maximumNestingDepth))
    }
}

/// A center's weak reference to itself, made once per center and shared by all its requests.
///
/// A `weak var center` in every ``DispatchRequest`` cost side-table atomics on every dispatch:
/// forming the weak reference, and destroying it with the request. A request holds this object
/// strongly instead, which costs one retain and one release. The reference inside is weak, so a
/// request never keeps its center alive, and the center's strong hold on this object is no cycle.
///
/// `@unchecked Sendable`: ``center`` is written once, in `DispatchCenter.init` (the only code that
/// can, as the setter is file-private), before the object is reachable from anywhere else; after
/// that it is only read, and loading a weak reference is thread-safe.
final class CenterReference: @unchecked Sendable {
    /// The center, or `nil` once it has been deallocated.
    fileprivate(set) weak var center: DispatchCenter?

    fileprivate init() {}
}
