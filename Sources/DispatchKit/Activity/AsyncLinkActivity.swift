/// An asynchronous activity that reads its URL as a typed ``DispatchLink``: the center decodes
/// `Link` before it creates the activity, and ``execute(with:)`` receives it and may suspend.
///
/// ```swift
/// final class OrderActivity: AsyncLinkActivity<OrderActivity.Link> {
///     struct Link: DispatchLink { var id: Int }
///
///     override class var patterns: [RoutePattern] { ["/orders/:id<int>"] }
///
///     override func execute(with link: Link) async throws {
///         try await Task.sleep(nanoseconds: 200_000_000)  // load the order: cancellable
///         print("push OrderPage(id: \(link.id))")
///     }
/// }
/// ```
///
/// Dispatch it with `await center.dispatchAndWait(url)` or
/// `await center.dispatchAndWait(OrderActivity.Link(id: 42))` (DispatchKitAsync); everything
/// ``AsyncDispatchActivity`` says about cancellation, timeouts and sources holds. A link that does
/// not decode fails with ``DispatchFailure/invalidLink(_:)`` before the activity is created, as for
/// ``LinkActivity``.
@MainActor
open class AsyncLinkActivity<Link: DispatchLink>: AsyncDispatchActivity {
    /// The link the center decoded before creating the activity (see ``KeptLink``); `nil` for one
    /// built by hand. Written once, before the activity is handed out, and freed by `deinit`,
    /// which may run off the main actor: hence `nonisolated(unsafe)`.
    nonisolated(unsafe) private var decoded: UnsafeMutablePointer<Link>?

    /// `Link`: the type the center decodes before it creates the activity. Final, because the
    /// center builds URLs from this type and the class decodes `Link`: they must be one type.
    public final override class var linkType: (any DispatchLink.Type)? { Link.self }

    /// Every case's patterns, in the order of `Link`'s ``DispatchLink/routes``, for a module link;
    /// a struct link's class lists its own.
    open override class var patterns: [RoutePattern] { Link.routes.flatMap(\.patterns) }

    package override class var caseRoutes: LinkCaseRoutes { LinkCaseRoutes(Link.routes) }

    override class func makeDecodingLink(for request: consuming DispatchRequest)
        throws(DispatchCenter.LinkRefusal) -> DispatchActivity
    {
        let link = try KeptLink.decode(Link.self, from: request, for: self)
        let activity = self.init(request: request)
        activity.decoded = link
        return activity
    }

    deinit {
        KeptLink.free(decoded)
    }

    override func keptLink<Other: DispatchLink>(as _: Other.Type) -> Other? {
        decoded?.pointee as? Other
    }

    /// Reads the link (decoded by the center already, or now for an activity built by hand) and
    /// awaits ``execute(with:)``. Override ``execute(with:)`` instead.
    ///
    /// - Throws: The ``LinkDecodingError`` of a link that does not decode, or what
    ///   ``execute(with:)`` throws.
    public final override func execute() async throws {
        if let decoded { return try await execute(with: decoded.pointee) }
        try await execute(with: link(as: Link.self))
    }

    /// The asynchronous work with the link. Every class the center may run overrides it.
    ///
    /// The default does no work: it fails the dispatch with
    /// ``DispatchFailure/executeNotOverridden(activity:)``. An override does not call `super`.
    ///
    /// - Parameter link: What the URL says.
    /// - Throws: Any error; the center reports it as
    ///   ``DispatchFailure/executionFailed(activity:error:)``.
    open func execute(with link: Link) async throws {
        throw ExecuteNotOverridden()
    }
}
