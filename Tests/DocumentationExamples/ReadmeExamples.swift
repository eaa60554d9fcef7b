import DispatchKit
import Foundation

// The README's code blocks after the quick start (ReadmeQuickStart.swift), in its order, in one
// namespace; the sections that declare a class another section declares too have their own. What a
// block takes from the app (the center, the URLs the system hands over, a downloaded document) is
// a parameter of its function. The iOS app's block is in InAnIOSApp/SwiftUIAppExamples.swift, the
// route manifest's in DocComments/ManifestDoc.swift. Several blocks are also shown, in full, by
// the DocC articles that take the README's depth.
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
    }

    enum Interceptors {
        final class OrdersActivity: DispatchActivity {}

        // snippet: readme-interceptor
        final class LoginWall: DispatchInterceptor {
            var isSignedIn = false
            var pending: DispatchHold?  // after a sign-in, pending?.resume() runs the link, once

            func intercept(_ interception: DispatchInterception) -> DispatchDecision {
                guard interception.activity == OrdersActivity.self, !isSignedIn else { return .proceed }
                let hold = DispatchHold()
                pending = hold
                return .hold(hold)  // or .proceed, .redirect(to:), .reject(reason:)
            }
        }
        // snippet: end
    }

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
        struct ProductPage { let id: Int }

        // snippet: readme-preview
        @MainActor func preview(in center: DispatchCenter) throws {
            let page = try center.destination(for: "cono://test.com/product/42", as: ProductPage.self)
            print("preview", page)  // built, not shown
        }
        // snippet: end
    }
}
