import Foundation

/// The router: turns a URL into the work of the activity class that claims it.
///
/// Register each module's ``DispatchActivity`` subclasses once, at launch; then hand every URL
/// the app receives (push, universal link, another app, an H5 page, your own buttons) to
/// ``dispatch(_:userInfo:source:skippingInterceptors:)-(String,_,_,_)``. The caller never names the class that does the work.
///
/// ```swift
/// final class MineActivity: DispatchActivity {
///     override class var patterns: [RoutePattern] { ["/mine_home"] }
///     override func execute() throws { print("push MinePage(uid: \(query["uid"] ?? "-"))") }
/// }
///
/// final class WebFallbackActivity: DispatchActivity {  // every URL nothing else claims
///     override class var exposure: DispatchExposure { .external }
///     override func execute() throws { print("open \(url) in a web view") }
/// }
///
/// @MainActor func startRouting() {
///     let center = DispatchCenter.shared
///     center.register(MineActivity.self)
///     center.fallback = WebFallbackActivity.self
///
///     let result = center.dispatch("cono://test.com/mine_home?uid=42")
///     if let failure = result.failure { print(failure) }
/// }
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
/// background task, write `await center.dispatch(url)` (the `await` hops to the main actor); to
/// await the work of an ``AsyncDispatchActivity``, write `await center.dispatchAndWait(url)`.
///
/// Each `DispatchCenter()` is independent of ``shared`` and of every other center: tests create
/// their own.
@MainActor
public final class DispatchCenter {
    /// The app-wide center.
    public static let shared = DispatchCenter(sharingServices: ())

    /// The class that receives valid URLs no registered class claims (a web view for `https`
    /// links, a "not found" page). It is not consulted with `isHit`. Default: `nil`.
    public var fallback: DispatchActivity.Type? {
        get { fallbackActivity }
        set { fallbackActivity = newValue }
    }

    /// Seconds an ``AsyncDispatchActivity`` may take before an awaiting dispatch fails with
    /// ``DispatchFailure/timedOut(activity:after:)`` and cancels its work, unless the dispatch
    /// passes its own `timeout:`. Default: `nil`, no limit. NaN is read as `nil`, a negative value as
    /// 0 (the work times out at once), and `.infinity` as no limit, as for every duration the
    /// center takes.
    public var executionTimeout: Double? {
        get { workTimeout }
        set { workTimeout = Seconds.normalized(newValue) }
    }

    /// How many dispatches may be nested inside one another's `execute()`. Default: 8; values
    /// below 1 are raised to 1 (a top-level dispatch is depth 1).
    ///
    /// Exceeding it fails the innermost dispatch *and* the outermost one with
    /// ``DispatchFailure/recursionLimit(depth:)``: a runaway chain is a bug, and the caller that
    /// started it learns about it even if the activities in between ignored the nested result. (If
    /// the chain started in an interceptor that then rejected or held the outer dispatch, the outer
    /// result is that decision.)
    public var maximumNestingDepth: Int {
        get { nestingLimit }
        set { nestingLimit = max(1, newValue) }
    }

