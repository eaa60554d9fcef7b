import Foundation

// Destinations and removal: the two other things a URL can be asked for besides "go there" —
// the thing it names, built but not shown, and undoing what it showed.

extension DispatchCenter {
    /// Asks the activity that claims `url` to build its destination, without performing it, and
    /// returns it typed.
    ///
    /// The same way as ``dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)``:
    /// redirect rules, the claimant (else the ``fallback``), the source against its
    /// ``DispatchActivity/exposure``, the interceptors (which see
    /// ``DispatchInterception/asksForDestination``) — then ``DispatchActivity/makeDestination()``
    /// instead of `execute()`. Readiness and the duplicate window do not apply: nothing is shown.
    /// Observers (DispatchKitEvents) receive an event of kind `makeDestination`.
    ///
    /// ```swift
    /// struct ProductPage { let id: Int }
    ///
    /// @MainActor func preview(_ url: DispatchURL, in center: DispatchCenter) throws {
    ///     let page = try center.destination(for: url, as: ProductPage.self)
    ///     print("preview", page)  // shown in a preview, nothing pushed
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - url: The URL naming the destination.
    ///   - type: The type the destination must have.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from, as for `dispatch`.
    /// - Returns: The destination.
    /// - Throws: The failure a dispatch would have (``DispatchFailure/unmatched(_:)``,
    ///   ``DispatchFailure/rejected(reason:)``, a redirect loop, …);
    ///   ``DispatchFailure/executionFailed(activity:error:)`` when `makeDestination()` throws;
    ///   ``DispatchFailure/noDestination(activity:)`` when it returns `nil`; and
    ///   ``DispatchFailure/destinationTypeMismatch(activity:expected:actual:)`` when the destination
    ///   is not a `Destination`. An interceptor that would hold the request rejects it instead.
    public func destination<Destination>(
        for url: DispatchURL, as type: Destination.Type = Destination.self,
        userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil
    ) throws(DispatchFailure) -> Destination {
        beginOutermost()
        let source = source ?? .inherited
        let trace = trace(of: .makeDestination, url: url, source: source)
        handoff.destination = nil
        // In the scope of the source, so that what the activity dispatches or asks for comes from it.
        var result = inScope(of: source) {
            run(
                url, userInfo: userInfo, source: source, intercepted: true, redirects: nil, trace: trace,
                purpose: .makeDestination)
        }
        let made = handoff.destination
        handoff.destination = nil
        var destination: Destination?
        if result.failure == nil, let activity = result.activity {
            let activityType = Swift.type(of: activity)
            if let made {
                destination = made as? Destination
                if destination == nil {
                    result = DispatchResult(
                        activity: activity,
                        failure: .destinationTypeMismatch(
                            activity: activityType, expected: String(describing: Destination.self),
                            actual: String(describing: Swift.type(of: made))))
                }
            } else {
                result = DispatchResult(activity: activity, failure: .noDestination(activity: activityType))
            }
        }
        record(result, trace: trace)
        if let destination { return destination }
        throw result.failure ?? .unmatched(url)  // (a result without a destination has a failure)
    }

    /// Parses `string` with ``urlLimits`` and returns the destination of the activity that
    /// claims it; see ``destination(for:as:userInfo:source:)-(DispatchURL,_,_,_)``.
    ///
    /// - Throws: ``DispatchFailure/invalidURL(_:)`` for an unparsable string, else as the
    ///   `DispatchURL` form.
    public func destination<Destination>(
        for string: String, as type: Destination.Type = Destination.self,
        userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil
    ) throws(DispatchFailure) -> Destination {
        let url: DispatchURL
        do throws(DispatchURLError) {
            url = try DispatchURL(string: string, limits: urlLimits)
        } catch {
            let failure = DispatchFailure.invalidURL(error)
            record(
                DispatchResult(url: nil, failure: failure),
                trace: trace(of: .makeDestination, url: nil, source: source ?? .inherited))
            throw failure
        }
        return try destination(for: url, as: type, userInfo: userInfo, source: source)
    }

    /// Asks an activity that performed to undo what it showed (``DispatchActivity/remove()``):
    /// dismiss the page, close the sheet. The seed's "remove", through the center so that
    /// observers see it (an event of kind `remove`, DispatchKitEvents).
    ///
    /// ```swift
    /// @MainActor func showPromotion(in center: DispatchCenter) throws {
    ///     let result = center.dispatch("cono://test.com/promo/spring")
    ///     // … later, when the promotion ends:
    ///     if let promo = result.activity { try center.remove(promo) }
    /// }
    /// ```
    ///
    /// - Parameter activity: An activity this center created, whose `execute()` succeeded.
    /// - Throws: ``DispatchFailure/cannotRemove(activity:reason:)`` when the activity never
    ///   performed (it failed, only made a destination, or was created by hand), was removed
    ///   already, or declines (``DispatchActivity/canRemove``);
    ///   ``DispatchFailure/executionFailed(activity:error:)`` when `remove()` throws (the activity
    ///   then counts as still shown, and may be asked again).
    public func remove(_ activity: DispatchActivity) throws(DispatchFailure) {
        beginOutermost()
        let type = Swift.type(of: activity)
        let trace = trace(of: .remove, url: activity.url, source: activity.request.source)
        var failure: DispatchFailure?
        switch activity.lifecycle {
        case .removed:
            failure = .cannotRemove(activity: type, reason: "it was already removed")
        case .created, .madeDestination:
            failure = .cannotRemove(activity: type, reason: "it has not performed")
        case .performed where activity.request.center !== self:
            failure = .cannotRemove(activity: type, reason: "another center performed it")
        case .performed where !activity.canRemove:
            failure = .cannotRemove(activity: type, reason: "it declines to be removed now")
        case .performed:
            do {
                // What remove() dispatches comes from the source the activity was dispatched from.
                try inScope(of: activity.request.source) { try nested { try activity.remove() } }
                activity.lifecycle = .removed
            } catch {
                failure = .executionFailed(activity: type, error: error)
            }
        }
        record(DispatchResult(activity: activity, failure: failure), trace: trace)
        if let failure { throw failure }
    }

    /// Creates the activity and asks it for its destination, without executing it. The
    /// destination waits in `handoff.destination` for the caller of `run`, which takes it at once.
    func makeDestination(
        _ type: DispatchActivity.Type, _ request: consuming DispatchRequest, hasLinkType: Bool
    )
        -> DispatchResult
    {
        // What init(request:) and makeDestination() dispatch or ask for is nested, as in execute().
        nesting.depth += 1
        let activity: DispatchActivity
        do throws(LinkRefusal) {
            activity = try instantiateOrFallBack(type, request, hasLinkType: hasLinkType)
        } catch {
            nesting.depth -= 1
            return error.result
        }
        var failure: DispatchFailure?
        do {
            handoff.destination = try activity.makeDestination()
            activity.lifecycle = .madeDestination
        } catch {
            failure = .executionFailed(activity: Swift.type(of: activity), error: error)
        }
        nesting.depth -= 1
        if nesting.depth == 0, nesting.hitLimit {
            // As for a dispatch: a runaway chain of destinations fails the outermost one too.
            nesting.hitLimit = false
            return DispatchResult(activity: activity, failure: .recursionLimit(depth: maximumNestingDepth))
        }
        return DispatchResult(activity: activity, failure: failure)
    }
}
