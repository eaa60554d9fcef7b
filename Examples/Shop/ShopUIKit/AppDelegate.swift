import DispatchKit
import DispatchKitUI
import UIKit
import UserNotifications

// The real-SDK check compiles the shared routes as a module of their own; in the Xcode project
// they are part of this target, and there is nothing to import.
#if canImport(ExampleShopRoutes)
    import ExampleShopRoutes
#endif

/// The UIKit shop's app delegate: registers the routes, keeps the center waiting from the first
/// line of launch until the scene's window is up, and takes tapped notifications.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate,
    @preconcurrency UNUserNotificationCenterDelegate
{
    /// The shop's routes on the shared center; the scene delegate and the pages use it.
    private(set) var router: ShopRouter?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let center = DispatchCenter.shared
        center.isReady = false  // the links that launch the app wait for its window
        router = ShopRouter(center: center)
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

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    // A tapped notification, also one that launched the app: its link, if the user opened it.
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
