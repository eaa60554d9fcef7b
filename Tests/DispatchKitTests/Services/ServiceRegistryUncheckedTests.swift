import DispatchKit
import DispatchKitServices
import Testing

/// `registerUnchecked`: a metatype value and a factory returning `Any`, checked when it runs.
@Suite struct ServiceRegistryUncheckedTests {
    @Test func aFactoryMakingTheServiceResolves() throws {
        let registry = ServiceRegistry()
        let type: Any.Type = (any PaymentService).self
        try registry.registerUnchecked(type, named: "stripe") { _ in StripePayment() }

        #expect(try registry.resolve((any PaymentService).self, named: "stripe").provider == "stripe")
        #expect(registry.registeredNames(for: (any PaymentService).self) == ["stripe"])
    }

    @Test func aFactoryMakingSomethingElseIsTheWrongType() throws {
        let registry = ServiceRegistry()
        try registry.registerUnchecked((any PaymentService).self) { _ in StubAPIClient() }

        let expected = ServiceError.wrongType(service: "PaymentService", name: nil, produced: "StubAPIClient")
        #expect(throws: expected) { try registry.resolve((any PaymentService).self) }
        #expect(throws: expected) { try registry.resolveAll((any PaymentService).self) }
        #expect(
            expected.description
                == "The factory for PaymentService made a StubAPIClient, which is not a PaymentService.")
    }

    @Test func aWrongTypeIsNeverKeptAsTheSharedInstance() throws {
        let registry = ServiceRegistry()
        let calls = CallCounter()
        try registry.registerUnchecked((any PaymentService).self, named: "odd", lifetime: .shared) { _ in
            calls.increment()
            return "not a payment service"
        }

        for _ in 0..<2 {
            #expect(
                throws: ServiceError.wrongType(service: "PaymentService", name: "odd", produced: "String")
            ) {
                try registry.resolve((any PaymentService).self, named: "odd")
            }
        }
        #expect(calls.value == 2, "each resolve tried the factory again")
    }

    @Test func aConcreteServiceTypeIsCheckedToo() throws {
        let registry = ServiceRegistry()
        try registry.registerUnchecked(StripePayment.self) { _ in PayPalPayment() }

        #expect(
            throws: ServiceError.wrongType(service: "StripePayment", name: nil, produced: "PayPalPayment")
        ) {
            try registry.resolve(StripePayment.self)
        }
    }

    @Test func uncheckedAndGenericRegistrationsShareNames() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self) { StripePayment() }

        #expect(throws: ServiceError.alreadyRegistered(service: "PaymentService", name: nil)) {
            try registry.registerUnchecked((any PaymentService).self) { _ in PayPalPayment() }
        }
    }
}
