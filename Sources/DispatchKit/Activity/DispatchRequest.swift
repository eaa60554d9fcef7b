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
        get { storedRedirects ?? [] }
        set { storedRedirects = newValue.isEmpty ? nil : newValue }
    }
    /// `nil` when there were no redirects: then a request carries no array to retain and release.
    private var storedRedirects: [DispatchURL]?

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
            parameters: match?.parameters ?? [:], wildcard: match?.wildcard, source: source,
            storedRedirects: nil)
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
                parameters: [String: String](), wildcard: nil, source: source, storedRedirects: redirects)
        }
        return DispatchRequest(
            url: url, storedUserInfo: stored(userInfo), centerReference: reference,
            parameters: match.parameters, wildcard: match.wildcard, source: source, storedRedirects: redirects
        )
    }
}
