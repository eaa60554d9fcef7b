import Foundation

// Typed links: building a link's URL and dispatching it, and the one step every way of creating
// an activity takes first — decoding the link its class declares.

extension DispatchCenter {
    /// The URL a dispatch of `link` dispatches, without dispatching it: built from the patterns of
    /// the registered class whose ``DispatchActivity/linkType`` is the link's type (the first in
    /// consultation order).
    ///
    /// The first of the class's patterns, in declaration order, whose parameters the value fills
    /// with values they admit gives the path; the key `wildcard` fills a trailing `*`; every other
    /// value becomes a query item, in the order the type encodes its keys, `nil` left out (see
    /// ``DispatchLink``). A pattern that names a scheme and host builds them; a path-only pattern
    /// builds a relative URL, which the center dispatches as it is.
    ///
    /// ```swift
    /// @MainActor func shareLink(in center: DispatchCenter) throws -> String {
    ///     let url = try center.url(for: ProductActivity.Link(id: 42, tab: .reviews, from: "share"))
    ///     return url.description  // "/product/42?tab=reviews&from=share"
    /// }
    /// ```
    ///
    /// - Parameter link: The link.
    /// - Returns: The URL.
    /// - Throws: ``LinkEncodingError``: no registered class has the link's type, none of its
    ///   patterns can be filled with the value, a value cannot be written in a URL, or the URL is
    ///   over ``urlLimits`` (``LinkEncodingError/Reason/exceedsURLLimits(_:)``), so that the center
    ///   would refuse it as input.
    public func url(for link: some DispatchLink) throws(LinkEncodingError) -> DispatchURL {
        try linkURL(for: link)
    }

    /// Dispatches the URL of `link` (``url(for:)``), with the same policy as any URL: the source
    /// and the class's exposure, redirect rules, interceptors (which see the URL built), readiness,
    /// observers.
    ///
    /// ```swift
    /// @MainActor func openReviews(in center: DispatchCenter) {
    ///     let result = center.dispatch(ProductActivity.Link(id: 42, tab: .reviews))
    ///     if let failure = result.failure { print(failure) }
    /// }
    /// ```
    ///
    /// Another class may claim the URL built, as for any URL: one whose pattern is more specific,
    /// or of higher priority.
    ///
    /// - Parameters:
    ///   - link: The link to dispatch.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the link came from; see
    ///     ``dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)``.
    ///   - skippingInterceptors: Whether this dispatch bypasses the ``DispatchInterceptor``s.
    /// - Returns: The result; a link whose URL cannot be built gives
    ///   ``DispatchFailure/cannotBuildLink(_:)``, and nothing is dispatched.
    @discardableResult
    public func dispatch(
        _ link: some DispatchLink, userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil,
        skippingInterceptors: Bool = false
    ) -> DispatchResult {
        let url: DispatchURL
        if valueDispatch.builtCase != nil { valueDispatch.builtCase = nil }
        switch builtURL(for: link, source: source) {
        case .success(let built): url = built
        case .failure(let refused): return refused.result
        }
        // A module link's case reaches its activity as the value itself, not decoded again.
        if let caseName = valueDispatch.builtCase {
            valueDispatch.builtCase = nil
            return dispatch(
                url, handingOver: DispatchedLink(link, caseName: caseName), userInfo: userInfo,
                source: source,
                skippingInterceptors: skippingInterceptors)
        }
        return start(url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors)
    }

    /// Asks the activity that claims the URL of `link` (``url(for:)``) to build its destination;
    /// see ``destination(for:as:userInfo:source:)-(DispatchURL,_,_,_)``.
    ///
    /// - Parameters:
    ///   - link: The link naming the destination.
    ///   - type: The type the destination must have.
    ///   - userInfo: Values for the activity that a URL cannot carry.
    ///   - source: Where the link came from, as for `dispatch`.
    /// - Returns: The destination.
    /// - Throws: ``DispatchFailure/cannotBuildLink(_:)`` for a link whose URL cannot be built, else
    ///   as the `DispatchURL` form.
    public func destination<Destination>(
        for link: some DispatchLink, as type: Destination.Type = Destination.self,
        userInfo: [String: any Sendable] = [:], source: DispatchOrigin? = nil
    ) throws(DispatchFailure) -> Destination {
        let url: DispatchURL
        switch builtURL(for: link, source: source, kind: .makeDestination) {
        case .success(let built): url = built
        case .failure(let refused): throw refused.failure
        }
        return try destination(for: url, as: type, userInfo: userInfo, source: source)
    }

    // MARK: - Building

