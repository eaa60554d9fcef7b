import Foundation

// The guarded way in: stages 1, 2 and 8 (duplicates, readiness, events), which a dispatch takes
// only when one of them is in force.

extension DispatchCenter {
    /// The way in when there are observers, readiness or duplicates to mind (stages 1, 2 and 8).
    /// Out of line: a plain dispatch does not come here.
    @inline(never)
    func admit(
        _ url: DispatchURL, userInfo: [String: any Sendable], source: DispatchOrigin, intercepted: Bool,
        purpose: Purpose
    ) -> DispatchResult {
        let now = clock()
        let trace =
            listener == nil
            ? nil : DispatchTrace(url: url, source: source, start: now, isNested: nesting.depth > 0)
        // A double tap is a person's: dispatches made while another one runs are code's.
        let filtered = nesting.depth == 0 && duplicateFilter != nil
        if filtered, let window = duplicateFilter?.window(containing: url, at: now) {
            return record(DispatchResult(url: url, failure: .duplicate(within: window)), trace: trace)
        }
        if !readiness.isReady, readiness.waiting.count >= settings.queueLimit {
            // Refused, not let through: a retry is not a duplicate of it.
            return record(
                DispatchResult(url: url, failure: .queueFull(capacity: settings.queueLimit)), trace: trace)
        }
        guard readiness.isReady else {
            if filtered { duplicateFilter?.remember(url, at: now) }
            readiness.waiting.appendOffThePath(
                QueuedDispatch(
                    url: url, userInfo: userInfo, source: source, intercepted: intercepted, trace: trace,
                    awaits: purpose == .executeAwaiting))
            return DispatchResult(url: url, failure: .queued(position: readiness.waiting.count))
        }
        let result = run(
            url, userInfo: userInfo, source: source, intercepted: intercepted, redirects: nil, trace: trace,
            purpose: purpose)
        // Only a dispatch that ran (or waits to) starts the window: one that was refused must not
        // keep the next one from running — a URL from another app would suppress the app's own.
        if filtered, result.ran { duplicateFilter?.remember(url, at: now) }
        if handoff.activity != nil {
            // An asynchronous activity: its event is recorded when its work ends.
            handoff.trace = trace
            return result
        }
        return record(result, trace: trace)
    }

    func updateGuard() {
        isGuarded = listener != nil || !readiness.isReady || duplicateFilter != nil
    }
}
