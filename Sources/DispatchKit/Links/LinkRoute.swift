/// One route of a module link: patterns paired with the case they open, with the exposure and
/// priority where they differ from the class's.
///
/// A module link is an enum whose cases are the routes of one module. The enum lists them in
/// ``DispatchLink/routes``, each pattern with the case it opens, written as the case itself: the
/// compiler checks that the case exists and, when a URL matches, the case's associated values are
/// read by their labels as a struct link's properties are (a path parameter of that name, else the
/// query) and handed to the case, in order.
///
/// ```swift
/// final class ShopModule: LinkActivity<ShopModule.Link> {
///     enum Link: DispatchLink {
///         case product(id: Int)
///         case orders(id: Int)
///         case settings
///
///         static let routes: [LinkRoute<Link>] = [
///             .external("/product/:id<int>", "/p/:id<int>", to: product),
///             .route("/orders/:id<int>", to: orders),  // the class's exposure: the app's own links
///             .route("/settings", to: settings, priority: 10),
///         ]
///     }
///
///     override func execute(with link: Link) throws { print("open \(link)") }
/// }
/// ```
///
/// A case is named by the value it builds, found once when the class is registered. When no
/// value of the case can be made from sample texts (a ``LinkValueConvertible`` type that refuses
/// `42` and `example`, a `Date`), the case is the one whose associated values have the function's
/// types; a route whose case cannot be told apart that way, from another case of the same
/// types, opens no URL, and `DispatchCenter.validate()` reports it.
///
/// The URL's values are handed to the case as their types read them: checks that a hand-written
/// `init(from:)` of the enum makes on them are not run. Make such a check part of the value's
/// type (a ``LinkValueConvertible`` type that refuses what it must).
public struct LinkRoute<Link: DispatchLink>: Sendable {
    /// The patterns whose match selects the case, in order: the first that fits builds its URL.
    public var patterns: [RoutePattern]
    /// Who may open the case from outside the app; `nil` for the class's
    /// ``DispatchActivity/exposure``.
    public var exposure: DispatchExposure?
    /// The case's place among the registered classes; `nil` for the class's
    /// ``DispatchActivity/priority``.
    public var priority: Int?
    /// Finds the case's name and how to read it: run when the class is registered.
    let reader: @Sendable () -> LinkCaseReading

    /// A route of `patterns` to the case `make` builds: `.route("/orders/:id<int>", to: orders)`.
    ///
    /// - Parameters:
    ///   - patterns: The patterns that select the case.
    ///   - make: The case, as a function of its associated values (`Link.orders`).
    ///   - exposure: Who may open it from outside, where it differs from the class's.
    ///   - priority: Its place among the registered classes, where it differs from the class's.
    public static func route<each Value: Decodable & Sendable>(
        _ patterns: RoutePattern..., to make: @escaping @Sendable (repeat each Value) -> Link,
        exposure: DispatchExposure? = nil, priority: Int? = nil
    ) -> LinkRoute {
        LinkRoute(patterns: patterns, exposure: exposure, priority: priority) {
            LinkCaseReading.positional(make)
        }
    }

    /// A route of `patterns` to a case without associated values: `.route("/cart", to: cart)`.
    ///
    /// A value of a case with associated values (`to: .product(id: 42)`) opens no URL, and
    /// `DispatchCenter.validate()` reports it: name the case itself (`to: product`), whose
    /// values the URL gives.
    public static func route(
        _ patterns: RoutePattern..., to link: Link, exposure: DispatchExposure? = nil, priority: Int? = nil
    ) -> LinkRoute {
        LinkRoute(patterns: patterns, exposure: exposure, priority: priority) {
            LinkCaseReading.constant(link)
        }
    }

    /// A route any app, web page or notification may open (``DispatchExposure/external``), to the
    /// case `make` builds: `.external("/product/:id<int>", to: product)`.
    public static func external<each Value: Decodable & Sendable>(
        _ patterns: RoutePattern..., to make: @escaping @Sendable (repeat each Value) -> Link,
        priority: Int? = nil
    ) -> LinkRoute {
        LinkRoute(patterns: patterns, exposure: .external, priority: priority) {
            LinkCaseReading.positional(make)
        }
    }

    /// A route any app, web page or notification may open, to a case without associated values
    /// (a value of a case with associated values opens no URL, as for `route`).
    public static func external(_ patterns: RoutePattern..., to link: Link, priority: Int? = nil) -> LinkRoute
    {
        LinkRoute(patterns: patterns, exposure: .external, priority: priority) {
            LinkCaseReading.constant(link)
        }
    }
}
