/// The abstract business-module activity: subclass it once per module, and the URL picks the class.
///
/// `DispatchActivity` is a *class cluster*. Callers only ever see this abstract type: they hand a
/// URL to ``DispatchCenter``, which asks each registered subclass whether it claims the URL
/// (``isHit(url:)``), instantiates the first that does with ``init(request:)``, and calls
/// ``execute()``. Each module ships one subclass and registers it; no caller imports the module.
///
/// ```swift
/// final class MineDispatchActivity: DispatchActivity {
///     override class func isHit(url: DispatchURL) -> Bool {
///         url.firstPath == "mine_home" || url.firstPath == "settings_home"
///     }
///
///     override func execute() throws {
///         switch paths.first {
///         case "mine_home": print("push MinePage(uid: \(query["uid"] ?? "-"))")
///         default: print("push SettingsPage")
///         }
///     }
/// }
///
/// DispatchCenter.shared.register(MineDispatchActivity.self)
/// DispatchCenter.shared.dispatch("cono://test.com/mine_home?uid=42")
/// ```
///
/// Activities are `@MainActor`: dispatching usually drives UI. A new instance is created for each
/// dispatch, so an activity may keep per-dispatch state in stored properties.
@MainActor
open class DispatchActivity {
    /// Whether this class claims `url`. The default: one of its ``patterns`` matches.
    ///
    /// Two ways to claim URLs:
    /// - Declare ``patterns`` and leave `isHit` alone: the center finds the class through its
    ///   route index, whatever the number of routes. If you also override `isHit`, the center
    ///   calls it to *confirm* a pattern match (return `super.isHit(url: url) && …`), so it can
    ///   decline a URL but never add one its patterns do not match.
    /// - Declare no patterns and override `isHit`: the center asks the class for every URL, in
    ///   consultation order (the seed design). Keep it cheap and free of side effects: compare
    ///   ``DispatchURL/paths``, ``DispatchURL/host`` and friends, which are already parsed.
    open class func isHit(url: DispatchURL) -> Bool {
        // The center has already matched this class's patterns: confirming costs nothing.
        if confirming == ObjectIdentifier(self) { return true }
        return anyPatternMatches(url)
    }

    /// The slow path of the default `isHit`, kept out of line so that the confirmation above, which
    /// runs on every dispatch, does not pay for this loop's stack frame.
    @inline(never)
    private final class func anyPatternMatches(_ url: DispatchURL) -> Bool {
        // With a link type, `<int>` takes integers of any length, as in the center's index.
        let unboundedIntegers = linkType != nil
        return patterns.contains { $0.match(url, unboundedIntegers: unboundedIntegers) != nil }
    }

    /// The class whose pattern match the center is confirming, so the default `isHit` need not
    /// match again. Only read and written on the main actor, around one `isHit` call.
    static var confirming: ObjectIdentifier?

    /// The URLs this class claims, as ``RoutePattern``s; default: none.
    ///
    /// Read when the center rebuilds its index after a registration change, not per dispatch.
    ///
    /// ```swift
    /// override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }
    /// ```
    open class var patterns: [RoutePattern] { [] }

    /// The consultation rank: classes with a higher priority are asked first; equal priorities
    /// are asked in registration order. Default: 0. Read once, when the class is registered.
    open class var priority: Int { 0 }

    /// The request this activity was created for.
    public let request: DispatchRequest

    /// Creates the activity for one dispatch. The center calls this; subclasses that override it
    /// must call `super.init(request:)`.
    public required init(request: DispatchRequest) {
        self.request = request
    }

    // Declared next to `init(request:)`, and the members below are `final`: the class's method
    // table then keeps what a dispatch calls (`isHit`, `init`, `execute`) on one or two cache
    // lines, which matters when an app has hundreds of activity classes.
    /// Does the work: shows a page, performs an action. Every class the center may run overrides it.
    ///
    /// The default does no work: it fails the dispatch with
    /// ``DispatchFailure/executeNotOverridden(activity:)``, which names the class, so that an
    /// activity whose `execute()` was forgotten (or misspelled) is not reported as handled while
    /// nothing shows. The fallback is not run in its place. An override does not call
    /// `super.execute()`: that reaches the default too, and fails the same way.
    ///
    /// - Throws: Any error; the center reports it as ``DispatchFailure/executionFailed(activity:error:)``.
    open func execute() throws {
        throw ExecuteNotOverridden()
    }

