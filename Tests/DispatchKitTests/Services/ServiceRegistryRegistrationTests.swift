import DispatchKit
import DispatchKitServices
import Testing

/// `register`, `unregister`, `isRegistered` and `registeredNames`.
@Suite struct ServiceRegistryRegistrationTests {
    @Test func registeringTheSameServiceAndNameTwiceFailsAndKeepsTheFirst() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self) { StripePayment() }

        #expect(throws: ServiceError.alreadyRegistered(service: "PaymentService", name: nil)) {
            try registry.register((any PaymentService).self) { PayPalPayment() }
        }
        #expect(try registry.resolve((any PaymentService).self).provider == "stripe")
    }

    @Test func registeringTheSameNameTwiceFailsEvenWithAnotherLifetime() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, named: "stripe") { StripePayment() }

        #expect(throws: ServiceError.alreadyRegistered(service: "PaymentService", name: "stripe")) {
            try registry.register((any PaymentService).self, named: "stripe", lifetime: .shared) {
                StripePayment()
            }
        }
    }

    @Test func theSameNameMayBeUsedByDifferentServices() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, named: "main") { StripePayment() }
        try registry.register((any APIClient).self, named: "main") { StubAPIClient() }

        #expect(registry.isRegistered((any PaymentService).self, named: "main"))
        #expect(registry.isRegistered((any APIClient).self, named: "main"))
    }

    @Test func isRegisteredAsksAboutExactlyOneName() throws {
        let registry = ServiceRegistry()
        #expect(!registry.isRegistered((any PaymentService).self))

        try registry.register((any PaymentService).self, named: "stripe") { StripePayment() }

        #expect(registry.isRegistered((any PaymentService).self, named: "stripe"))
        #expect(!registry.isRegistered((any PaymentService).self), "nil asks about the default only")
        #expect(!registry.isRegistered((any PaymentService).self, named: "paypal"))
    }

    @Test func registeredNamesListsNamedImplementationsInRegistrationOrder() throws {
        let registry = ServiceRegistry()
        #expect(registry.registeredNames(for: (any PaymentService).self).isEmpty)

        try registry.register((any PaymentService).self, named: "stripe") { StripePayment() }
        try registry.register((any PaymentService).self) { ApplePayPayment() }
        try registry.register((any PaymentService).self, named: "paypal") { PayPalPayment() }

        #expect(registry.registeredNames(for: (any PaymentService).self) == ["stripe", "paypal"])
    }

    @Test func unregisterRemovesOneImplementationAndKeepsTheOthers() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self) { ApplePayPayment() }
        try registry.register((any PaymentService).self, named: "stripe") { StripePayment() }
        try registry.register((any PaymentService).self, named: "paypal") { PayPalPayment() }

        #expect(registry.unregister((any PaymentService).self, named: "stripe"))

        #expect(registry.registeredNames(for: (any PaymentService).self) == ["paypal"])
        #expect(try registry.resolveAll((any PaymentService).self).map(\.provider) == ["applepay", "paypal"])
        #expect(throws: ServiceError.notRegistered(service: "PaymentService", name: "stripe")) {
            try registry.resolve((any PaymentService).self, named: "stripe")
        }
    }

    @Test func unregisterWithoutANameRemovesTheDefaultOnly() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self) { ApplePayPayment() }
        try registry.register((any PaymentService).self, named: "stripe") { StripePayment() }

        #expect(registry.unregister((any PaymentService).self))

        #expect(!registry.isRegistered((any PaymentService).self))
        #expect(registry.isRegistered((any PaymentService).self, named: "stripe"))
    }

    @Test func unregisterReportsWhetherThereWasAnythingToRemove() throws {
        let registry = ServiceRegistry()
        #expect(!registry.unregister((any PaymentService).self))

        try registry.register((any PaymentService).self) { StripePayment() }

        #expect(registry.unregister((any PaymentService).self))
        #expect(!registry.unregister((any PaymentService).self))
        #expect(throws: ServiceError.notRegistered(service: "PaymentService", name: nil)) {
            try registry.resolve((any PaymentService).self)
        }
    }

    @Test func registeringAgainAfterUnregisterMakesANewSharedInstance() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, lifetime: .shared) { StripePayment() }
        let before = try registry.resolve((any PaymentService).self)

        registry.unregister((any PaymentService).self)
        try registry.register((any PaymentService).self, lifetime: .shared) { StripePayment() }
        let after = try registry.resolve((any PaymentService).self)

        #expect(before !== after)
        #expect(try registry.resolve((any PaymentService).self) === after)
    }

    @Test func aFactoryMayRegisterAnotherService() throws {
        // The registry's lock is not held while a factory runs; if it were, this would deadlock.
        let registry = ServiceRegistry()
        try registry.register(Checkout.self) { resolver in
            if !resolver.isRegistered((any PaymentService).self) {
                try resolver.register((any PaymentService).self) { StripePayment() }
            }
            return Checkout(payment: try resolver.resolve((any PaymentService).self))
        }

        #expect(try registry.resolve(Checkout.self).payment.provider == "stripe")
        #expect(registry.isRegistered((any PaymentService).self))
    }
}
