import DispatchKit
import Foundation

// The awaiting dispatch: DispatchKit's pipeline, then, for an AsyncDispatchActivity, its
// asynchronous work raced against the caller's cancellation and the timeout.

extension DispatchCenter {
    /// Dispatches `url` and, if the claimant is an `AsyncDispatchActivity`, awaits its work.
    ///
    /// The pipeline is the one of
    /// `dispatch(_:userInfo:source:skippingInterceptors:)`; a synchronous
    /// activity executes as it would there. An asynchronous one is created and its
    /// `AsyncDispatchActivity.execute()` awaited; the result is delivered once, when the
    /// work ends, the caller's task is cancelled (`DispatchFailure.cancelled(activity:)`), or
    /// the timeout passes (`DispatchFailure.timedOut(activity:after:)`) — in the last two cases
    /// the task running the work is cancelled. Observers receive the event when the result is
    /// settled. A center that is not ready queues the dispatch, as the synchronous one does, and
    /// runs it in its turn when it becomes ready; the result here is then
    /// `DispatchFailure.queued(position:)`.
    ///
    /// The name differs from `dispatch` on purpose: in asynchronous code a `dispatch(url)` keeps
    /// meaning the synchronous dispatch, and waiting for asynchronous work is always written out.
    ///
    /// ```swift
    /// @MainActor func open(orderURL: URL, in center: DispatchCenter) async {
    ///     let result = await center.dispatchAndWait(orderURL, timeout: 10)
    ///     if let failure = result.failure { print(failure) }
    /// }
    /// ```
    ///
    /// What the work dispatches without a `source:` comes from the source of `url`, also after it
    /// suspends and in the tasks it starts (see `DispatchActivity.request`).
    ///
    /// - Parameters:
    ///   - url: The parsed URL.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from, as for the synchronous dispatch.
    ///   - skippingInterceptors: Whether this dispatch bypasses the `DispatchInterceptor`s.
    ///   - timeout: Seconds the asynchronous work may take; `nil` (the default) or NaN uses
    ///     ``DispatchKit/DispatchCenter/executionTimeout``, zero or less times out at once, `.infinity` never.
    /// - Returns: The result: handled, or the typed `DispatchFailure`.
    @discardableResult
    public func dispatchAndWait(
        _ url: DispatchURL, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false, timeout: Double? = nil
    ) async -> DispatchResult {
        let awaiter = WorkAwaiter.shared
        let result = startAwaiting(
            url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors,
            awaiter: awaiter)
        guard let (activity, trace) = takeAwaitedActivity() else { return result }
        let failure = await awaiter.awaitWork(
            of: activity, timeout: Seconds.normalized(timeout) ?? executionTimeout)
        return endAwaiting(activity, failure: failure, trace: trace)
    }

    /// Parses `string` with `urlLimits`, dispatches it and awaits an asynchronous activity; see
    /// ``DispatchKit/DispatchCenter/dispatchAndWait(_:userInfo:source:skippingInterceptors:timeout:)-(DispatchURL,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - string: The URL to parse.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from.
    ///   - skippingInterceptors: Whether this dispatch bypasses the `DispatchInterceptor`s.
    ///   - timeout: Seconds the asynchronous work may take; `nil` or NaN uses ``DispatchKit/DispatchCenter/executionTimeout``.
    /// - Returns: The result; an unparsable string gives `DispatchFailure.invalidURL(_:)`.
    @discardableResult
    public func dispatchAndWait(
        _ string: String, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false, timeout: Double? = nil
    ) async -> DispatchResult {
        let url: DispatchURL
        do throws(DispatchURLError) {
            url = try DispatchURL(string: string, limits: urlLimits)
        } catch {
            return invalid(error, source: source ?? .inherited)
        }
        return await dispatchAndWait(
            url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors,
            timeout: timeout)
    }

