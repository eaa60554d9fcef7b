/// An activity that reads its URL as a typed ``DispatchLink``: the center decodes `Link` before it
/// creates the activity, and ``execute(with:)`` receives it.
///
/// ```swift
/// enum ProductTab: String, Codable, Sendable { case details, reviews }
///
/// final class ProductActivity: LinkActivity<ProductActivity.Link> {
///     struct Link: DispatchLink {
///         var id: Int
///         var tab: ProductTab?
///         var from: String?
///     }
///
///     override class var exposure: DispatchExposure { .external }
///     override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }
///
///     override func execute(with link: Link) throws {
///         print("push ProductPage(id: \(link.id), tab: \(link.tab ?? .details))")
///     }
/// }
/// ```
///
/// A URL whose values do not decode (`/product/1?tab=photos`, an `id` too large for `Int`) never
/// reaches the activity: the dispatch fails with
/// ``DispatchFailure/invalidLink(_:)``, which names the key, the text and the type. The same
/// type builds the URL: `center.dispatch(ProductActivity.Link(id: 42, tab: .reviews))`
/// dispatches `/product/42?tab=reviews` (see ``DispatchCenter/url(for:)``).
///
/// Test the work without a URL: `try ProductActivity(request: request).execute(with: link)`.
///
/// For asynchronous work, subclass ``AsyncLinkActivity`` instead.
@MainActor
open class LinkActivity<Link: DispatchLink>: DispatchActivity {
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
    /// calls ``execute(with:)``. Override ``execute(with:)`` instead.
    ///
    /// - Throws: The ``LinkDecodingError`` of a link that does not decode, or what
    ///   ``execute(with:)`` throws.
    public final override func execute() throws {
        if let decoded { return try execute(with: decoded.pointee) }
        try execute(with: link(as: Link.self))
    }

    /// Does the work with the link: shows a page, performs an action. Every class the center may
    /// run overrides it.
    ///
    /// The default does no work: it fails the dispatch with
    /// ``DispatchFailure/executeNotOverridden(activity:)``, as ``DispatchActivity/execute()`` does.
    /// An override does not call `super`.
    ///
    /// - Parameter link: What the URL says.
    /// - Throws: Any error; the center reports it as
    ///   ``DispatchFailure/executionFailed(activity:error:)``.
    open func execute(with link: Link) throws {
        throw ExecuteNotOverridden()
    }
}
