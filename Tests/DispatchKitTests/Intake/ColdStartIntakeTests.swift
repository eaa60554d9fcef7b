import DispatchKit
import DispatchKitEvents
import DispatchKitUI
import Foundation
import Testing

// The launch sequence, replayed: the center is made not ready at launch, the links that launched
// the app arrive before anything is registered, and run in arrival order, with their sources, once
// the app marks the center ready.

private struct ProductPage: Hashable {
    var id: String
}

private final class Product: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override class var exposure: DispatchExposure { .external }

    override func execute() throws {
        try super.execute()
        try navigator.push(ProductPage(id: parameters["id"] ?? ""))
    }
}

private final class Orders: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/orders/:id<int>"] }
    override class var exposure: DispatchExposure { .external }

    override func execute() throws {
        try super.execute()
        try navigator.open("order \(parameters["id"] ?? "")", parents: ["orders"], inTab: "mine")
    }
}

@MainActor
@Suite("Intake: cold start")
struct ColdStartIntakeTests {
    @Test func linksThatLaunchedTheAppWaitAndRunInArrivalOrderWithTheirSources() throws {
        let journal = IntakeJournal()
        let watcher = IntakeWatcher()

        // application(_:didFinishLaunchingWithOptions:): nothing registered, no window yet.
        let center = DispatchCenter()
        center.isReady = false
        center.addObserver(watcher)
        center.associatedDomains = try AssociatedDomains(["applinks:test.com"])

        // scene(_:willConnectTo:options:): what launched the app arrives.
        let opened = center.dispatch(
            .openedURL(
                try intakeURL("cono://test.com/product/1"), sourceApplication: "com.apple.mobilesafari"),
            userInfo: journal.userInfo)
        let tapped = center.dispatch(
            .notification(["aps": ["alert": "Shipped"] as [String: Any], "url": "cono://test.com/orders/2"]),
            userInfo: journal.userInfo)
        let undeclared = center.dispatch(
            .universalLink(try intakeURL("https://evil.com/product/3")), userInfo: journal.userInfo)
        let declared = center.dispatch(
            .universalLink(try intakeURL("https://test.com/product/4")), userInfo: journal.userInfo)

        #expect(opened.intakeQueuePosition == 1)
        #expect(tapped.intakeQueuePosition == 2)
        #expect(declared.intakeQueuePosition == 3)
        // Refused at once: an undeclared link never waits in the queue.
        #expect(
            undeclared.intakeRefusal == .undeclaredDomain(try intakeDispatchURL("https://evil.com/product/3"))
        )
        #expect(
            center.queuedDispatches.map(\.source) == [
                .external(application: "com.apple.mobilesafari"), .notification, .universalLink,
            ])
        #expect(
            center.queuedDispatches.map(\.url.description) == [
                "cono://test.com/product/1", "cono://test.com/orders/2", "https://test.com/product/4",
            ])
        #expect(journal.lines.isEmpty)
        #expect(watcher.events.count == 1)
        #expect(watcher.events.first?.intakeRefusal != nil)
        #expect(watcher.events.first?.source == .universalLink)

        // The root view comes up: routes registered, navigator set, then ready.
        center.register([Product.self, Orders.self])
        let navigator = RecordingNavigator(selectedTab: "home")
        center.navigator = navigator
        center.isReady = true

        #expect(
            journal.lines == [
                "Product cono://test.com/product/1 from another app (com.apple.mobilesafari)",
                "Orders cono://test.com/orders/2 from a notification",
                "Product https://test.com/product/4 from a universal link",
            ])
        #expect(center.queuedDispatches.isEmpty)
        #expect(
            navigator.steps == [
                .push(ProductPage(id: "1")), .selectTab("mine"), .setStack(["orders", "order 2"]),
                .push(ProductPage(id: "4")),
            ])
        #expect(navigator.state.selectedTab == AnyHashable("mine"))
        #expect(navigator.state.stack(inTab: "home") == [ProductPage(id: "1")])
        #expect(navigator.state.stack(inTab: "mine") == ["orders", "order 2", ProductPage(id: "4")])

        // Each queued link's outcome reached the observers when it ran.
        #expect(watcher.events.count == 4)
        let ran = watcher.events.dropFirst()
        #expect(ran.allSatisfy { $0.isHandled })
        #expect(
            ran.map(\.source) == [
                .external(application: "com.apple.mobilesafari"), .notification, .universalLink,
            ])
        #expect(ran.map { $0.activity.map { "\($0)" } } == ["Product", "Orders", "Product"])
    }

    @Test func aQueuedLinkIsJudgedByTheExposureOfTheActivityRegisteredWhenItRuns() throws {
        let journal = IntakeJournal()
        let watcher = IntakeWatcher()
        let center = DispatchCenter()
        center.isReady = false
        center.addObserver(watcher)
        let queued = center.dispatch(
            .notification(["url": "cono://test.com/account/logout"]), userInfo: journal.userInfo)
        #expect(queued.intakeQueuePosition == 1)
        center.register(Logout.self)
        center.isReady = true
        #expect(journal.lines.isEmpty)
        guard case .rejected(let reason)? = watcher.events.last?.failure else {
            Issue.record("the queued notification was not rejected: \(watcher.events)")
            return
        }
        #expect(reason.rule == .internalOnly)
        #expect(reason.source == .notification)
    }

    @Test func aNotificationWithoutALinkIsRefusedAtOnceWhileNotReady() {
        let center = DispatchCenter()
        center.isReady = false
        let result = center.dispatch(.notification(["aps": ["alert": "Hello"] as [String: Any]]))
        #expect(result.intakeRefusal == .missingLink(key: "url"))
        #expect(center.queuedDispatches.isEmpty)
    }
}

/// Internal only: a link from outside, queued at launch, is still refused when it runs.
private final class Logout: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/account/logout"] }
}
