import Foundation

// The ways into the pipeline: a string, a Foundation `URL`, a parsed `DispatchURL`. Each ends in
// `start`, the pipeline's first stage (DispatchCenter.swift).

extension DispatchCenter {
    /// Parses `string` with ``urlLimits`` and dispatches it.
    ///
    /// - Parameters:
    ///   - string: The URL to parse.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from; see
    ///     ``dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)``.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    /// - Returns: The result; an unparsable string gives ``DispatchFailure/invalidURL(_:)``.
    @discardableResult
    public func dispatch(
        _ string: String, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false
    ) -> DispatchResult {
        let url: DispatchURL
        do throws(DispatchURLError) {
            url = try DispatchURL(string: string, limits: urlLimits)
        } catch {
            return invalid(error, source: source ?? .inherited)
        }
        // Nobody else holds the parsed URL: it moves into the request instead of being copied.
        return start(url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors)
    }

    /// Parses a Foundation `URL` with ``urlLimits`` and dispatches it.
    ///
    /// - Parameters:
    ///   - url: The URL to parse (its `absoluteString`).
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from; see
    ///     ``dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)``.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    /// - Returns: The result; an unparsable URL gives ``DispatchFailure/invalidURL(_:)``.
    @discardableResult
    public func dispatch(
        _ url: URL, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false
    ) -> DispatchResult {
        dispatch(
            url.absoluteString, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors
        )
    }

    /// Finds the class that claims `url`, creates it and runs its ``DispatchActivity/execute()``.
    ///
    /// The way there, in order:
    /// 1. duplicates: with a ``duplicateWindow``, the same URL again within it is
    ///    ``DispatchFailure/duplicate(within:)``;
    /// 2. readiness: a center that is not ``isReady`` queues the dispatch;
    /// 3. redirect rules (`redirectRules`, in DispatchKitRules) may send the URL elsewhere;
    /// 4. the claimant is found (else the ``fallback``, else ``DispatchFailure/unmatched(_:)``); a URL
    ///    from outside whose origin the app did not declare (``linkOrigins``) is claimed only by a
    ///    pattern that names its scheme or host, else refused;
    /// 5. the source must be admitted by the claimant's ``DispatchActivity/exposure`` and
    ///    ``allowedApplications``;
    /// 6. the claimant's typed link (``DispatchActivity/linkType``), if it has one, is decoded: a
    ///    URL whose values do not decode is ``DispatchFailure/invalidLink(_:)`` and goes no further;
    /// 7. the ``interceptors`` may proceed, redirect, reject or hold (they can read the link with
    ///    ``DispatchRequest/link(as:)``);
    /// 8. the activity is created and executed;
    /// 9. the observers receive an event (`DispatchEvent`, DispatchKitEvents).
    ///
    /// - Parameters:
    ///   - url: The parsed URL.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the URL came from. A URL from outside the app (another app, a universal
    ///     link, a notification) reaches only activities whose ``DispatchActivity/exposure``
    ///     admits it, and only apps in ``allowedApplications`` if that is set; otherwise the
    ///     result is ``DispatchFailure/rejected(reason:)`` and nothing runs. `nil`, the default,
    ///     means the source of the URL whose code is running — the activity's `init(request:)`,
    ///     `execute()` (also asynchronous, after it suspends and in the tasks it starts),
    ///     `makeDestination()` or `remove()`, an interceptor deciding on it, an observer told
    ///     about it — and ``DispatchOrigin/app`` anywhere else. A URL from outside therefore stays
    ///     from outside through the dispatches it causes; pass `.app` to vouch for a URL.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    /// - Returns: The result: handled, or the typed ``DispatchFailure``.
    /// - Complexity: O(*s*) in the URL's path segments for classes with patterns, whatever their
    ///   number, plus one `isHit` call per class without patterns.
    @discardableResult
    public func dispatch(
        _ url: DispatchURL, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false
    ) -> DispatchResult {
        // The caller keeps its URL: the request gets the one copy.
        start(url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors)
    }
}
