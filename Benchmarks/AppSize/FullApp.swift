// The full app of scripts/app-size.sh: a UIKit app that uses what a real app of DispatchKit uses —
// a struct link and a module link, a login wall, redirect rules from JSON, link origins, the
// window's navigator and the intake one-liners of DispatchKitUI. The script compiles it for iOS
// and measures what it grows by over an empty app; it belongs to no SwiftPM target.
import DispatchKit
import DispatchKitRules
import DispatchKitUI
import Foundation
import UIKit
import UserNotifications

enum Page: Hashable {
    case product(id: Int, tab: String?)
    case orders(id: Int?)
    case login
}

// A struct link: one route.
final class ProductActivity: LinkActivity<ProductActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var tab: String?
    }

    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override class var exposure: DispatchExposure { .external }

    override func execute(with link: Link) throws {
        try navigator.push(Page.product(id: link.id, tab: link.tab))
    }
}

// A module link: the account module's routes, a case each.
final class AccountActivity: LinkActivity<AccountActivity.Link> {
    enum Link: DispatchLink {
        case orders(id: Int?)
        case login(user: String?)

        static let routes: [LinkRoute<Link>] = [
            .external("/orders(/:id<int>)", to: orders),
            .external("/account/login", to: login),
        ]
    }

    override func execute(with link: Link) throws {
        switch link {
        case .orders(let id): try navigator.push(Page.orders(id: id))
        case .login(let user):
            guard request.source == .app, user != nil else { return try navigator.present(Page.login) }
            try navigator.dismiss()
            LoginWall.shared.signedIn()
        }
    }
}

// The orders wait for a sign-in: the login page comes up, and they open once the user signs in.
@MainActor
final class LoginWall: DispatchInterceptor {
    static let shared = LoginWall()
    private var isSignedIn = false
    private var held: DispatchHold?

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        guard interception.url.paths.first == "orders", !isSignedIn else { return .proceed }
        if interception.asksForDestination { return .reject(reason: "sign in first") }
        held?.cancel()
        let hold = DispatchHold(timeout: 120)
        held = hold
        DispatchCenter.shared.dispatch(AccountActivity.Link.login(user: nil))
        return .hold(hold)
    }

    func signedIn() {
        isSignedIn = true
        held?.resume()
        held = nil
    }
}

@main
final class AppDelegate: UIResponder, UIApplicationDelegate,
    @preconcurrency UNUserNotificationCenterDelegate
{
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let center = DispatchCenter.shared
        center.isReady = false
        center.register(ProductActivity.self)
        center.register(AccountActivity.self)
        center.linkOrigins = LinkOrigins(schemes: ["cono"], webHosts: ["test.com"])
        center.associatedDomains = ["applinks:test.com"]
        center.addInterceptor(LoginWall.shared)
        if let file = Bundle.main.url(forResource: "redirect-rules", withExtension: "json"),
            let json = try? Data(contentsOf: file), let rules = try? RedirectRules(json: json)
        {
            center.redirectRules = rules
        }
        UNUserNotificationCenter.current().delegate = self
        return true
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        DispatchCenter.shared.dispatch(response)
        completionHandler()
    }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: UIViewController())
        window.makeKeyAndVisible()
        self.window = window
        DispatchCenter.shared.navigator = WindowNavigator(window: window) { page in
            let controller = UIViewController()
            controller.title = "\(page.base)"
            return controller
        }
        DispatchCenter.shared.dispatch(connectionOptions)
        DispatchCenter.shared.isReady = true
    }

    func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        DispatchCenter.shared.dispatch(urlContexts)
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        DispatchCenter.shared.dispatch(userActivity)
    }
}
