import Foundation

// Stage 8 of the pipeline: the observers learn how each dispatch ended — also one that never
// entered the pipeline (an invalid URL, a link the intake refused).

extension DispatchCenter {
    /// Adds an observer: from now on it receives a ``DispatchEvent`` for every dispatch of this
    /// center. Adding one that is already there does nothing.
    public func addObserver(_ observer: any DispatchObserver) {
        guard !observerList.contains(where: { $0 === observer }) else { return }
        observerList.appendOffThePath(observer)
        updateGuard()
    }

    /// Removes an observer. Removing one that was not added does nothing.
    public func removeObserver(_ observer: any DispatchObserver) {
        observerList.removeAllOffThePath { $0 === observer }
        updateGuard()
    }

    /// The observers, in the order they are told.
    public var observers: [any DispatchObserver] { observerList }

    /// A trace for an event of `kind`, or `nil` when nobody observes.
    func trace(of kind: DispatchEvent.Kind, url: DispatchURL?, source: DispatchOrigin) -> DispatchTrace? {
        observerList.isEmpty
            ? nil
            : DispatchTrace(url: url, source: source, start: clock(), isNested: nesting.depth > 0, kind: kind)
    }

    /// Tells the observers how the dispatch of `trace` ended, unless it has not (it is held), and
    /// returns `result`.
    @discardableResult
    func record(_ result: DispatchResult, trace: DispatchTrace?) -> DispatchResult {
        guard let trace else { return result }
        if case .held = result.failure { return result }
        // Past the limit, only dispatches that observers themselves keep making are left; telling
        // the observers about those would start the next one.
        guard nesting.depth <= maximumNestingDepth else { return result }
        let event = trace.event(for: result, now: clock())
        // What observers dispatch is nested: an observer that dispatches on every event stops at the
        // depth limit. Their failures are theirs: the outcome is settled.
        nesting.depth += 1
        inScope(of: event.source) {
            for observer in observerList { try? observer.observe(event) }
        }
        nesting.depth -= 1
        if nesting.depth == 0 { nesting.hitLimit = false }
        return result
    }

    /// An input that is not a URL: the result, and its event.
    @inline(never)
    package func invalid(_ error: DispatchURLError, source: DispatchOrigin) -> DispatchResult {
        let result = DispatchResult(url: nil, failure: .invalidURL(error))
        guard !observerList.isEmpty else { return result }
        return record(
            result,
            trace: DispatchTrace(url: nil, source: source, start: clock(), isNested: nesting.depth > 0))
    }

    /// A link the intake refused before dispatching it: the result, and its event.
    package func refuseAtIntake(_ error: IntakeError, url: DispatchURL?, source: DispatchOrigin)
        -> DispatchResult
    {
        let result = DispatchResult(url: url, failure: .refusedAtIntake(error))
        guard !observerList.isEmpty else { return result }
        let trace = DispatchTrace(url: url, source: source, start: clock(), isNested: nesting.depth > 0)
        return record(result, trace: trace)
    }
}