    /// A link whose URL was not built: the failure, and the result a dispatch reports.
    package final class RefusedLink: Error {
        let failure: DispatchFailure
        package let result: DispatchResult

        init(failure: DispatchFailure, result: DispatchResult) {
            self.failure = failure
            self.result = result
        }
    }

    /// The URL of `link`, or why a dispatch of it cannot start (told to the observers): a link no
    /// class declares, that fits none of its patterns, or whose URL is over ``urlLimits``
    /// (``DispatchFailure/cannotBuildLink(_:)``). Also what DispatchKitAsync's awaiting dispatch of
    /// a link starts from.
    package func builtURL(
        for link: some DispatchLink, source: DispatchOrigin?, kind: DispatchTrace.Kind = .perform
    ) -> Result<DispatchURL, RefusedLink> {
        let failure: DispatchFailure
        do throws(LinkEncodingError) {
            return .success(try linkURL(for: link))
        } catch {
            failure = .cannotBuildLink(error)
        }
        let trace = trace(of: kind, url: nil, source: source ?? .inherited)
        let result = record(DispatchResult(url: nil, failure: failure), trace: trace)
        return .failure(RefusedLink(failure: failure, result: result))
    }

    /// ``url(for:)``: the class that declares the link's type, then its patterns, as the registry
    /// snapshot read and parsed them; then the center's limits, so that no way of using a link
    /// gives a URL the center would refuse as input. Records in ``ValueDispatch/builtCase`` the case of
    /// a module link whose URL reads back as written, which a dispatch of the value reads next.
    private func linkURL<Link: DispatchLink>(for link: Link) throws(LinkEncodingError) -> DispatchURL {
        guard let owner = snapshot.linkOwners[ObjectIdentifier(Link.self)] else {
            throw LinkEncodingError(linkType: linkTypeName(Link.self), activity: nil, reason: .noActivity)
        }
        let filled = try LinkBuilding.fill(link, templates: owner.templates, activity: owner.activity)
        if let violation = filled.url.sizeViolation(of: settings.urlLimits) {
            throw Self.overLimits(violation, link: Link.self, activity: owner.activity)
        }
        if let caseName = filled.caseName, filled.readsBackAsWritten { valueDispatch.builtCase = caseName }
        return filled.url
    }

    /// The error of a link whose URL is over the limits. Out of line: the error path, which alone
    /// works out the names.
    @inline(never)
    private static func overLimits(_ violation: DispatchURLError, link: Any.Type, activity: Any.Type)
        -> LinkEncodingError
    {
        LinkEncodingError(
            linkType: linkTypeName(link), activity: String(describing: activity),
            reason: .exceedsURLLimits(violation))
    }

    // MARK: - Decoding

    /// An activity not created because its link did not decode: the result that reports it
    /// (``DispatchFailure/invalidLink(_:)``).
    final class LinkRefusal: Error {
        /// Why the link did not decode.
        let error: LinkDecodingError
        /// The request the class was to be created with, for the fallback if the app chose it
        /// (``InvalidLinkHandling/useFallback``).
        let request: DispatchRequest

        init(error: LinkDecodingError, request: consuming DispatchRequest) {
            self.error = error
            self.request = request
        }

        /// What a dispatch that fails on it reports.
        var result: DispatchResult { DispatchResult(url: request.url, failure: .invalidLink(error)) }
    }

    /// Creates `type` for `request`, decoding first the link it declares
    /// (``DispatchActivity/linkType``): the one way the center creates an activity — for a
    /// dispatch, an awaiting dispatch, a destination, ``activity(for:userInfo:)-(DispatchURL,_)``,
    /// a resumed hold and a queued dispatch alike.
    ///
    /// - Parameter hasLinkType: Whether `type` has a link type, as the route index or the center's
    ///   settings recorded it: a dispatch to a class without one does not ask the class (a read of
    ///   its method table that showed in the time of a plain dispatch).
    /// - Throws: ``LinkRefusal`` if the link does not decode; the class is then not created.
    @inline(__always)
    static func instantiate(
        _ type: DispatchActivity.Type, _ request: consuming DispatchRequest, hasLinkType: Bool
    ) throws(LinkRefusal) -> DispatchActivity {
        if !hasLinkType { return type.init(request: request) }
        return try instantiateDecoding(type, request)
    }

    /// ``instantiate(_:_:hasLinkType:)`` for a class with a link type. Out of line: the others
    /// never come here. The request is handed on, not copied: a copy retains each of its
    /// references, and releases them again, which showed in the time of a typed dispatch.
    @inline(never)
    private static func instantiateDecoding(
        _ type: DispatchActivity.Type, _ request: consuming DispatchRequest
    )
        throws(LinkRefusal) -> DispatchActivity
    {
        try type.makeDecodingLink(for: request)
    }

