import DispatchKit
import Foundation
import Testing

// The code blocks of ReceivingLinksAndNavigating.md that no other document shows.
struct ReceivingLinksExamples {
    // snippet: receiving-intake
    @MainActor func configureIntake(center: DispatchCenter) {
        // The applinks: entries of the Associated Domains entitlement. *.test.com is every subdomain
        // of test.com, not test.com itself; eviltest.com is neither.
        center.associatedDomains = ["applinks:test.com", "applinks:*.test.com"]
        // {"aps": {"alert": "Your order shipped", "link": "cono://test.com/orders/7"}}
        center.notificationLinkKey = ["aps", "link"]
    }
    // snippet: end

    // snippet: receiving-launch
    @MainActor func launch(center: DispatchCenter, launchURL: URL, payload: [AnyHashable: Any]) {
        // application(_:didFinishLaunchingWithOptions:), before anything else:
        center.isReady = false
        // scene(_:willConnectTo:options:): the URL that launched the app waits, with its source.
        center.dispatch(.openedURL(launchURL, sourceApplication: nil))  // .queued(position: 1)
        // userNotificationCenter(_:didReceive:…), for the tap that launched the app as for any other:
        center.dispatch(.notification(payload))  // .queued(position: 2)
        // The root view is up and the session restored: both run, in that order.
        center.isReady = true
    }
    // snippet: end
}

/// The launch sequence of the article, replayed: both links wait, then run in arrival order with
/// the sources their way of arriving implies.
@Suite struct ReceivingLinksTests {
    @MainActor final class Opened: DispatchActivity {
        static var log: [String] = []
        override class var exposure: DispatchExposure { .external }
        override class var patterns: [RoutePattern] { ["/product/:id"] }
        override func execute() throws {
            Self.log.append("\(parameters["id"] ?? "?") from \(request.source)")
        }
    }

    @Test @MainActor func theLaunchSequenceRunsTheLinksInArrivalOrderWithTheirSources() throws {
        let center = DispatchCenter()
        center.register(Opened.self)
        Opened.log = []
        let launchURL = try #require(URL(string: "cono://test.com/product/1"))
        ReceivingLinksExamples().launch(
            center: center, launchURL: launchURL, payload: ["url": "cono://test.com/product/2"])
        #expect(Opened.log == ["1 from another app (unidentified)", "2 from a notification"])
        #expect(center.queuedDispatches.isEmpty)
    }
}
