import Foundation

// Stage 7 of the pipeline, after the claimant's typed link has decoded: the interceptors, which may
// let a request through, redirect it, reject it or hold it until the app resumes it.

extension DispatchCenter {
    /// Adds an interceptor; it is consulted for every dispatch from now on, by descending
    /// ``DispatchInterceptor/priority`` (read now), equal priorities in the order they were added.
    /// Adding an interceptor that is already there does nothing.
    public func addInterceptor(_ interceptor: any DispatchInterceptor) {
        let priority = interceptor.priority
        if interceptorChain.insert(interceptor, priority: priority) { hasInterceptors = true }
    }

    /// Removes an interceptor. Removing one that was not added does nothing. A request it holds
    /// stays held: its ``DispatchHold`` still resumes, cancels or times out.
    public func removeInterceptor(_ interceptor: any DispatchInterceptor) {
        if interceptorChain.remove(interceptor) { hasInterceptors = !interceptorChain.isEmpty }
    }

    /// The interceptors, in the order they are consulted.
    public var interceptors: [any DispatchInterceptor] { interceptorChain.interceptors }

    /// How long a ``DispatchHold`` created without a timeout waits for ``DispatchHold/resume()`` or
    /// ``DispatchHold/cancel()``, in seconds, before the dispatch ends with
    /// ``DispatchFailure/holdTimedOut(by:after:)``. `nil`, NaN and `.infinity` wait for ever; zero
    /// or less ends a hold as soon as the main actor is free. Default: 300 (a login can take a
    /// while; a request nobody resumes should not wait for ever).
    public var holdTimeout: Double? {
        get { settings.holdTimeout }
        set { settings.holdTimeout = Seconds.normalized(newValue) }
    }

    /// Asks `interceptors` about `request`, bound for `activity` (stage 6): `nil` to go on, else the
    /// outcome (a rejection, a hold, or the result of the redirect). Out of line: most centers
    /// have no interceptors.
    @inline(never)
    func intercept(
        _ request: DispatchRequest, by activity: DispatchActivity.Type,
        consulting interceptors: ArraySlice<any DispatchInterceptor>, trace: DispatchTrace?,
        purpose: Purpose = .execute
    ) -> DispatchResult? {
        let interception = DispatchInterception(
            request: request, activity: activity, asksForDestination: purpose == .makeDestination)
        for position in interceptors.indices {
            let interceptor = interceptors[position]
            // An interceptor that dispatches (to present a login page) makes a nested dispatch,
            // from the source of the URL it decides on (the pipeline runs in its scope): it cannot
            // make a URL from outside the app's own by dispatching a part of it. It vouches for a
            // URL it wrote itself with `source: .app`.
            nesting.depth += 1
            let decision = interceptor.intercept(interception)
            nesting.depth -= 1
            trace?.decisions.appendOffThePath(
                DispatchTrace.Decision(interceptor: Self.name(of: interceptor), decision: decision))
            switch decision {
            case .proceed:
                continue
            case .reject(let reason):
                return DispatchResult(
                    url: request.url,
                    failure: .rejected(reason: rejected(request, for: activity, by: interceptor, reason)))
            case .redirect(let target):
                return follow(
                    request.url, redirects: request.redirects, to: target, userInfo: request.userInfo,
                    source: request.source, intercepted: true, trace: trace, purpose: purpose)
            case .hold where purpose == .makeDestination:
                // A destination is asked for now: it cannot wait for the app to resume a hold.
                // The hold is left as it is, holding nothing, for the interceptor to reuse.
                let reason = "it holds the request, and a destination cannot wait"
                return DispatchResult(
                    url: request.url,
                    failure: .rejected(reason: rejected(request, for: activity, by: interceptor, reason)))
            case .hold(let hold):
                let priority = interceptorChain.priority(of: interceptor) ?? interceptor.priority
                let parked = DispatchHold.Parked(
                    center: self, request: request, activity: activity, holder: interceptor,
                    holderPriority: priority, trace: trace)
                guard hold.take(parked, by: Self.name(of: interceptor), defaultTimeout: holdTimeout) else {
                    let reason =
                        hold.state == .pending
                        ? "it returned a hold that already holds a request"
                        : "it returned a hold that has already ended (\(hold.state))"
                    return DispatchResult(
                        url: request.url,
                        failure: .rejected(reason: rejected(request, for: activity, by: interceptor, reason)))
                }
                return DispatchResult(url: request.url, failure: .held(hold))
            }
        }
        return nil
    }

    private func rejected(
        _ request: DispatchRequest, for activity: DispatchActivity.Type,
        by interceptor: any DispatchInterceptor,
        _ reason: String
    ) -> DispatchRejection {
        DispatchRejection(
            rule: .interceptor(name: Self.name(of: interceptor), reason: reason),
            activity: String(describing: activity),
            source: request.source)
    }

    private static func name(of interceptor: any DispatchInterceptor) -> String {
        String(describing: Swift.type(of: interceptor))
    }

    /// Goes on with a held dispatch: the interceptors consulted after the one that held it — as the
    /// list is now, so that one removed meanwhile is not asked and one added is — then the
    /// activity. Called by ``DispatchHold/resume()``.
    func resume(_ parked: DispatchHold.Parked) -> DispatchResult {
        beginOutermost()
        return inScope(of: parked.request.source) { resumeInScope(parked) }
    }

    private func resumeInScope(_ parked: DispatchHold.Parked) -> DispatchResult {
        let remaining = interceptorChain.remaining(after: parked.holder, priority: parked.holderPriority)
        let result =
            intercept(parked.request, by: parked.activity, consulting: remaining, trace: parked.trace)
            ?? perform(parked.activity, parked.request, hasLinkType: parked.activity.linkType != nil)
        return record(result, trace: parked.trace)
    }
}
