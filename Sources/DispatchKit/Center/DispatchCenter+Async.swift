import Foundation

// What the awaiting dispatch needs of the pipeline: DispatchKitAsync's `dispatchAndWait` starts it
// with the purpose `executeAwaiting`, takes the AsyncDispatchActivity it reached, and awaits its
// work; a dispatch it queued while the center was not ready starts its work through the center's
// awaiter. DispatchKit itself never awaits.

extension DispatchCenter {
    /// Runs the pipeline for an awaiting dispatch of `url`: a synchronous activity executes, an
    /// ``AsyncDispatchActivity`` is only created, for ``takeAwaitedActivity()``. `awaiter` becomes
    /// the center's, to start the work of the dispatch if the center queues it.
    package func startAwaiting(
        _ url: DispatchURL, userInfo: [String: any Sendable], source: DispatchOrigin?,
        skippingInterceptors: Bool, awaiter: any DispatchAwaiter
    ) -> DispatchResult {
        asyncWork = awaiter
        return start(
            url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors,
            purpose: .executeAwaiting)
    }

    /// The asynchronous activity the last awaiting dispatch reached, and its event in the making;
    /// `nil` if it reached none (it failed, ran a synchronous activity, or was queued).
    package func takeAwaitedActivity() -> (activity: AsyncDispatchActivity, trace: DispatchTrace?)? {
        guard let activity = handoff.activity else { return nil }
        let trace = handoff.trace
        handoff.activity = nil
        handoff.trace = nil
        return (activity, trace)
    }

    /// The result of the awaited work of `activity`, `failure` or `nil`, told to the listener with
    /// `trace`. The activity has performed if its work completed.
    package func endAwaiting(
        _ activity: AsyncDispatchActivity, failure: DispatchFailure?, trace: DispatchTrace?
    ) -> DispatchResult {
        // Set here, in DispatchKit, rather than by the awaiter: a `package` lifecycle would cost
        // every synchronous dispatch a dynamic exclusivity check when it sets it.
        if failure == nil { activity.lifecycle = .performed }
        return record(DispatchResult(activity: activity, failure: failure), trace: trace)
    }

    /// The timeout of asynchronous work that no dispatch gave one, as normalized
    /// (`executionTimeout`, declared by DispatchKitAsync).
    package var defaultExecutionTimeout: Double? {
        get { settings.executionTimeout }
        set { settings.executionTimeout = Seconds.normalized(newValue) }
    }

    /// Runs a dispatch that waited for the center to be ready, in its turn, and tells the listener
    /// its outcome. One queued by an awaiting dispatch may reach an asynchronous activity: the
    /// activity is created now, in its turn, and its work — which cannot run before this
    /// synchronous turn ends — starts in a task under the default execution timeout, without
    /// holding up the dispatches queued after it.
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
        guard let awaiter = asyncWork else {
            // Not reached: only an awaiting dispatch queues one that awaits, and it set the awaiter
            // as it started. Should it be, the work cannot start, and the result says so.
            let failure = DispatchFailure.requiresAsyncDispatch(activity: type(of: activity))
            record(DispatchResult(activity: activity, failure: failure), trace: queued.trace)
            return
        }
        awaiter.startWork(of: activity, timeout: settings.executionTimeout) { [self] failure in
            _ = endAwaiting(activity, failure: failure, trace: queued.trace)
        }
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

/// Who awaits the work of an ``AsyncDispatchActivity``: DispatchKitAsync's, which each awaiting
/// dispatch hands to the center as it starts, the only way a dispatch that awaits gets queued.
@MainActor
package protocol DispatchAwaiter: AnyObject {
    /// Starts the work of `activity` in a task of its own, under `timeout` seconds (`nil`: none),
    /// and calls `ended` once with its failure, or `nil` when it completed.
    func startWork(
        of activity: AsyncDispatchActivity, timeout: Double?,
        ended: @escaping @MainActor (DispatchFailure?) -> Void)
}
