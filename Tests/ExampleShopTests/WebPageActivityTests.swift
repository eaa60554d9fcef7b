import DispatchKit
import DispatchKitUI
import ExampleShopRoutes
import Foundation
import Testing

/// The shop's web fallback opens the pages of its own site only, whoever dispatches the link.
@MainActor
@Suite struct WebPageActivityTests {
    private let center = DispatchCenter()
    private let router: ShopRouter
    private let navigator = RecordingNavigator(selectedTab: ShopTab.home)

    init() {
        router = ShopRouter(center: center)
        router.showFailure = { _ in }
        center.navigator = navigator
    }

    private func webPage(_ link: String) throws -> ShopPage {
        .web(try DispatchURL(string: link))
    }

    // Before the shop had a fallback, a page of its own site that no route names failed unmatched.
    @Test func anUnclaimedPageOfTheShopsSiteOpensAsAWebPage() throws {
        let result = center.dispatch("https://shop.example.com/help")
        #expect(result.isHandled, "\(result)")
        #expect(navigator.state.presented == [AnyHashable(try webPage("https://shop.example.com/help"))])
    }

    @Test func aUniversalLinkToAnUnclaimedPageOpensAsAWebPage() throws {
        let url = try #require(URL(string: "https://shop.example.com/help/returns"))
        let result = center.dispatch(.universalLink(url))
        #expect(result.isHandled, "\(result)")
        #expect(
            navigator.state.visiblePage == AnyHashable(try webPage("https://shop.example.com/help/returns")))
    }

    // The app's own code is not checked against the origins: the fallback checks them itself.
    @Test func theAppsOwnLinkToAnotherSiteOpensNothing() throws {
        let result = center.dispatch("https://evil.example/help")
        guard case .executionFailed(_, let error as WebPageError)? = result.failure else {
            Issue.record("expected the web page to refuse another site, got \(result)")
            return
        }
        #expect(error == .notOurSite(try DispatchURL(string: "https://evil.example/help")))
        #expect(navigator.steps.isEmpty)
    }

    @Test func aLinkFromAnotherAppToAnotherSiteIsRefusedBeforeTheFallback() throws {
        let url = try #require(URL(string: "https://evil.example/product/42"))
        let result = center.dispatch(.openedURL(url, sourceApplication: "com.example.other"))
        guard case .rejected(let reason)? = result.failure else {
            Issue.record("expected a rejection, got \(result)")
            return
        }
        #expect(reason.rule == .undeclaredHost("evil.example"))
        #expect(navigator.steps.isEmpty)
    }

    @Test func aLinkFromAnotherAppOfAnotherSchemeIsRefused() throws {
        let url = try #require(URL(string: "other://shop.example.com/product/42"))
        let result = center.dispatch(.openedURL(url, sourceApplication: "com.example.other"))
        guard case .rejected(let reason)? = result.failure else {
            Issue.record("expected a rejection, got \(result)")
            return
        }
        #expect(reason.rule == .undeclaredScheme("other"))
    }

    @Test func aShopLinkNoRouteNamesIsNotAWebPage() throws {
        let result = center.dispatch("shop://shop.example.com/nope")
        guard case .executionFailed(_, let error as WebPageError)? = result.failure else {
            Issue.record("expected no page, got \(result)")
            return
        }
        #expect(error == .notAWebPage(try DispatchURL(string: "shop://shop.example.com/nope")))
        #expect(navigator.steps.isEmpty)
    }

    // The example tells a reader how to open another site: the hosts it declares are where.
    @Test func theDeclaredWebHostsAreTheShopsDomain() throws {
        #expect(ShopLinks.linkOrigins.schemes == [ShopLinks.scheme])
        #expect(ShopLinks.linkOrigins.webHosts.map(\.description) == [ShopLinks.domain])
        let readme = try ExampleFiles.text("README.md").split(separator: "\n").joined(separator: " ")
        #expect(
            readme.contains("To allow another site, add its host to the web hosts of `ShopLinks.linkOrigins`")
        )
    }
}
