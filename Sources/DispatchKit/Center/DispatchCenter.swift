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
/// await the work of an ``AsyncDispatchActivity``, write `await center.dispatchAndWait(url)`
/// (DispatchKitAsync).
///
/// Each `DispatchCenter()` is independent of ``shared`` and of every other center: tests create
/// their own.
@MainActor
public final class DispatchCenter {
    // Where things are. This file: the state and the pipeline itself (start → enter → run →
    // perform); its ways in, `dispatch` of a string, a `URL` or a `DispatchURL`, are in
    // DispatchCenter+Dispatch, the limits it keeps to in +Limits, the fallback in +Fallback, and
    // typed links in +Links. Each policy stage lives in Policy/, next to the types it drives:
    // DispatchCenter+Duplicates, +Readiness (the guarded way in that runs them is +Admission),
    // +Redirects, +Exposure, +Interceptors, +Events. Registration and lookup:
    // Center/DispatchCenter+Registration and +Lookup; destinations and removal: +Destinations;
    // awaiting dispatches and the queue's runs: +Async; links from the system:
    // DispatchKitUI (IncomingLink.swift).

    /// The app-wide center.
    public static let shared = DispatchCenter(isShared: true)

    // The center's state, grouped by concern (CenterState.swift). Internal, never public: a public
    // stored property of a class can be accessed from other modules, so each read on the dispatch
    // path was a dynamic exclusivity check (swift_beginAccess); the compiler sees every access to an
    // internal one in a whole-module build, none of which overlaps another, and drops the checks.

    /// The limits and defaults behind the public settings.
    var settings = Settings()
    /// The registered classes.
    var registration = Registration()
    /// How deep the running dispatches are nested.
    var nesting = Nesting()
    var valueDispatch = ValueDispatch()
    /// The interceptors in consultation order.
    var interceptorChain = InterceptorChain()
    /// The redirect rules and what their conditions are checked against, when DispatchKitRules
    /// has set them (``redirector``).
    var redirection: (any DispatchRedirector)?
    /// Whether the app is ready, and the dispatches waiting until it is.
    var readiness = Readiness()
    /// The recent URLs, when double taps are filtered.
    var duplicateFilter: DuplicateFilter?
    /// Who hears how each dispatch ends (``outcomeListener``).
    var listener: (any DispatchOutcomeListener)?
    /// Who awaits asynchronous work, set by the awaiting dispatches
    /// (``startAwaiting(_:userInfo:source:skippingInterceptors:awaiter:)``).
    var asyncWork: (any DispatchAwaiter)?
    /// What the pipeline hands to the entry point that started it.
    var handoff = Handoff()
    /// What the intake accepts (``associatedDomains``, ``notificationLinkKey``); read only when a
    /// link arrives from the system, never on the dispatch path.
    var intake = Intake()
    /// Where mistakes in the center's setup are reported; never read on the dispatch path.
    var configuration = Configuration()

    // What the dispatch path reads of the state above, kept apart from it: a struct whose
    // collections are changed in place (an append may release an element, which may run any code)
    // keeps a dynamic exclusivity check on every access, reads on the dispatch path included. A flag
    // of each kind also costs one byte compare.

    /// The consultation order and route index built from ``registration``, rebuilt on the first
    /// read after a registration change.
    var cachedSnapshot: RegistrySnapshot?
    /// `!interceptorChain.isEmpty`.
    var hasInterceptors = false
    /// `!(redirection?.isEmpty ?? true)`.
    var hasRedirectRules = false
    /// `linkOrigins.checksAppDispatches`: whether the app's own dispatches have their origin
    /// checked too.
    var checksAppOrigins = false
    /// Whether a dispatch takes the guarded way in: there are observers to tell, the center is not
    /// ready, or duplicates are filtered. One flag, so that a plain dispatch tests one byte.
    var isGuarded = false

