// UIKit and SwiftUI apps that receive notifications: tvOS apps get no notification responses.
#if (canImport(UIKit) || canImport(SwiftUI)) && canImport(UserNotifications) && !os(tvOS)
    import DispatchKit
    import UserNotifications

    extension DispatchCenter {
        /// Dispatches the link of a notification the user opened, from the notification center
        /// delegate's `userNotificationCenter(_:didReceive:withCompletionHandler:)`, as
        /// `IncomingLink.notification(_:)`: the link is read under `DispatchCenter.notificationLinkKey`.
        ///
        /// Only the default action — the user opened the notification — opens its link. A dismissal
        /// or one of the app's own notification actions is not this method's: nothing is dispatched.
        ///
        /// - Parameter response: The response the system passes.
        /// - Returns: The result of the dispatch, or `nil` for a response that does not open the
        ///   notification.
        @discardableResult
        public func dispatch(_ response: UNNotificationResponse) -> DispatchResult? {
            // DispatchKit decides from the identifier's value, which it writes out; it must be Apple's.
            assert(IncomingLink.defaultNotificationAction == UNNotificationDefaultActionIdentifier)
            let link = IncomingLink.notificationResponse(
                actionIdentifier: response.actionIdentifier,
                userInfo: response.notification.request.content.userInfo)
            return link.map { dispatch($0) }
        }
    }
#endif
