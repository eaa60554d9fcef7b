/// Everything an activity is created with: the parsed URL and the values that came with it.
///
/// The center builds one request per dispatch and hands it to the winning class's
/// ``DispatchActivity/init(request:)``. Build one yourself to unit-test an activity:
///
/// ```swift
/// final class ProductActivity: DispatchActivity {
///     override func execute() throws { print("push ProductPage(id: \(paths.last ?? "-"))") }
/// }
///
/// @MainActor func testProductActivity() throws {
///     let page = ProductActivity(request: DispatchRequest(url: try DispatchURL(string: "/product/42")))
///     try page.execute()  // push ProductPage(id: 42)
/// }
/// ```
public struct DispatchRequest: Sendable {
    /// The parsed URL being dispatched.
    public var url: DispatchURL
    /// Values a URL cannot carry (an image, a completion token, a model object), passed by the
    /// caller of ``DispatchCenter/dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchURL,_,_,_)``.
    public var userInfo: [String: any Sendable] {
        get { storedUserInfo ?? [:] }
        // In place, like a stored property: the dictionary is moved out, mutated while uniquely
        // referenced, and stored back.
        _modify {
            var value = storedUserInfo ?? [:]
            storedUserInfo = nil
            defer { storedUserInfo = Self.stored(value) }
            yield &value
        }
    }
    /// `nil` when the user info is empty, as it is for most dispatches: then building and
    /// destroying a request touches no dictionary at all.
    private var storedUserInfo: [String: any Sendable]?
    /// The center's shared weak reference to itself: one retain per request, where a `weak var`
    /// here cost side-table atomics to form and destroy on every dispatch.
    private var centerReference: CenterReference?
    /// The parameters the winning pattern captured (`["id": "42"]` for `/product/:id`); empty for
    /// an activity that claimed the URL with a custom `isHit`.
    public var parameters: [String: String]
    /// The segments the winning pattern's trailing `*` matched, or `nil` if it has none.
    public var wildcard: [String]?
    /// Where the URL came from (``DispatchOrigin/app`` for a request built by hand).
    public var source: DispatchOrigin
    /// The URLs that interceptors redirected away from before reaching ``url``, first to last;
    /// empty for most dispatches.
    public var redirects: [DispatchURL] {
        get { extras?.redirects ?? [] }
        set {
            extras = Extras.make(
                redirects: newValue, decodedLink: decodedLink, linkError: linkError, linkCase: linkCase)
        }
    }
    /// The claimant's link, when the center decoded it before asking the interceptors: what
    /// ``link(as:)`` returns, and what the activity is created with instead of decoding again (a
    /// held request resumes with the link it was checked with). `nil` for most dispatches: the
    /// center decodes a link only when interceptors will see the request, else while creating the
    /// activity.
    var decodedLink: DecodedLink? {
        get { extras?.decodedLink }
        set {
            extras = Extras.make(
                redirects: redirects, decodedLink: newValue, linkError: linkError, linkCase: linkCase)
        }
    }
    /// Why the URL's values did not decode into the typed link of the class that claimed it, for
    /// the ``DispatchCenter/fallback`` that receives the URL in its place
    /// (``InvalidLinkHandling/useFallback``); `nil` for every other request.
    public internal(set) var linkError: LinkDecodingError? {
        get { extras?.linkError }
        set {
            extras = Extras.make(
                redirects: redirects, decodedLink: decodedLink, linkError: newValue, linkCase: linkCase)
        }
    }
    /// The name of ``linkCase``: what DispatchKitEvents reports as the route.
    package var linkCaseName: String? { extras?.linkCase?.name }

    /// The case of a module link whose pattern matched the URL, which decoding selects; `nil` for
    /// every other request.
    var linkCase: LinkCase? {
        get { extras?.linkCase }
        set {
            extras = Extras.make(
                redirects: redirects, decodedLink: decodedLink, linkError: linkError, linkCase: newValue)
        }
    }
    /// What few dispatches have (redirects, a link decoded for the interceptors), or `nil`: one
    /// word for both, because a request is moved through every stage of every dispatch and a word
    /// more in it showed in the plain dispatch's time.
    private var extras: Extras?

    /// The rare parts of a request, shared by its copies (never changed: a change makes another).
    final class Extras: Sendable {
        let redirects: [DispatchURL]
        let decodedLink: DecodedLink?
        let linkError: LinkDecodingError?
        let linkCase: LinkCase?

        private init(
            redirects: [DispatchURL], decodedLink: DecodedLink?, linkError: LinkDecodingError?,
            linkCase: LinkCase?
        ) {
            self.redirects = redirects
            self.decodedLink = decodedLink
            self.linkError = linkError
            self.linkCase = linkCase
        }

