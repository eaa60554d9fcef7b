import DispatchKit

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
