import DispatchKit
import DispatchKitUI
import UIKit

#if canImport(ExampleShopRoutes)
    import ExampleShopRoutes
#endif

/// Makes the view controllers of the tabs and of the shop's pages.
@MainActor
struct PageFactory {
    typealias Action = ActionListViewController.Action

    let router: ShopRouter

    /// One navigation controller per tab, in the order of `ShopTab.allCases` (the navigator's tabs).
    func makeTabBarController() -> UITabBarController {
        let tabs = UITabBarController()
        tabs.viewControllers = ShopTab.allCases.map { tab in
            let root = ActionListViewController(title: tab.title) { [router] in
                Self.rootActions(of: tab, router: router)
            }
            return UINavigationController(rootViewController: root)
        }
        return tabs
    }

    /// The view controller of a page; `nil` for a page the shop does not have, and the step fails.
    func makeViewController(for page: AnyHashable) -> UIViewController? {
        guard let page = page.base as? ShopPage else { return nil }
        switch page {
        case .login:
            let login = UINavigationController(rootViewController: LoginViewController(router: router))
            // Full screen, so that the pages under it appear again when it closes: the Account tab
            // lists its buttons again for the user who signed in.
            login.modalPresentationStyle = .fullScreen
            return login
        case .product, .order:
            return ActionListViewController(title: page.description) { [] }
        case .web(let url):
            // A real app shows the page in a WKWebView here; the example shows its address.
            let web = ActionListViewController(title: url.description) { [router] in
                [("Close", { try? router.center.navigator?.dismiss() })]
            }
            return UINavigationController(rootViewController: web)
        }
    }

    /// The buttons of a tab's root. They open pages with the same typed links a URL decodes to, so
    /// that a tap and a link take one path.
    static func rootActions(of tab: ShopTab, router: ShopRouter) -> [Action] {
        let center = router.center
        switch tab {
        case .home:
            return (1..<6).map { (id: Int) -> Action in
                ("Product \(id)", { center.dispatch(ProductActivity.Link(id: id)) })
            }
        case .orders:
            return (1..<4).map { (id: Int) -> Action in
                ("Order \(id)", { center.dispatch(OrdersActivity.Link(id: id)) })
            }
        case .account:
            if let user = router.session.user {
                return [("Signed in as \(user): sign out", { router.signOut() })]
            }
            return [("Sign in", { center.dispatch(AccountActivity.Link.login) })]
        }
    }
}

/// A page of buttons, one per action, listed again each time the page appears (the Account tab
/// changes with the session).
class ActionListViewController: UIViewController {
    typealias Action = (title: String, run: @MainActor () -> Void)

    private let actions: @MainActor () -> [Action]
    private var shown: [Action] = []
    private let stack = UIStackView()

    init(title: String, actions: @escaping @MainActor () -> [Action]) {
        self.actions = actions
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        shown = actions()
        for button in stack.arrangedSubviews { button.removeFromSuperview() }
        for (index, action) in shown.enumerated() {
            // Target-action, not UIAction: this target runs on iOS 13.
            let button = UIButton(type: .system)
            button.setTitle(action.title, for: .normal)
            button.tag = index
            button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)
            stack.addArrangedSubview(button)
        }
    }

    @objc private func tapped(_ sender: UIButton) {
        guard shown.indices.contains(sender.tag) else { return }
        shown[sender.tag].run()
    }
}

/// The login page: signing in opens the link the login wall held, if any.
final class LoginViewController: ActionListViewController {
    private let router: ShopRouter

    init(router: ShopRouter) {
        self.router = router
        super.init(title: ShopPage.login.description) {
            [
                ("Sign in as Alice", { router.signIn(as: "alice") }),
                ("Cancel", { try? router.center.navigator?.dismiss() }),
            ]
        }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Cancel or a sign-in: a link still held is dropped.
        if navigationController?.isBeingDismissed ?? isBeingDismissed { router.loginClosed() }
    }
}
