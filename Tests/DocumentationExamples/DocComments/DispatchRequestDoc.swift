import DispatchKit

// The code block of the doc comment in Activity/DispatchRequest.swift.
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
}
