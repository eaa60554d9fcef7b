/// Everything an activity is created with: the parsed URL and the values that came with it.
///
/// The center builds one request per dispatch and hands it to the winning class's
/// ``DispatchActivity/init(request:)``. Build one yourself to unit-test an activity:
///
/// ```swift
/// let page = ProductActivity(request: DispatchRequest(url: try DispatchURL(string: "/product/42")))
/// try page.execute()
/// ```
public struct DispatchRequest: Sendable {
    /// The parsed URL being dispatched.
    public var url: DispatchURL
    /// Values a URL cannot carry (an image, a completion token, a model object), passed by the
    /// caller of ``DispatchCenter/dispatch(_:userInfo:)-(DispatchURL,_)``.
    public var userInfo: [String: any Sendable]
    /// The center that is dispatching this request, for nested dispatches; `nil` for a request
    /// built by hand.
    public weak var center: DispatchCenter?
    /// The parameters the winning pattern captured (`["id": "42"]` for `/product/:id`); empty for
    /// an activity that claimed the URL with a custom `isHit`.
    public var parameters: [String: String]
    /// The segments the winning pattern's trailing `*` matched, or `nil` if it has none.
    public var wildcard: [String]?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - url: The URL the activity will read.
    ///   - userInfo: Extra values for the activity; empty by default.
    ///   - center: The center to use for nested dispatches, if any.
    ///   - match: What the winning pattern captured, if any.
    public init(
        url: DispatchURL, userInfo: [String: any Sendable] = [:], center: DispatchCenter? = nil,
        match: RouteMatch? = nil
    ) {
        self.url = url
        self.userInfo = userInfo
        self.center = center
        self.parameters = match?.parameters ?? [:]
        self.wildcard = match?.wildcard
    }
}