        /// The extras holding these, or `nil` when there is nothing to hold.
        static func make(
            redirects: [DispatchURL], decodedLink: DecodedLink? = nil, linkError: LinkDecodingError? = nil,
            linkCase: LinkCase? = nil
        ) -> Extras? {
            redirects.isEmpty && decodedLink == nil && linkError == nil && linkCase == nil
                ? nil
                : Extras(
                    redirects: redirects, decodedLink: decodedLink, linkError: linkError, linkCase: linkCase)
        }
    }

    // The initializers are in an extension so that the compiler still synthesises the memberwise
    // one: it builds the value straight from its arguments, where an initializer that assigns
    // `self.x = …` one property at a time leaves the optimizer a copy of the whole request (a
    // retain and a release of every part) on each dispatch.

    /// The center that is dispatching this request, for nested dispatches; `nil` for a request
    /// built by hand, and `nil` once the center has been deallocated (the request does not keep it
    /// alive).
    public var center: DispatchCenter? {
        get { centerReference?.center }
        set { centerReference = newValue?.reference }
    }

    private static func stored(_ userInfo: [String: any Sendable]) -> [String: any Sendable]? {
        userInfo.isEmpty ? nil : userInfo
    }
}

extension DispatchRequest {
    /// Creates a request.
    ///
    /// - Parameters:
    ///   - url: The URL the activity will read.
    ///   - userInfo: Extra values for the activity; empty by default.
    ///   - center: The center to use for nested dispatches, if any.
    ///   - match: What the winning pattern captured, if any.
    ///   - source: Where the URL came from.
    public init(
        url: DispatchURL, userInfo: [String: any Sendable] = [:], center: DispatchCenter? = nil,
        match: RouteMatch? = nil, source: DispatchOrigin = .app
    ) {
        self.init(
            url: url, storedUserInfo: Self.stored(userInfo), centerReference: center?.reference,
            parameters: match?.parameters ?? [:], wildcard: match?.wildcard, source: source, extras: nil)
    }

    /// The request a center builds for a dispatch: takes ownership of the URL and the match
    /// instead of copying them.
    static func dispatched(
        url: consuming DispatchURL, userInfo: [String: any Sendable], reference: CenterReference,
        match: consuming RouteMatch?, source: DispatchOrigin, redirects: [DispatchURL]?
    ) -> DispatchRequest {
        guard let match else {
            return DispatchRequest(
                url: url, storedUserInfo: stored(userInfo), centerReference: reference,
                parameters: [String: String](), wildcard: nil, source: source,
                extras: redirects.flatMap { Extras.make(redirects: $0) })
        }
        return DispatchRequest(
            url: url, storedUserInfo: stored(userInfo), centerReference: reference,
            parameters: match.parameters, wildcard: match.wildcard, source: source,
            extras: redirects.flatMap { Extras.make(redirects: $0) })
    }
}

extension DispatchRequest {
    /// The URL read as the typed link `Link`: what the winning pattern captured, then the query
    /// (see ``DispatchLink``).
    ///
    /// For a request bound for a class whose ``DispatchActivity/linkType`` is `Link`, the center
    /// has decoded the link before any interceptor sees the request, and this returns that value:
    /// an interceptor can base a rule on a value of the link. Otherwise it decodes now.
    ///
    /// ```swift
    /// final class OrdersActivity: LinkActivity<OrdersActivity.Link> {
    ///     struct Link: DispatchLink { var id: Int }
    ///
    ///     override class var patterns: [RoutePattern] { ["/orders/:id<int>"] }
    ///     override func execute(with link: Link) throws { print("push OrderPage(id: \(link.id))") }
    /// }
    ///
    /// final class LargeOrdersNeedReview: DispatchInterceptor {
    ///     func intercept(_ interception: DispatchInterception) -> DispatchDecision {
    ///         guard let order = try? interception.request.link(as: OrdersActivity.Link.self),
    ///             order.id > 1_000_000
    ///         else { return .proceed }
    ///         return .reject(reason: "order \(order.id) needs a review")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter type: The link type to read.
    /// - Returns: The link.
    /// - Throws: A ``LinkDecodingError`` naming the link type, the key, the text and the type.
    public func link<Link: DispatchLink>(as type: Link.Type = Link.self) throws(LinkDecodingError) -> Link {
        if let decoded = decodedLink?.link(as: Link.self) { return decoded }
        return try LinkDecoding.decode(Link.self, from: LinkSource(self), case: linkCase, for: nil)
    }
}