    /// The ``DispatchLink`` type this class reads its URL as, or `nil` (the default) for a class
    /// that reads strings (``parameters``, ``query``).
    ///
    /// ``LinkActivity`` sets it to its `Link`; declare it yourself only to give a class that
    /// subclasses another base a link type. For a class with a link type the center decodes the
    /// link before it creates the activity — for a dispatch, an awaiting dispatch, a destination,
    /// ``DispatchCenter/activity(for:userInfo:)-(DispatchURL,_)`` and a resumed hold alike — and a
    /// URL that does not decode fails with ``DispatchFailure/invalidLink(_:)``: the class is not
    /// created and the fallback does not run. ``DispatchCenter/dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchLink,_,_,_)``
    /// finds the class by this type.
    ///
    /// Its `<int>` parameters then match an optional `-` and digits of any length, so that a
    /// number too large for the property is a typed ``LinkDecodingError/Reason/outOfRange`` failure
    /// rather than an unmatched URL (see <doc:RoutePatternsAndPrecedence>).
    ///
    /// Read when the center rebuilds its index after a registration change, and when it creates the
    /// class.
    open class var linkType: (any DispatchLink.Type)? { nil }

    /// The routes of a module link, case by case (its link's ``DispatchLink/routes``); empty for
    /// every other class. Read with ``linkType`` when the center rebuilds its index.
    package class var caseRoutes: LinkCaseRoutes { LinkCaseRoutes() }

    /// Creates the class for `request` after decoding its ``linkType`` (which it has), for
    /// ``DispatchCenter/instantiate(_:_:hasLinkType:)``: the link is kept in ``decodedLink``, where
    /// ``link(as:)`` finds it. ``LinkActivity`` keeps its link itself.
    ///
    /// - Throws: The refusal that reports a link that does not decode (made here, where the
    ///   request is still at hand: it is handed to the activity, not copied).
    class func makeDecodingLink(for request: consuming DispatchRequest) throws(DispatchCenter.LinkRefusal)
        -> DispatchActivity
    {
        // Decoded already when interceptors saw the request (a held request resumes with it).
        guard let linkType, request.decodedLink == nil else { return self.init(request: request) }
        let decoded: DecodedLink
        do throws(LinkDecodingError) {
            decoded = try DispatchCenter.decodedLink(linkType, from: request, for: self)
        } catch {
            throw DispatchCenter.linkRefusal(error, request: request)
        }
        let activity = self.init(request: request)
        activity.decodedLink = decoded
        return activity
    }

    /// Builds what the URL names without showing it — a page for a preview, an object another
    /// module asked for — for ``DispatchCenter/destination(for:as:userInfo:source:)-(DispatchURL,_,_,_)``.
    /// The default returns `nil` (no destination).
    ///
    /// It reads the same request as ``execute()`` (``paths``, ``query``, ``parameters``), and the
    /// same policy applies before either is called: sources and exposure, redirect rules,
    /// interceptors. Share the building between the two:
    ///
    /// ```swift
    /// struct ProductPage { let id: Int }
    /// enum ProductError: Error { case badID }
    ///
    /// final class ProductActivity: DispatchActivity {
    ///     override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    ///     override func makeDestination() throws -> Any? { try page() }
    ///     override func execute() throws { print("push", try page()) }
    ///
    ///     private func page() throws -> ProductPage {  // one request, read the same way by both
    ///         guard let id = parameters.int("id") else { throw ProductError.badID }
    ///         return ProductPage(id: id)
    ///     }
    /// }
    ///
    /// @MainActor func preview(in center: DispatchCenter) throws {
    ///     let page = try center.destination(for: "cono://test.com/product/42", as: ProductPage.self)
    ///     print("preview", page)  // built, not shown
    /// }
    /// ```
    ///
    /// - Throws: Any error; the center reports it as ``DispatchFailure/executionFailed(activity:error:)``.
    open func makeDestination() throws -> Any? { nil }

    /// Undoes what ``execute()`` showed: dismisses the page, removes the overlay. Called through
    /// ``DispatchCenter/remove(_:)``, at most once, and only after `execute()` succeeded. The
    /// default does nothing.
    ///
    /// - Throws: Any error; ``DispatchCenter/remove(_:)`` reports it as
    ///   ``DispatchFailure/executionFailed(activity:error:)`` and the activity counts as still shown.
    open func remove() throws {}

    /// Whether ``remove()`` may be asked now. Default: `true`. Override to refuse while the page
    /// must stay (a payment in progress): ``DispatchCenter/remove(_:)`` then fails with
    /// ``DispatchFailure/cannotRemove(activity:reason:)``.
    open var canRemove: Bool { true }

    /// Where the activity is in its life: created, performed, removed. Kept by the center.
    final var lifecycle = Lifecycle.created

    /// The link the center decoded before creating the activity, for a class that declares its
    /// ``linkType`` itself; `nil` for any other (``LinkActivity`` keeps its own). Here rather than
    /// in the request: a request is moved through every stage of every dispatch, and a word more
    /// in it showed in the plain dispatch's time.
    final var decodedLink: DecodedLink?

    enum Lifecycle: UInt8 {
        case created, performed, madeDestination, removed
    }

