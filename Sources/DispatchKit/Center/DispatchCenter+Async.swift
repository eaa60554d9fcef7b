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
    /// runs it when it becomes ready; the result here is then ``DispatchFailure/queued(position:)``.
    ///
    /// ```swift
    /// let result = await center.dispatch(orderURL, timeout: 10)
    /// ```
    ///
    /// - Parameters:
    ///   - url: The parsed URL.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from, as for the synchronous dispatch.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    ///   - timeout: Seconds the asynchronous work may take; `nil` (the default) uses
    ///     ``executionTimeout``.
    /// - Returns: The result: handled, or the typed ``DispatchFailure``.
    @discardableResult
    public func dispatch(
        _ url: DispatchURL, userInfo: [String: any Sendable] = [:], source: DispatchSource? = nil,
        skippingInterceptors: Bool = false, timeout: Double? = nil
    ) async -> DispatchResult {
        let result = start(
            url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors,
            purpose: .executeAwaiting)
        guard let activity = preparedActivity else { return result }
        let trace = preparedTrace
        preparedActivity = nil
        preparedTrace = nil
        let failure = await awaitWork(of: activity, timeout: timeout ?? executionTimeout)
        return record(DispatchResult(activity: activity, failure: failure), trace: trace)
    }

    /// Parses `string` with ``urlLimits``, dispatches it and awaits an asynchronous activity; see
    /// ``dispatch(_:userInfo:source:skippingInterceptors:timeout:)-(DispatchURL,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - string: The URL to parse.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    ///   - timeout: Seconds the asynchronous work may take; `nil` uses ``executionTimeout``.
    /// - Returns: The result; an unparsable string gives ``DispatchFailure/invalidURL(_:)``.
    @discardableResult
    public func dispatch(
        _ string: String, userInfo: [String: any Sendable] = [:], source: DispatchSource? = nil,
        skippingInterceptors: Bool = false, timeout: Double? = nil
    ) async -> DispatchResult {
        let url: DispatchURL
        do throws(DispatchURLError) {
            url = try DispatchURL(string: string, limits: urlLimits)
        } catch {
            return invalid(error, source: source ?? inheritedSource)
        }
        return await dispatch(
            url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors,
            timeout: timeout)
    }

    /// Parses a Foundation `URL` with ``urlLimits``, dispatches it and awaits an asynchronous
    /// activity; see ``dispatch(_:userInfo:source:skippingInterceptors:timeout:)-(DispatchURL,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - url: The URL to parse (its `absoluteString`).
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    ///   - timeout: Seconds the asynchronous work may take; `nil` uses ``executionTimeout``.
    /// - Returns: The result; an unparsable URL gives ``DispatchFailure/invalidURL(_:)``.
    @discardableResult
    public func dispatch(
        _ url: URL, userInfo: [String: any Sendable] = [:], source: DispatchSource? = nil,
        skippingInterceptors: Bool = false, timeout: Double? = nil
    ) async -> DispatchResult {
        await dispatch(
            url.absoluteString, userInfo: userInfo, source: source,
            skippingInterceptors: skippingInterceptors, timeout: timeout)
    }

    /// Runs a queued awaiting dispatch, now that the center is ready: an asynchronous activity's
    /// work is awaited, with ``executionTimeout``, and the outcome goes to the observers.
    func runAwaiting(_ queued: QueuedDispatch) async {
        let result = run(
            queued.url, userInfo: queued.userInfo, source: queued.source, intercepted: queued.intercepted,
            redirects: nil, trace: queued.trace, purpose: .executeAwaiting)
        guard let activity = preparedActivity else {
            record(result, trace: queued.trace)
            return
        }
        preparedActivity = nil
        let failure = await awaitWork(of: activity, timeout: executionTimeout)
        record(DispatchResult(activity: activity, failure: failure), trace: queued.trace)
    }

    /// Runs the work of `activity` in a task of its own and returns the first of: its outcome,
    /// the caller's cancellation, the timeout. The work's task is cancelled in the last two cases.
    private func awaitWork(of activity: AsyncDispatchActivity, timeout: Double?) async -> DispatchFailure? {
        let type = Swift.type(of: activity)
        let outcome = AsyncOutcome()
        let work = Task { @MainActor in
            do {
                try await activity.execute()
                outcome.settle(nil)
            } catch {
                outcome.settle(.executionFailed(activity: type, error: error))
            }
        }
        var timer: Task<Void, Never>?
        if let timeout {
            timer = Task { @MainActor in
                // Sleeping is cancelled when the work ends first.
                try? await Task.sleep(nanoseconds: UInt64(min(max(timeout, 0), 1e9) * 1e9))
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
