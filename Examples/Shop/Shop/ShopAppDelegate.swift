import DispatchKit
import DispatchKitUI
import UIKit
import UserNotifications

#if canImport(ExampleShopRoutes)
    import ExampleShopRoutes
#endif

/// Takes tapped notifications, also the one that launched the app, and dispatches their link.
final class ShopAppDelegate: NSObject, UIApplicationDelegate,
    @preconcurrency UNUserNotificationCenterDelegate
{
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // Before launch ends: a tapped notification may be what launched the app.
        UNUserNotificationCenter.current().delegate = self
        // The test push of the README needs the user's permission; the answer changes nothing else.
        UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound]) { _, _ in }
        // Every launch: the device token may change. Remote pushes also need the aps-environment
        // entitlement (the entitlements file has it) and a team that may send them.
        application.registerForRemoteNotifications()
        return true
    }

    // The token a server sends remote pushes to: a real app uploads it to its push server.
    func application(
        _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {
        print("push token:", deviceToken.map { String(format: "%02x", $0) }.joined())
    }

    // Without the entitlement, or with a signing team that may not send pushes, registration fails;
    // the README's test push (simctl) arrives all the same.
    func application(
        _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {
        print("no push token:", error)
    }

    // A tapped notification: its link, if the user opened it (not dismissed it).
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        DispatchCenter.shared.dispatch(response)
        completionHandler()
    }

    // A notification that arrives while the app is in front is shown too, so that it can be tapped.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler:
            @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        if #available(iOS 14.0, *) {
            completionHandler([.banner, .sound])
        } else {
            completionHandler([.alert, .sound])
        }
    }
}
