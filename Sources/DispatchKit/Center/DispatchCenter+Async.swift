import Foundation

// The awaiting dispatch: the same pipeline, then, for an AsyncDispatchActivity, its asynchronous
// work raced against the caller's cancellation and the timeout.

extension DispatchCenter {
    /// Dispatches `url` and, if the claimant is an ``AsyncDispatchActivity``, awaits its work.
    ///
    /// The pipeline is the one of
    /// ``dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)``; a synchronous
    /// activity executes as it would there. An asynchronous one is created and its
    /// ``AsyncDispatchActivity/execute()-3bv86`` awaited; the result is delivered once, when the
    /// work ends, the caller's task is cancelled (``DispatchFailure/cancelled(activity:)``), or
    /// the timeout passes (``DispatchFailure/timedOut(activity:after:)``) — in the last two cases
    /// the task running the work is cancelled. Observers receive the event when the result is
    /// settled. A center that is not ready queues the dispatch, as the synchronous one does, and
    /// runs it in its turn when it becomes ready; the result here is then
    /// ``DispatchFailure/queued(position:)``.
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
    /// suspends and in the tasks it starts (see ``DispatchActivity/request``).
    ///
    /// - Parameters:
    ///   - url: The parsed URL.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from, as for the synchronous dispatch.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    ///   - timeout: Seconds the asynchronous work may take; `nil` (the default) or NaN uses
    ///     ``executionTimeout``, zero or less times out at once, `.infinity` never.
    /// - Returns: The result: handled, or the typed ``DispatchFailure``.
    @discardableResult
    public func dispatchAndWait(
        _ url: DispatchURL, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false, timeout: Double? = nil
    ) async -> DispatchResult {
        let result = start(
            url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors,
            purpose: .executeAwaiting)
        guard let activity = handoff.activity else { return result }
        let trace = handoff.trace
        handoff.activity = nil
        handoff.trace = nil
        let failure = await awaitWork(of: activity, timeout: Seconds.normalized(timeout) ?? executionTimeout)
        return record(DispatchResult(activity: activity, failure: failure), trace: trace)
    }

    /// Parses `string` with ``urlLimits``, dispatches it and awaits an asynchronous activity; see
    /// ``dispatchAndWait(_:userInfo:source:skippingInterceptors:timeout:)-(DispatchURL,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - string: The URL to parse.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    ///   - timeout: Seconds the asynchronous work may take; `nil` or NaN uses ``executionTimeout``.
    /// - Returns: The result; an unparsable string gives ``DispatchFailure/invalidURL(_:)``.
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

    /// Parses a Foundation `URL` with ``urlLimits``, dispatches it and awaits an asynchronous
    /// activity; see
    /// ``dispatchAndWait(_:userInfo:source:skippingInterceptors:timeout:)-(DispatchURL,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - url: The URL to parse (its `absoluteString`).
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    ///   - timeout: Seconds the asynchronous work may take; `nil` or NaN uses ``executionTimeout``.
    /// - Returns: The result; an unparsable URL gives ``DispatchFailure/invalidURL(_:)``.
    @discardableResult
    public func dispatchAndWait(
        _ url: URL, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false, timeout: Double? = nil
    ) async -> DispatchResult {
        await dispatchAndWait(
            url.absoluteString, userInfo: userInfo, source: source,
            skippingInterceptors: skippingInterceptors, timeout: timeout)
    }

    /// Runs a dispatch that waited for the center to be ready, in its turn, and tells the observers
    /// its outcome. One queued by an awaiting dispatch may reach an asynchronous activity: the
    /// activity is created now, in its turn, and its work — which cannot run before this
    /// synchronous turn ends — starts in a task under ``executionTimeout``, without holding up the
    /// dispatches queued after it.
    func run(_ queued: QueuedDispatch) {
        beginOutermost()
        let result = inScope(of: queued.source) {
            run(
                queued.url, userInfo: queued.userInfo, source: queued.source, intercepted: queued.intercepted,
                redirects: nil, trace: queued.trace, purpose: queued.awaits ? .executeAwaiting : .execute)
        }
        guard let activity = handoff.activity else {
            record(result, trace: queued.trace)
            return
        }
        handoff.activity = nil
        let timeout = executionTimeout
        Task {
            let failure = await awaitWork(of: activity, timeout: timeout)
            record(DispatchResult(activity: activity, failure: failure), trace: queued.trace)
        }
    }

