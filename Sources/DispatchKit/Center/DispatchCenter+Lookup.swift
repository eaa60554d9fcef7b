import Foundation

// Lookup: the registry's answer for a URL, without running anything — who claims it, whether
// anyone does, and the activity that would run.

extension DispatchCenter {
    /// Every registered class that claims `url`, in precedence order: the first one is the one
    /// ``dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)`` runs. The debugging view of "who else would have
    /// taken this?". The fallback is not included.
    ///
    /// The order, per ``DispatchActivity/priority`` from highest: the classes whose
    /// ``DispatchActivity/patterns`` match, most specific match first (see ``RoutePattern``), then
    /// in registration order; then the classes without patterns whose custom
    /// ``DispatchActivity/isHit(url:)`` returns `true`, in registration order.
    ///
    /// Like ``canDispatch(_:)-(DispatchURL)`` and ``activity(for:userInfo:)-(DispatchURL,_)``, this is the registry's answer
    /// alone: redirect rules, sources, interceptors and readiness are not consulted.
    ///
    /// - Complexity: O(*n*) in the URL's path segments for the pattern classes, whatever their
    ///   number, plus one `isHit` call per class without patterns.
    public func claimants(for url: DispatchURL) -> [DispatchActivity.Type] {
        snapshot.claims(for: url).map(\.activity)
    }

    /// Whether a registered class claims `url`. The fallback does not count: with a web fallback
    /// every `https` URL would otherwise be "dispatchable".
    public func canDispatch(_ url: DispatchURL) -> Bool {
        snapshot.firstClaim(for: url) != nil
    }

    /// Creates the activity that ``dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)`` would run for `url` —
    /// the first claimant, else the fallback — without executing it.
    ///
    /// The registry's answer alone: redirect rules, the source's ``DispatchActivity/exposure``,
    /// interceptors and readiness are not consulted, so do not use it to run what a URL from
    /// outside the app names. A class with a ``DispatchActivity/linkType`` is created only if the
    /// URL decodes into its link, as for a dispatch.
    ///
    /// - Returns: The activity, or `nil` if nothing claims the URL and there is no fallback, or the
    ///   URL does not decode into the claimant's link and the app did not choose to hand such URLs
    ///   to the fallback (``InvalidLinkHandling``; a dispatch would fail with
    ///   ``DispatchFailure/invalidLink(_:)``).
    public func activity(for url: DispatchURL, userInfo: [String: any Sendable] = [:]) -> DispatchActivity? {
        makeActivity(for: url, userInfo: userInfo)
    }

    /// The winner (or the fallback), created with its request.
    private func makeActivity(for url: DispatchURL, userInfo: [String: any Sendable]) -> DispatchActivity? {
        let claim = snapshot.firstClaim(for: url)
        guard let type = claim?.activity ?? fallback else { return nil }
        // From the source of the code asking: an activity made here for a URL from outside, and
        // executed by hand, dispatches from outside too.
        var request = DispatchRequest(
            url: url, userInfo: userInfo, center: self, match: claim?.match, source: .inherited)
        request.linkCase = snapshot.linkCase(ofOwner: claim?.caseOwner ?? -1)
        return try? instantiateOrFallBack(
            type, request, hasLinkType: claim?.hasLinkType ?? settings.fallbackHasLinkType)
    }

    /// Parses `string` with ``urlLimits`` and returns every registered class that claims it; see
    /// ``claimants(for:)-(DispatchURL)``.
    ///
    /// ```swift
    /// @MainActor func whoClaims(_ link: String, in center: DispatchCenter) {
    ///     do {
    ///         print(try center.claimants(for: link))  // [ProductActivity.self, LegacyProductActivity.self]
    ///     } catch {
    ///         print("not a URL: \(error)")  // a DispatchURLError
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: The ``DispatchURLError`` that a dispatch of `string` would report as
    ///   ``DispatchFailure/invalidURL(_:)``.
    public func claimants(for string: String) throws(DispatchURLError) -> [DispatchActivity.Type] {
        claimants(for: try DispatchURL(string: string, limits: urlLimits))
    }

    /// Whether `string`, parsed with ``urlLimits``, is a URL that a registered class claims; see
    /// ``canDispatch(_:)-(DispatchURL)``. A string that is not a URL cannot be dispatched: `false`.
    public func canDispatch(_ string: String) -> Bool {
        guard let url = try? DispatchURL(string: string, limits: urlLimits) else { return false }
        return canDispatch(url)
    }

    /// Parses `string` with ``urlLimits`` and creates the activity that a dispatch would run for it,
    /// without executing it; see ``activity(for:userInfo:)-(DispatchURL,_)``.
    ///
    /// - Returns: The activity, or `nil` if nothing claims the URL and there is no fallback.
    /// - Throws: The ``DispatchURLError`` that a dispatch of `string` would report as
    ///   ``DispatchFailure/invalidURL(_:)`` (an invalid URL never reaches the fallback).
    public func activity(for string: String, userInfo: [String: any Sendable] = [:]) throws(DispatchURLError)
        -> DispatchActivity?
    {
        makeActivity(for: try DispatchURL(string: string, limits: urlLimits), userInfo: userInfo)
    }
}
