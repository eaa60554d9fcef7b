import DispatchKit
import DispatchKitUI
import ExampleShopRoutes
import Foundation
import Testing

/// The links the example's README tells a user to try, and the push it sends, open the pages it
/// says they open.
@MainActor
@Suite struct ShopLinksTests {
    private let center = DispatchCenter()
    private let router: ShopRouter
    private let navigator = RecordingNavigator(selectedTab: ShopTab.home)

    init() {
        router = ShopRouter(center: center)
        center.navigator = navigator
    }

    /// Each link of the README's `xcrun simctl openurl booted '…'` lines, and the class that must
    /// claim it.
    private nonisolated static let claimants: [String: DispatchActivity.Type] = [
        "shop://shop.example.com/product/42": ProductActivity.self,
        "shop://shop.example.com/orders/7": OrdersActivity.self,
        "shop://shop.example.com/account": AccountActivity.self,
        "https://shop.example.com/product/42": ProductActivity.self,
    ]

    /// The links of the README's `simctl openurl` lines.
    private static func readmeLinks() throws -> [String] {
        let readme = try ExampleFiles.text("README.md")
        let prefix = "xcrun simctl openurl booted '"
        return readme.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: prefix), let end = line[start.upperBound...].firstIndex(of: "'")
            else { return nil }
            return String(line[start.upperBound..<end])
        }
    }

    @Test func theReadmeNamesTheLinksTestedHere() throws {
        #expect(try Set(Self.readmeLinks()) == Set(Self.claimants.keys))
    }

    // The Info.plist's scheme and the entitlements' domain are checked against ShopLinks by
    // scripts/check-xcode-project.py; this ties the README's links to the same two values.
    @Test(arguments: claimants.keys.sorted())
    func eachReadmeLinkUsesTheAppsSchemeOrDomain(_ link: String) throws {
        let url = try DispatchURL(string: link)
        #expect(url.scheme == ShopLinks.scheme || url.scheme == "https")
        #expect(url.host == ShopLinks.domain)
    }

    @Test(arguments: claimants.keys.sorted())
    func eachReadmeLinkReachesItsActivity(_ link: String) throws {
        let url = try DispatchURL(string: link)
        let claimant = try #require(center.claimants(for: url).first)
        let expected = try #require(Self.claimants[link])
        #expect(claimant == expected, "\(link) is claimed by \(claimant), not \(expected)")
    }

    @Test func aSchemeLinkPushesTheProductOnTheShopTab() throws {
        let url = try #require(URL(string: "shop://shop.example.com/product/42"))
        let result = center.dispatch(.openedURL(url, sourceApplication: "com.apple.mobilesafari"))
        #expect(result.isHandled, "\(result)")
        #expect(navigator.state.selectedTab == AnyHashable(ShopTab.home))
        #expect(navigator.state.visiblePage == AnyHashable(ShopPage.product(id: 42)))
    }

    @Test func aUniversalLinkOnTheShopsDomainOpensTheProduct() throws {
        let url = try #require(URL(string: "https://shop.example.com/product/42"))
        let result = center.dispatch(.universalLink(url))
        #expect(result.isHandled, "\(result)")
        #expect(navigator.state.visiblePage == AnyHashable(ShopPage.product(id: 42)))
    }

    @Test func aUniversalLinkFromAnotherDomainIsRefused() throws {
        let url = try #require(URL(string: "https://shop.example.org/product/42"))
        let result = center.dispatch(.universalLink(url))
        guard case .refusedAtIntake? = result.failure else {
            Issue.record("expected a refusal at intake, got \(result)")
            return
        }
        #expect(navigator.steps.isEmpty)
    }

    @Test func anOrderWaitsForTheSignInThenOpensOnTheOrdersTab() throws {
        let url = try #require(URL(string: "shop://shop.example.com/orders/7"))
        let held = center.dispatch(.openedURL(url, sourceApplication: nil))
        guard case .held? = held.failure else {
            Issue.record("expected the login wall to hold the link, got \(held)")
            return
        }
        #expect(navigator.state.visiblePage == AnyHashable(ShopPage.login))

        let opened = try #require(router.signIn(as: "alice"))
        #expect(opened.isHandled, "\(opened)")
        #expect(navigator.state.presented.isEmpty)
        #expect(navigator.state.selectedTab == AnyHashable(ShopTab.orders))
        #expect(navigator.state.visiblePage == AnyHashable(ShopPage.order(id: 7)))
    }

    /// The login page opens while the wall holds an order, from the app or from outside: the wall
    /// lets the account module's login case through, where the login page once had a class of its
    /// own that skipped the interceptors. Held instead, the login link would replace the order.
    @Test func theLoginLinkPassesTheWallWhileItHoldsAnOrder() throws {
        let order = try #require(URL(string: "shop://shop.example.com/orders/7"))
        guard case .held? = center.dispatch(.openedURL(order, sourceApplication: nil)).failure else {
            Issue.record("expected the login wall to hold the order")
            return
        }
        // The page is up already: each login link opens nothing more, and is handled.
        #expect(center.dispatch(AccountActivity.Link.login).isHandled)
        let login = try #require(URL(string: "shop://shop.example.com/account/login"))
        #expect(center.dispatch(.openedURL(login, sourceApplication: nil)).isHandled)

        let opened = try #require(router.signIn(as: "alice"), "the order is still held")
        #expect(opened.isHandled, "\(opened)")
        #expect(navigator.state.visiblePage == AnyHashable(ShopPage.order(id: 7)))
    }

    @Test func closingTheLoginPageDropsTheHeldOrder() throws {
        let url = try #require(URL(string: "shop://shop.example.com/orders/7"))
        center.dispatch(.openedURL(url, sourceApplication: nil))
        router.loginClosed()
        #expect(router.signIn(as: "alice") == nil)
        #expect(!navigator.state.stack(inTab: ShopTab.orders).contains(AnyHashable(ShopPage.order(id: 7))))
    }

    @Test func theReadmesTestPushOpensItsProduct() throws {
        let data = try Data(contentsOf: ExampleFiles.url("payload.apns"))
        let payload = try #require(try JSONSerialization.jsonObject(with: data) as? [AnyHashable: Any])
        let result = center.dispatch(.notification(payload))
        #expect(result.isHandled, "\(result)")
        #expect(navigator.state.visiblePage == AnyHashable(ShopPage.product(id: 42)))
    }

    @Test func theReadmesTestPushTargetsTheSwiftUIApp() throws {
        let data = try Data(contentsOf: ExampleFiles.url("payload.apns"))
        let payload = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(payload["Simulator Target Bundle"] as? String == "com.example.shop")
    }
}
