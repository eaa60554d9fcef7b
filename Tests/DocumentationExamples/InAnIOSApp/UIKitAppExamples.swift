// The UIKit app of ReceivingLinksAndNavigating.md: the app and scene delegates that hand every
// link the system delivers to the center, and the window navigator the activities show pages
// through. iOS only: on other platforms, and on Linux, this file is empty; scripts/apple-check.sh
// compiles it for iOS against the stubs of UIKit and UserNotifications.
#if canImport(UIKit) && os(iOS)
    import DispatchKit
    import DispatchKitUI
    import Foundation
    import UIKit
    import UserNotifications

    // snippet: ios-app-delegate
    final class AppDelegate: UIResponder, UIApplicationDelegate,
        @preconcurrency UNUserNotificationCenterDelegate
    {
        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            let center = DispatchCenter.shared
            center.isReady = false  // the links that launch the app wait for its window
            center.register(ProductActivity.self)
            center.associatedDomains = ["applinks:test.com", "applinks:*.test.com"]
            center.notificationLinkKey = ["aps", "link"]
            // Before launch ends: a tapped notification may be what launched the app.
            UNUserNotificationCenter.current().delegate = self
            return true
        }

        // A tapped notification, also one that launched the app: its link, if the user opened it.
        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping @Sendable () -> Void
        ) {
            DispatchCenter.shared.dispatch(response)
            completionHandler()
        }

        // Only an app without scenes receives URLs here.
        func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any])
            -> Bool
        {
            DispatchCenter.shared.dispatch(url, options: options).isHandled
        }
    }
    // snippet: end

    // snippet: ios-scene-delegate
    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            guard let windowScene = scene as? UIWindowScene else { return }
            let window = UIWindow(windowScene: windowScene)
            window.rootViewController = makeTabBarController()
            window.makeKeyAndVisible()
            self.window = window

            let center = DispatchCenter.shared
            center.navigator = WindowNavigator(window: window, tabs: [AppTab.home, AppTab.mine]) { page in
                makeViewController(for: page)
            }
            center.dispatch(connectionOptions)  // the URLs and universal links that launched the app: queued
            center.isReady = true  // the window is up: they run, in arrival order
        }

        func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
            DispatchCenter.shared.dispatch(urlContexts)  // another app opened the app's URL scheme
        }

        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            DispatchCenter.shared.dispatch(userActivity)  // a universal link; other activities are not links
        }
    }
    // snippet: end

    // snippet: ios-pages
    enum AppTab: Hashable {
        case home, mine
    }

    struct ProductPage: Hashable {
        var id: Int
    }

    final class ProductActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
        override class var exposure: DispatchExposure { .external }

        override func execute() throws {
            try navigator.push(ProductPage(id: Int(parameters["id"] ?? "") ?? 0))
        }
    }

    // One navigation controller per tab, in the order of the navigator's tabs.
    @MainActor func makeTabBarController() -> UITabBarController {
        let tabs = UITabBarController()
        tabs.viewControllers = [AppTab.home, AppTab.mine].map { tab in
            let root = UIViewController()
            root.title = "\(tab)"
            return UINavigationController(rootViewController: root)
        }
        return tabs
    }

    // The view controller of a page; nil for a page the app cannot show, and the step fails.
    @MainActor func makeViewController(for page: AnyHashable) -> UIViewController? {
        guard let product = page.base as? ProductPage else { return nil }
        let controller = UIViewController()
        controller.title = "Product \(product.id)"
        return controller
    }
// snippet: end
#endif
