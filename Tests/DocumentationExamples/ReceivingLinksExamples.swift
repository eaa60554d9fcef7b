import DispatchKit
import DispatchKitUI
import Foundation
import Testing

// The launch sequence of ReceivingLinksAndNavigating.md, as the article shows it (the article's
// block itself is compiled by DocumentBlocksTests), replayed by the test below.
struct ReceivingLinksExamples {
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
