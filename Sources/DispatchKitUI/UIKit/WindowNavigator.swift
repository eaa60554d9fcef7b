// UIKit apps on iOS and tvOS. watchOS has a UIKit module without view controllers; macOS has none.
#if canImport(UIKit) && !os(watchOS)
    import DispatchKit
    import UIKit

    /// The navigator of a UIKit app: it shows pages in the view controllers of a window.
    ///
    /// A push goes onto the navigation controller of the selected tab, a presentation over the
    /// controller the user sees, a tab is selected in the window's tab bar controller, and a deep page
    /// with its parents replaces the selected tab's stack above its root in one transition (keeping the
    /// controllers already shown). `DispatchNavigator.remove(_:animated:)` finds the controller the
    /// navigator made for a page and dismisses it, or pops back to its parent.
    ///
    /// Pages become view controllers through the `pages` factory the app passes; a page that is a
    /// `UIViewController` itself is shown as it is. Tabs are the app's values for the tab bar
    /// controller's view controllers, in the same order.
    ///
    /// Presentations and dismissals start one after another: UIKit refuses to present while another
    /// modal transition is under way, so a step that arrives during one waits for it to end.
    ///
    /// What each step does to the window — which controller takes a push or presents, which tab index
    /// a tab is, which controllers stay — is decided by DispatchKit's platform-neutral code, tested on
    /// every platform; this class carries the decisions out with UIKit calls.
    @MainActor
    public final class WindowNavigator: DispatchNavigator {
        /// The window whose view controllers the navigator changes. The navigator does not keep it
        /// alive: once it is gone, every step fails.
        public private(set) weak var window: UIWindow?
        /// The app's tabs, in the order of the tab bar controller's view controllers.
        public let tabs: [AnyHashable]

        private let makeController: @MainActor (AnyHashable) -> UIViewController?
        private var pages = PageTable<UIViewController>()
        private let modalTransitions = TransitionQueue()

        /// A navigator for the view controllers of `window`.
        ///
        /// - Parameters:
        ///   - window: The window; usually that of the scene that handles links.
        ///   - tabs: The app's tabs, in the order of the tab bar controller's view controllers; empty in
        ///     an app without tabs.
        ///   - pages: Makes the view controller for a page, or returns `nil` for a page the app cannot
        ///     show (the step then fails with `NavigationError.cannotPerform(step:reason:)`).
        public init(
            window: UIWindow, tabs: [AnyHashable] = [],
            pages: @escaping @MainActor (AnyHashable) -> UIViewController?
        ) {
            self.window = window
            self.tabs = tabs
            self.makeController = pages
        }

        /// Whether a view controller is presented over the window's root (one being dismissed does not
        /// count).
        public var isPresenting: Bool { tree.hasPresentedNode }

        /// Carries out `step` on the window's view controllers.
        ///
        /// - Throws: `NavigationError.cannotPerform(step:reason:)` when the window has no root view
        ///   controller, no navigation controller shows (for a push, a pop, a stack), no tab bar
        ///   controller shows or the tab is not one of ``tabs`` (for a tab), the factory makes no view
        ///   controller for the page, or the page to remove is the root of its navigation controller.
        public func perform(_ step: NavigationStep, animated: Bool) throws {
            let plan = try tree.plan(step, tabOrder: tabs) { makeController($0) }
            for (page, controller) in plan.madeNodes {
                pages.remember(page, for: controller)
            }
            switch plan.change {
            case .push(let controller, let stack):
                (stack as? UINavigationController)?.pushViewController(controller, animated: animated)
            case .present(let controller, _):
                modalTransitions.enqueue { [weak self] done in
                    // The controller the user sees when the transition starts: earlier ones may have
                    // changed it since the step was planned.
                    guard let presenter = self?.tree.topmostNode else { return done() }
                    presenter.present(controller, animated: animated) { done() }
                    // A presentation UIKit refused never completes.
                    if controller.presentingViewController == nil { done() }
                }
            case .dismiss(let presenter):
                modalTransitions.enqueue { done in
                    guard presenter.presentedViewController != nil else { return done() }
                    presenter.dismiss(animated: animated) { done() }
                }
            case .popToRoot(let stack):
                (stack as? UINavigationController)?.popToRootViewController(animated: animated)
            case .pop(let controller, let stack):
                (stack as? UINavigationController)?.popToViewController(controller, animated: animated)
            case .selectTab(let index, let tabBar):
                (tabBar as? UITabBarController)?.selectedIndex = index
            case .setStack(let stack, let controllers):
                (stack as? UINavigationController)?.setViewControllers(controllers, animated: animated)
            case .nothing:
                break
            }
        }

        /// The window's view controllers as DispatchKit's decisions read them.
        private var tree: ContainerTree<UIViewController> {
            ContainerTree(
                root: window?.rootViewController,
                presented: { controller in
                    guard let presented = controller.presentedViewController, !presented.isBeingDismissed
                    else {
                        return nil
                    }
                    return presented
                },
                tabs: { controller in (controller as? UITabBarController).map { $0.viewControllers ?? [] } },
                selectedTab: { ($0 as? UITabBarController)?.selectedViewController },
                stack: { ($0 as? UINavigationController)?.viewControllers },
                page: { [pages] in pages.page(shownBy: $0) })
        }
    }
#endif
