import DispatchKit
import Foundation
import Testing

@testable import DispatchKitUI

// The user's response to a notification opens its link only when the user opened the notification
// (the default action): DispatchKitUI's dispatch(_: UNNotificationResponse) passes the response's
// action identifier and payload here, and dispatches what comes back.

private final class Orders: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/orders/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
}

@MainActor
@Suite("Intake: notification responses")
struct NotificationResponseIntakeTests {
    /// Apple's value, transcribed from UserNotifications: the adapter compares the system's
    /// identifier with it, so a typo here would open no notification at all.
    @Test func theDefaultActionIsApplesIdentifier() {
        #expect(IncomingLink.defaultNotificationAction == "com.apple.UNNotificationDefaultActionIdentifier")
    }

    @Test func theDefaultActionOpensTheNotificationsPayload() throws {
        let payload: [AnyHashable: Any] = ["url": "cono://test.com/orders/7", "aps": "Shipped"]
        let link = IncomingLink.notificationResponse(
            actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier", userInfo: payload)
        #expect(link?.intakeSummary == "notification aps=Shipped url=cono://test.com/orders/7")
        #expect(link?.origin == .notification)
    }

    @Test(arguments: [
        "com.apple.UNNotificationDismissActionIdentifier",  // the user dismissed it
        "com.example.shop.reorder",  // one of the app's own actions
        "",
        "COM.APPLE.UNNOTIFICATIONDEFAULTACTIONIDENTIFIER",  // identifiers compare exactly
        "com.apple.UNNotificationDefaultActionIdentifier ",
    ])
    func anyOtherActionOpensNothing(actionIdentifier: String) {
        let link = IncomingLink.notificationResponse(
            actionIdentifier: actionIdentifier, userInfo: ["url": "cono://test.com/orders/7"])
        #expect(link == nil)
    }

    @Test func anOpenedNotificationIsDispatchedUnderTheCentersKeyAndADismissedOneIsNot() throws {
        let center = DispatchCenter()
        center.register(Orders.self)
        center.notificationLinkKey = ["aps", "link"]
        let journal = IntakeJournal()
        // The payload is handed over whole: the center reads its own key path in it.
        let payload: [AnyHashable: Any] = ["aps": ["alert": "Shipped", "link": "cono://test.com/orders/7"]]
        for identifier in ["com.apple.UNNotificationDismissActionIdentifier", "com.example.shop.reorder"] {
            let dismissed = IncomingLink.notificationResponse(actionIdentifier: identifier, userInfo: payload)
            #expect(dismissed.map { center.dispatch($0, userInfo: journal.userInfo) } == nil)
        }
        #expect(journal.lines.isEmpty)

        let opened = try #require(
            IncomingLink.notificationResponse(
                actionIdentifier: IncomingLink.defaultNotificationAction, userInfo: payload))
        #expect(center.dispatch(opened, userInfo: journal.userInfo).isHandled)
        #expect(journal.lines == ["Orders cono://test.com/orders/7 from a notification"])
    }
}
