// swift-format-ignore-file
// (The examples keep the layout the doc comments show them in: comments aligned in columns.)
import DispatchKit
import Foundation

// The code blocks of the `///` comments in Sources/DispatchKit, one namespace per source file.
// What a block takes from the app (`center`, a registry, a downloaded document) is a parameter of
// its function; the app's own types it names are declared beside it. Blocks that say the same as a
// README block quote the README's region instead.

enum DispatchActivityDoc {
    @MainActor
    static func classCluster() {
        // snippet: doc-activity
        final class MineDispatchActivity: DispatchActivity {
            override class func isHit(url: DispatchURL) -> Bool {
                url.firstPath == "mine_home" || url.firstPath == "settings_home"
            }

            override func execute() throws {
                switch paths.first {
                case "mine_home": print("push MinePage(uid: \(query["uid"] ?? "-"))")
                default: print("push SettingsPage")
                }
            }
        }

        DispatchCenter.shared.register(MineDispatchActivity.self)
        DispatchCenter.shared.dispatch("cono://test.com/mine_home?uid=42")
        // snippet: end
    }

    struct ProductPage { let id: Int }
    struct NotAProduct: Error {}

    final class ProductActivity: DispatchActivity {
        // snippet: doc-activity-patterns
        override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }
        // snippet: end

        // snippet: doc-activity-exposure
        override class var exposure: DispatchExposure { .external }
        // snippet: end

        func productID() throws -> Int {
            guard let id = parameters.int("id") else { throw NotAProduct() }
            return id
        }

        // snippet: doc-activity-destination
        override func makeDestination() throws -> Any? { try ProductPage(id: productID()) }
        override func execute() throws { print("push", try ProductPage(id: productID())) }
        // snippet: end
    }
}

enum DispatchModuleDoc {
    protocol AccountService: Sendable {}
    final class AccountStore: AccountService {}
    final class LoginActivity: DispatchActivity {}
    final class LogoutActivity: DispatchActivity {}

    @MainActor
    static func register() throws {
        // snippet: doc-module
        enum AccountModule: DispatchModule {
            static let activities: [DispatchActivity.Type] = [LoginActivity.self, LogoutActivity.self]

            static func registerServices(in registry: ServiceRegistry) {
                // Other modules use the account through this protocol, without importing this module.
                try? registry.register(AccountService.self, lifetime: .shared) { AccountStore() }
            }
        }

        DispatchCenter.shared.register(AccountModule.self)
        let account = try DispatchCenter.shared.services.resolve(AccountService.self)
        // snippet: end
        _ = account
    }
}

enum DispatchRequestDoc {
    @MainActor
    static func testByHand() throws {
        // snippet: doc-request
        let page = ProductActivity(request: DispatchRequest(url: try DispatchURL(string: "/product/42")))
        try page.execute()
        // snippet: end
    }
}

enum DispatchCenterDoc {
    final class AccountModule: DispatchModule {
        static let activities: [DispatchActivity.Type] = []
    }
    final class WebFallbackActivity: DispatchActivity {}

    @MainActor
    static func overview() {
        // snippet: doc-center
        let center = DispatchCenter.shared
        center.register(MineDispatchActivity.self)
        center.register(AccountModule.self)
        center.fallback = WebFallbackActivity.self

        let result = center.dispatch("cono://test.com/mine_home?uid=42")
        if let failure = result.failure { print(failure) }
        // snippet: end
    }

    @MainActor
    static func rules(center: DispatchCenter, data: Data) {
        // snippet: doc-center-rules
        do {
            center.redirectRules = try RedirectRules(json: data)   // from your config server
        } catch {
            print("rules refused, the previous ones stay: \(error)")   // rules[2]: the target uses …
        }
        // snippet: end
    }

    @MainActor
    static func flags(center: DispatchCenter) {
        // snippet: doc-center-flags
        center.redirectEnvironment.flags.insert("product-page-broken")
        // snippet: end
    }

    @MainActor
    static func readiness(center: DispatchCenter, launchURL: URL) {
        // snippet: doc-center-ready
        center.isReady = false          // application(_:didFinishLaunchingWithOptions:)
        center.dispatch(launchURL)      // queued
        // … the root view controller comes up, the session is restored:
        center.isReady = true           // runs it
        // snippet: end
    }

    @MainActor
    static func awaitWork(center: DispatchCenter, orderURL: URL) async {
        // snippet: doc-center-await
        let result = await center.dispatchAndWait(orderURL, timeout: 10)
        // snippet: end
        _ = result
    }

    struct ProductPage { let id: Int }

    @MainActor
    static func destination(center: DispatchCenter, url: DispatchURL) throws {
        // snippet: doc-center-destination
        let page = try center.destination(for: url, as: ProductPage.self)
        print("preview", page)   // shown in a preview, nothing pushed
        // snippet: end
    }

