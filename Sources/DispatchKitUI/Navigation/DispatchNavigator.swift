/// What shows the app's pages: the one object activities navigate through.
///
/// The app provides it once, as ``DispatchKit/DispatchCenter/navigator``; an activity reaches it as
/// ``DispatchKit/DispatchActivity/navigator`` and calls the methods of this protocol's extension —
/// ``push(_:animated:)``, ``present(_:animated:)``, ``open(_:parents:inTab:animated:)`` and the
/// others — which decide the steps a link needs (a link that arrives while a sheet is up dismisses
/// it first; a deep page brings its parents) and hand each ``NavigationStep`` to
/// ``perform(_:animated:)``.
///
/// A conforming type carries out single steps and nothing else. `DispatchKitUI` has the UIKit
/// navigator and DispatchKitSwiftUI the SwiftUI one; ``RecordingNavigator`` records the steps for
/// tests.
///
/// ```swift
/// final class ProductActivity: DispatchActivity {
///     override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
///
///     override func execute() throws {
///         try navigator.push(ProductPage(id: parameters["id"] ?? ""))
///     }
///
///     override func remove() throws {
///         try navigator.remove(ProductPage(id: parameters["id"] ?? ""))
///     }
/// }
///
/// struct ProductPage: Hashable {
///     var id: String
/// }
/// ```
@MainActor
public protocol DispatchNavigator: AnyObject {
    /// Whether a page is presented modally over the tabs and stacks.
    var isPresenting: Bool { get }

    /// Carries out one step.
    ///
    /// - Parameters:
    ///   - step: The step.
    ///   - animated: Whether to animate the transition.
    /// - Throws: An error if the step cannot be carried out (for example, no navigation stack to
    ///   push onto); ``NavigationError`` has cases for the usual ones.
    func perform(_ step: NavigationStep, animated: Bool) throws
}

extension DispatchNavigator {
    /// Shows `page` on top of the selected tab's stack, dismissing what is presented first (a link
    /// that arrives while a sheet is up must not push behind it).
    ///
    /// - Throws: What ``perform(_:animated:)`` throws.
    public func push(_ page: AnyHashable, animated: Bool = true) throws {
        try perform(NavigationPlan.push(page, isPresenting: isPresenting), animated: animated)
    }

    /// Presents `page` modally over everything shown.
    ///
    /// - Throws: What ``perform(_:animated:)`` throws.
    public func present(_ page: AnyHashable, animated: Bool = true) throws {
        try perform(NavigationPlan.present(page), animated: animated)
    }

    /// Dismisses every presented page; does nothing when none is.
    ///
    /// - Throws: What ``perform(_:animated:)`` throws.
    public func dismiss(animated: Bool = true) throws {
        try perform(NavigationPlan.dismiss(isPresenting: isPresenting), animated: animated)
    }

    /// Dismisses what is presented and pops the selected tab's stack to its root.
    ///
    /// - Throws: What ``perform(_:animated:)`` throws.
    public func popToRoot(animated: Bool = true) throws {
        try perform(NavigationPlan.popToRoot(isPresenting: isPresenting), animated: animated)
    }

    /// Dismisses what is presented and selects `tab`.
    ///
    /// - Throws: What ``perform(_:animated:)`` throws.
    public func selectTab(_ tab: AnyHashable, animated: Bool = true) throws {
        try perform(NavigationPlan.selectTab(tab, isPresenting: isPresenting), animated: animated)
    }

    /// Opens a deep page with its parents in one step: dismisses what is presented, selects `tab`
    /// (if given), and makes the tab's stack root > `parents` > `page`, so that Back walks up the
    /// way the user would have come down.
    ///
    /// ```swift
    /// // cono://test.com/settings/privacy: Mine > Settings > Privacy, not Privacy alone.
    /// @MainActor func openPrivacy(with navigator: any DispatchNavigator) throws {
    ///     try navigator.open("privacy", parents: ["settings"], inTab: "mine")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - page: The page the link is for.
    ///   - parents: The pages above the tab's root and below `page`, top-down from the root.
    ///   - tab: The tab to select, or `nil` to stay on the selected one.
    ///   - animated: Whether to animate the transitions.
    /// - Throws: What ``perform(_:animated:)`` throws.
    public func open(
        _ page: AnyHashable, parents: [AnyHashable] = [], inTab tab: AnyHashable? = nil, animated: Bool = true
    ) throws {
        let steps = NavigationPlan.open(page, parents: parents, inTab: tab, isPresenting: isPresenting)
        try perform(steps, animated: animated)
    }

    /// Takes `page` off the screen with whatever was shown above it: the undo of a push, a present
    /// or an open, for `DispatchActivity.remove()`.
    ///
    /// - Throws: What ``perform(_:animated:)`` throws.
    public func remove(_ page: AnyHashable, animated: Bool = true) throws {
        try perform([.remove(page)], animated: animated)
    }

    private func perform(_ steps: [NavigationStep], animated: Bool) throws {
        for step in steps {
            try perform(step, animated: animated)
        }
    }
}

/// The steps each navigation method takes: the decisions, apart from any UI framework.
enum NavigationPlan {
    static func push(_ page: AnyHashable, isPresenting: Bool) -> [NavigationStep] {
        dismissal(isPresenting) + [.push(page)]
    }

    static func present(_ page: AnyHashable) -> [NavigationStep] {
        [.present(page)]
    }

    static func dismiss(isPresenting: Bool) -> [NavigationStep] {
        dismissal(isPresenting)
    }

    static func popToRoot(isPresenting: Bool) -> [NavigationStep] {
        dismissal(isPresenting) + [.popToRoot]
    }

    static func selectTab(_ tab: AnyHashable, isPresenting: Bool) -> [NavigationStep] {
        dismissal(isPresenting) + [.selectTab(tab)]
    }

    static func open(
        _ page: AnyHashable, parents: [AnyHashable], inTab tab: AnyHashable?, isPresenting: Bool
    ) -> [NavigationStep] {
        dismissal(isPresenting) + (tab.map { [.selectTab($0)] } ?? []) + [.setStack(parents + [page])]
    }

    private static func dismissal(_ isPresenting: Bool) -> [NavigationStep] {
        isPresenting ? [.dismissPresented] : []
    }
}
