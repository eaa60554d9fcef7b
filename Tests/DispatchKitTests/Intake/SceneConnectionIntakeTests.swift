import DispatchKit
import Foundation
import Testing

@testable import DispatchKitUI

// The links that launch a scene: DispatchKitUI's dispatch(_: UIScene.ConnectionOptions) passes the
// options' URL contexts and user activities here as plain values, and dispatches the links that
// come back, in their order.

private final class Shop: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/shop/:item"] }
    override class var exposure: DispatchExposure { .external }
}

@MainActor
@Suite("Intake: scene connection")
struct SceneConnectionIntakeTests {
    @Test func urlsWithTheirSendingAppsComeFirstThenUniversalLinks() throws {
        let links = IncomingLink.sceneConnection(
            urlContexts: [
                (try intakeURL("cono://test.com/shop/1"), "com.example.wallet"),
                (try intakeURL("cono://test.com/shop/2"), nil),
            ],
            userActivities: [
                (IncomingLink.browsingWebActivityType, try intakeURL("https://test.com/shop/3")),
                ("com.example.shop.viewProduct", try intakeURL("https://test.com/shop/4")),
                (IncomingLink.browsingWebActivityType, nil),
                (IncomingLink.browsingWebActivityType, try intakeURL("https://test.com/shop/5")),
            ])
        #expect(
            links.map(\.intakeSummary) == [
                "openedURL cono://test.com/shop/1 from com.example.wallet",
                "openedURL cono://test.com/shop/2 from an unnamed app",
                "universalLink https://test.com/shop/3",
                "universalLink https://test.com/shop/5",
            ])
    }

    @Test func aSceneLaunchedForNothingButActivitiesThatAreNotLinksHasNoLinks() throws {
        #expect(IncomingLink.sceneConnection(urlContexts: [], userActivities: []).isEmpty)
        let links = IncomingLink.sceneConnection(
            urlContexts: [],
            userActivities: [("com.apple.corespotlightitem", nil), ("com.example.shop.viewProduct", nil)])
        #expect(links.isEmpty)
    }

    /// As a scene delegate does at launch: the center is not ready yet, so the links wait, and run in
    /// the order given once it is.
    @Test func theLinksThatLaunchedTheSceneWaitForTheAppAndRunInOrder() throws {
        let center = DispatchCenter()
        center.register(Shop.self)
        center.associatedDomains = try AssociatedDomains(["applinks:test.com"])
        center.isReady = false
        let journal = IntakeJournal()
        let links = IncomingLink.sceneConnection(
            urlContexts: [(try intakeURL("cono://test.com/shop/1"), "com.example.wallet")],
            userActivities: [(IncomingLink.browsingWebActivityType, try intakeURL("https://test.com/shop/2"))]
        )
        let queued = links.map { center.dispatch($0, userInfo: journal.userInfo) }
        #expect(queued.map(\.intakeQueuePosition) == [1, 2])
        #expect(journal.lines.isEmpty)
        center.isReady = true
        #expect(
            journal.lines == [
                "Shop cono://test.com/shop/1 from another app (com.example.wallet)",
                "Shop https://test.com/shop/2 from a universal link",
            ])
    }
}
