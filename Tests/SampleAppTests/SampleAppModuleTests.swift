import DispatchKit
import DispatchKitManifest
import DispatchKitUI
import Testing

@testable import SampleApp

/// The sample's business modules, driven through its own center as the app drives them.
/// Each test runs its own app, so tests share nothing.
@MainActor
struct SampleAppModuleTests {
    let app: DemoApp
    var lines: [String] { log.lines }
    private let log = Log()

    init() {
        let log = self.log
        app = DemoApp(log: { log.lines.append($0) })
    }

    @Test func mineHomePushesTheMinePageWithTheUID() {
        let result = app.center.dispatch("cono://test.com/mine_home?uid=42")
        #expect(result.isHandled)
        #expect(result.activity is MineDispatchActivity)
        #expect(app.navigator.top == Page("MinePage", [("uid", "42")]))
        #expect(lines == ["  push MinePage(uid: 42)"])
    }

    @Test func settingsHomeIsClaimedByTheSameMineActivity() {
        let result = app.center.dispatch("cono://test.com/settings_home?tab=privacy")
        #expect(result.activity is MineDispatchActivity)
        #expect(app.navigator.top == Page("SettingsPage", [("tab", "privacy")]))
    }

    @Test func productPageReceivesItsIDAndSource() {
        let result = app.center.dispatch("cono://test.com/product/42?from=push")
        #expect(result.activity is ProductActivity)
        #expect(app.navigator.top == Page("ProductPage", [("id", "42"), ("from", "push")]))
    }

    @Test func aProductIDThatIsNotPositiveIsATypedFailure() throws {
        let result = app.center.dispatch("cono://test.com/product/0")
        guard case .executionFailed(let activity, let error)? = result.failure else {
            Issue.record("expected executionFailed, got \(String(describing: result.failure))")
            return
        }
        #expect(activity == ProductActivity.self)
        #expect(error as? ProductError == .invalidID(0))
        #expect(app.navigator.state == NavigationState(selectedTab: Tab.home), "nothing was shown")
    }

    @Test func aProductIDThatIsNotAnIntegerDoesNotMatchThePattern() throws {
        let url = try DispatchURL(string: "cono://test.com/product/abc")
        #expect(app.center.claimants(for: url).isEmpty)
        #expect(app.center.dispatch(url).activity is WebFallbackActivity)
    }

    @Test func theShortProductLinkReachesTheSamePage() {
        #expect(app.center.dispatch("cono://test.com/p/5").activity is ProductActivity)
        #expect(app.navigator.top == Page("ProductPage", [("id", "5")]))
    }