    /// The other apps that may send this center URLs, by bundle identifier, whatever the
    /// activities' ``DispatchActivity/exposure`` says; `nil` (the default) leaves the decision
    /// to each activity. A URL from an app not in the set, or from an app the system did not
    /// identify, is ``DispatchFailure/rejected(reason:)``. Universal links and notifications are
    /// not apps: this set does not apply to them.
    ///
    /// iOS identifies the sending app only when it belongs to the receiving app's own developer
    /// team (`sourceApplication` is `nil` for any other): setting this set therefore admits the
    /// vendor's own apps alone, and refuses every other app's URLs.
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
    /// The interceptors in consultation order, and the priority each had when added.
    private var interceptorList: [any DispatchInterceptor] = []
    private var interceptorPriorities: [Int] = []
    /// `!interceptorList.isEmpty`, kept apart: the dispatch path reads it, and reading the list
    /// there cost a dynamic exclusivity check (interceptors are user code that may change the list).
    private var hasInterceptors = false
    /// Whether a dispatch takes the guarded way in: there are observers to tell, the center is not
    /// ready, or duplicates are filtered. One flag, so that a plain dispatch tests one byte.
    private var isGuarded = false
    private var observerList: [any DispatchObserver] = []
    private var ready = true
    private var queueLimit = 32
    private var waiting: [QueuedDispatch] = []
    private var isDraining = false
    private var duplicateFilter: DuplicateFilter?
    private var defaultHoldTimeout: Double? = 300
    private var workTimeout: Double?
    private var ruleSet = RedirectRules()
    /// `!ruleSet.isEmpty`, kept apart for the same reason as ``hasInterceptors``.
    private var hasRedirectRules = false
    private var ruleEnvironment = RedirectRules.Environment(appVersion: DispatchCenter.bundleVersion)
    /// Monotonic nanoseconds, for durations and the duplicate window; tests substitute a clock.
    package var clock: @MainActor () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }

    private var registry = ActivityRegistry()
    /// The consultation order and route index, rebuilt on the first read after a registration change.
    private var cachedSnapshot: RegistrySnapshot?
    private var depth = 0
    /// Set when a nested dispatch hit the depth limit; read when the outermost dispatch returns,
    /// and cleared when a top-level dispatch starts: a runaway that ended without reaching an
    /// outermost `execute()` (inside an interceptor that then rejected) must not blame the next one.
    private var hitRecursionLimit = false
    /// What the last ``DispatchActivity/makeDestination()`` returned, until
    /// ``destination(for:as:userInfo:source:)-(DispatchURL,_,_,_)`` takes it (right after).
    var madeDestination: Any?
    /// The ``AsyncDispatchActivity`` an awaiting dispatch reached, and its event in the making,
    /// until the awaiting dispatch takes them (right after the pipeline returns).
    var preparedActivity: AsyncDispatchActivity?
    var preparedTrace: DispatchTrace?
    /// What shows the app's pages, for the activities (``DispatchActivity/navigator``). The app sets
    /// it once, when its window or root view is up; the center holds it strongly. Default: `nil`.
    public var navigator: (any DispatchNavigator)?
    /// What the intake accepts (``associatedDomains``, ``notificationLinkKey``); read only when a
    /// link arrives from the system, never on the dispatch path.
    var declaredDomains = AssociatedDomains.none
    var linkKey: NotificationLinkKey = "url"

    /// How many times the consultation order has been rebuilt; lets tests check that dispatching
    /// does not rebuild it.
    package private(set) var snapshotBuildCount = 0

    /// What each request holds to find this center: one shared object, so that a dispatch costs a
    /// retain instead of weak-reference bookkeeping.
    nonisolated let reference: CenterReference

    /// Creates a center with nothing registered, independent of ``shared``, with a registry of
    /// services of its own.
    public init() {
        reference = CenterReference()
        services = ServiceRegistry()
        reference.center = self
    }

    /// The shared center, whose services are ``ServiceRegistry/shared``.
    private init(sharingServices: Void) {
        reference = CenterReference()
        services = ServiceRegistry.shared
        reference.center = self
    }

    /// Where the modules registered with ``register(_:)-(DispatchModule.Type)`` put their services, and where
    /// activities find them (`center?.services`): ``ServiceRegistry/shared`` for ``shared``, a
    /// registry of its own for any other center. Set it to share one registry among centers.
    public var services: ServiceRegistry

    /// The modules whose services are registered, so that registering a module twice does not
    /// register its services twice.
    private var registeredModules: Set<ObjectIdentifier> = []

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

    /// Registers every activity of a module, in the order the module lists them, and lets the
    /// module register its services in ``services`` (``DispatchModule/registerServices(in:)``),
    /// once: registering the module again registers its activities again (which does nothing)
    /// but not its services.
    public func register(_ module: any DispatchModule.Type) {
        register(module.activities)
        if registeredModules.insert(ObjectIdentifier(module)).inserted {
            module.registerServices(in: services)
        }
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
    /// ``dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)`` runs. The debugging view of "who else would have
    /// taken this?". The fallback is not included.
    ///
    /// The order, per ``DispatchActivity/priority`` from highest: the classes whose
    /// ``DispatchActivity/patterns`` match, most specific match first (see ``RoutePattern``), then
    /// in registration order; then the classes without patterns whose custom
    /// ``DispatchActivity/isHit(url:)`` returns `true`, in registration order.
    ///
    /// Like ``canDispatch(_:)`` and ``activity(for:userInfo:)``, this is the registry's answer
    /// alone: redirect rules, sources, interceptors and readiness are not consulted.
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

    /// Creates the activity that ``dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)`` would run for `url` —
    /// the first claimant, else the fallback — without executing it.
    ///
    /// The registry's answer alone: redirect rules, the source's ``DispatchActivity/exposure``,
    /// interceptors and readiness are not consulted, so do not use it to run what a URL from
    /// outside the app names.
    ///
    /// - Returns: The activity, or `nil` if nothing claims the URL and there is no fallback.
    public func activity(for url: DispatchURL, userInfo: [String: any Sendable] = [:]) -> DispatchActivity? {
        makeActivity(for: url, userInfo: userInfo)
    }

    /// The winner (or the fallback), created with its request.
    private func makeActivity(for url: DispatchURL, userInfo: [String: any Sendable]) -> DispatchActivity? {
        let claim = snapshot.firstClaim(for: url)
        guard let type = claim?.activity ?? fallback else { return nil }
        // From the source of the code asking: an activity made here for a URL from outside, and
        // executed by hand, dispatches from outside too.
        return type.init(
            request: DispatchRequest(
                url: url, userInfo: userInfo, center: self, match: claim?.match, source: .inherited))
    }

    // MARK: - Dispatch

    /// Parses `string` with ``urlLimits`` and dispatches it.
    ///
    /// - Parameters:
    ///   - string: The URL to parse.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from; see
    ///     ``dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)``.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    /// - Returns: The result; an unparsable string gives ``DispatchFailure/invalidURL(_:)``.
    @discardableResult
    public func dispatch(
        _ string: String, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false
    ) -> DispatchResult {
        let url: DispatchURL
        do throws(DispatchURLError) {
            url = try DispatchURL(string: string, limits: urlLimits)
        } catch {
            return invalid(error, source: source ?? .inherited)
        }
        // Nobody else holds the parsed URL: it moves into the request instead of being copied.
        return start(url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors)
    }

    /// Parses a Foundation `URL` with ``urlLimits`` and dispatches it.
    ///
    /// - Parameters:
    ///   - url: The URL to parse (its `absoluteString`).
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from; see
    ///     ``dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)``.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    /// - Returns: The result; an unparsable URL gives ``DispatchFailure/invalidURL(_:)``.
    @discardableResult
    public func dispatch(
        _ url: URL, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false
    ) -> DispatchResult {
        dispatch(
            url.absoluteString, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors
        )
    }

    /// Finds the class that claims `url`, creates it and runs its ``DispatchActivity/execute()``.
    ///
    /// The way there, in order:
    /// 1. duplicates: with a ``duplicateWindow``, the same URL again within it is
    ///    ``DispatchFailure/duplicate(within:)``;
    /// 2. readiness: a center that is not ``isReady`` queues the dispatch;
    /// 3. redirect rules (``redirectRules``) may send the URL elsewhere;
    /// 4. the claimant is found (else the ``fallback``, else ``DispatchFailure/unmatched(_:)``);
    /// 5. the source must be admitted by the claimant's ``DispatchActivity/exposure`` and
    ///    ``allowedApplications``;
    /// 6. the ``interceptors`` may proceed, redirect, reject or hold;
    /// 7. the activity is created and executed;
    /// 8. the observers receive a ``DispatchEvent``.
    ///
    /// - Parameters:
    ///   - url: The parsed URL.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from. A URL from outside the app (another app, a universal
    ///     link, a notification) reaches only activities whose ``DispatchActivity/exposure``
    ///     admits it, and only apps in ``allowedApplications`` if that is set; otherwise the
    ///     result is ``DispatchFailure/rejected(reason:)`` and nothing runs. `nil`, the default,
    ///     means the source of the URL whose code is running — the activity's `init(request:)`,
    ///     `execute()` (also asynchronous, after it suspends and in the tasks it starts),
    ///     `makeDestination()` or `remove()`, an interceptor deciding on it, an observer told
    ///     about it — and ``DispatchOrigin/app`` anywhere else. A URL from outside therefore stays
    ///     from outside through the dispatches it causes; pass `.app` to vouch for a URL.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    /// - Returns: The result: handled, or the typed ``DispatchFailure``.
    /// - Complexity: O(*s*) in the URL's path segments for classes with patterns, whatever their
    ///   number, plus one `isHit` call per class without patterns.
    @discardableResult
    public func dispatch(
        _ url: DispatchURL, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false
    ) -> DispatchResult {
        // The caller keeps its URL: the request gets the one copy.
        start(url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors)
    }

    /// What both `dispatch` overloads do with a parsed URL: the guarded way in if any policy needs
    /// it, else straight to the claimant.
    @inline(__always)
    func start(
        _ url: consuming DispatchURL, userInfo: [String: any Sendable], source: DispatchOrigin?,
        skippingInterceptors: Bool, purpose: Purpose = .execute
    ) -> DispatchResult {
        beginOutermost()
        let inherited = DispatchOrigin.inherited
        let source = source ?? inherited
        if source != inherited {
            return startInScope(
                url, userInfo: userInfo, source: source, intercepted: !skippingInterceptors, purpose: purpose)
        }
        return enter(
            url, userInfo: userInfo, source: source, intercepted: !skippingInterceptors, purpose: purpose)
    }

    /// The pipeline from its first stage, in the scope its source needs.
    @inline(__always)
    private func enter(
        _ url: consuming DispatchURL, userInfo: [String: any Sendable], source: DispatchOrigin,
        intercepted: Bool, purpose: Purpose
    ) -> DispatchResult {
        if isGuarded {
            return admit(url, userInfo: userInfo, source: source, intercepted: intercepted, purpose: purpose)
        }
        return run(
            url, userInfo: userInfo, source: source, intercepted: intercepted, redirects: nil, trace: nil,
            purpose: purpose)
    }

    /// ``start(_:userInfo:source:skippingInterceptors:purpose:)`` for a source other than the one
    /// the caller's code runs for — a URL from outside, or the app vouching for a URL from code
    /// running for one: the whole pipeline runs in the scope of `source`, so that what its
    /// interceptors, activity and observers dispatch comes from there. Out of line: the app's own
    /// dispatches from its own code never come here.
    @inline(never)
    private func startInScope(
        _ url: DispatchURL, userInfo: [String: any Sendable], source: DispatchOrigin, intercepted: Bool,
        purpose: Purpose
    ) -> DispatchResult {
        source.scope {
            enter(url, userInfo: userInfo, source: source, intercepted: intercepted, purpose: purpose)
        }
    }

    /// Runs `body` in the scope of `source` unless the caller's code already runs for it: for the
    /// ways into the pipeline other than a dispatch (a resumed hold, a queued dispatch, a
    /// destination, a removal, the observers).
    func inScope<Result>(of source: DispatchOrigin, _ body: () throws -> Result) rethrows -> Result {
        source == .inherited ? try body() : try source.scope(body)
    }

    /// The way in when there are observers, readiness or duplicates to mind (stages 1, 2 and 8).
    /// Out of line: a plain dispatch does not come here.
    @inline(never)
    private func admit(
        _ url: DispatchURL, userInfo: [String: any Sendable], source: DispatchOrigin, intercepted: Bool,
        purpose: Purpose
    ) -> DispatchResult {
        let now = clock()
        let trace =
            observerList.isEmpty
            ? nil : DispatchTrace(url: url, source: source, start: now, isNested: depth > 0)
        // A double tap is a person's: dispatches made while another one runs are code's.
        let filtered = depth == 0 && duplicateFilter != nil
        if filtered, let window = duplicateFilter?.window(containing: url, at: now) {
            return record(DispatchResult(url: url, failure: .duplicate(within: window)), trace: trace)
        }
        if !ready, waiting.count >= queueLimit {
            // Refused, not let through: a retry is not a duplicate of it.
            return record(DispatchResult(url: url, failure: .queueFull(capacity: queueLimit)), trace: trace)
        }
        guard ready else {
            if filtered { duplicateFilter?.remember(url, at: now) }
            waiting.append(
                QueuedDispatch(
                    url: url, userInfo: userInfo, source: source, intercepted: intercepted, trace: trace,
                    awaits: purpose == .executeAwaiting))
            return DispatchResult(url: url, failure: .queued(position: waiting.count))
        }
        let result = run(
            url, userInfo: userInfo, source: source, intercepted: intercepted, redirects: nil, trace: trace,
            purpose: purpose)
        // Only a dispatch that ran (or waits to) starts the window: one that was refused must not
        // keep the next one from running — a URL from another app would suppress the app's own.
        if filtered, result.ran { duplicateFilter?.remember(url, at: now) }
        if preparedActivity != nil {
            // An asynchronous activity: its event is recorded when its work ends.
            preparedTrace = trace
            return result
        }
        return record(result, trace: trace)
    }

    /// Starts what may be an outermost run of the pipeline — a dispatch, a destination, a resumed
    /// hold, a queued dispatch, a removal. A depth-limit failure that an earlier run left behind
    /// without reaching an outermost activity (inside an interceptor that then rejected, or in a
    /// chain of destinations) must not be blamed on this one.
    func beginOutermost() {
        if depth == 0 { hitRecursionLimit = false }
    }

    /// An input that is not a URL: the result, and its event.
    @inline(never)
    func invalid(_ error: DispatchURLError, source: DispatchOrigin) -> DispatchResult {
        let result = DispatchResult(url: nil, failure: .invalidURL(error))
        guard !observerList.isEmpty else { return result }
        return record(
            result, trace: DispatchTrace(url: nil, source: source, start: clock(), isNested: depth > 0))
    }

    /// A link the intake refused before dispatching it: the result, and its event.
    func refuseAtIntake(_ error: IntakeError, url: DispatchURL?, source: DispatchOrigin) -> DispatchResult {
        let result = DispatchResult(url: url, failure: .refusedAtIntake(error))
        guard !observerList.isEmpty else { return result }
        let trace = DispatchTrace(url: url, source: source, start: clock(), isNested: depth > 0)
        return record(result, trace: trace)
    }

    /// What the end of the pipeline does with the activity it reaches.
    enum Purpose {
        /// Run ``DispatchActivity/execute()``: a dispatch.
        case execute
        /// Run ``DispatchActivity/makeDestination()``: ``destination(for:as:userInfo:source:)-(DispatchURL,_,_,_)``.
        case makeDestination
        /// An awaiting dispatch: execute a synchronous activity; only create an
        /// ``AsyncDispatchActivity``, left in ``preparedActivity`` for the caller to await.
        case executeAwaiting
    }

    /// The dispatch itself, stages 3 to 7. `url` is consumed so that the request can own it without
    /// a copy (a copy retains each of the URL's half-dozen strings and arrays, and releases them
    /// later).
    func run(
        _ url: consuming DispatchURL, userInfo: [String: any Sendable], source: DispatchOrigin,
        intercepted: Bool, redirects: [DispatchURL]?, trace: DispatchTrace?, purpose: Purpose
    ) -> DispatchResult {
        guard depth < maximumNestingDepth else { return refuse(url) }
        if hasRedirectRules, let redirect = ruleSet.redirect(for: url, in: ruleEnvironment) {
            if let error = redirect.url.sizeViolation(of: parseLimits) {
                return DispatchResult(
                    url: url, failure: .invalidRedirectTarget(rule: redirect.rule, error: error))
            }
            return follow(
                url, redirects: redirects, to: redirect.url, userInfo: userInfo, source: source,
                intercepted: intercepted,
                trace: trace, purpose: purpose)
        }
        let claim = snapshot.firstClaim(for: url)
        guard let type = claim?.activity ?? fallback else { return DispatchResult(unmatched: url) }
        if source.isExternal, let rejection = rejection(of: source, by: type) {
            return DispatchResult(url: url, failure: .rejected(reason: rejection))
        }
        let request = DispatchRequest.dispatched(
            url: url, userInfo: userInfo, reference: reference, match: claim?.match, source: source,
            redirects: redirects)
        if intercepted, hasInterceptors, !type.skipsInterceptors,
            let outcome = intercept(
                request, by: type, consulting: interceptorList[...], trace: trace, purpose: purpose)
        {
            return outcome
        }
        if purpose != .execute { return finish(type, request, for: purpose) }
        return perform(type, request)
    }

    /// Creates the activity and runs it (stage 7).
    @inline(__always)
    private func perform(_ type: DispatchActivity.Type, _ request: consuming DispatchRequest)
        -> DispatchResult
    {
        // What init(request:) dispatches is nested, as what execute() dispatches is.
        depth += 1
        let activity = type.init(request: request)
        let failure: DispatchFailure?
        do {
            try activity.execute()
            activity.lifecycle = .performed
            failure = nil
        } catch {
            failure = Self.failure(of: activity, throwing: error)
        }
        depth -= 1
        if depth == 0, hitRecursionLimit {
            hitRecursionLimit = false
            return DispatchResult(activity: activity, failure: .recursionLimit(depth: maximumNestingDepth))
        }
        return DispatchResult(activity: activity, failure: failure)
    }

    /// What `activity` throwing `error` from `execute()` means. Out of line: the error path.
    @inline(never)
    private static func failure(of activity: DispatchActivity, throwing error: any Error) -> DispatchFailure {
        if error is RequiresAsyncDispatch {
            return .requiresAsyncDispatch(activity: Swift.type(of: activity))
        }
        return .executionFailed(activity: Swift.type(of: activity), error: error)
    }

    /// The end of the pipeline for a purpose other than a synchronous dispatch. Out of line, so
    /// that the dispatch path stays small enough to be inlined where it is called.
    @inline(never)
    private func finish(
        _ type: DispatchActivity.Type, _ request: consuming DispatchRequest, for purpose: Purpose
    ) -> DispatchResult {
        if purpose == .makeDestination { return makeDestination(type, request) }
        if let asynchronous = type as? AsyncDispatchActivity.Type { return prepare(asynchronous, request) }
        return perform(type, request)
    }

    /// Creates an ``AsyncDispatchActivity`` for an awaiting dispatch, which runs it.
    private func prepare(_ type: AsyncDispatchActivity.Type, _ request: DispatchRequest)
        -> DispatchResult
    {
        let activity = nested { type.init(request: request) }
        preparedActivity = activity
        return DispatchResult(activity: activity)
    }

    /// Creates the activity and asks it for its destination, without executing it. The
    /// destination waits in ``madeDestination`` for the caller of ``run``, which takes it at once.
    private func makeDestination(_ type: DispatchActivity.Type, _ request: DispatchRequest)
        -> DispatchResult
    {
        // What init(request:) and makeDestination() dispatch or ask for is nested, as in execute().
        depth += 1
        let activity = type.init(request: request)
        var failure: DispatchFailure?
        do {
            madeDestination = try activity.makeDestination()
            activity.lifecycle = .madeDestination
        } catch {
            failure = .executionFailed(activity: Swift.type(of: activity), error: error)
        }
        depth -= 1
        if depth == 0, hitRecursionLimit {
            // As for a dispatch: a runaway chain of destinations fails the outermost one too.
            hitRecursionLimit = false
            return DispatchResult(activity: activity, failure: .recursionLimit(depth: maximumNestingDepth))
        }
        return DispatchResult(activity: activity, failure: failure)
    }

    /// Asks `interceptors` about `request`, bound for `activity` (stage 6): `nil` to go on, else the
    /// outcome (a rejection, a hold, or the result of the redirect). Out of line: most centers
    /// have no interceptors.
    @inline(never)
    private func intercept(
        _ request: DispatchRequest, by activity: DispatchActivity.Type,
        consulting interceptors: ArraySlice<any DispatchInterceptor>, trace: DispatchTrace?,
        purpose: Purpose = .execute
    ) -> DispatchResult? {
        let interception = DispatchInterception(
            request: request, activity: activity, asksForDestination: purpose == .makeDestination)
        for position in interceptors.indices {
            let interceptor = interceptors[position]
            // An interceptor that dispatches (to present a login page) makes a nested dispatch,
            // from the source of the URL it decides on (the pipeline runs in its scope): it cannot
            // make a URL from outside the app's own by dispatching a part of it. It vouches for a
            // URL it wrote itself with `source: .app`.
            depth += 1
            let decision = interceptor.intercept(interception)
            depth -= 1
            trace?.decisions.append(
                DispatchEvent.Decision(interceptor: Self.name(of: interceptor), decision: decision))
            switch decision {
            case .proceed:
                continue
            case .reject(let reason):
                return DispatchResult(
                    url: request.url,
                    failure: .rejected(reason: rejected(request, for: activity, by: interceptor, reason)))
            case .redirect(let target):
                return follow(
                    request.url, redirects: request.redirects, to: target, userInfo: request.userInfo,
                    source: request.source, intercepted: true, trace: trace, purpose: purpose)
            case .hold where purpose == .makeDestination:
                // A destination is asked for now: it cannot wait for the app to resume a hold.
                // The hold is left as it is, holding nothing, for the interceptor to reuse.
                let reason = "it holds the request, and a destination cannot wait"
                return DispatchResult(
                    url: request.url,
                    failure: .rejected(reason: rejected(request, for: activity, by: interceptor, reason)))
            case .hold(let hold):
                let priority =
                    interceptorList.firstIndex { $0 === interceptor }.map { interceptorPriorities[$0] }
                    ?? interceptor.priority
                let parked = DispatchHold.Parked(
                    center: self, request: request, activity: activity, holder: interceptor,
                    holderPriority: priority, trace: trace)
                guard hold.take(parked, by: Self.name(of: interceptor), defaultTimeout: holdTimeout) else {
                    let reason =
                        hold.state == .pending
                        ? "it returned a hold that already holds a request"
                        : "it returned a hold that has already ended (\(hold.state))"
                    return DispatchResult(
                        url: request.url,
                        failure: .rejected(reason: rejected(request, for: activity, by: interceptor, reason)))
                }
                return DispatchResult(url: request.url, failure: .held(hold))
            }
        }
        return nil
    }

    /// Dispatches `target` in place of `url`, from the same source, with the chain so far: a
    /// redirect by a rule or an interceptor. Out of line: most dispatches are not redirected.
    @inline(never)
    private func follow(
        _ url: DispatchURL, redirects: [DispatchURL]?, to target: DispatchURL,
        userInfo: [String: any Sendable],
        source: DispatchOrigin, intercepted: Bool, trace: DispatchTrace?, purpose: Purpose
    ) -> DispatchResult {
        let chain = (redirects ?? []) + [url]
        if chain.contains(target) {
            return DispatchResult(url: url, failure: .redirectLoop(chain + [target]))
        }
        if chain.count > maximumRedirects {
            return DispatchResult(url: url, failure: .tooManyRedirects(chain + [target]))
        }
        trace?.redirects.append(target)
        return run(
            target, userInfo: userInfo, source: source, intercepted: intercepted, redirects: chain,
            trace: trace, purpose: purpose)
    }

    private func rejected(
        _ request: DispatchRequest, for activity: DispatchActivity.Type,
        by interceptor: any DispatchInterceptor,
        _ reason: String
    ) -> DispatchRejection {
        DispatchRejection(
            rule: .interceptor(name: Self.name(of: interceptor), reason: reason),
            activity: String(describing: activity),
            source: request.source)
    }

    private static func name(of interceptor: any DispatchInterceptor) -> String {
        String(describing: Swift.type(of: interceptor))
    }

    /// Goes on with a held dispatch: the interceptors consulted after the one that held it — as the
    /// list is now, so that one removed meanwhile is not asked and one added is — then the
    /// activity. Called by ``DispatchHold/resume()``.
    func resume(_ parked: DispatchHold.Parked) -> DispatchResult {
        beginOutermost()
        return inScope(of: parked.request.source) { resumeInScope(parked) }
    }

    private func resumeInScope(_ parked: DispatchHold.Parked) -> DispatchResult {
        let remaining: ArraySlice<any DispatchInterceptor>
        if let position = interceptorList.firstIndex(where: { $0 === parked.holder }) {
            remaining = interceptorList[(position + 1)...]
        } else {
            // The holder was removed meanwhile: those it outranked.
            let start =
                interceptorPriorities.firstIndex { $0 < parked.holderPriority } ?? interceptorList.endIndex
            remaining = interceptorList[start...]
        }
        let result =
            intercept(parked.request, by: parked.activity, consulting: remaining, trace: parked.trace)
            ?? perform(parked.activity, parked.request)
        return record(result, trace: parked.trace)
    }

    /// Why a URL from `source` may not reach `activity`: the center's allowlist, then the class's
    /// exposure. Out of line: URLs from the app never get here.
    @inline(never)
    private func rejection(of source: DispatchOrigin, by activity: DispatchActivity.Type)
        -> DispatchRejection?
    {
        let rule: DispatchRejection.Rule?
        if let allowed = allowedApplications, case .external(let application) = source,
            !(application.map(allowed.contains) ?? false)
        {
            rule = .centerAllowlist
        } else {
            rule = activity.exposure.refusal(of: source)
        }
        return rule.map {
            DispatchRejection(rule: $0, activity: String(describing: activity), source: source)
        }
    }

    /// A dispatch nested too deep. Out of line, so that the dispatch path does not hold the
    /// URL's parts in registers and on the stack for this rare case.
    @inline(never)
    private func refuse(_ url: consuming DispatchURL) -> DispatchResult {
        hitRecursionLimit = true
        return DispatchResult(url: url, failure: .recursionLimit(depth: maximumNestingDepth))
    }

    // MARK: - Interceptors

    /// Adds an interceptor; it is consulted for every dispatch from now on, by descending
    /// ``DispatchInterceptor/priority`` (read now), equal priorities in the order they were added.
    /// Adding an interceptor that is already there does nothing.
    public func addInterceptor(_ interceptor: any DispatchInterceptor) {
        guard !interceptorList.contains(where: { $0 === interceptor }) else { return }
        let priority = interceptor.priority
        let position = interceptorPriorities.firstIndex { $0 < priority } ?? interceptorPriorities.endIndex
        interceptorList.insert(interceptor, at: position)
        interceptorPriorities.insert(priority, at: position)
        hasInterceptors = true
    }

    /// Removes an interceptor. Removing one that was not added does nothing. A request it holds
    /// stays held: its ``DispatchHold`` still resumes, cancels or times out.
    public func removeInterceptor(_ interceptor: any DispatchInterceptor) {
        guard let position = interceptorList.firstIndex(where: { $0 === interceptor }) else { return }
        interceptorList.remove(at: position)
        interceptorPriorities.remove(at: position)
        hasInterceptors = !interceptorList.isEmpty
    }

    /// The interceptors, in the order they are consulted.
    public var interceptors: [any DispatchInterceptor] { interceptorList }

    /// How many redirects a dispatch may follow before it fails with
    /// ``DispatchFailure/tooManyRedirects(_:)``. Default: 8; values are kept within 0...100.
    public var maximumRedirects: Int {
        get { redirectLimit }
        // Each redirect is a nested call: the bound keeps a configuration mistake off the stack.
        set { redirectLimit = min(max(0, newValue), 100) }
    }

    /// How long a ``DispatchHold`` created without a timeout waits for ``DispatchHold/resume()`` or
    /// ``DispatchHold/cancel()``, in seconds, before the dispatch ends with
    /// ``DispatchFailure/holdTimedOut(by:after:)``. `nil`, NaN and `.infinity` wait for ever; zero
    /// or less ends a hold as soon as the main actor is free. Default: 300 (a login can take a
    /// while; a request nobody resumes should not wait for ever).
    public var holdTimeout: Double? {
        get { defaultHoldTimeout }
        set { defaultHoldTimeout = Seconds.normalized(newValue) }
    }

    // MARK: - Redirect rules

    /// Rules that send URLs elsewhere before their claimant is looked for: hot fixes and
    /// downgrades delivered as JSON (see ``RedirectRules``). Default: none.
    ///
    /// Replacing them is atomic: a document is validated whole when the value is made, so an
    /// invalid one throws before anything is assigned and the rules in force stay in force.
    ///
    /// ```swift
    /// @MainActor func apply(rulesJSON data: Data, to center: DispatchCenter) {
    ///     do {
    ///         center.redirectRules = try RedirectRules(json: data)  // checked whole, then swapped in
    ///     } catch {
    ///         // rules[2]: the target uses parameter "slug", which the pattern does not capture
    ///         print("rules refused, the previous ones stay: \(error)")
    ///     }
    ///     center.redirectEnvironment.flags.insert("product-page-broken")  // the app version: the bundle's
    /// }
    /// ```
    ///
    /// A redirected URL is dispatched from the same source, through the rules again (a chain), then
    /// the claimant, its exposure and the interceptors; the activity sees the URLs it was redirected
    /// from in ``DispatchRequest/redirects``. A cycle is ``DispatchFailure/redirectLoop(_:)`` and a
    /// chain longer than ``maximumRedirects`` is ``DispatchFailure/tooManyRedirects(_:)``.
    public var redirectRules: RedirectRules {
        get { ruleSet }
        set {
            ruleSet = newValue
            hasRedirectRules = !newValue.isEmpty
        }
    }

    /// What the rules' conditions are checked against: the app version (by default the bundle's
    /// `CFBundleShortVersionString`, when it is a valid ``RedirectRules/Version``) and the flags
    /// the app has turned on (by default none).
    ///
    /// ```swift
    /// DispatchCenter.shared.redirectEnvironment.flags.insert("product-page-broken")
    /// ```
    public var redirectEnvironment: RedirectRules.Environment {
        get { ruleEnvironment }
        set { ruleEnvironment = newValue }
    }

    /// The main bundle's short version, if it has one the rules can compare.
    private nonisolated static var bundleVersion: RedirectRules.Version? {
        (Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String)
            .flatMap(RedirectRules.Version.init)
    }

    // MARK: - Readiness and duplicates

    /// Whether the app is ready to show what URLs open. Default: `true`.
    ///
    /// Set it to `false` early in a cold start (before the UI is up or the user is restored): from
    /// then on dispatches wait in a queue, in arrival order, and their result is
    /// ``DispatchFailure/queued(position:)``. Setting it back to `true` runs them, in that order;
    /// each one's outcome goes to the observers. When the queue already holds
    /// ``maximumQueuedDispatches``, a dispatch fails with ``DispatchFailure/queueFull(capacity:)``:
    /// nothing is dropped silently.
    ///
    /// ```swift
    /// @MainActor func launch(center: DispatchCenter, launchURL: URL) {
    ///     center.isReady = false  // application(_:didFinishLaunchingWithOptions:)
    ///     center.dispatch(.openedURL(launchURL, sourceApplication: nil))  // queued, from outside
    ///     // … the root view controller comes up, the session is restored:
    ///     center.isReady = true  // runs it
    /// }
    /// ```
    public var isReady: Bool {
        get { ready }
        set {
            ready = newValue
            updateGuard()
            if newValue { runWaiting() }
        }
    }

    /// How many dispatches may wait while the center is not ready. Default: 32. Lowering it below
    /// the number waiting keeps those; values below 0 are raised to 0.
    public var maximumQueuedDispatches: Int {
        get { queueLimit }
        set { queueLimit = max(0, newValue) }
    }

    /// The dispatches waiting for the center to be ready, in arrival order.
    public var queuedDispatches: [QueuedDispatch] { waiting }

    /// How soon, in seconds, the same URL dispatched again is a duplicate (a double tap) instead of
    /// being opened twice; `nil` (the default) opens every dispatch.
    ///
    /// Only dispatches made while no other dispatch is running are compared — those are the
    /// user's; a dispatch from an activity's `execute()`, an interceptor or an observer is code's.
    /// (A dispatch from a hold's ``DispatchHold/whenEnded(_:)`` handler or a `Task` counts as the
    /// user's.) URLs are compared as parsed (`cono://Test.com/a` is `cono://test.com/a`), and the
    /// window runs from the last dispatch that ran: one whose activity was created (even if its
    /// `execute()` then threw), was held or was queued. A dispatch that was refused — rejected,
    /// unmatched, a redirect loop — starts no window, so a link from another app that is turned
    /// away cannot keep the app's own dispatch of the same URL from running.
    ///
    /// NaN, zero and negative values filter nothing (they read back as `nil`); `.infinity` opens
    /// each URL once. The center remembers at most the latest 1,024 URLs.
    public var duplicateWindow: Double? {
        get { duplicateFilter?.window }
        set {
            duplicateFilter = newValue.flatMap(DuplicateFilter.init(window:))
            updateGuard()
        }
    }

    /// Runs the waiting dispatches while the center stays ready. A dispatch that makes the center
    /// not ready again stops the run; the rest keep waiting, in order.
    private func runWaiting() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while ready, !waiting.isEmpty {
            run(waiting.removeFirst())
        }
    }

    private func updateGuard() {
        isGuarded = !observerList.isEmpty || !ready || duplicateFilter != nil
    }

    // MARK: - Events

    /// Adds an observer: from now on it receives a ``DispatchEvent`` for every dispatch of this
    /// center. Adding one that is already there does nothing.
    public func addObserver(_ observer: any DispatchObserver) {
        guard !observerList.contains(where: { $0 === observer }) else { return }
        observerList.append(observer)
        updateGuard()
    }

    /// Removes an observer. Removing one that was not added does nothing.
    public func removeObserver(_ observer: any DispatchObserver) {
        observerList.removeAll { $0 === observer }
        updateGuard()
    }

    /// The observers, in the order they are told.
    public var observers: [any DispatchObserver] { observerList }

    /// A trace for an event of `kind`, or `nil` when nobody observes.
    func trace(of kind: DispatchEvent.Kind, url: DispatchURL?, source: DispatchOrigin) -> DispatchTrace? {
        observerList.isEmpty
            ? nil : DispatchTrace(url: url, source: source, start: clock(), isNested: depth > 0, kind: kind)
    }

    /// Runs `body` as a nested step (a removal): what it dispatches counts as nested.
    func nested<T>(_ body: () throws -> T) rethrows -> T {
        depth += 1
        defer { depth -= 1 }
        return try body()
    }

    /// Tells the observers how the dispatch of `trace` ended, unless it has not (it is held), and
    /// returns `result`.
    @discardableResult
    func record(_ result: DispatchResult, trace: DispatchTrace?) -> DispatchResult {
        guard let trace else { return result }
        if case .held = result.failure { return result }
        // Past the limit, only dispatches that observers themselves keep making are left; telling
        // the observers about those would start the next one.
        guard depth <= maximumNestingDepth else { return result }
        let event = trace.event(for: result, now: clock())
        // What observers dispatch is nested: an observer that dispatches on every event stops at the
        // depth limit. Their failures are theirs: the outcome is settled.
        depth += 1
        inScope(of: event.source) {
            for observer in observerList { try? observer.observe(event) }
        }
        depth -= 1
        if depth == 0 { hitRecursionLimit = false }
        return result
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
