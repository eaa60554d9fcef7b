import DispatchKit
import Testing

// The tests the "Writing an activity" article shows, run against the article's activities: its
// blocks are compiled as they stand by DocumentBlocksTests; these run the same code.

@MainActor
@Test func orderActivityRejectsZero() throws {
    let url = try DispatchURL(string: "cono://test.com/orders/0")
    let match = try #require(RoutePattern("/orders/:id").match(url))
    let activity = OrderActivity(request: DispatchRequest(url: url, match: match))
    #expect(throws: InvalidOrderID.self) { try activity.execute() }
}

@MainActor
@Test func shareActivityReadsUserInfo() throws {
    let request = DispatchRequest(
        url: try DispatchURL(string: "/share"), userInfo: ["title": "Hi"], source: .notification)
    let activity = ShareActivity(request: request)
    #expect(activity.userInfo["title"] as? String == "Hi")
    #expect(activity.request.source == .notification)
}

@MainActor
@Test func productLinksReachTheProductPage() throws {
    let center = DispatchCenter()
    center.register([Article.ProductActivity.self, FlashSaleActivity.self])
    let url = try DispatchURL(string: "cono://test.com/product/7?sale=spring")
    let claimants = center.claimants(for: url).map { "\($0)" }
    #expect(claimants == ["FlashSaleActivity", "ProductActivity"])
    #expect(center.activity(for: url) is FlashSaleActivity)
}

/// What the "Typed links" section says of its activity: the URL a link builds, and a value that
/// does not decode.
@MainActor
@Test func reviewsLinksBuildTheirURLAndRefuseBadValues() throws {
    let center = DispatchCenter()
    center.register(ReviewsActivity.self)
    let link = ReviewsActivity.Link(product: 42, order: .helpful, tag: ["fit"])
    #expect(try center.url(for: link).description == "/product/42/reviews?order=helpful&tag=fit")
    #expect(center.dispatch(link).isHandled)
    let refused = center.dispatch("/product/42/reviews?order=oldest")
    #expect(refused.failure?.description == #"ReviewsActivity's link: order "oldest" is not a ReviewOrder"#)
}

// The article's activities.

private enum ReviewOrder: String, Codable, Sendable { case newest, helpful }

private final class ReviewsActivity: LinkActivity<ReviewsActivity.Link> {
    struct Link: DispatchLink {
        var product: Int  // from :product<int>
        var order: ReviewOrder?  // from ?order=helpful; nil without
        var tag: [String]  // from ?tag=a&tag=b; [] without
    }

    override class var patterns: [RoutePattern] { ["/product/:product<int>/reviews"] }

    override func execute(with link: Link) throws {
        print("push ReviewsPage(\(link.product), order: \(link.order ?? .newest), tags: \(link.tag))")
    }
}

// In a namespace: the README's Quick start (ReadmeQuickStart.swift) declares a ProductActivity of
// its own at the top level of this target, as a reader pastes it.
private enum Article {
    final class ProductActivity: DispatchActivity {
        override class var exposure: DispatchExposure { .external }
        override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }

        override func execute() throws {
            print("push ProductPage(id: \(parameters.int("id") ?? 0), from: \(query["from"] ?? "-"))")
        }
    }
}

private final class FlashSaleActivity: DispatchActivity {
    override class var priority: Int { 10 }
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }

    override class func isHit(url: DispatchURL) -> Bool {
        super.isHit(url: url) && url.query["sale"] != nil
    }
}

private final class ShareActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/share"] }

    override func execute() throws {
        let title = userInfo["title"] as? String ?? query["title"] ?? ""
        print("present SharePage(title: \(title))")
    }
}

private struct InvalidOrderID: Error, CustomStringConvertible {
    let text: String
    var description: String { "order id \"\(text)\" is not a positive integer" }
}

private final class OrderActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/orders/:id"] }

    override func execute() throws {
        guard let id = parameters.int("id"), id > 0 else {
            throw InvalidOrderID(text: parameters["id"] ?? "")
        }
        print("push OrderPage(id: \(id))")
    }
}

// The module of the "One class per module" section, run: the region below is the article's block
// (ArticleRegionsTests checks it).
private enum ModuleArticle {
    // article: WritingAnActivity.md, one class per module
    final class CartActivity: LinkActivity<CartActivity.Link> {
        enum Link: DispatchLink {
            case cart
            case item(product: Int, size: String?)
            case checkout(coupon: String?)

            static let routes: [LinkRoute<Link>] = [
                .route("/cart", "/basket", to: cart),
                .route("/cart/item/:product<int>", to: item),
                .route("/cart/checkout", to: checkout, exposure: .internalOnly, priority: 10),
            ]
        }

        override class var exposure: DispatchExposure { .external }
        override func execute(with link: Link) throws {
            switch link {
            case .cart: print("push CartPage")
            case .item(let product, let size): print("push CartItemPage(\(product), size: \(size ?? "-"))")
            case .checkout(let coupon): print("push CheckoutPage(coupon: \(coupon ?? "-"))")
            }
        }
    }
    // article: end
}

/// A class of a lower priority than the checkout case, for the same path.
private final class CheckoutCampaign: DispatchActivity {
    override class var priority: Int { 5 }
    override class var patterns: [RoutePattern] { ["/cart/checkout"] }
    override func execute() throws {}
}

/// What "One class per module" says of its module: the case each URL selects, its values by
/// label, the case's exposure and priority, and the URL a case builds.
@MainActor
@Suite struct OneClassPerModuleTests {
    private typealias CartActivity = ModuleArticle.CartActivity
    private let center = DispatchCenter()

    init() {
        center.register([CartActivity.self, CheckoutCampaign.self])
    }

    private func link(of url: String, source: DispatchOrigin = .app) throws -> CartActivity.Link {
        let result = center.dispatch(url, source: source)
        let activity = try #require(result.activity as? CartActivity, "\(url): \(result)")
        return try activity.link(as: CartActivity.Link.self)
    }

    @Test func theWinningPatternSelectsTheCaseAndItsValues() throws {
        guard case .cart = try link(of: "/basket") else {
            Issue.record("/basket must select the cart case")
            return
        }
        guard case .item(42, "M") = try link(of: "/cart/item/42?size=M") else {
            Issue.record("/cart/item/42?size=M must be .item(product: 42, size: \"M\")")
            return
        }
        guard case .invalidLink(let error)? = center.dispatch("/cart/item/99999999999999999999").failure
        else {
            Issue.record("a product number out of range for Int must fail the link")
            return
        }
        #expect(error.key == "product")
    }

    @Test func theCheckoutCaseIsInternalAndOutranksALowerClass() throws {
        guard case .checkout(nil) = try link(of: "cono://test.com/cart/checkout") else {
            Issue.record("the checkout case, priority 10, must win over a class of priority 5")
            return
        }
        let outside = center.dispatch("cono://test.com/cart/checkout", source: .notification)
        guard case .rejected? = outside.failure else {
            Issue.record("a notification must not open the internal checkout case: \(outside)")
            return
        }
        #expect(center.dispatch("cono://test.com/cart", source: .notification).isHandled)
    }

    @Test func aCaseBuildsItsURLFromItsOwnPatterns() throws {
        #expect(
            try center.url(for: CartActivity.Link.item(product: 42, size: "M")).description
                == "/cart/item/42?size=M")
        #expect(try center.url(for: CartActivity.Link.cart).description == "/cart")
        #expect(center.dispatch(CartActivity.Link.item(product: 42, size: "M")).isHandled)
        #expect(CartActivity.patterns == ["/cart", "/basket", "/cart/item/:product<int>", "/cart/checkout"])
    }
}
