import DispatchKit
import DispatchKitUI
import UIKit

#if canImport(ExampleShopRoutes)
    import ExampleShopRoutes
#endif

/// Builds the window with its tab bar, gives the center the window's navigator, and hands over
/// what launched the scene and every link after that.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene,
            let router = (UIApplication.shared.delegate as? AppDelegate)?.router
        else { return }
        let pages = PageFactory(router: router)
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = pages.makeTabBarController()
        window.makeKeyAndVisible()
        self.window = window

        // A link that opens nothing says why, over whatever is on screen.
        router.showFailure = { [weak window] message in
            var top = window?.rootViewController
            while let presented = top?.presentedViewController { top = presented }
            let alert = UIAlertController(
                title: "Cannot open the link", message: message, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            top?.present(alert, animated: true)
        }
        let center = router.center
        center.navigator = WindowNavigator(window: window, tabs: ShopTab.allCases) { page in
            pages.makeViewController(for: page)
        }
        center.dispatch(connectionOptions)  // the URLs and universal links that launched the app: queued
        center.isReady = true  // the window is up: they run, in arrival order
    }

    func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        DispatchCenter.shared.dispatch(urlContexts)  // shop://… from another app or simctl openurl
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        DispatchCenter.shared.dispatch(userActivity)  // a universal link; other activities are not links
    }
}
