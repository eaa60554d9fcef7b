// What the center does when a claimant's typed link does not decode: fail, or hand the URL to the
// fallback with the decoding error (InvalidLinkHandling).

extension DispatchCenter {
    /// What a dispatch does with a URL whose values do not decode into its claimant's typed link,
    /// for every class that does not say otherwise (``DispatchActivity/invalidLinkHandling``).
    /// Default: ``InvalidLinkHandling/fail``.
    ///
    /// ```swift
    /// @MainActor func openUnreadableLinksOnTheWeb(center: DispatchCenter) {
    ///     center.invalidLinkHandling = .useFallback  // the fallback reads request.linkError
    /// }
    /// ```
    public var invalidLinkHandling: InvalidLinkHandling {
        get { settings.invalidLinkHandling }
        set { settings.invalidLinkHandling = newValue }
    }

    /// The fallback and the request it receives in place of the class whose link did not decode,
    /// when the app chose ``InvalidLinkHandling/useFallback`` and the fallback may receive the URL;
    /// `nil` when the dispatch fails. Out of line: the error path.
    @inline(never)
    func fallback(insteadOf refusal: LinkRefusal, by type: DispatchActivity.Type)
        -> (type: DispatchActivity.Type, request: DispatchRequest)?
    {
        guard (type.invalidLinkHandling ?? settings.invalidLinkHandling) == .useFallback,
            let fallback, fallback != type
        else { return nil }
        let source = refusal.request.source
        if source.isExternal, rejection(of: source, by: fallback) != nil { return nil }
        if source.isExternal || checksAppOrigins, let undeclared = undeclaredOrigin(of: refusal.request.url),
            !Self.fallback(fallback, receives: undeclared)
        {
            return nil
        }
        var request = refusal.request
        request.linkError = refusal.error
        request.decodedLink = nil
        return (fallback, request)
    }

    /// Creates `type` for `request` (``instantiate(_:_:hasLinkType:)``), or, if its link does not
    /// decode and the app chose so, the fallback.
    ///
    /// - Throws: The refusal of the link, when the dispatch fails on it.
    @inline(__always)
    func instantiateOrFallBack(
        _ type: DispatchActivity.Type, _ request: consuming DispatchRequest, hasLinkType: Bool
    ) throws(LinkRefusal) -> DispatchActivity {
        do throws(LinkRefusal) {
            return try Self.instantiate(type, request, hasLinkType: hasLinkType)
        } catch {
            return try instantiateFallback(insteadOf: error, by: type)
        }
    }

    /// The fallback in place of `type`, or the refusal thrown again. Out of line: the error path.
    @inline(never)
    private func instantiateFallback(insteadOf refusal: LinkRefusal, by type: DispatchActivity.Type)
        throws(LinkRefusal) -> DispatchActivity
    {
        guard let (fallback, request) = self.fallback(insteadOf: refusal, by: type) else { throw refusal }
        return try Self.instantiate(fallback, request, hasLinkType: settings.fallbackHasLinkType)
    }
}
