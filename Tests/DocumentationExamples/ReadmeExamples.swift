import DispatchKit
import Foundation

// The README's code blocks after the quick start (ReadmeQuickStart.swift), in its order, in one
// namespace; the sections that declare a class another section declares too have their own. What a
// block takes from the app (the center, the URLs the system hands over, a downloaded document) is
// a parameter of its function.
enum ReadmeExamples {
    enum RoutePatterns {
        // snippet: readme-route-patterns
        final class ProductActivity: DispatchActivity {
            override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }

            override func execute() throws {
                print("push ProductPage(id: \(parameters.int("id") ?? 0), from: \(query["from"] ?? "-"))")
            }
        }
        // snippet: end
    }

    enum Sources {
        // snippet: readme-sources
        // Where each URL enters the app (the scene or app delegate), say how it arrived:
        @MainActor func enter(url: URL, from sender: String?, webpageURL: URL, payload: [AnyHashable: Any]) {
            let center = DispatchCenter.shared
            center.dispatch(.openedURL(url, sourceApplication: sender))  // the app's URL scheme
            center.dispatch(.universalLink(webpageURL))  // https, on an associated domain only
            center.dispatch(.notification(payload))  // the link under center.notificationLinkKey
            center.dispatch(url)  // the app's own code: .app, the default
        }
        // snippet: end

        // snippet: readme-intake
        @MainActor func configureIntake(center: DispatchCenter) throws {
            // The applinks: entries of the Associated Domains entitlement. *.test.com is every subdomain
            // of test.com, not test.com itself; eviltest.com is neither.
            center.associatedDomains = try AssociatedDomains(["applinks:test.com", "applinks:*.test.com"])
            // {"aps": {"alert": "Your order shipped", "link": "cono://test.com/orders/7"}}
            center.notificationLinkKey = ["aps", "link"]
        }
        // snippet: end

        // snippet: readme-exposure
        final class ProductActivity: DispatchActivity {
            override class var exposure: DispatchExposure { .external }  // any source
        }
        final class WalletLinkActivity: DispatchActivity {  // our own wallet app only
            override class var exposure: DispatchExposure { .external(applications: ["com.example.wallet"]) }
        }
        final class LogoutActivity: DispatchActivity {}  // .internalOnly, the default
        // snippet: end
    }

    // snippet: readme-login-wall
    final class OrdersActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }
        override class var exposure: DispatchExposure { .external }
    }

    final class LoginWall: DispatchInterceptor {
        var isSignedIn = false
        var pending: DispatchHold?

        func intercept(_ interception: DispatchInterception) -> DispatchDecision {
            guard interception.activity == OrdersActivity.self, !isSignedIn else { return .proceed }
            let hold = DispatchHold(timeout: 120)  // seconds; nil uses center.holdTimeout (300)
            pending = hold
            // Our own login page: the wall vouches for its URL, whatever the held link's source.
            interception.request.center?.dispatch("cono://test.com/account/login", source: .app)
            return .hold(hold)  // dispatch(…) returns .held(hold) for now
        }

        func loginSucceeded() {
            isSignedIn = true
            pending?.resume()  // OrdersActivity runs now, once
            pending = nil
        }

        func loginDismissed() {
            pending?.cancel()  // nothing runs
            pending = nil
        }
    }

    @MainActor func addLoginWall(to center: DispatchCenter) -> LoginWall {
        let wall = LoginWall()
        center.addInterceptor(wall)
        return wall
    }
    // snippet: end

    // snippet: readme-redirect-rules
    @MainActor func apply(rulesJSON data: Data, to center: DispatchCenter) {
        do {
            center.redirectRules = try RedirectRules(json: data)  // checked whole, then swapped in
        } catch {
            // rules[2]: the target uses parameter "slug", which the pattern does not capture
            print("rules refused, the previous ones stay: \(error)")
        }
        center.redirectEnvironment.flags.insert("product-page-broken")  // the app version: the bundle's
    }
    // snippet: end

    // snippet: readme-cold-start
    @MainActor func launch(center: DispatchCenter, launchURL: URL) {
        center.isReady = false  // in application(_:didFinishLaunchingWithOptions:)
        center.dispatch(.openedURL(launchURL, sourceApplication: nil))  // .queued(position: 1)
        center.isReady = true  // UI up, user restored: queued dispatches run, in arrival order
        center.duplicateWindow = 0.5  // the same URL twice within 0.5 s: the second is .duplicate
    }
    // snippet: end

    // snippet: readme-events
    final class Analytics: DispatchObserver {
        func observe(_ event: DispatchEvent) throws {
            print("route", event.url?.description ?? "-", event.isHandled, event.duration * 1000, "ms")
        }
    }

    @MainActor func addAnalytics(to center: DispatchCenter) {
        center.addObserver(Analytics())
        // print(event): cono://test.com/orders from the app: handled by OrdersActivity; LoginWall: hold; 1.340 ms
    }
    // snippet: end

    enum Destinations {
        // snippet: readme-destinations
        struct ProductPage { let id: Int }
        enum ProductError: Error { case badID }

        final class ProductActivity: DispatchActivity {
            override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
            override func makeDestination() throws -> Any? { try page() }
            override func execute() throws { print("push", try page()) }

            private func page() throws -> ProductPage {  // one request, read the same way by both
                guard let id = parameters.int("id") else { throw ProductError.badID }
                return ProductPage(id: id)
            }
        }

        @MainActor func preview(in center: DispatchCenter) throws {
            let page = try center.destination(for: "cono://test.com/product/42", as: ProductPage.self)
            print("preview", page)  // built, not shown
        }
        // snippet: end
    }

    // snippet: readme-async
    final class OrderActivity: AsyncDispatchActivity {
        override class var patterns: [RoutePattern] { ["/orders/:id"] }
        override func execute() async throws {
            try await Task.sleep(nanoseconds: 200_000_000)  // load the order: cancellable
            print("push OrderPage(id: \(parameters["id"] ?? "-"))")
        }
    }

    @MainActor func openOrder(in center: DispatchCenter) async {
        let result = await center.dispatchAndWait("cono://test.com/orders/42", timeout: 10)
        if let failure = result.failure { print(failure) }
    }
    // snippet: end

    // snippet: readme-service-types
    protocol APIClient: Sendable {}
    protocol PaymentService: Sendable { func pay(cents: Int) async throws }

    struct URLSessionAPIClient: APIClient {}
    struct StripePayment: PaymentService {
        let api: any APIClient
        func pay(cents: Int) async throws {}
    }
    struct PayPalPayment: PaymentService { func pay(cents: Int) async throws {} }
    // snippet: end

    static func wire() throws {
        // snippet: readme-services
        let services = ServiceRegistry.shared
        try services.register((any APIClient).self, lifetime: .shared) { URLSessionAPIClient() }
        try services.register((any PaymentService).self) { resolver in  // the default implementation
            StripePayment(api: try resolver.resolve((any APIClient).self))
        }
        try services.register((any PaymentService).self, named: "paypal") { PayPalPayment() }

        let payment = try services.resolve((any PaymentService).self)  // StripePayment
        let paypal = try services.resolve((any PaymentService).self, named: "paypal")
        let every = try services.resolveAll((any PaymentService).self)  // in registration order
        // snippet: end
        _ = (payment, paypal, every)
    }
}
