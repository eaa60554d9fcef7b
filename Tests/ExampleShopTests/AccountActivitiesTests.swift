import DispatchKit
import DispatchKitUI
import ExampleShopRoutes
import Foundation
import Testing

/// The account module's two routes are the cases of one link: the pattern picks the case, which
/// opens its page and builds its URL back.
@MainActor
@Suite struct AccountActivitiesTests {
    private let center = DispatchCenter()
    private let navigator = RecordingNavigator(selectedTab: ShopTab.home)

    init() {
        _ = ShopRouter(center: center)
        center.navigator = navigator
    }

    @Test func theAccountLinkSelectsTheAccountTab() throws {
        let url = try #require(URL(string: "shop://shop.example.com/account"))
        let result = center.dispatch(.openedURL(url, sourceApplication: nil))
        #expect(result.isHandled, "\(result)")
        #expect((try? result.activity?.link(as: AccountActivity.Link.self)) == .tab)
        #expect(navigator.state.selectedTab == AnyHashable(ShopTab.account))
    }

    @Test func theLoginLinkPresentsTheLoginPageOnce() throws {
        let url = try #require(URL(string: "https://shop.example.com/account/login"))
        let result = center.dispatch(.universalLink(url))
        #expect(result.isHandled, "\(result)")
        #expect((try? result.activity?.link(as: AccountActivity.Link.self)) == .login)
        #expect(center.dispatch(AccountActivity.Link.login).isHandled)
        #expect(navigator.state.presented == [AnyHashable(ShopPage.login)])
    }

    @Test(arguments: [(AccountActivity.Link.tab, "/account"), (.login, "/account/login")])
    func eachCaseBuildsItsURL(link: AccountActivity.Link, expected: String) throws {
        #expect(try center.url(for: link).description == expected)
    }
}
