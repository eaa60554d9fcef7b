// The README's Quick start, also the example of the catalog's root page, as a reader pastes it: a
// whole file, so nothing else in this file. QuickStartTests runs it; DocumentBlocksTests compiles
// the README's block itself.
import DispatchKit

enum ProductTab: String, Codable, Sendable { case details, reviews }

// An activity (a DispatchActivity) that reads its URL as a typed link:
final class ProductActivity: LinkActivity<ProductActivity.Link> {
    struct Link: DispatchLink {
        var id: Int  // from the pattern's :id<int>
        var tab: ProductTab?  // from ?tab=reviews
    }

    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    // Links from outside may open it too (by default only the app's own code may):
    override class var exposure: DispatchExposure { .external }

    override func execute(with link: Link) throws {
        // Your app shows its page here:
        print("push ProductPage(id: \(link.id), tab: \(link.tab ?? .details))")
    }
}

// At launch, once per module:
@MainActor func registerRoutes() {
    DispatchCenter.shared.register(ProductActivity.self)
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
    DispatchCenter.shared.dispatch(ProductActivity.Link(id: id, tab: .reviews))
}
