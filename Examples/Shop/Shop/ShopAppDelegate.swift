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
        return true
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
