import DispatchKit

// The code blocks of the "Destinations, removal and services" article
// (DestinationsAndServices.md). The product activity's block is also the example of
// `makeDestination()`'s doc comment.
enum DestinationsAndServicesExamples {
    enum Destinations {
        // snippet: destinations-product
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

    // snippet: services-types
    protocol APIClient: Sendable {}
    protocol PaymentService: Sendable { func pay(cents: Int) async throws }

    struct URLSessionAPIClient: APIClient {}
    struct StripePayment: PaymentService {
        let api: any APIClient
        func pay(cents: Int) async throws {}
    }
    struct PayPalPayment: PaymentService { func pay(cents: Int) async throws {} }
    // snippet: end

    static func wire() throws {
        // snippet: services-register
        let services = ServiceRegistry.shared
        try services.register((any APIClient).self, lifetime: .shared) { URLSessionAPIClient() }
        try services.register((any PaymentService).self) { resolver in  // the default implementation
            StripePayment(api: try resolver.resolve((any APIClient).self))
        }
        try services.register((any PaymentService).self, named: "paypal") { PayPalPayment() }

        let payment = try services.resolve((any PaymentService).self)  // StripePayment
        let paypal = try services.resolve((any PaymentService).self, named: "paypal")
        let every = try services.resolveAll((any PaymentService).self)  // in registration order
        // snippet: end
        _ = (payment, paypal, every)
    }
}
