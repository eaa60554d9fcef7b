import DispatchKit

// The code blocks of the "Writing an activity" article, in one namespace. Its last blocks are
// tests of the activities declared here, in WritingAnActivityTests.swift, and run with the rest of
// this target.
enum WritingAnActivityExamples {
    // snippet: writing-product
    final class ProductActivity: DispatchActivity {
        override class var exposure: DispatchExposure { .external }
        override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }

        override func execute() throws {
            print("push ProductPage(id: \(parameters.int("id") ?? 0), from: \(query["from"] ?? "-"))")
        }
    }
    // snippet: end

    // snippet: writing-is-hit
    final class MineDispatchActivity: DispatchActivity {
        override class func isHit(url: DispatchURL) -> Bool {
            url.firstPath == "mine_home" || url.firstPath == "settings_home"
        }

        override func execute() throws {
            print(paths.first == "mine_home" ? "push MinePage" : "push SettingsPage")
        }
    }
    // snippet: end

    // snippet: writing-flash-sale
    final class FlashSaleActivity: DispatchActivity {
        override class var priority: Int { 10 }
        override class var patterns: [RoutePattern] { ["/product/:id<int>"] }

        override class func isHit(url: DispatchURL) -> Bool {
            super.isHit(url: url) && url.query["sale"] != nil
        }
    }
    // snippet: end

    // snippet: writing-share
    final class ShareActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/share"] }

        override func execute() throws {
            let title = userInfo["title"] as? String ?? query["title"] ?? ""
            print("present SharePage(title: \(title))")
        }
    }
    // snippet: end

    // snippet: writing-order
    struct InvalidOrderID: Error, CustomStringConvertible {
        let text: String
        var description: String { "order id \"\(text)\" is not a positive integer" }
    }

    final class OrderActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/orders/:id"] }

        override func execute() throws {
            guard let id = parameters.int("id"), id > 0 else {
                throw InvalidOrderID(text: parameters["id"] ?? "")
            }
            print("push OrderPage(id: \(id))")
        }
    }
    // snippet: end

    // snippet: writing-login
    final class LoginActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/account/login"] }
        override class var exposure: DispatchExposure { .external }
        override class var skipsInterceptors: Bool { true }

        override func execute() throws {
            print("present LoginPage")
            if let next = query["redirect"], let center {
                let result = center.dispatch(next)
                if let failure = result.failure { throw failure }
            }
        }
    }
    // snippet: end

    // snippet: writing-exposure
    final class ProductPageActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/item/:id<int>"] }
        override class var exposure: DispatchExposure { .external }
    }

    final class WalletLinkActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/wallet/link"] }
        override class var exposure: DispatchExposure { .external(applications: ["com.example.wallet"]) }
    }
    // snippet: end

    @MainActor static func share() {
        // snippet: writing-share-dispatch
        DispatchCenter.shared.dispatch("/share", userInfo: ["title": "Spring sale"])
        // snippet: end
    }

    @MainActor static func failOnZero() {
        // snippet: writing-order-dispatch
        let center = DispatchCenter.shared
        center.register(OrderActivity.self)
        let failed = center.dispatch("/orders/0")
        if let failure = failed.failure {
            print(failure)  // OrderActivity failed: order id "0" is not a positive integer
        }
        // snippet: end
    }

    enum Async {
        // snippet: writing-async
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
    }
}
