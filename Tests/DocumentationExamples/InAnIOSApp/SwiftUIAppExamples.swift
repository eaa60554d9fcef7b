// The SwiftUI app of the README and of ReceivingLinksAndNavigating.md: the observable navigator
// the activities show pages through, the views that show its tabs, stacks and sheets, and the
// modifiers that hand links to the center.
// iOS only: on other platforms, and on Linux, this file is empty; scripts/apple-check.sh compiles
// it for iOS against the stubs of SwiftUI and Combine. AppTab, ProductPage and ProductActivity are
// those of UIKitAppExamples.swift.
#if canImport(SwiftUI) && os(iOS)
    import DispatchKit
    import DispatchKitUI
    import Foundation
    import SwiftUI

    // snippet: swiftui-app
    @available(iOS 14.0, *)
    struct ShopApp: App {  // the app's @main type
        private let center = DispatchCenter.shared
        private let navigator = ObservableNavigator(selectedTab: AppTab.home)

        init() {
            center.isReady = false  // the links that launch the app wait for its first view
            center.register(ProductActivity.self)
            center.associatedDomains = ["applinks:test.com", "applinks:*.test.com"]
            center.navigator = navigator
        }

        var body: some Scene {
            WindowGroup {
                RootView(navigator: navigator)
                    .dispatchOpenedURLs(to: center)  // the URL scheme, and universal links as URLs
                    .dispatchWebBrowsingActivities(to: center)  // universal links handed over as activities
                    .onAppear { center.isReady = true }  // the views are up: the waiting links run
            }
        }
    }
    // snippet: end

    // snippet: swiftui-root-view
    struct RootView: View {
        @ObservedObject var navigator: ObservableNavigator

        var body: some View {
            TabView(selection: navigator.tabSelection(default: AppTab.home)) {
                PageStack(navigator: navigator, tab: AppTab.home) {
                    Text("Home")
                } destination: { page in
                    PageView(page: page)
                }
                .tabItem { Text("Home") }
                .tag(AppTab.home)

                PageStack(navigator: navigator, tab: AppTab.mine) {
                    Text("Mine")
                } destination: { page in
                    PageView(page: page)
                }
                .tabItem { Text("Mine") }
                .tag(AppTab.mine)
            }
            .sheets(for: navigator) { page in
                PageView(page: page)
            }
        }
    }

    struct PageView: View {
        let page: AnyHashable

        var body: some View {
            Text(String(describing: page))
        }
    }
// snippet: end
#endif
