import DispatchKit
import Testing

@testable import SampleApp

/// The sample's typed links: values arrive as Swift types, a value that does not decode is a typed
/// failure before any page opens, and the sample's own code builds links from values.
@MainActor
struct SampleAppLinkTests {
    let app: DemoApp
    private let log = Log()

    init() {
        let log = self.log
        app = DemoApp(log: { log.lines.append($0) })
    }

    // MARK: - Decoding

    @Test func aProductLinkArrivesAsTypedValuesAndIgnoresTrackingItems() {
        let result = app.center.dispatch("cono://test.com/product/42?tab=reviews&from=push&utm_source=mail")
        #expect(result.activity is ProductActivity)
        #expect(
            (try? result.activity?.link(as: ProductActivity.Link.self))
                == ProductActivity.Link(id: 42, tab: .reviews, from: "push"))
        #expect(
            app.navigator.top == Page("ProductPage", [("id", "42"), ("tab", "reviews"), ("from", "push")]))
    }

    @Test func anOrdersLinkWithoutAnIDOpensTheList() {
        app.session.signIn("bob")
        app.center.dispatch("cono://test.com/orders")
        app.center.dispatch("cono://test.com/orders/7")
        #expect(app.navigator.path == "Home > OrdersPage(user: bob) > OrdersPage(user: bob, id: 7)")
    }

    /// What each converted route refuses, and how: the key, the text and the type, before the
    /// activity exists. Before the conversion a twenty-digit id went to the web fallback, and an
    /// unknown tab was not read at all.
    @Test(arguments: [
        (
            "cono://test.com/product/99999999999999999999", "ProductActivity", "id", "99999999999999999999",
            "Int", LinkDecodingError.Reason.outOfRange
        ),
        (
            "cono://test.com/product/1?tab=photos", "ProductActivity", "tab", "photos", "ProductTab",
            .malformed
        ),
        ("cono://test.com/p/1?tab=", "ProductActivity", "tab", "", "ProductTab", .malformed),
        (
            "cono://test.com/product/99999999999999999999?sale=spring", "FlashSaleActivity", "id",
            "99999999999999999999", "Int", .outOfRange
        ),
        ("cono://test.com/orders?id=seven", "OrdersActivity", "id", "seven", "Int", .malformed),
    ])
    func aValueThatDoesNotDecodeIsATypedFailureAndNothingOpens(
        url: String, activity: String, key: String, text: String, type: String,
        reason: LinkDecodingError.Reason
    ) {
        app.session.signIn("bob")  // so that the login wall lets the orders link through
        let result = app.center.dispatch(url)
        #expect(
            result.failure
                == .invalidLink(
                    LinkDecodingError(
                        activity: activity, key: key, text: text, expectedType: type, reason: reason)))
        #expect(result.activity == nil, "neither the page nor the web fallback ran")
        #expect(log.lines.isEmpty)
    }

    // MARK: - Building links from values

    @Test func eachConvertedRouteBuildsItsURLFromAValue() throws {
        #expect(
            try app.center.url(for: ProductActivity.Link(id: 42, tab: .reviews)).description
                == "/product/42?tab=reviews")
        #expect(
            try app.center.url(for: FlashSaleActivity.Link(id: 7, sale: "spring")).description
                == "/product/7?sale=spring")
        #expect(try app.center.url(for: OrdersActivity.Link()).description == "/orders")
        #expect(try app.center.url(for: OrdersActivity.Link(id: 7)).description == "/orders/7")
        #expect(try app.center.url(for: AccountActivity.Link.login()).description == "/account/login")
        #expect(try app.center.url(for: AccountActivity.Link.logout).description == "/account/logout")
    }

    @Test func aValueBuiltLinkOpensThePageItNames() {
        let result = app.center.dispatch(ProductActivity.Link(id: 42, tab: .reviews, from: "share"))
        #expect(result.activity is ProductActivity)
        #expect(log.lines == ["  push ProductPage(id: 42, tab: reviews, from: share)"])
    }

    /// The flash sale's link builds the product URL with its `sale`, which the sale page, of higher
    /// priority, claims; without a sale the same id is an ordinary product link.
    @Test func aFlashSaleLinkReachesTheSalePageAndWithoutASaleTheProductPage() {
        #expect(
            app.center.dispatch(FlashSaleActivity.Link(id: 7, sale: "spring")).activity is FlashSaleActivity)
        #expect(app.center.dispatch(FlashSaleActivity.Link(id: 7)).activity is ProductActivity)
    }

    /// A redirect carried inside the login link is one query value, whatever it holds: its own `?`,
    /// `&` and `=` are escaped, and it comes back whole.
    @Test func aLoginLinkBuiltFromAValueCarriesItsRedirectWhole() {
        let redirect = "cono://test.com/product/5?from=mail&tab=reviews"
        let result = app.center.dispatch(AccountActivity.Link.login(user: "alice", redirect: redirect))
        #expect(result.isHandled)
        #expect(app.session.user == "alice")
        #expect(app.navigator.path == "Home > ProductPage(id: 5, tab: reviews, from: mail, for: alice)")
    }

    /// The login wall brings up the login page with `AccountActivity.Link.login()`, not a string.
    @Test func theLoginWallOpensTheLoginPageFromItsTypedLink() {
        let result = app.center.dispatch("cono://test.com/orders/7")
        guard case .held? = result.failure else {
            Issue.record("expected the orders link to be held, got \(String(describing: result.failure))")
            return
        }
        #expect(app.navigator.path == "Home > [LoginPage]")
    }
}
