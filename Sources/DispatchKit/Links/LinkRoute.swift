/// The patterns of one case of a module link, with the exposure and priority where they differ
/// from the class's.
///
/// A module link is an enum whose cases are the routes of one module; the class that serves it
/// lists, in ``LinkActivity/routes``, each case by name with its route. A string is a route of one
/// pattern, an array a route of several; ``external(_:)`` opens the case to links from outside.
///
/// ```swift
/// final class ShopModule: LinkActivity<ShopModule.Link> {
///     enum Link: DispatchLink {
///         case product(id: Int)
///         case orders(id: Int)
///         case settings
///     }
///
///     override class var routes: LinkRoutes {
///         [
///             "product": .external("/product/:id<int>", "/p/:id<int>"),
///             "orders": "/orders/:id<int>",  // the class's exposure: from the app only, by default
///             "settings": LinkRoute("/settings", priority: 10),
///         ]
///     }
///
///     override func execute(with link: Link) throws { print("open \(link)") }
/// }
/// ```
public struct LinkRoute: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// The patterns whose match selects the case, in order: the first that fits builds its URL.
    public var patterns: [RoutePattern]
    /// Who may open the case from outside the app; `nil` for the class's
    /// ``DispatchActivity/exposure``.
    public var exposure: DispatchExposure?
    /// The case's place among the registered classes; `nil` for the class's
    /// ``DispatchActivity/priority``.
    public var priority: Int?

    /// A route of `patterns`, with the exposure and priority where they differ from the class's.
    public init(_ patterns: RoutePattern..., exposure: DispatchExposure? = nil, priority: Int? = nil) {
        self.init(patterns: patterns, exposure: exposure, priority: priority)
    }

    /// A route of `patterns`, with the exposure and priority where they differ from the class's.
    public init(patterns: [RoutePattern], exposure: DispatchExposure? = nil, priority: Int? = nil) {
        self.patterns = patterns
        self.exposure = exposure
        self.priority = priority
    }

    /// A route of one pattern: `"product": "/product/:id<int>"`.
    public init(stringLiteral pattern: String) {
        self.init(patterns: [RoutePattern(stringLiteral: pattern)])
    }

    /// A route of several patterns: `"product": ["/product/:id<int>", "/p/:id<int>"]`.
    public init(arrayLiteral patterns: RoutePattern...) {
        self.init(patterns: patterns)
    }

    /// A route any app, web page or notification may open (``DispatchExposure/external``).
    public static func external(_ patterns: RoutePattern...) -> LinkRoute {
        LinkRoute(patterns: patterns, exposure: .external)
    }
}

/// The routes of a module link: each case, by name, with its ``LinkRoute``.
///
/// Written as a dictionary literal whose keys are the enum's case names; the order is the order
/// in which the cases' patterns are tried when two match a URL equally well.
/// ``DispatchCenter/validate()`` reports a name that is not a case and a case without a route.
public struct LinkRoutes: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The cases in the order written, each with its route.
    public let cases: [Case]

    /// One case of the enum and its route.
    public struct Case: Sendable, Hashable {
        /// The case's name, as written in the enum (`product` for `case product(id: Int)`).
        public let name: String
        /// The case's patterns, exposure and priority.
        public let route: LinkRoute
    }

    /// Routes from `"case": route` pairs.
    public init(dictionaryLiteral elements: (String, LinkRoute)...) {
        cases = elements.map { Case(name: $0.0, route: $0.1) }
    }

    /// Whether no case has a route: the class is not a module of cases.
    public var isEmpty: Bool { cases.isEmpty }

    /// Every case's patterns, in order.
    var patterns: [RoutePattern] { cases.flatMap(\.route.patterns) }
}