    /// Decodes the link of `type` into `request`, before the interceptors see it: `nil` once it is
    /// there, else the refusal that reports it. Out of line: only classes with a link type, in a
    /// center with interceptors, come here.
    @inline(never)
    static func decodeLink(of type: DispatchActivity.Type, into request: inout DispatchRequest)
        -> LinkRefusal?
    {
        guard let linkType = type.linkType else { return nil }
        do throws(LinkDecodingError) {
            request.decodedLink = try decodedLink(linkType, from: request, for: type)
            return nil
        } catch {
            return linkRefusal(error, request: request)
        }
    }

    /// The refusal of a link that did not decode, for `request`. Out of line: the error path.
    @inline(never)
    static func linkRefusal(_ error: LinkDecodingError, request: borrowing DispatchRequest) -> LinkRefusal {
        LinkRefusal(error: error, request: copy request)
    }

    /// The link of type `Link` in `request`, boxed for ``DispatchActivity/decodedLink``.
    static func decodedLink<Link: DispatchLink>(
        _: Link.Type, from request: DispatchRequest, for type: DispatchActivity.Type
    ) throws(LinkDecodingError) -> DecodedLink {
        do throws(LinkDecodingError) {
            return DecodedLink(
                try LinkDecoding.decode(
                    Link.self, from: LinkSource(request), case: request.linkCase, for: type))
        } catch {
            throw error.unlessNoCase(of: type, in: request)
        }
    }
}

extension DispatchCenter {
    /// The request for a URL that a case of a module link claims: the case goes with it, for
    /// decoding to select. Out of line, so that every other dispatch builds its request as before.
    @inline(never)
    func caseRequest(
        url: consuming DispatchURL, userInfo: [String: any Sendable], match: consuming RouteMatch?,
        source: DispatchOrigin, redirects: [DispatchURL]?, caseOwner: Int32
    ) -> DispatchRequest {
        var request = DispatchRequest.dispatched(
            url: url, userInfo: userInfo, reference: reference, match: match, source: source,
            redirects: redirects)
        request.linkCase = snapshot.linkCase(ofOwner: caseOwner)
        return request
    }
}

/// A module link dispatched as a value, kept while its URL is dispatched: the activity the URL
/// reaches receives the value itself, as ``DispatchRequest/decodedLink``, when it is the link's
/// own class and case, the URL reached it unchanged, and the case is read from a URL by its
/// route's function (as the value's own, then: the enum's `init(from:)` would not be asked either).
/// Decoding the URL again would cost a fifth of the dispatch, and give back the same value.
struct DispatchedLink {
    let link: DecodedLink
    let caseName: String

    init<Link: DispatchLink>(_ link: Link, caseName: String) {
        self.link = DecodedLink(link)
        self.caseName = caseName
    }

    /// Whether `request`, for `type`, is this link's: the class decodes the link's type, no
    /// redirect rule changed the URL built, and the case is the one built, read by its route's
    /// function.
    @MainActor func fits(_ type: DispatchActivity.Type, _ request: borrowing DispatchRequest) -> Bool {
        guard let linkType = type.linkType, link.holds(linkType),
            let linkCase = request.linkCase, linkCase.reader != nil
        else { return false }
        return linkCase.name == caseName && request.redirects.isEmpty
    }
}

extension DispatchCenter {
    /// Dispatches `url`, the URL of `link`, whose activity receives the value itself if it fits
    /// (see ``DispatchedLink``). Out of line: only a dispatch of a module link's value comes here.
    @inline(never)
    func dispatch(
        _ url: DispatchURL, handingOver link: DispatchedLink, userInfo: [String: any Sendable],
        source: DispatchOrigin?, skippingInterceptors: Bool
    ) -> DispatchResult {
        let outer = valueDispatch.link
        valueDispatch.link = link
        defer { valueDispatch.link = outer }
        return start(url, userInfo: userInfo, source: source, skippingInterceptors: skippingInterceptors)
    }

    /// Gives `request` the link being dispatched as a value, if it is the link's (see
    /// ``DispatchedLink``), and lets go of it either way: only the first activity the dispatch
    /// reaches may receive it, not one a nested dispatch reaches. Out of line: only a dispatch of
    /// a value has one.
    ///
    /// - Returns: Whether the request has the link now, and needs no decoding.
    @inline(never)
    @discardableResult
    func handOverDispatchedLink(to type: DispatchActivity.Type, _ request: inout DispatchRequest) -> Bool {
        guard let dispatched = valueDispatch.link else { return false }
        valueDispatch.link = nil
        guard dispatched.fits(type, request) else { return false }
        request.decodedLink = dispatched.link
        return true
    }
}