    @MainActor
    static func removal(center: DispatchCenter) throws {
        // snippet: doc-center-remove
        let result = center.dispatch("cono://test.com/promo/spring")
        // … later, when the promotion ends:
        if let promo = result.activity { try center.remove(promo) }
        // snippet: end
    }
}

enum DispatchResultDoc {
    @MainActor
    static func failure() {
        // snippet: doc-failure
        let result = DispatchCenter.shared.dispatch("cono://test.com/mine_home?uid=%zz")
        if let failure = result.failure { print(failure) }   // invalid URL: malformed percent-escape "%zz" at offset 30
        // snippet: end
    }

    @MainActor
    static func result(center: DispatchCenter) {
        // snippet: doc-result
        let result = center.dispatch("cono://test.com/product/42")
        if let activity = result.activity, result.isHandled {
            print("handled by \(type(of: activity))")
        } else if let failure = result.failure {
            print(failure)  // plain words, e.g. "no activity claims cono://test.com/product/42"
        }
        // snippet: end
    }
}

enum PatternsDoc {
    @MainActor
    static func diagnostics() {
        // snippet: doc-diagnostics
        for diagnostic in DispatchCenter.shared.validate() {
            assertionFailure(diagnostic.description)  // in DEBUG builds, at launch
        }
        // snippet: end
    }

    static func match() throws {
        // snippet: doc-match
        let match = RoutePattern("/files/:owner/*").match(try DispatchURL(string: "app://x/files/ann/a/b.txt"))
        print(match?.parameters ?? [:])  // ["owner": "ann"]
        print(match?.wildcard ?? [])     // ["a", "b.txt"]
        // snippet: end
    }

    static func build() throws {
        // snippet: doc-build
        let pattern: RoutePattern = "cono://test.com/product/:id<int>(/review/:review)"
        let url = try pattern.url(parameters: ["id": "42"], query: ["from": "push"])
        print(url)   // cono://test.com/product/42?from=push
        // snippet: end
    }
}

enum DispatchEventDoc {
    @MainActor
    static func observe(center: DispatchCenter) {
        // snippet: doc-event
        final class Analytics: DispatchObserver {
            func observe(_ event: DispatchEvent) {
                print("route", event.url?.description ?? "-", event.isHandled ? "ok" : "failed",
                      event.activity.map { "\($0)" } ?? "-", event.duration * 1000, "ms")
            }
        }
        center.addObserver(Analytics())
        // snippet: end
    }
}

enum DispatchInterceptorDoc {
    @MainActor
    static func redirect(center: DispatchCenter) {
        // snippet: doc-interceptor
        final class OrdersNeedAnAccount: DispatchInterceptor {
            var isSignedIn = false

            func intercept(_ interception: DispatchInterception) -> DispatchDecision {
                guard interception.activity == OrdersActivity.self, !isSignedIn else { return .proceed }
                guard let login = try? DispatchURL(string: "cono://test.com/account/login") else { return .proceed }
                return .redirect(to: login)
            }
        }
        center.addInterceptor(OrdersNeedAnAccount())
        // snippet: end
    }

    @MainActor
    static func vouch(center: DispatchCenter) {
        // snippet: doc-interceptor-vouch
        center.dispatch("cono://test.com/account/login", source: .app)
        // snippet: end
    }
}

enum QueuedDispatchDoc {
    @MainActor
    static func coldStart(center: DispatchCenter, pushURL: URL) {
        // snippet: doc-queued
        center.isReady = false                                   // cold start
        center.dispatch(pushURL, source: .notification)          // .queued(position: 1)
        print(center.queuedDispatches.map(\.url))                // [pushURL]
        center.isReady = true                                    // runs it now
        // snippet: end
    }
}

enum RedirectRulesDoc {
    static func condition() {
        // snippet: doc-condition
        let condition = RedirectRules.Condition(
            minimumVersion: .init("3.1"), maximumVersion: .init("3.1.4"), flag: "h5-product")
        print(condition.holds(in: .init(appVersion: .init("3.1.0"), flags: ["h5-product"])))  // true
        print(condition.holds(in: .init(appVersion: .init("3.2"), flags: ["h5-product"])))    // false
        // snippet: end
    }

    static func environment(remoteFlags: Set<String>) {
        // snippet: doc-environment
        let version = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String
        let environment = RedirectRules.Environment(
            appVersion: version.flatMap(RedirectRules.Version.init), flags: remoteFlags)
        // snippet: end
        _ = environment
    }

    static func load(downloaded: Data) {
        var rules = RedirectRules()
        // snippet: doc-rules-json
        do {
            rules = try RedirectRules(json: downloaded)
        } catch {
            print("kept the previous rules: \(error)")  // … rules[2]: unknown field "when.flags"
        }
        // snippet: end
        _ = rules
    }

    static func refuse(data: Data) {
        var rules = RedirectRules()
        // snippet: doc-rules-error
        do {
            rules = try RedirectRules(json: data)
        } catch {
            print("redirect rules refused: \(error)")
            // redirect rules refused: rules[2]: the target uses parameter "slug", which the
            // pattern does not capture
        }
        // snippet: end
        _ = rules
    }

