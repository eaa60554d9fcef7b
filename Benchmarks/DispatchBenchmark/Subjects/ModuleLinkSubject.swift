import DispatchKit

/// The module link of the shop class: one case per route, the product case with the values of
/// ``ProductLink``, in the same order, so that it builds the same URL strings.
enum ShopLink: DispatchLink, Equatable {
    case product(id: Int, tab: ProductTab?, from: String?)
    case search(q: String, page: Int?)
    case orders(id: Int)
    case category(name: String)
    case cart

    static let routes: [LinkRoute<ShopLink>] = [
        .route("app://host/product/:id<int>", "app://host/p/:id<int>", to: product),
        .route("app://host/search", to: search),
        .route("app://host/orders/:id<int>", "app://host/account/orders/:id<int>", to: orders),
        .route("app://host/category/:name", to: category),
        .route("app://host/cart", to: cart),
    ]

    /// The product case of `link`'s values.
    init(_ link: ProductLink) {
        self = .product(id: link.id, tab: link.tab, from: link.from)
    }
}

/// The module class: one class whose enum's cases are its routes. The product case has the
/// product class's two patterns; the other cases, around it under the same host, make the index
/// choose the case by the pattern that wins, as in an app.
final class ShopModuleActivity: LinkActivity<ShopLink> {
    override func execute(with link: ShopLink) throws {
        switch link {
        case .product(let id, let tab, let from):
            ProductSink.total &+= id &+ (tab?.rawValue.utf8.count ?? 0) &+ (from?.utf8.count ?? 0)
        case .search(let q, let page): ProductSink.total &+= q.utf8.count &+ (page ?? 0)
        case .orders(let id): ProductSink.total &+= id
        case .category(let name): ProductSink.total &+= name.utf8.count
        case .cart: ProductSink.total &+= 1
        }
    }
}

/// The module-link rows of the typed-link benchmark: the same product URLs and values, to the
/// module class instead of the struct link's class.
@MainActor
enum ModuleLinkSubject {
    /// URLs of the other cases, with the link each must select and decode: what shows that the
    /// product URLs reach the product case because their pattern won, not because it is the
    /// class's only case.
    static let otherCases: [(url: String, link: ShopLink)] = [
        ("app://host/search?q=shoes&page=2", .search(q: "shoes", page: 2)),
        ("app://host/search?q=red", .search(q: "red", page: nil)),
        ("app://host/orders/17", .orders(id: 17)),
        ("app://host/account/orders/18", .orders(id: 18)),
        ("app://host/category/boots", .category(name: "boots")),
        ("app://host/cart", .cart),
        ("app://host/p/42", .product(id: 42, tab: nil, from: nil)),
    ]

    /// `center.dispatch(link)` of the product case: the case's URL built and dispatched, the value
    /// handed to the case.
    static func valueBody(_ center: DispatchCenter, _ links: [ShopLink]) -> (Int) -> Int {
        var next = 0
        return { operations in
            var handled = 0
            for _ in 0..<operations {
                if center.dispatch(links[next]).isHandled { handled += 1 }
                next = (next + 1) & (links.count - 1)
            }
            return handled &+ ProductSink.total
        }
    }

    /// Stops the run unless the module class is given, for every lookup, the product case of the
    /// lookup's values, from the URL and from the value (which builds the same URL string), and
    /// unless each URL of ``otherCases`` selects its own case.
    static func check(_ lookups: ArraySlice<ProductLinks.Lookup>, module: DispatchCenter) {
        for lookup in lookups {
            let link = ShopLink(lookup.link)
            let activity = module.dispatch(lookup.url).activity as? ShopModuleActivity
            guard (try? activity?.link(as: ShopLink.self)) == link else {
                fatalError("module links, URL: \(lookup.url) did not decode as \(link)")
            }
            guard (try? module.url(for: link))?.description == lookup.url,
                let valueActivity = module.dispatch(link).activity as? ShopModuleActivity,
                (try? valueActivity.link(as: ShopLink.self)) == link
            else {
                fatalError("module links, value: \(link) did not build and dispatch \(lookup.url)")
            }
        }
        for (url, link) in otherCases {
            let activity = module.dispatch(url).activity as? ShopModuleActivity
            guard (try? activity?.link(as: ShopLink.self)) == link else {
                fatalError("module links, other cases: \(url) did not decode as \(link)")
            }
        }
    }
}