    /// Who may reach this class: the app's own code only (the default), or also URLs from other
    /// apps, universal links and notifications. See ``DispatchExposure``.
    ///
    /// ```swift
    /// override class var exposure: DispatchExposure { .external }
    /// ```
    open class var exposure: DispatchExposure { .internalOnly }

    /// What a dispatch does with a URL this class claims whose values do not decode into its
    /// ``linkType``: fail, or hand the URL to the center's fallback with the decoding error. `nil`
    /// (the default) follows the center's ``DispatchCenter/invalidLinkHandling``.
    open class var invalidLinkHandling: InvalidLinkHandling? { nil }

    /// Whether this class, as the center's ``DispatchCenter/fallback``, receives URLs from outside
    /// whose origin is not one of the app's ``DispatchCenter/linkOrigins``. Default: `false`: with
    /// origins declared, a web fallback opens only the app's own hosts from outside. Even with
    /// `true`, `javascript:`, `data:` and `file:` URLs from outside never reach the fallback. Read
    /// only for the fallback: a class with patterns receives what its patterns name.
    open class var acceptsAnyOrigin: Bool { false }

    /// Whether dispatches to this class bypass the center's ``DispatchInterceptor``s: for a page
    /// that must always open, such as the login page a login wall redirects to. Default: `false`.
    open class var skipsInterceptors: Bool { false }

    /// The URL being dispatched (`request.url`).
    public final var url: DispatchURL { request.url }

    /// The decoded path segments of ``url``.
    public final var paths: [String] { request.url.paths }

    /// The path segments of ``url`` as they arrived: empty segments kept, escapes as written
    /// (``DispatchURL/rawPathSegments``). For a page whose name may hold what ``paths`` merge, such
    /// as a title with `//`; ``DispatchURL/rawPath`` is the same path as one string.
    ///
    /// - Complexity: O(*p*) in the length of the path, on each read.
    public final var rawPathSegments: [String] { request.url.rawPathSegments }

    /// The query of ``url``, first value of each name. Decoded on first read, then kept.
    public private(set) final lazy var query: [String: String] = request.url.query

    /// What the winning pattern captured: `["id": "42"]` for `/product/:id` and
    /// `cono://test.com/product/42`. Query items are in ``query``, never here. Empty when the class
    /// claimed the URL with a custom `isHit`.
    public final var parameters: [String: String] { request.parameters }

    /// The segments the winning pattern's trailing `*` matched (`[]` if none), or `nil` if the
    /// pattern has no `*`.
    public final var wildcard: [String]? { request.wildcard }

    /// The values the caller passed alongside the URL.
    public final var userInfo: [String: any Sendable] { request.userInfo }

    /// The center dispatching this activity, for nested dispatches (`nil` if built by hand).
    public final var center: DispatchCenter? { request.center }

    /// The link this activity keeps itself, if it is a `Link`: ``LinkActivity``'s.
    func keptLink<Link: DispatchLink>(as _: Link.Type) -> Link? { nil }

    /// The request's URL read as `Link`: what the winning pattern captured, then the query (see
    /// ``DispatchLink``).
    ///
    /// When `Link` is the class's ``linkType`` the center has decoded it already, before creating
    /// the activity, and this returns that value. Otherwise it decodes now, each time it is called.
    /// A request built by hand carries the pattern's parameters only if it was made with `match:`.
    ///
    /// ```swift
    /// final class ReviewActivity: DispatchActivity {
    ///     struct Link: DispatchLink {
    ///         var id: Int
    ///         var sort: String?
    ///     }
    ///
    ///     override class var linkType: (any DispatchLink.Type)? { Link.self }
    ///     override class var patterns: [RoutePattern] { ["/product/:id<int>/reviews"] }
    ///
    ///     override func execute() throws {
    ///         let link = try self.link(as: Link.self)
    ///         print("push ReviewsPage(product: \(link.id), sort: \(link.sort ?? "recent"))")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter type: The link type to read.
    /// - Returns: The link.
    /// - Throws: A ``LinkDecodingError`` naming this class, the key, the text and the type.
    public final func link<Link: DispatchLink>(as type: Link.Type = Link.self) throws(LinkDecodingError)
        -> Link
    {
        if let decoded = decodedLink?.link(as: Link.self) ?? keptLink(as: Link.self)
            ?? request.decodedLink?.link(as: Link.self)
        {
            return decoded
        }
        return try LinkDecoding.decode(
            Link.self, from: LinkSource(request), case: request.linkCase, for: Swift.type(of: self))
    }
}

/// What the default ``DispatchActivity/execute()`` (and its asynchronous twin) throws: the center
/// turns it into ``DispatchFailure/executeNotOverridden(activity:)``.
struct ExecuteNotOverridden: Error {}
