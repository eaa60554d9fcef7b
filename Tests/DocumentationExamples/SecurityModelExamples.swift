import DispatchKit

// The code blocks of the "Security model" article that the README does not share (the sources
// are the README's region).

enum SecurityModelExamples {
    @MainActor
    static func expose() {
        // snippet: security-exposure
        final class ProductActivity: DispatchActivity {
            override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
            override class var exposure: DispatchExposure { .external }
        }

        final class LogoutActivity: DispatchActivity {  // .internalOnly, the default
            override class var patterns: [RoutePattern] { ["/account/logout"] }
        }

        let center = DispatchCenter.shared
        center.register([ProductActivity.self, LogoutActivity.self])
        // snippet: end
    }

    @MainActor
    static func reject() {
        // snippet: security-rejected
        let result = DispatchCenter.shared.dispatch(
            "cono://test.com/account/logout", source: .external(application: "com.example.other"))
        if let failure = result.failure { print(failure) }
        // rejected: LogoutActivity is internal only, and the URL came from another app (com.example.other)
        // snippet: end
    }
}
