import DispatchKit
import DispatchKitSwiftUI
import DispatchKitUI
import SwiftUI

#if canImport(ExampleShopRoutes)
    import ExampleShopRoutes
#endif

/// The tab bar: one page stack per tab, the presented pages as sheets, and an alert for a link that
/// could not be opened.
struct RootView: View {
    @ObservedObject var navigator: ObservableNavigator
    let router: ShopRouter
    @ObservedObject var failureAlert: FailureAlert

    var body: some View {
        TabView(selection: navigator.tabSelection(default: ShopTab.home)) {
            ForEach(ShopTab.allCases, id: \.self) { tab in
                PageStack(navigator: navigator, tab: tab) {
                    TabRootView(tab: tab, navigator: navigator, router: router)
                } destination: { page in
                    PageView(page: page, router: router)
                }
                .tabItem { Text(tab.title) }
                .tag(tab)
            }
        }
        .sheets(for: navigator) { page in
            PageView(page: page, router: router)
        }
        .alert(isPresented: $failureAlert.isShown) {
            Alert(
                title: Text("Cannot open the link"), message: Text(failureAlert.message ?? ""),
                dismissButton: .default(Text("OK")))
        }
    }
}

/// The root of a tab. Its buttons open pages with the same typed links a URL decodes to, so that
/// a tap and a link take one path.
struct TabRootView: View {
    let tab: ShopTab
    // Observed so that the Account tab shows who is signed in after the login sheet closes.
    @ObservedObject var navigator: ObservableNavigator
    let router: ShopRouter

    var body: some View {
        List {
            switch tab {
            case .home:
                ForEach(1..<6) { id in
                    Button("Product \(id)") { router.center.dispatch(ProductActivity.Link(id: id)) }
                }
            case .orders:
                ForEach(1..<4) { id in
                    Button("Order \(id)") { router.center.dispatch(OrdersActivity.Link(id: id)) }
                }
            case .account:
                if let user = router.session.user {
                    Text("Signed in as \(user)")
                    Button("Sign out") { router.signOut() }
                } else {
                    Button("Sign in") { router.center.dispatch(AccountActivity.Link.login) }
                }
            }
        }
        .navigationBarTitle(tab.title)
    }
}

/// A page above a tab's root, or presented.
struct PageView: View {
    let page: AnyHashable
    let router: ShopRouter

    var body: some View {
        switch page.base as? ShopPage {
        case .login?:
            LoginView(router: router)
        case .web(let url)?:
            WebPageView(url: url, router: router)
        case let shown?:
            Text(shown.description).navigationBarTitle(shown.description)
        case nil:
            Text(String(describing: page))
        }
    }
}

/// The login page: signing in opens the link the login wall held, if any.
struct LoginView: View {
    let router: ShopRouter

    var body: some View {
        VStack(spacing: 20) {
            Text("Sign in to see your orders")
            Button("Sign in as Alice") { router.signIn(as: "alice") }
            Button("Cancel") { try? router.center.navigator?.dismiss() }
        }
        // Cancel, a swipe down or a sign-in: a link still held is dropped.
        .onDisappear { router.loginClosed() }
    }
}

/// A page of the shop's web site (only those: ``WebPageActivity`` checks the link origins). A real
/// app shows it in a `WKWebView` here; the example shows its address.
struct WebPageView: View {
    let url: DispatchURL
    let router: ShopRouter

    var body: some View {
        VStack(spacing: 20) {
            Text("Web page")
            Text(url.description)
            Button("Close") { try? router.center.navigator?.dismiss() }
        }
    }
}
