import DispatchKit
import DispatchKitAsync
import DispatchKitEvents
import DispatchKitUI
import Foundation
import Testing

// The awaiting form of the intake: the same checks, then the asynchronous work of the activity the
// link reaches. No test here waits for time to pass: the work only suspends.

private struct OrderPage: Hashable {
    var id: String
}

/// Loads (suspends), then shows the order.
private final class LoadOrder: AsyncDispatchActivity {
    override class var patterns: [RoutePattern] { ["/orders/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
    var journal: IntakeJournal? { userInfo[IntakeJournal.key] as? IntakeJournal }

    override func execute() async throws {
        await Task.yield()
        journal?.record(self)
        try navigator.push(OrderPage(id: parameters["id"] ?? ""))
    }
}

@MainActor
@Suite("Intake: awaiting dispatch")
struct AwaitingIntakeTests {
    private func center() throws -> (DispatchCenter, RecordingNavigator, IntakeWatcher) {
        let center = DispatchCenter()
        center.register(LoadOrder.self)
        center.associatedDomains = try AssociatedDomains(["applinks:test.com"])
        let navigator = RecordingNavigator()
        center.navigator = navigator
        let watcher = IntakeWatcher()
        center.addObserver(watcher)
        return (center, navigator, watcher)
    }

    @Test func aUniversalLinkAwaitsTheWorkOfAnAsynchronousActivity() async throws {
        let (center, navigator, watcher) = try center()
        let journal = IntakeJournal()
        let result = await center.dispatchAndWait(
            IncomingLink.universalLink(try intakeURL("https://test.com/orders/7")), userInfo: journal.userInfo
        )
        #expect(result.isHandled)
        #expect(result.activity is LoadOrder)
        #expect(result.activity?.request.source == .universalLink)
        #expect(journal.lines == ["LoadOrder https://test.com/orders/7 from a universal link"])
        #expect(navigator.steps == [.push(OrderPage(id: "7"))])
        #expect(watcher.events.count == 1)
        #expect(watcher.events.first?.isHandled == true)
        #expect(watcher.events.first?.source == .universalLink)
    }

    @Test func theOtherWaysOfArrivingAwaitToo() async throws {
        let (center, navigator, _) = try center()
        let journal = IntakeJournal()
        let opened = await center.dispatchAndWait(
            IncomingLink.openedURL(try intakeURL("cono://test.com/orders/1"), sourceApplication: nil),
            userInfo: journal.userInfo)
        let tapped = await center.dispatchAndWait(
            IncomingLink.notification(["url": "cono://test.com/orders/2"]), userInfo: journal.userInfo)
        #expect(opened.isHandled)
        #expect(tapped.isHandled)
        #expect(journal.sources == [.external(application: nil), .notification])
        #expect(navigator.steps == [.push(OrderPage(id: "1")), .push(OrderPage(id: "2"))])
    }

    @Test func anUndeclaredUniversalLinkIsRefusedByTheAwaitingFormAndNothingRuns() async throws {
        let (center, navigator, watcher) = try center()
        let journal = IntakeJournal()
        let link = "https://evil.com/orders/7"
        let result = await center.dispatchAndWait(
            IncomingLink.universalLink(try intakeURL(link)), userInfo: journal.userInfo)
        #expect(result.intakeRefusal == .undeclaredDomain(try intakeDispatchURL(link)))
        #expect(result.activity == nil)
        #expect(journal.lines.isEmpty)
        #expect(navigator.steps.isEmpty)
        #expect(watcher.events.count == 1)
        #expect(watcher.events.first?.intakeRefusal == .undeclaredDomain(try intakeDispatchURL(link)))
        #expect(watcher.events.first?.source == .universalLink)

        let plain = await center.dispatchAndWait(
            IncomingLink.universalLink(try intakeURL("http://test.com/orders/7")))
        #expect(plain.intakeRefusal == .notHTTPS(try intakeDispatchURL("http://test.com/orders/7")))
        let empty = await center.dispatchAndWait(IncomingLink.notification(["url": " "]))
        #expect(empty.intakeRefusal == .emptyLink(key: "url"))
        let invalid = await center.dispatchAndWait(
            IncomingLink.openedURL(try intakeURL("cono://test.com/orders/%FF"), sourceApplication: nil))
        #expect(invalid.intakeInvalidURL == .invalidUTF8("%FF", offset: 23))
        #expect(journal.lines.isEmpty)
    }

    @Test func theSynchronousFormCannotRunTheAsynchronousActivity() throws {
        let (center, navigator, _) = try center()
        let result = center.dispatch(.universalLink(try intakeURL("https://test.com/orders/7")))
        guard case .requiresAsyncDispatch(let activity)? = result.failure else {
            Issue.record("expected requiresAsyncDispatch, got \(String(describing: result.failure))")
            return
        }
        #expect(activity == LoadOrder.self)
        #expect(navigator.steps.isEmpty)
    }
}
