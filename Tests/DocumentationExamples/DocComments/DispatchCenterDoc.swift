import DispatchKit
import DispatchKitUI
import Foundation

// The code blocks of the doc comments in Center/DispatchCenter.swift and its extensions, and in
// DispatchResult.swift and DispatchFailure.swift. Those of `redirectRules` and
// `redirectEnvironment`, in DispatchKitRules: RedirectRulesDoc.swift.
enum DispatchCenterDoc {
    // snippet: doc-center
    final class MineActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/mine_home"] }
        override func execute() throws { print("push MinePage(uid: \(query["uid"] ?? "-"))") }
    }

    final class WebFallbackActivity: DispatchActivity {  // every URL nothing else claims
        override class var exposure: DispatchExposure { .external }
        override func execute() throws { print("open \(url) in a web view") }
    }

    @MainActor func startRouting() {
        let center = DispatchCenter.shared
        center.register(MineActivity.self)
        center.fallback = WebFallbackActivity.self

        let result = center.dispatch("cono://test.com/mine_home?uid=42")
        if let failure = result.failure { print(failure) }
    }
    // snippet: end

    // snippet: doc-center-ready
    @MainActor func launch(center: DispatchCenter, launchURL: URL) {
        center.isReady = false  // application(_:didFinishLaunchingWithOptions:)
        center.dispatch(.openedURL(launchURL, sourceApplication: nil))  // queued, from outside
        // … the root view controller comes up, the session is restored:
        center.isReady = true  // runs it
    }
    // snippet: end

    // snippet: doc-center-destination
    struct ProductPage { let id: Int }

    @MainActor func preview(_ url: DispatchURL, in center: DispatchCenter) throws {
        let page = try center.destination(for: url, as: ProductPage.self)
        print("preview", page)  // shown in a preview, nothing pushed
    }
    // snippet: end

    // snippet: doc-center-remove
    @MainActor func showPromotion(in center: DispatchCenter) throws {
        let result = center.dispatch("cono://test.com/promo/spring")
        // … later, when the promotion ends:
        if let promo = result.activity { try center.remove(promo) }
    }
    // snippet: end

    @MainActor static func failure() {
        // snippet: doc-failure
        let result = DispatchCenter.shared.dispatch("cono://test.com/mine_home?uid=%zz")
        if let failure = result.failure { print(failure) }
        // invalid URL: malformed percent-escape "%zz" at offset 30
        // snippet: end
    }

    @MainActor static func result(showError: (String) -> Void) {
        // snippet: doc-result
        let result = DispatchCenter.shared.dispatch("cono://test.com/product/42")
        print(result)  // "handled by ProductActivity", or "no activity claims cono://test.com/product/42"
        if let failure = result.failure {
            showError(failure.localizedDescription)  // the same plain words
        }
        // snippet: end
    }

    final class ProductActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    }
    final class LegacyProductActivity: DispatchActivity {
        override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "product" }
    }
    final class CartActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/cart"] }
    }

    // snippet: doc-center-register-repeated
    @MainActor func registerShop(in center: DispatchCenter) {
        let repeated = center.register([ProductActivity.self, CartActivity.self])
        if !repeated.isEmpty { print("registered twice:", repeated) }  // a wiring mistake
    }
    // snippet: end

    // snippet: doc-center-claimants-string
    @MainActor func whoClaims(_ link: String, in center: DispatchCenter) {
        do {
            print(try center.claimants(for: link))  // [ProductActivity.self, LegacyProductActivity.self]
        } catch {
            print("not a URL: \(error)")  // a DispatchURLError
        }
    }
    // snippet: end

    // snippet: doc-center-configuration-error-handler
    final class CategoryActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/category/:kind<new>"] }  // a list needs "|"
        override func execute() throws {}
    }

    @MainActor func registeringReportsTheTypo() {
        let center = DispatchCenter()
        var errors: [DispatchConfigurationError] = []
        center.configurationErrorHandler = { errors.append($0) }
        center.register(CategoryActivity.self)
        _ = center.canDispatch("/category/new")  // a release build finds it here, indexing
        print(errors)  // [CategoryActivity declares an invalid pattern "/category/:kind<new>": …]
    }
    // snippet: end
}
