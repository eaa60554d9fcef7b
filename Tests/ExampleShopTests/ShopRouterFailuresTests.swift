import DispatchKit
import DispatchKitUI
import ExampleShopRoutes
import Foundation
import Testing

/// A link that opens nothing tells the user so, once; a link that waits or opens says nothing.
@MainActor
@Suite struct ShopRouterFailuresTests {
    private let center = DispatchCenter()
    private let router: ShopRouter
    private let navigator = RecordingNavigator(selectedTab: ShopTab.home)
    private final class Messages { var shown: [String] = [] }
    private let messages = Messages()

    init() {
        router = ShopRouter(center: center)
        router.showFailure = { [messages] in messages.shown.append($0) }
        center.navigator = navigator
    }

    // A failed link from outside ended silently: the user saw nothing happen.
    @Test func aLinkThatOpensNothingShowsOneMessage() throws {
        let url = try #require(URL(string: "shop://shop.example.com/product/abc"))
        center.dispatch(.openedURL(url, sourceApplication: nil))
        #expect(messages.shown == ["The shop has no page for shop://shop.example.com/product/abc."])
    }

    @Test func anInvalidLinkShowsAMessage() throws {
        center.dispatch("shop://shop.example.com/product/%zz")
        #expect(messages.shown.count == 1)
        #expect(messages.shown.first?.contains("could not be opened") == true)
    }

    @Test func aRefusedLinkShowsAMessage() throws {
        let url = try #require(URL(string: "https://evil.example/product/42"))
        center.dispatch(.openedURL(url, sourceApplication: "com.example.other"))
        #expect(messages.shown.count == 1)
        #expect(
            messages.shown.first?.hasPrefix("https://evil.example/product/42 could not be opened") == true)
    }

    @Test func aLinkThatOpensShowsNoMessage() {
        center.dispatch(ProductActivity.Link(id: 3))
        #expect(messages.shown.isEmpty)
    }

    // The login wall holds an order: waiting is not a failure, nor is the user's Cancel.
    @Test func aHeldLinkAndACancelledLoginShowNoMessage() throws {
        let url = try #require(URL(string: "shop://shop.example.com/orders/7"))
        center.dispatch(.openedURL(url, sourceApplication: nil))
        router.loginClosed()
        #expect(messages.shown.isEmpty)
    }

    @Test func aLinkQueuedUntilTheAppIsReadyShowsItsMessageWhenItRuns() throws {
        center.isReady = false
        center.dispatch("shop://shop.example.com/nope")
        #expect(messages.shown.isEmpty)
        center.isReady = true
        #expect(messages.shown == ["The shop has no page for shop://shop.example.com/nope."])
    }
}