    @Test func flashSaleDeclinesProductLinksWithoutASale() throws {
        let url = try DispatchURL(string: "cono://test.com/product/7")
        #expect(
            app.center.claimants(for: url).map(ObjectIdentifier.init) == [
                ObjectIdentifier(ProductActivity.self)
            ])
    }

    /// The issue's requirement: the sample's own registry has no invalid, conflicting or shadowed
    /// patterns (FlashSale covers ProductActivity's pattern, but its isHit declines links without a
    /// sale, so ProductActivity is reachable).
    @Test func theSampleRegistryValidatesClean() {
        #expect(app.center.validate().map(\.description) == [])
    }

    @Test func flashSaleOutranksTheProductPageWhenASaleIsRunning() {
        let url = try? DispatchURL(string: "cono://test.com/product/7?sale=spring")
        #expect(
            url.map { app.center.claimants(for: $0).map(ObjectIdentifier.init) }
                == [ObjectIdentifier(FlashSaleActivity.self), ObjectIdentifier(ProductActivity.self)])
        let result = app.center.dispatch("cono://test.com/product/7?sale=spring")
        #expect(result.activity is FlashSaleActivity)
        #expect(app.navigator.top == Page("FlashSalePage", [("id", "7"), ("sale", "spring")]))
    }

    @Test func loginSignsInDismissesAndOpensTheRedirect() {
        let result = app.center.dispatch(
            "cono://test.com/account/login?user=alice&redirect=cono://test.com/mine_home?uid=alice")
        #expect(result.isHandled)
        #expect(app.session.user == "alice")
        #expect(app.navigator.path == "Home > MinePage(uid: alice)")
        #expect(
            lines == [
                "  present LoginPage(redirect: cono://test.com/mine_home?uid=alice)",
                "  dismiss LoginPage(redirect: cono://test.com/mine_home?uid=alice)",
                "  push MinePage(uid: alice)",
            ])
    }

    @Test func loginWithoutAUserLeavesTheLoginPageUp() {
        let result = app.center.dispatch("cono://test.com/account/login")
        #expect(result.isHandled)
        #expect(app.session.user == nil)
        #expect(app.navigator.path == "Home > [LoginPage]")
    }

    @Test func logoutPopsToRootAndFailsWhenNobodyIsSignedIn() {
        app.center.dispatch("cono://test.com/account/login?user=bob")
        app.center.dispatch("cono://test.com/product/1")
        let first = app.center.dispatch("cono://test.com/account/logout")
        #expect(first.isHandled)
        #expect(app.session.user == nil)
        #expect(app.navigator.path == "Home")

        let second = app.center.dispatch("cono://test.com/account/logout")
        #expect(second.failure?.description == "AccountActivity failed: nobody is signed in")
    }

    /// The account module is one class: the pattern picks the case, the query fills its values.
    @Test func eachAccountRouteIsACaseOfTheAccountLink() {
        let login = app.center.dispatch("cono://test.com/account/login?user=bob")
        #expect(login.activity is AccountActivity)
        #expect((try? login.activity?.link(as: AccountActivity.Link.self)) == .login(user: "bob"))
        let logout = app.center.dispatch("cono://test.com/account/logout")
        #expect(logout.activity is AccountActivity)
        #expect((try? logout.activity?.link(as: AccountActivity.Link.self)) == .logout)
    }

    /// The login page opens while the login wall holds a link, as it did when it had a class of its
    /// own that skipped the interceptors: the account module's class does not skip them (logging
    /// out has no reason to), so its login case must pass the wall.
    @Test func theLoginPageOpensWhileTheWallHoldsALink() {
        guard case .held? = app.center.dispatch("cono://test.com/orders/7").failure else {
            Issue.record("the wall holds an orders link while nobody is signed in")
            return
        }
        #expect(app.center.dispatch("cono://test.com/account/login").isHandled)
        #expect(app.navigator.path == "Home > [LoginPage]")
        #expect(app.center.dispatch("cono://test.com/account/login?user=alice").isHandled)
        #expect(app.navigator.path == "Home > OrdersPage(user: alice, id: 7)", "the held link still opens")
    }

    @Test func theWebFallbackOpensUnmatchedHTTPSLinks() {
        let result = app.center.dispatch("https://m.test.com/help?topic=returns")
        #expect(result.activity is WebFallbackActivity)
        #expect(
            app.navigator.state.presented
                == [AnyHashable(Page("WebPage", [("url", "https://m.test.com/help?topic=returns")]))])
    }

    @Test func theWebFallbackRefusesUnmatchedCustomSchemeLinks() {
        let result = app.center.dispatch("cono://test.com/nowhere")
        #expect(!result.isHandled)
        #expect(
            result.failure?.description
                == "WebFallbackActivity failed: no page for cono://test.com/nowhere (the web fallback opens only http and https URLs)"
        )
    }

    @Test func invalidURLsNeverReachTheFallback() {
        let result = app.center.dispatch("https://m.test.com/a b")
        #expect(result.activity == nil)
        #expect(
            result.failure?.description == "invalid URL: disallowed character U+0020 (space) at offset 20")
        #expect(lines.isEmpty)
    }

    @Test func everyModuleIsRegisteredInConsultationOrder() {
        #expect(
            app.center.registeredActivities.map(ObjectIdentifier.init)
                == [
                    FlashSaleActivity.self, MineDispatchActivity.self, PrivacyActivity.self,
                    AccountActivity.self,
                    ProductActivity.self, OrdersActivity.self,
                ].map(ObjectIdentifier.init))
        #expect(app.center.interceptors.map { ObjectIdentifier($0) } == [ObjectIdentifier(app.loginWall)])
        #expect(app.center.fallback == WebFallbackActivity.self)
    }
}

/// Collects what the app prints.
@MainActor
final class Log {
    var lines: [String] = []
}

/// Activities find their app through the dispatching center, so two apps never cross.
@MainActor
@Test func twoAppsSideBySideKeepTheirOwnStacks() {
    let first = DemoApp(log: { _ in })
    let second = DemoApp(log: { _ in })
    first.center.dispatch("cono://test.com/product/1")
    second.center.dispatch("cono://test.com/mine_home?uid=2")
    #expect(first.navigator.path == "Home > ProductPage(id: 1)")
    #expect(second.navigator.path == "Home > MinePage(uid: 2)")
}

/// An activity built by hand has no center, hence no navigator; it fails with a typed error instead
/// of trapping.
@MainActor
@Test func anActivityOutsideAnAppFailsCleanly() throws {
    let url = try DispatchURL(string: "cono://test.com/product/1")
    let activity = ProductActivity(
        request: DispatchRequest(url: url, match: RouteMatch(parameters: ["id": "1"])))
    #expect(throws: NavigationError.noNavigator) { try activity.execute() }
}
