import DispatchKit
import DispatchKitSwiftUI
import DispatchKitUI
import SwiftUI

// The real-SDK check compiles the shared routes as a module of their own; in the Xcode project
// they are part of this target, and there is nothing to import.
#if canImport(ExampleShopRoutes)
    import ExampleShopRoutes
#endif

/// The SwiftUI shop: a tab bar (Shop, Orders, Account) whose pages the shop's activities open.
///
/// iOS 14 is the least this target runs on: `App` and `onOpenURL` (the intake of
/// `dispatchOpenedURLs(to:)`) arrive with it; everything else the package offers works from iOS 13.
/// The attribute says so to the real-SDK check, which compiles this code at the package's iOS 13.
@main
@available(iOS 14.0, *)
struct ShopApp: App {
    // Notifications reach an app delegate, not a scene: the adaptor is where a tapped one arrives.
    @UIApplicationDelegateAdaptor(ShopAppDelegate.self) private var appDelegate
    private let router: ShopRouter
    private let navigator = ObservableNavigator(selectedTab: ShopTab.home)
    private let failureAlert = FailureAlert()

    init() {
        let center = DispatchCenter.shared
        center.isReady = false  // the links that launch the app wait for its first view
        router = ShopRouter(center: center)
        router.showFailure = { [failureAlert] message in failureAlert.message = message }
        center.navigator = navigator
    }

    var body: some Scene {
        WindowGroup {
            RootView(navigator: navigator, router: router, failureAlert: failureAlert)
                .dispatchOpenedURLs(to: router.center)  // shop://…, and universal links as URLs
                .dispatchWebBrowsingActivities(to: router.center)  // universal links as activities
                .onAppear { router.center.isReady = true }  // the views are up: waiting links run
        }
    }
}
