import DispatchKit

// The code blocks of the doc comments in Activity/DispatchRequest.swift.
enum DispatchRequestDoc {
    // snippet: doc-request
    final class ProductActivity: DispatchActivity {
        override func execute() throws { print("push ProductPage(id: \(paths.last ?? "-"))") }
    }

    @MainActor func testProductActivity() throws {
        let page = ProductActivity(request: DispatchRequest(url: try DispatchURL(string: "/product/42")))
        try page.execute()  // push ProductPage(id: 42)
    }
    // snippet: end

    // snippet: doc-request-link
    final class OrdersActivity: LinkActivity<OrdersActivity.Link> {
        struct Link: DispatchLink { var id: Int }

        override class var patterns: [RoutePattern] { ["/orders/:id<int>"] }
        override func execute(with link: Link) throws { print("push OrderPage(id: \(link.id))") }
    }

    final class LargeOrdersNeedReview: DispatchInterceptor {
        func intercept(_ interception: DispatchInterception) -> DispatchDecision {
            guard let order = try? interception.request.link(as: OrdersActivity.Link.self),
                order.id > 1_000_000
            else { return .proceed }
            return .reject(reason: "order \(order.id) needs a review")
        }
    }
    // snippet: end
}
