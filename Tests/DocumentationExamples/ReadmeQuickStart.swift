// The README's Quick start, also the example of the catalog's root page, as a reader pastes it: a
// whole file, so nothing else in this file. QuickStartTests runs it; DocumentBlocksTests compiles
// the README's block itself.
import DispatchKit

enum ProductTab: String, Codable, Sendable { case details, reviews }

// One activity (a DispatchActivity) per module; its typed link has a case per route:
final class ShopActivity: LinkActivity<ShopActivity.Link> {
    enum Link: DispatchLink {
        case product(id: Int, tab: ProductTab?)  // id from :id<int>, tab from ?tab=reviews
        case search(q: String)  // from ?q=shoes

        // Links from outside may open them too (by default only the app's own code may):
        static let routes: [LinkRoute<Link>] = [
            .external("/product/:id<int>", to: product),
            .external("/search", to: search),
        ]
    }

    override func execute(with link: Link) throws {
        switch link {
        case .product(let id, let tab): print("push ProductPage(id: \(id), tab: \(tab ?? .details))")
        case .search(let q): print("push SearchPage(q: \(q))")
        }
    }
}

// At launch, once per module:
@MainActor func registerRoutes() {
    DispatchCenter.shared.register(ShopActivity.self)
    // Links from outside of any other scheme or web host are refused:
    DispatchCenter.shared.linkOrigins = LinkOrigins(schemes: ["cono"], webHosts: ["test.com"])
}

// A link from outside, such as "cono://test.com/product/42?tab=reviews" from another app:
@MainActor func handle(_ link: String) {
    let result = DispatchCenter.shared.dispatch(link, source: .external(application: nil))
    // prints "push ProductPage(id: 42, tab: reviews)", or the failure, typed, in plain words:
    if let failure = result.failure { print(failure) }
}

// The app's own buttons dispatch a value; the center builds its URL, "/product/42?tab=reviews":
@MainActor func showReviews(of id: Int) {
    DispatchCenter.shared.dispatch(ShopActivity.Link.product(id: id, tab: .reviews))
}