    /// Monotonic nanoseconds, for durations and the duplicate window; tests substitute a clock.
    package var clock: @MainActor () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }

    /// The app's navigator, held strongly: the storage behind `navigator`, which DispatchKitUI
    /// declares (DispatchKit knows nothing of navigation; its navigators are class-bound). Never
    /// read on the dispatch path.
    package var navigatorObject: AnyObject?

    /// What each request holds to find this center: one shared object, so that a dispatch costs a
    /// retain instead of weak-reference bookkeeping.
    nonisolated let reference: CenterReference

    /// Creates a center with nothing registered, independent of ``shared``.
    public convenience init() {
        self.init(isShared: false)
    }

    private init(isShared: Bool) {
        self.isShared = isShared
        reference = CenterReference()
        reference.center = self
    }

    /// Whether this is ``shared``: what `services` reads, in DispatchKitServices, to start with the
    /// shared registry, without creating the shared center to compare with it.
    package nonisolated let isShared: Bool

    /// The registry of services its modules register in, held strongly: the storage behind
    /// `services`, which DispatchKitServices declares (DispatchKit knows nothing of services).
    /// `nil` until the first read of `services`.
    package var servicesObject: AnyObject?

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
    /// destination, a removal, the observers). One copy for every caller: none is on the dispatch
    /// path, and a copy per caller's closure was 2.4 KB of an app.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    func inScope<Result>(of source: DispatchOrigin, _ body: () throws -> Result) rethrows -> Result {
        source == .inherited ? try body() : try source.scope(body)
    }

    /// Starts what may be an outermost run of the pipeline — a dispatch, a destination, a resumed
    /// hold, a queued dispatch, a removal. A depth-limit failure that an earlier run left behind
    /// without reaching an outermost activity (inside an interceptor that then rejected, or in a
    /// chain of destinations) must not be blamed on this one.
    func beginOutermost() {
        if nesting.depth == 0 { nesting.hitLimit = false }
    }

    /// What the end of the pipeline does with the activity it reaches.
    enum Purpose {
        /// Run ``DispatchActivity/execute()``: a dispatch.
        case execute
        /// Run ``DispatchActivity/makeDestination()``: ``destination(for:as:userInfo:source:)-(DispatchURL,_,_,_)``.
        case makeDestination
        /// An awaiting dispatch: execute a synchronous activity; only create an
        /// ``AsyncDispatchActivity``, left in `handoff.activity` for the caller to await.
        case executeAwaiting
    }

    /// The dispatch itself, stages 3 to 8. `url` is consumed so that the request can own it without
    /// a copy (a copy retains each of the URL's half-dozen strings and arrays, and releases them
    /// later).
    func run(
        _ url: consuming DispatchURL, userInfo: [String: any Sendable], source: DispatchOrigin,
        intercepted: Bool, redirects: [DispatchURL]?, trace: DispatchTrace?, purpose: Purpose
    ) -> DispatchResult {
        guard nesting.depth < maximumNestingDepth else { return refuse(url) }
        if hasRedirectRules, let redirect = redirect(for: url, from: source) {
            if let error = redirect.url.sizeViolation(of: settings.urlLimits) {
                return DispatchResult(
                    url: url, failure: .invalidRedirectTarget(rule: redirect.rule, error: error))
            }
            return follow(
                url, redirects: redirects, to: redirect.url, userInfo: userInfo, source: source,
                intercepted: intercepted,
                trace: trace, purpose: purpose)
        }
        // A URL from outside whose origin the app did not declare is claimed only by a pattern
        // naming its scheme or host, else refused (or left to a fallback that accepts any origin).
        let checksOrigin = source.isExternal || checksAppOrigins
        let claim = checksOrigin ? claim(fromOutside: url) : snapshot.firstClaim(for: url)
        if claim == nil, checksOrigin, let refusal = originRefusal(of: url, source: source) { return refusal }
        guard let type = claim?.activity ?? fallback else { return DispatchResult(unmatched: url) }
        let hasLinkType = claim?.hasLinkType ?? settings.fallbackHasLinkType
        // The case of a module link, if a case's route matched: its exposure, and what decoding reads.
        let caseOwner = claim?.caseOwner ?? -1
        if source.isExternal, let rejection = rejection(of: source, by: type, caseOwner: caseOwner) {
            return DispatchResult(url: url, failure: .rejected(reason: rejection))
        }
        let request =
            caseOwner < 0
            ? DispatchRequest.dispatched(
                url: url, userInfo: userInfo, reference: reference, match: claim?.match, source: source,
                redirects: redirects)
            : caseRequest(
                url: url, userInfo: userInfo, match: claim?.match, source: source, redirects: redirects,
                caseOwner: caseOwner)
        // A class with a link goes there even if it skips the interceptors: should its link not
        // decode, the fallback in its place is intercepted.
        if intercepted, hasInterceptors, hasLinkType || !type.skipsInterceptors {
            return interceptThenPerform(
                type, request, hasLinkType: hasLinkType, trace: trace, purpose: purpose)
        }
        if purpose != .execute { return finish(type, request, hasLinkType: hasLinkType, for: purpose) }
        return perform(type, request, hasLinkType: hasLinkType)
    }

    /// Stages 6 to 8 for a request the interceptors see. The link is decoded before any of them
    /// does: a link that cannot open is refused now, not after a login wall has held it, and a rule
    /// can read it. A class with a link that skips the interceptors comes here too, only so that
    /// the fallback that receives its URL if the link does not decode is intercepted. Out of line,
    /// so that a dispatch no interceptor sees does not make room for the request this one changes.
    @inline(never)
    private func interceptThenPerform(
        _ type: DispatchActivity.Type, _ request: consuming DispatchRequest, hasLinkType: Bool,
        trace: DispatchTrace?, purpose: Purpose
    ) -> DispatchResult {
        let handedOver =
            hasLinkType && valueDispatch.isHandingOver && handOverDispatchedLink(to: type, &request)
        if hasLinkType, !handedOver, let refusal = Self.decodeLink(of: type, into: &request) {
            guard let (fallback, request) = fallback(insteadOf: refusal, by: type) else {
                return refusal.result
            }
            // The fallback receives the URL in its place: the interceptors see it bound there.
            if fallback.skipsInterceptors {
                if purpose != .execute {
                    return finish(fallback, request, hasLinkType: settings.fallbackHasLinkType, for: purpose)
                }
                return perform(fallback, request, hasLinkType: settings.fallbackHasLinkType)
            }
            return interceptThenPerform(
                fallback, request, hasLinkType: settings.fallbackHasLinkType, trace: trace, purpose: purpose)
        }
        if !type.skipsInterceptors,
            let outcome = intercept(
                request, by: type, consulting: interceptorChain.interceptors[...], trace: trace,
                purpose: purpose)
        {
            return outcome
        }
        if purpose != .execute { return finish(type, request, hasLinkType: hasLinkType, for: purpose) }
        return perform(type, request, hasLinkType: hasLinkType)
    }

    /// Creates the activity and runs it (stage 8). A class with a ``DispatchActivity/linkType``
    /// (`hasLinkType`) takes ``performDecoding(_:_:)``, which decodes its link first.
    @inline(__always)
    func perform(_ type: DispatchActivity.Type, _ request: consuming DispatchRequest, hasLinkType: Bool)
        -> DispatchResult
    {
        // Kept apart from the link's failure path: with it inlined here, the plain dispatch took
        // 5% longer, though it never runs.
        if hasLinkType { return performDecoding(type, request) }
        // What init(request:) dispatches is nested, as what execute() dispatches is.
        nesting.depth += 1
        return execute(type.init(request: request))
    }

    /// ``perform(_:_:hasLinkType:)`` for a class with a link type: the link decoded, or the failure
    /// that reports it, before the activity exists. Out of line: the other classes never come here.
    @inline(never)
    private func performDecoding(_ type: DispatchActivity.Type, _ request: consuming DispatchRequest)
        -> DispatchResult
    {
        if valueDispatch.isHandingOver { handOverDispatchedLink(to: type, &request) }
        nesting.depth += 1
        let activity: DispatchActivity
        do throws(LinkRefusal) {
            activity = try instantiateOrFallBack(type, request, hasLinkType: true)
        } catch {
            nesting.depth -= 1
            return error.result
        }
        return execute(activity)
    }

    /// Runs the activity just created, at the nesting depth its creation entered, and leaves it.
    @inline(__always)
    func execute(_ activity: DispatchActivity) -> DispatchResult {
        let failure: DispatchFailure?
        do {
            try activity.execute()
            activity.lifecycle = .performed
            failure = nil
        } catch {
            failure = Self.failure(of: activity, throwing: error)
        }
        nesting.depth -= 1
        if nesting.depth == 0, nesting.hitLimit {
            nesting.hitLimit = false
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
        return failure(of: Swift.type(of: activity), throwing: error)
    }

    /// What a class's `execute()`, synchronous or not, throwing `error` means.
    package static func failure(of activity: DispatchActivity.Type, throwing error: any Error)
        -> DispatchFailure
    {
        if error is ExecuteNotOverridden { return .executeNotOverridden(activity: activity) }
        return .executionFailed(activity: activity, error: error)
    }

    /// The end of the pipeline for a purpose other than a synchronous dispatch. Out of line, so
    /// that the dispatch path stays small enough to be inlined where it is called.
    @inline(never)
    private func finish(
        _ type: DispatchActivity.Type, _ request: consuming DispatchRequest, hasLinkType: Bool,
        for purpose: Purpose
    ) -> DispatchResult {
        if purpose == .makeDestination { return makeDestination(type, request, hasLinkType: hasLinkType) }
        // An awaiting dispatch leaves an asynchronous activity to be awaited: the class itself, or
        // the fallback created in place of a class whose link did not decode, whichever class that is.
        if hasLinkType || type is AsyncDispatchActivity.Type {
            return prepare(type, request, hasLinkType: hasLinkType)
        }
        return perform(type, request, hasLinkType: hasLinkType)
    }

    /// A dispatch nested too deep. Out of line, so that the dispatch path does not hold the
    /// URL's parts in registers and on the stack for this rare case.
    @inline(never)
    private func refuse(_ url: consuming DispatchURL) -> DispatchResult {
        nesting.hitLimit = true
        return DispatchResult(url: url, failure: .recursionLimit(depth: maximumNestingDepth))
    }

    /// Runs `body` as a nested step (a removal): what it dispatches counts as nested.
    func nested<T>(_ body: () throws -> T) rethrows -> T {
        nesting.depth += 1
        defer { nesting.depth -= 1 }
        return try body()
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
