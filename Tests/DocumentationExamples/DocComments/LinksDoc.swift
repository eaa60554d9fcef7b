import DispatchKit
import Foundation

// The code blocks of the doc comments of typed links: Links/, Activity/LinkActivity and
// AsyncLinkActivity, DispatchActivity.link(as:), and DispatchCenter+Links.

enum DispatchLinkDoc {
    // snippet: doc-dispatch-link
    enum ProductTab: String, Codable, Sendable { case details, reviews }

    final class ProductActivity: LinkActivity<ProductActivity.Link> {
        struct Link: DispatchLink {
            var id: Int  // from the pattern's :id<int>
            var tab: ProductTab?  // from ?tab=reviews
            var from: String?
        }

        override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }

        override func execute(with link: Link) throws {
            print("push ProductPage(id: \(link.id), tab: \(link.tab ?? .details))")
        }
    }

    @MainActor func openReviews(in center: DispatchCenter) {
        center.dispatch(ProductActivity.Link(id: 42, tab: .reviews))  // dispatches /product/42?tab=reviews
    }
    // snippet: end
}

enum LinkValueConvertibleDoc {
    // snippet: doc-link-value-convertible
    struct SKU: LinkValueConvertible, Codable, Hashable {
        let code: String

        init?(linkValue: String) {
            guard linkValue.count == 8, linkValue.allSatisfy(\.isLetter) else { return nil }
            code = linkValue.uppercased()
        }

        var linkValue: String { code }
    }

    struct ItemLink: DispatchLink {
        var sku: SKU  // /item/:sku reads "abcdefgh" as SKU(code: "ABCDEFGH")
    }
    // snippet: end
}

enum LinkErrorsDoc {
    typealias ProductActivity = DispatchLinkDoc.ProductActivity

    // snippet: doc-link-decoding-error
    @MainActor func open(_ url: String, in center: DispatchCenter) {
        let result = center.dispatch(url)  // "cono://test.com/product/42?tab=videos"
        if case .invalidLink(let error)? = result.failure {
            print(error)  // ProductActivity's link: tab "videos" is not a ProductTab
            print(error.key, error.text ?? "-", error.expectedType)  // tab videos ProductTab
        }
    }
    // snippet: end

    // snippet: doc-link-encoding-error
    @MainActor func share(_ link: ProductActivity.Link, in center: DispatchCenter) {
        do {
            print(try center.url(for: link))  // /product/42?tab=reviews
        } catch {
            print(error)  // for example: no registered activity has the link type ProductActivity.Link
        }
    }
    // snippet: end
}

enum LinkActivityDoc {
    // snippet: doc-link-activity
    enum ProductTab: String, Codable, Sendable { case details, reviews }

    final class ProductActivity: LinkActivity<ProductActivity.Link> {
        struct Link: DispatchLink {
            var id: Int
            var tab: ProductTab?
            var from: String?
        }

        override class var exposure: DispatchExposure { .external }
        override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }

        override func execute(with link: Link) throws {
            print("push ProductPage(id: \(link.id), tab: \(link.tab ?? .details))")
        }
    }
    // snippet: end
}

enum AsyncLinkActivityDoc {
    // snippet: doc-async-link-activity
    final class OrderActivity: AsyncLinkActivity<OrderActivity.Link> {
        struct Link: DispatchLink { var id: Int }

        override class var patterns: [RoutePattern] { ["/orders/:id<int>"] }

        override func execute(with link: Link) async throws {
            try await Task.sleep(nanoseconds: 200_000_000)  // load the order: cancellable
            print("push OrderPage(id: \(link.id))")
        }
    }
    // snippet: end
}

enum LinkAsDoc {
    // snippet: doc-link-as
    final class ReviewActivity: DispatchActivity {
        struct Link: DispatchLink {
            var id: Int
            var sort: String?
        }

        override class var linkType: (any DispatchLink.Type)? { Link.self }
        override class var patterns: [RoutePattern] { ["/product/:id<int>/reviews"] }

        override func execute() throws {
            let link = try self.link(as: Link.self)
            print("push ReviewsPage(product: \(link.id), sort: \(link.sort ?? "recent"))")
        }
    }
    // snippet: end
}

enum CenterLinksDoc {
    typealias ProductActivity = DispatchLinkDoc.ProductActivity

    // snippet: doc-center-url-for-link
    @MainActor func shareLink(in center: DispatchCenter) throws -> String {
        let url = try center.url(for: ProductActivity.Link(id: 42, tab: .reviews, from: "share"))
        return url.description  // "/product/42?tab=reviews&from=share"
    }
    // snippet: end

    // snippet: doc-center-dispatch-link
    @MainActor func openReviews(in center: DispatchCenter) {
        let result = center.dispatch(ProductActivity.Link(id: 42, tab: .reviews))
        if let failure = result.failure { print(failure) }
    }
    // snippet: end
}

enum LinkRouteDoc {
    // snippet: doc-link-route
    final class ShopModule: LinkActivity<ShopModule.Link> {
        enum Link: DispatchLink {
            case product(id: Int)
            case orders(id: Int)
            case settings

            static let routes: [LinkRoute<Link>] = [
                .external("/product/:id<int>", "/p/:id<int>", to: product),
                .route("/orders/:id<int>", to: orders),  // the class's exposure: the app's own links
                .route("/settings", to: settings, priority: 10),
            ]
        }

        override func execute(with link: Link) throws { print("open \(link)") }
    }
    // snippet: end
}

enum LinkActivityRoutesDoc {
    enum ProductTab: String, Codable, Sendable { case details, reviews }

    // snippet: doc-link-activity-routes
    final class ShopModule: LinkActivity<ShopModule.Link> {
        enum Link: DispatchLink {
            case product(id: Int, tab: ProductTab?)
            case search(q: String, tag: [String])
            case settings

            static let routes: [LinkRoute<Link>] = [
                .external("/product/:id<int>", to: product),
                .external("/search", to: search),
                .route("/settings", to: settings),
            ]
        }

        override func execute(with link: Link) throws {
            switch link {
            case .product(let id, let tab): print("push ProductPage(\(id), \(tab ?? .details))")
            case .search(let q, let tags): print("push SearchPage(\(q), \(tags))")
            case .settings: print("push SettingsPage")
            }
        }
    }
    // snippet: end
}

enum CenterFallbackDoc {
    // snippet: doc-center-fallback-closure
    @MainActor func openTheRestOnTheWeb(in center: DispatchCenter) {
        center.fallback(exposure: .external) { page in
            if page.url.scheme == "https" { print("open \(page.url) in a web view") }
        }
    }
    // snippet: end
}