    /// Runs the work of `activity` in a task of its own and returns the first of: its outcome,
    /// the caller's cancellation, the timeout. The work's task is cancelled in the last two cases.
    private func awaitWork(of activity: AsyncDispatchActivity, timeout: Double?) async -> DispatchFailure? {
        let type = Swift.type(of: activity)
        let outcome = AsyncOutcome()
        let source = activity.request.source
        let work = Task { @MainActor in
            do {
                // What the work dispatches, now or after it suspends, comes from its URL's source.
                try await source.awaitingScope { try await activity.execute() }
                outcome.settle(nil)
            } catch {
                outcome.settle(Self.failure(of: type, throwing: error))
            }
        }
        var timer: Task<Void, Never>?
        if let timeout, let nanoseconds = Seconds.nanoseconds(timeout), nanoseconds == 0 {
            // At once means before the work can finish: a timer task would race the work for the
            // main actor, and a brief activity could win.
            if outcome.settle(.timedOut(activity: type, after: timeout)) { work.cancel() }
        } else if let timeout, let nanoseconds = Seconds.nanoseconds(timeout) {
            timer = Task { @MainActor in
                // Sleeping is cancelled when the work ends first.
                try? await Task.sleep(nanoseconds: nanoseconds)
                guard !Task.isCancelled else { return }
                if outcome.settle(.timedOut(activity: type, after: timeout)) { work.cancel() }
            }
        }
        let failure = await withTaskCancellationHandler {
            await outcome.value()
        } onCancel: {
            Task { @MainActor in
                if outcome.settle(.cancelled(activity: type)) { work.cancel() }
            }
        }
        timer?.cancel()
        if failure == nil { activity.lifecycle = .performed }
        return failure
    }

    /// Seconds an ``AsyncDispatchActivity`` may take before an awaiting dispatch fails with
    /// ``DispatchFailure/timedOut(activity:after:)`` and cancels its work, unless the dispatch
    /// passes its own `timeout:`. Default: `nil`, no limit. NaN is read as `nil`, a negative value as
    /// 0 (the work times out at once), and `.infinity` as no limit, as for every duration the
    /// center takes.
    public var executionTimeout: Double? {
        get { settings.executionTimeout }
        set { settings.executionTimeout = Seconds.normalized(newValue) }
    }

    /// Creates the activity of an awaiting dispatch: an ``AsyncDispatchActivity`` is left for the
    /// caller to await, a synchronous one (a synchronous class, or the fallback in place of a class
    /// whose link did not decode) is executed now.
    func prepare(_ type: DispatchActivity.Type, _ request: consuming DispatchRequest, hasLinkType: Bool)
        -> DispatchResult
    {
        // What init(request:) dispatches is nested.
        nesting.depth += 1
        let created: DispatchActivity
        do throws(LinkRefusal) {
            created = try instantiateOrFallBack(type, request, hasLinkType: hasLinkType)
        } catch {
            nesting.depth -= 1
            return error.result
        }
        // The class asked for, or the fallback in its place (its link did not decode), which may
        // be synchronous: it runs now, at the depth its creation entered.
        guard let activity = created as? AsyncDispatchActivity else { return execute(created) }
        nesting.depth -= 1
        handoff.activity = activity
        return DispatchResult(activity: activity)
    }
}

/// The one outcome of an asynchronous activity's work: the first of the work, the caller's
/// cancellation and the timeout to settle it wins; the others find it settled.
@MainActor
final class AsyncOutcome {
    private var settled = false
    private var failure: DispatchFailure?
    private var waiter: CheckedContinuation<DispatchFailure?, Never>?

    /// Settles the outcome; `false` if it was settled already.
    @discardableResult
    func settle(_ failure: DispatchFailure?) -> Bool {
        guard !settled else { return false }
        settled = true
        self.failure = failure
        waiter?.resume(returning: failure)
        waiter = nil
        return true
    }

    /// The outcome, once settled.
    func value() async -> DispatchFailure? {
        if settled { return failure }
        return await withCheckedContinuation { continuation in
            if settled {
                continuation.resume(returning: failure)
            } else {
                waiter = continuation
            }
        }
    }
}