    /// Parses a Foundation `URL` with `urlLimits`, dispatches it and awaits an asynchronous
    /// activity; see
    /// ``DispatchKit/DispatchCenter/dispatchAndWait(_:userInfo:source:skippingInterceptors:timeout:)-(DispatchURL,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - url: The URL to parse (its `absoluteString`).
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from.
    ///   - skippingInterceptors: Whether this dispatch bypasses the `DispatchInterceptor`s.
    ///   - timeout: Seconds the asynchronous work may take; `nil` or NaN uses ``DispatchKit/DispatchCenter/executionTimeout``.
    /// - Returns: The result; an unparsable URL gives `DispatchFailure.invalidURL(_:)`.
    @discardableResult
    public func dispatchAndWait(
        _ url: URL, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false, timeout: Double? = nil
    ) async -> DispatchResult {
        await dispatchAndWait(
            url.absoluteString, userInfo: userInfo, source: source,
            skippingInterceptors: skippingInterceptors, timeout: timeout)
    }

    /// Dispatches the URL of `link` (`url(for:)`) and, if the claimant is an
    /// `AsyncDispatchActivity` (an `AsyncLinkActivity`), awaits its work; see
    /// ``DispatchKit/DispatchCenter/dispatchAndWait(_:userInfo:source:skippingInterceptors:timeout:)-(DispatchURL,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - link: The link to dispatch.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the link came from.
    ///   - skippingInterceptors: Whether this dispatch bypasses the `DispatchInterceptor`s.
    ///   - timeout: Seconds the asynchronous work may take; `nil` or NaN uses ``DispatchKit/DispatchCenter/executionTimeout``.
    /// - Returns: The result; a link whose URL cannot be built gives
    ///   `DispatchFailure.cannotBuildLink(_:)`.
    @discardableResult
    public func dispatchAndWait(
        _ link: some DispatchLink, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false, timeout: Double? = nil
    ) async -> DispatchResult {
        let url: DispatchURL
        switch builtURL(for: link, source: source) {
        case .success(let built): url = built
        case .failure(let refused): return refused.result
        }
        return await dispatchAndWait(
            url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors,
            timeout: timeout)
    }

    /// Dispatches a URL the system handed over (DispatchKitUI's `IncomingLink`) and, if the
    /// claimant is an `AsyncDispatchActivity`, awaits its work; the link passes the intake's checks
    /// first, as for DispatchKitUI's `dispatch(_:userInfo:)`.
    ///
    /// ```swift
    /// @MainActor func continueBrowsing(webpageURL: URL, center: DispatchCenter) async {
    ///     let result = await center.dispatchAndWait(IncomingLink.universalLink(webpageURL))
    ///     if let failure = result.failure { print(failure) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - link: The URL and the way it arrived: an `IncomingLink`.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - timeout: Seconds the asynchronous work may take; `nil` or NaN uses ``DispatchKit/DispatchCenter/executionTimeout``.
    /// - Returns: The result of the dispatch, or the refusal.
    @discardableResult
    public func dispatchAndWait(
        _ link: some _AdmissibleLink, userInfo: [String: any Sendable] = [:], timeout: Double? = nil
    ) async -> DispatchResult {
        switch link._admission(by: self) {
        case .admitted(let url):
            return await dispatchAndWait(url, userInfo: userInfo, source: link.origin, timeout: timeout)
        case .refused(let result): return result
        }
    }

    /// Seconds an `AsyncDispatchActivity` may take before an awaiting dispatch fails with
    /// `DispatchFailure.timedOut(activity:after:)` and cancels its work, unless the dispatch
    /// passes its own `timeout:`. Default: `nil`, no limit. NaN is read as `nil`, a negative value as
    /// 0 (the work times out at once), and `.infinity` as no limit, as for every duration the
    /// center takes.
    public var executionTimeout: Double? {
        get { defaultExecutionTimeout }
        set { defaultExecutionTimeout = newValue }
    }
}
