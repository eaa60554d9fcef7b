import DispatchKit
import DispatchKitServices

// The code blocks of the doc comments in DispatchKitServices/ServiceRegistry.swift, in its order: the later
// ones use the services the first declares.
enum ServiceRegistryDoc {
    // snippet: doc-service-registry
    protocol APIClient: Sendable {}
    protocol PaymentService: Sendable { func pay(_ cents: Int) async throws }

    struct URLSessionAPIClient: APIClient {}
    struct StripePayment: PaymentService {
        var api: (any APIClient)? = nil
        func pay(_ cents: Int) async throws {}
    }

    func registerServices() throws {
        try ServiceRegistry.shared.register((any APIClient).self, lifetime: .shared) { URLSessionAPIClient() }
        try ServiceRegistry.shared.register((any PaymentService).self) { resolver in
            StripePayment(api: try resolver.resolve((any APIClient).self))
        }

        let payment = try ServiceRegistry.shared.resolve((any PaymentService).self)
        print(payment)
    }
    // snippet: end

    // snippet: doc-service-register
    struct PayPal: PaymentService { func pay(_ cents: Int) async throws {} }

    func registerPayments(in registry: ServiceRegistry) throws {
        try registry.register((any PaymentService).self) { StripePayment() }
        try registry.register((any PaymentService).self, named: "paypal", lifetime: .shared) { PayPal() }
    }
    // snippet: end

    // snippet: doc-service-factory
    func registerStripe(in registry: ServiceRegistry) throws {
        try registry.register((any PaymentService).self) { resolver in
            StripePayment(api: try resolver.resolve((any APIClient).self))
        }
    }
    // snippet: end
}

// DispatchKitServices/ServiceRegistry+Resolution.swift, ServiceRegistry+Unchecked.swift and ServiceError.swift.
enum ServiceResolutionDoc {
    // snippet: doc-service-resolve
    protocol PaymentService: Sendable {}

    func payments(from registry: ServiceRegistry) throws {
        let payment = try registry.resolve((any PaymentService).self)  // the default
        let paypal = try registry.resolve((any PaymentService).self, named: "paypal")
        print(payment, paypal)
    }
    // snippet: end

    // snippet: doc-service-resolve-all
    protocol Exporter: Sendable { func export(_ report: String) throws }

    func export(_ report: String, with registry: ServiceRegistry) throws {
        for exporter in try registry.resolveAll((any Exporter).self) { try exporter.export(report) }
    }
    // snippet: end
}

enum ServiceUncheckedDoc {
    // snippet: doc-service-unchecked
    protocol PaymentService: Sendable {}
    protocol Analytics: Sendable {}
    struct StripePayment: PaymentService {}
    struct ConsoleAnalytics: Analytics {}

    func registerAll(in registry: ServiceRegistry) throws {
        let services: [(Any.Type, @Sendable (ServiceRegistry) throws -> Any)] = [
            ((any PaymentService).self, { _ in StripePayment() }),
            ((any Analytics).self, { _ in ConsoleAnalytics() }),
        ]
        for (type, factory) in services {
            try registry.registerUnchecked(type, factory: factory)
        }
    }
    // snippet: end
}

enum ServiceErrorDoc {
    // snippet: doc-service-error
    protocol PaymentService: Sendable {}

    func pay(with registry: ServiceRegistry) {
        do {
            _ = try registry.resolve((any PaymentService).self)
        } catch {
            print(error)
            // PaymentService has several implementations ("stripe", "paypal") and none is the
            // default: resolve one by name.
        }
    }
    // snippet: end
}
