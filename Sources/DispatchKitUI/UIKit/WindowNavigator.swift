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
    /// modal transition is under way, so a step that arrives during one waits for it to end. A
    /// presentation goes over the controller the user sees when it starts; one that UIKit refuses all
    /// the same is dropped, and the steps after it go on.
    ///
    /// What each step does to the window — which controller takes a push or presents, which tab index
    /// a tab is, which controllers stay, when a queued presentation starts and when it has ended — is
    /// decided by DispatchKitUI's platform-neutral code, tested on every platform; this class
    /// carries the decisions out with UIKit calls.
    ///
    /// Limitations:
    ///
    /// - One navigator drives one window. A center has one `DispatchCenter.navigator`, so in an app
    ///   with several windows — several scenes on iPad or with Mac Catalyst — every link is shown in
    ///   the window of the navigator the center holds at the time, whichever scene received the link.
    ///   Nothing sends a link to its scene's window: give the center the navigator of the scene the
    ///   user is in (for example in `sceneDidBecomeActive(_:)`), or one center per scene.
    /// - Tabs map to the tab bar controller's indices: the first of ``tabs`` is the first of its
    ///   `viewControllers`, and selecting a tab sets `selectedIndex`. The "More" tab that UIKit adds
    ///   when the tab bar cannot show every view controller, and tabs the user reorders from it, are
    ///   not handled: a tab under More, or moved, is no longer at the index the navigator uses.
    /// - ``isPresenting`` reads the window, so it does not count a presentation still waiting in the
    ///   queue for the transition before it to end. A push or a tab selection meanwhile does not
    ///   dismiss that page first (the page then appears over the result), and neither does a
    ///   dismissal meanwhile.
    @MainActor
    public final class WindowNavigator: DispatchNavigator {
        /// The window whose view controllers the navigator changes. The navigator does not keep it
        /// alive: once it is gone, every step fails.
        public private(set) weak var window: UIWindow?
        /// The app's tabs, in the order of the tab bar controller's view controllers: a tab's index here
        /// is the index the navigator selects.
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

        /// Whether a view controller is presented over the window's root.
        ///
        /// It reads the window: a controller being dismissed does not count, and neither does a
        /// presentation still waiting in the queue for the modal transition before it to end (see
        /// the limitations above).
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
                modalTransitions.enqueuePresentation(
                    of: controller, in: { [weak self] in self?.tree },
                    isPresented: { $0.presentingViewController != nil },
                    present: { controller, presenter, completion in
                        presenter.present(controller, animated: animated) { completion() }
                    })
            case .dismiss(let presenter):
                modalTransitions.enqueueDismissal(
                    from: presenter, presents: { $0.presentedViewController != nil },
                    dismiss: { presenter, completion in presenter.dismiss(animated: animated) { completion() }
                    })
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

        /// The window's view controllers as DispatchKitUI's decisions read them.
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
