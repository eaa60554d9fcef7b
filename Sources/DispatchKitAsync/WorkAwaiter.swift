import DispatchKit

/// Awaits the work of asynchronous activities: what awaiting dispatches wait on, and what starts
/// the work of one that waited in its center's queue. It keeps nothing, so every center shares one.
@MainActor
final class WorkAwaiter: DispatchAwaiter {
    static let shared = WorkAwaiter()

    func startWork(
        of activity: AsyncDispatchActivity, timeout: Double?,
        ended: @escaping @MainActor (DispatchFailure?) -> Void
    ) {
        Task { ended(await awaitWork(of: activity, timeout: timeout)) }
    }

    /// Runs the work of `activity` in a task of its own and returns the first of: its outcome,
    /// the caller's cancellation, the timeout. The work's task is cancelled in the last two cases.
    func awaitWork(of activity: AsyncDispatchActivity, timeout: Double?) async -> DispatchFailure? {
        let type = Swift.type(of: activity)
        let outcome = AsyncOutcome()
        let source = activity.request.source
        let work = Task { @MainActor in
            do {
                // What the work dispatches, now or after it suspends, comes from its URL's source.
                try await source.awaitingScope { try await activity.execute() }
                outcome.settle(nil)
            } catch {
                outcome.settle(DispatchCenter.failure(of: type, throwing: error))
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
        return failure
    }
}
