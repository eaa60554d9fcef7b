#if canImport(SwiftUI)
    import DispatchKit
    import DispatchKitUI
    import SwiftUI

    /// A navigation stack that shows the stack of one tab of an ``ObservableNavigator``: its root view,
    /// and a destination view for each page above it.
    ///
    /// On iOS 16, macOS 13, tvOS 16 and watchOS 9 and later it is a `NavigationStack` whose path is
    /// the tab's stack, each page with its level. Only before, on iOS 13 to 15 (macOS 10.15 to 12,
    /// tvOS 13 to 15, watchOS 7 and 8), it is a `NavigationView` in which each page is reached
    /// through a hidden navigation link from the one below it; a link that turns inactive (the user
    /// went back) pops the stack to its level. Both forms read and write the same `NavigationState`
    /// of the navigator: Back changes the navigator, and the navigator's steps change the screen. A
    /// view in the stack opens a page through the navigator (`try navigator.push(page)`), not with a
    /// `NavigationLink` of its own, which the stack's path cannot hold.
    @available(watchOS 7.0, *)
    public struct PageStack<Root: View, Destination: View>: View {
        @ObservedObject private var navigator: ObservableNavigator
        private let tab: AnyHashable?
        private let root: Root
        private let destination: (AnyHashable) -> Destination

        /// A navigation stack for the stack of `tab`.
        ///
        /// - Parameters:
        ///   - navigator: The navigator whose stack it shows.
        ///   - tab: The tab, or `nil` in an app without tabs.
        ///   - root: The tab's root view.
        ///   - destination: The view of a page.
        public init(
            navigator: ObservableNavigator, tab: AnyHashable? = nil, @ViewBuilder root: () -> Root,
            @ViewBuilder destination: @escaping (AnyHashable) -> Destination
        ) {
            self.navigator = navigator
            self.tab = tab
            self.root = root()
            self.destination = destination
        }

        /// The stack, as the platform's navigation containers show it.
        public var body: some View {
            if #available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *) {
                return AnyView(
                    NavigationStack(path: navigator.slots(inTab: tab)) {
                        root.navigationDestination(for: PageSlot.self) { slot in destination(slot.page) }
                    })
            } else {
                return AnyView(linkedStack)
            }
        }

        /// Before `NavigationStack`: the root and each page link to the page above them.
        private var linkedStack: some View {
            NavigationView {
                LinkedLevel(
                    navigator: navigator, tab: tab, level: 0, content: AnyView(root), destination: destination
                )
            }
            #if os(iOS)
                // Without it an iPad shows the pages in a second column, beside the root.
                .navigationViewStyle(StackNavigationViewStyle())
            #endif
        }
    }

    /// One level of a ``PageStack`` before iOS 16: its content, and a hidden navigation link to the next
    /// level, active while the stack is higher than this level.
    @available(watchOS 7.0, *)
    struct LinkedLevel<Destination: View>: View {
        @ObservedObject var navigator: ObservableNavigator
        let tab: AnyHashable?
        let level: Int
        let content: AnyView
        let destination: (AnyHashable) -> Destination

        var body: some View {
            content.background(
                NavigationLink(destination: next, isActive: navigator.isShowingPage(above: level, inTab: tab))
                {
                    EmptyView()
                })
        }

        /// The next level: the page above this one, if the stack has it (the link is inactive otherwise).
        private var next: LinkedLevel {
            let page = navigator.page(at: level, inTab: tab)
            return LinkedLevel(
                navigator: navigator, tab: tab, level: level + 1,
                content: page.map { AnyView(destination($0)) } ?? AnyView(EmptyView()),
                destination: destination)
        }
    }
#endif