    static func rule() throws {
        // snippet: doc-rule
        let rule = try RedirectRules.Rule(
            pattern: "cono://test.com/product/:id", target: "https://m.test.com/p/:id",
            condition: .init(minimumVersion: .init("3.1.0"), maximumVersion: .init("3.1.4")),
            note: "3.1.x crashes on the native product page")
        // snippet: end
        _ = rule
    }

    static func versions() {
        // snippet: doc-version
        let v3_1 = RedirectRules.Version("3.1"), v3_10 = RedirectRules.Version("3.10")
        print(v3_1 == RedirectRules.Version("3.1.0"))   // true: missing components are 0
        if let v3_1, let v3_10 { print(v3_1 < v3_10) }  // true: components compare as numbers
        print(RedirectRules.Version("3.1-beta") == nil)  // true: only dotted numbers
        // snippet: end
    }

    static func redirect(downloadedData: Data) throws {
        // snippet: doc-rules
        let rules = try RedirectRules(json: downloadedData)
        let environment = RedirectRules.Environment(
            appVersion: RedirectRules.Version("3.1.2"), flags: ["product-page-broken"])
        let url = try DispatchURL(string: "cono://test.com/product/42?from=push")
        print(rules.redirect(for: url, in: environment) as Any)
        // (url: https://m.test.com/p/42?from=push, rule: 0)
        // snippet: end
    }

    static func redirectInCode() throws {
        // snippet: doc-rules-code
        let rules = RedirectRules([try .init(pattern: "/old/:id", target: "/new/:id")])
        print(rules.redirect(for: try DispatchURL(string: "app://x/old/7?a=1#top"), in: .init()) as Any)
        // (url: app://x/new/7?a=1#top, rule: 0)
        // snippet: end
    }
}

enum ServicesDoc {
    protocol APIClient: Sendable {}
    protocol PaymentService: Sendable {}
    protocol Analytics: Sendable {}
    protocol Exporter: Sendable { func export(_ report: String) throws }
    struct URLSessionAPIClient: APIClient {}
    struct StripePayment: PaymentService {
        init() {}
        init(api: APIClient) {}
    }
    struct PayPal: PaymentService {}
    struct ConsoleAnalytics: Analytics {}

    static func ambiguous(registry: ServiceRegistry) {
        // snippet: doc-service-error
        do {
            _ = try registry.resolve(PaymentService.self)
        } catch {
            print(error)
            // PaymentService has several implementations ("stripe", "paypal") and none is the
            // default: resolve one by name.
        }
        // snippet: end
    }

    static func resolve(registry: ServiceRegistry) throws {
        // snippet: doc-service-resolve
        let payment = try registry.resolve(PaymentService.self)                  // the default
        let paypal = try registry.resolve(PaymentService.self, named: "paypal")
        // snippet: end
        _ = (payment, paypal)
    }

    static func resolveAll(registry: ServiceRegistry, report: String) throws {
        // snippet: doc-service-resolve-all
        for exporter in try registry.resolveAll(Exporter.self) { try exporter.export(report) }
        // snippet: end
    }

    static func unchecked(registry: ServiceRegistry) throws {
        // snippet: doc-service-unchecked
        let services: [(Any.Type, @Sendable (ServiceRegistry) throws -> Any)] = [
            (PaymentService.self, { _ in StripePayment() }),
            (Analytics.self, { _ in ConsoleAnalytics() }),
        ]
        for (type, factory) in services {
            try registry.registerUnchecked(type, factory: factory)
        }
        // snippet: end
    }

    static func shared() throws {
        // snippet: doc-service-registry
        try ServiceRegistry.shared.register(APIClient.self, lifetime: .shared) { URLSessionAPIClient() }
        try ServiceRegistry.shared.register(PaymentService.self) { resolver in
            StripePayment(api: try resolver.resolve(APIClient.self))
        }

        let payment = try ServiceRegistry.shared.resolve(PaymentService.self)
        // snippet: end
        _ = payment
    }

    static func register(registry: ServiceRegistry) throws {
        // snippet: doc-service-register
        try registry.register(PaymentService.self) { StripePayment() }
        try registry.register(PaymentService.self, named: "paypal", lifetime: .shared) { PayPal() }
        // snippet: end
    }

    static func factory(registry: ServiceRegistry) throws {
        // snippet: doc-service-factory
        try registry.register(PaymentService.self) { resolver in
            StripePayment(api: try resolver.resolve(APIClient.self))
        }
        // snippet: end
    }
}

enum DispatchURLDoc {
    static func limits(link: String) throws {
        // snippet: doc-url-limits
        var limits = DispatchURL.Limits.default
        limits.maximumQueryItems = 16
        let url = try DispatchURL(string: link, limits: limits)
        // snippet: end
        _ = url
    }
}
