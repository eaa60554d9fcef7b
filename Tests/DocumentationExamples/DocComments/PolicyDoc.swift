import DispatchKit
import DispatchKitEvents
import DispatchKitUI
import Foundation

// The code blocks of the doc comments in Policy/ (those of the redirect rules, in DispatchKitRules:
// RedirectRulesDoc.swift).
enum DispatchExposureDoc {
    // snippet: doc-exposure
    final class ProductActivity: DispatchActivity {
        override class var exposure: DispatchExposure { .external }  // any source
    }
    final class WalletLinkActivity: DispatchActivity {  // our own wallet app only
        override class var exposure: DispatchExposure { .external(applications: ["com.example.wallet"]) }
    }
    final class LogoutActivity: DispatchActivity {}  // .internalOnly, the default
    // snippet: end
}

enum DispatchEventDoc {
    // snippet: doc-event
    final class Analytics: DispatchObserver {
        func observe(_ event: DispatchEvent) {
            print(
                "route", event.url?.description ?? "-", event.isHandled ? "ok" : "failed",
                event.activity.map { "\($0)" } ?? "-", event.duration * 1000, "ms")
        }
    }

    @MainActor func startAnalytics() {
        DispatchCenter.shared.addObserver(Analytics())
    }
    // snippet: end
}

enum DispatchInterceptorDoc {
    // snippet: doc-interceptor
    final class OrdersActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }
        override func execute() throws { print("push OrdersPage") }
    }

    final class OrdersNeedAnAccount: DispatchInterceptor {
        var isSignedIn = false
        private let login: DispatchURL

        init() throws {
            // Parsed once, when the app sets up: a typo fails there, not in front of a user.
            login = try DispatchURL(string: "cono://test.com/account/login")
        }

        func intercept(_ interception: DispatchInterception) -> DispatchDecision {
            guard interception.activity == OrdersActivity.self, !isSignedIn else { return .proceed }
            return .redirect(to: login)
        }
    }

    @MainActor func addAccountCheck(to center: DispatchCenter) throws {
        center.addInterceptor(try OrdersNeedAnAccount())
    }
    // snippet: end

    @MainActor static func vouch() {
        // snippet: doc-interceptor-vouch
        DispatchCenter.shared.dispatch("cono://test.com/account/login", source: .app)
        // snippet: end
    }
}

enum QueuedDispatchDoc {
    // snippet: doc-queued
    @MainActor func coldStart(center: DispatchCenter, pushURL: URL) {
        center.isReady = false  // cold start
        center.dispatch(pushURL, source: .notification)  // .queued(position: 1)
        print(center.queuedDispatches.map(\.url))  // [pushURL]
        center.isReady = true  // runs it now
    }
    // snippet: end
}

enum DispatchHoldDoc {
    // snippet: doc-hold
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
}

enum DispatchOriginDoc {
    // snippet: doc-origin
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

enum DispatchRejectionDoc {
    @MainActor static func rejectLogout() {
        // snippet: doc-rejection
        let result = DispatchCenter.shared.dispatch(
            "cono://test.com/account/logout", source: .external(application: "com.example.other"))
        if let failure = result.failure { print(failure) }
        // rejected: LogoutActivity is internal only, and the URL came from another app (com.example.other)
        // snippet: end
    }
}

enum LinkOriginsDoc {
    // snippet: doc-link-origins
    @MainActor func declareOrigins(center: DispatchCenter) {
        center.linkOrigins = LinkOrigins(
            schemes: ["shop"], webHosts: ["shop.example.com", "*.shop.example.com"])
    }
    // snippet: end

    // snippet: doc-link-origins-contains
    final class WebPageActivity: DispatchActivity {
        override class var exposure: DispatchExposure { .external }

        override func execute() throws {
            guard center?.linkOrigins.contains(url) == true else { return }  // not one of our sites
            print("open \(url) in the app's web view")
        }
    }
    // snippet: end
}

enum InvalidLinkHandlingDoc {
    // snippet: doc-invalid-link-handling
    final class CampaignActivity: LinkActivity<CampaignActivity.Link> {
        struct Link: DispatchLink { var payload: String }

        override class var patterns: [RoutePattern] { ["/campaign"] }
        override class var exposure: DispatchExposure { .external }
        // An old campaign link without ?payload= opens the web page instead of failing.
        override class var invalidLinkHandling: InvalidLinkHandling? { .useFallback }

        override func execute(with link: Link) throws { print("show campaign \(link.payload)") }
    }
    // snippet: end

    // snippet: doc-center-invalid-link-handling
    @MainActor func openUnreadableLinksOnTheWeb(center: DispatchCenter) {
        center.invalidLinkHandling = .useFallback  // the fallback reads request.linkError
    }
    // snippet: end
}
