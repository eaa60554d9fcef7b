#if canImport(SwiftUI)
    import Combine
    import DispatchKit
    import DispatchKitUI
    import SwiftUI

    /// The navigator of a SwiftUI app: a navigation model that the app's views show.
    ///
    /// It keeps what is shown as a `NavigationState` — the selected tab, each tab's stack, the
    /// presented pages — and publishes each change. The views read it through bindings:
    /// ``tabSelection(default:)`` for a `TabView(selection:)`, ``path(inTab:)`` for a
    /// `NavigationStack(path:)`, ``presentedPage(at:)`` for a sheet; or they use ``PageStack`` and
    /// `sheets(for:content:)`, which also work before iOS 16. What the user changes — Back, a swipe
    /// that closes a sheet, another tab — comes back through the same bindings, so the model always
    /// holds what the screen shows.
    ///
    /// Set it as the center's `navigator` and pass it to the views that show it.
    @MainActor
    public final class ObservableNavigator: ObservableObject, DispatchNavigator {
        /// What the app shows.
        @Published public private(set) var state: NavigationState

        /// The tabs the bindings were made for, so that their closures capture an index (a `Sendable`
        /// value) instead of the tab.
        ///
        /// The bindings' closures carry no `@MainActor` of their own: `Binding(get:set:)` declares
        /// its parameters `@_inheritActorContext`, which gives them the main actor of the method that
        /// makes them, and the explicit attribute crashes Swift 6.3's code generation against
        /// Apple's SwiftUI (scripts/compiler-crashes/binding-isolation).
        private var tabKeys: [AnyHashable?] = []

        /// A navigator showing the root of `selectedTab` (or of an app without tabs).
        public init(selectedTab: AnyHashable? = nil) {
            state = NavigationState(selectedTab: selectedTab)
        }

        /// Whether a page is presented.
        public var isPresenting: Bool { !state.presented.isEmpty }

        /// Applies `step` to ``state``; the views follow. A step that is not animated changes the state
        /// in a transaction that disables animations.
        public func perform(_ step: NavigationStep, animated: Bool) throws {
            change(animated: animated) { $0.apply(step) }
        }

        /// The selected tab, for a `TabView(selection:)` whose tabs are tagged with values of `Tab`.
        ///
        /// - Parameter fallback: The tab to show while the selected tab is none, or not a `Tab`.
        public func tabSelection<Tab: Hashable & Sendable>(default fallback: Tab) -> Binding<Tab> {
            Binding(
                get: { [self] in state.selectedTab?.base as? Tab ?? fallback },
                set: { [self] tab in
                    change(animated: true) { $0.apply(.selectTab(AnyHashable(tab))) }
                })
        }

        /// The stack of `tab` above its root, for a `NavigationStack(path:)`: bottom first. When the
        /// user goes back, SwiftUI writes a shorter path, and the stack shrinks with it.
        ///
        /// - Parameter tab: The tab, or `nil` in an app without tabs.
        public func path(inTab tab: AnyHashable? = nil) -> Binding<[AnyHashable]> {
            let key = tabKey(tab)
            return Binding(
                get: { [self] in state.stack(inTab: tabKeys[key]) },
                set: { [self] pages in
                    change(animated: true) { $0.replaceStack(pages, inTab: tabKeys[key]) }
                })
        }

        /// The page presented at `level` (0 is the lowest), for a `sheet(item:)`. When the user closes
        /// the sheet, SwiftUI writes `nil`, and the page is dismissed with those presented over it.
        public func presentedPage(at level: Int = 0) -> Binding<PresentedPage?> {
            Binding(
                get: { [self] in state.presentedPage(at: level).map { PresentedPage(level: level, page: $0) }
                },
                set: { [self] page in
                    if page == nil { change(animated: true) { $0.dismissPresented(fromLevel: level) } }
                })
        }

        // The bindings of PageStack. What they read and write is decided by NavigationState
        // (NavigationState+PageStack.swift), where Linux tests reach it; these only connect it.

        /// The path of ``PageStack`` on iOS 16 and later: the stack's pages, each with its level.
        func slots(inTab tab: AnyHashable?) -> Binding<[PageSlot]> {
            let key = tabKey(tab)
            return Binding(
                get: { [self] in state.slots(inTab: tabKeys[key]) },
                set: { [self] slots in
                    change(animated: true) { $0.replaceStack(slots: slots, inTab: tabKeys[key]) }
                })
        }

        /// Whether the navigation link at `level` of ``PageStack`` before iOS 16 is active; the link
        /// turning inactive pops back to `level`.
        func isShowingPage(above level: Int, inTab tab: AnyHashable?) -> Binding<Bool> {
            let key = tabKey(tab)
            return Binding(
                get: { [self] in state.isShowingPage(above: level, inTab: tabKeys[key]) },
                set: { [self] isShown in
                    change(animated: true) { $0.setShowingPage(isShown, above: level, inTab: tabKeys[key]) }
                })
        }

        /// The page at `level` of `tab`'s stack, if it is shown: the destination of the navigation
        /// link at `level` of ``PageStack`` before iOS 16.
        func page(at level: Int, inTab tab: AnyHashable?) -> AnyHashable? {
            state.page(at: level, inTab: tab)
        }

        private func tabKey(_ tab: AnyHashable?) -> Int {
            if let key = tabKeys.firstIndex(of: tab) { return key }
            tabKeys.append(tab)
            return tabKeys.count - 1
        }

        private func change(animated: Bool, _ edit: (inout NavigationState) -> Void) {
            var changed = state
            edit(&changed)
            guard changed != state else { return }
            guard !animated else {
                state = changed
                return
            }
            var transaction = Transaction()
            transaction.disablesAnimations = true
            withTransaction(transaction) { state = changed }
        }
    }

    /// A page presented by an ``ObservableNavigator``, as the item of a `sheet(item:)`.
    public struct PresentedPage: Identifiable, Hashable {
        /// How many pages are presented under it.
        public let level: Int
        /// The page.
        public let page: AnyHashable

        /// The page at its level: another page there is another sheet.
        public var id: Self { self }
    }
#endif
