import DispatchKit
import Foundation

extension IncomingLink {
    /// The value of UserNotifications' `UNNotificationDefaultActionIdentifier`: the action of a
    /// response in which the user opened the notification (tapped it, or opened the app from it).
    ///
    /// The value is Apple's (iOS 10, macOS 10.14, watchOS 3); UserNotifications does not exist here,
    /// so it is written out. DispatchKitUI checks it against the framework's constant in debug builds.
    static let defaultNotificationAction = "com.apple.UNNotificationDefaultActionIdentifier"

    /// The link of the user's response to a notification, from the notification center delegate's
    /// `userNotificationCenter(_:didReceive:withCompletionHandler:)`, or `nil` when the response does
    /// not open the notification.
    ///
    /// Only the default action opens the notification's link: the user opened the notification. A
    /// dismissal (`UNNotificationDismissActionIdentifier`, sent to categories that ask for it) or one
    /// of the app's own notification actions is the app's to handle, and opens nothing here.
    /// Identifiers compare exactly, as the system sends them.
    ///
    /// - Parameters:
    ///   - actionIdentifier: The response's `actionIdentifier`.
    ///   - userInfo: The notification's payload (`response.notification.request.content.userInfo`).
    /// - Returns: ``notification(_:)-type.method`` with the payload, or `nil`.
    static func notificationResponse(
        actionIdentifier: String, userInfo: [AnyHashable: Any]
    ) -> IncomingLink? {
        actionIdentifier == defaultNotificationAction ? .notification(userInfo) : nil
    }
}
