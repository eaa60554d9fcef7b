import Foundation

// Stage 8 of the pipeline: the listener (DispatchKitEvents, which tells the observers) learns how
// each dispatch ended — also one that never entered the pipeline (an invalid URL, a link the intake
// refused).

extension DispatchCenter {
    /// Who hears how each dispatch ends: set by DispatchKitEvents while the center has observers,
    /// `nil` otherwise (then no dispatch makes a trace).
    package var outcomeListener: (any DispatchOutcomeListener)? {
        get { listener }
        set {
            listener = newValue
            updateGuard()
        }
    }

    /// A trace for an event of `kind`, or `nil` when nobody listens.
    func trace(of kind: DispatchTrace.Kind, url: DispatchURL?, source: DispatchOrigin) -> DispatchTrace? {
        listener == nil
            ? nil
            : DispatchTrace(url: url, source: source, start: clock(), isNested: nesting.depth > 0, kind: kind)
    }

    /// Tells the listener how the dispatch of `trace` ended, unless it has not (it is held), and
    /// returns `result`.
    @discardableResult
    func record(_ result: DispatchResult, trace: DispatchTrace?) -> DispatchResult {
        guard let trace, let listener else { return result }
        if case .held = result.failure { return result }
        // Past the limit, only dispatches that observers themselves keep making are left; telling
        // the observers about those would start the next one.
        guard nesting.depth <= maximumNestingDepth else { return result }
        let now = clock()
        // What observers dispatch is nested: an observer that dispatches on every event stops at the
        // depth limit. Their failures are theirs: the outcome is settled.
        nesting.depth += 1
        inScope(of: trace.source) { listener.dispatch(trace, endedWith: result, at: now) }
        nesting.depth -= 1
        if nesting.depth == 0 { nesting.hitLimit = false }
        return result
    }

    /// An input that is not a URL: the result, and its event.
    @inline(never)
    package func invalid(_ error: DispatchURLError, source: DispatchOrigin) -> DispatchResult {
        let result = DispatchResult(url: nil, failure: .invalidURL(error))
        guard listener != nil else { return result }
        return record(
            result,
            trace: DispatchTrace(url: nil, source: source, start: clock(), isNested: nesting.depth > 0))
    }

    /// A link the intake refused before dispatching it: the result, and its event.
    package func refuseAtIntake(_ error: IntakeError, url: DispatchURL?, source: DispatchOrigin)
        -> DispatchResult
    {
        let result = DispatchResult(url: url, failure: .refusedAtIntake(error))
        guard listener != nil else { return result }
        let trace = DispatchTrace(url: url, source: source, start: clock(), isNested: nesting.depth > 0)
        return record(result, trace: trace)
    }
}
