import DispatchKit
import Foundation

// The code blocks of the doc comments in Policy/ that the README and the articles do not share:
// DispatchExposure, DispatchEvent, DispatchInterceptor and QueuedDispatch.
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
