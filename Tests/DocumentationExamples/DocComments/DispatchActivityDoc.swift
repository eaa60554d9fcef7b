import DispatchKit
import DispatchKitAsync

// The code blocks of the doc comments in Activity/DispatchActivity.swift and
// Activity/AsyncDispatchActivity.swift.
enum DispatchActivityDoc {
    @MainActor static func classCluster() {
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

    final class ProductActivity: DispatchActivity {
        // snippet: doc-activity-patterns
        override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }
        // snippet: end

        // snippet: doc-activity-exposure
        override class var exposure: DispatchExposure { .external }
        // snippet: end
    }
}

enum MakeDestinationDoc {
    // snippet: doc-activity-make-destination
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

enum AsyncDispatchActivityDoc {
    // snippet: doc-async-activity
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
