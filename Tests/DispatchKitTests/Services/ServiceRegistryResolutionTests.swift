import DispatchKit
import DispatchKitServices
import Testing

/// `resolve` and `resolveAll`: lifetimes, names, the default, and dependencies.
@Suite struct ServiceRegistryResolutionTests {
    @Test func perResolveMakesANewInstanceEachTime() throws {
        let registry = ServiceRegistry()
        let calls = CallCounter()
        try registry.register((any PaymentService).self) {
            calls.increment()
            return StripePayment()
        }

        let first = try registry.resolve((any PaymentService).self)
        let second = try registry.resolve((any PaymentService).self)

        #expect(first !== second)
        #expect(first is StripePayment)
        #expect(calls.value == 2)
    }

    @Test func sharedMakesOneInstanceAndReturnsItEveryTime() throws {
        let registry = ServiceRegistry()
        let calls = CallCounter()
        try registry.register((any PaymentService).self, lifetime: .shared) {
            calls.increment()
            return StripePayment()
        }
        #expect(calls.value == 0, "a shared instance is made on first use, not at registration")

        let instances = try (0..<5).map { _ in try registry.resolve((any PaymentService).self) }

        #expect(instances.allSatisfy { $0 === instances[0] })
        #expect(calls.value == 1)
    }

    @Test func aNameSelectsItsImplementation() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, named: "stripe") { StripePayment() }
        try registry.register((any PaymentService).self, named: "paypal") { PayPalPayment() }

        #expect(try registry.resolve((any PaymentService).self, named: "stripe").provider == "stripe")
        #expect(try registry.resolve((any PaymentService).self, named: "paypal").provider == "paypal")
    }

    @Test func withoutANameTheDefaultIsResolvedEvenAmongNamedOnes() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, named: "stripe") { StripePayment() }
        try registry.register((any PaymentService).self) { ApplePayPayment() }
        try registry.register((any PaymentService).self, named: "paypal") { PayPalPayment() }

        #expect(try registry.resolve((any PaymentService).self).provider == "applepay")
    }

    @Test func withoutANameOrADefaultSeveralNamedImplementationsAreAmbiguous() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, named: "stripe") { StripePayment() }
        try registry.register((any PaymentService).self, named: "paypal") { PayPalPayment() }

        #expect(throws: ServiceError.ambiguous(service: "PaymentService", names: ["stripe", "paypal"])) {
            try registry.resolve((any PaymentService).self)
        }
    }

    @Test func withoutANameOrADefaultTheOnlyNamedImplementationIsResolved() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, named: "stripe") { StripePayment() }

        #expect(try registry.resolve((any PaymentService).self).provider == "stripe")
    }

    @Test func anUnregisteredServiceIsNotRegistered() throws {
        let registry = ServiceRegistry()

        #expect(throws: ServiceError.notRegistered(service: "PaymentService", name: nil)) {
            try registry.resolve((any PaymentService).self)
        }
    }

    @Test func anUnknownNameIsNotRegisteredEvenWithADefault() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self) { StripePayment() }

        #expect(throws: ServiceError.notRegistered(service: "PaymentService", name: "paypal")) {
            try registry.resolve((any PaymentService).self, named: "paypal")
        }
    }

    @Test func resolveAllReturnsEveryImplementationInRegistrationOrder() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, named: "paypal") { PayPalPayment() }
        try registry.register((any PaymentService).self) { ApplePayPayment() }
        try registry.register((any PaymentService).self, named: "stripe", lifetime: .shared) {
            StripePayment()
        }

        let all = try registry.resolveAll((any PaymentService).self)

        #expect(all.map(\.provider) == ["paypal", "applepay", "stripe"])
        // Each keeps its lifetime: the shared one is the shared instance.
        #expect(try registry.resolveAll((any PaymentService).self)[2] === all[2])
        #expect(try registry.resolveAll((any PaymentService).self)[0] !== all[0])
    }

    @Test func resolveAllOfAnUnregisteredServiceIsEmpty() throws {
        #expect(try ServiceRegistry().resolveAll((any PaymentService).self).isEmpty)
    }

    @Test func resolveAllReportsAFailingImplementation() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, named: "stripe") { StripePayment() }
        try registry.register((any PaymentService).self, named: "broken") { () throws -> any PaymentService in
            throw PaymentGatewayDown()
        }

        #expect(
            throws: ServiceError.factoryFailed(
                service: "PaymentService", name: "broken", reason: "the payment gateway is down")
        ) {
            try registry.resolveAll((any PaymentService).self)
        }
    }

    @Test func aFactoryResolvesItsDependenciesFromTheResolverItIsGiven() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, lifetime: .shared) { StripePayment() }
        try registry.register(Checkout.self) { resolver in
            Checkout(payment: try resolver.resolve((any PaymentService).self))
        }

        let checkout = try registry.resolve(Checkout.self)

        #expect(checkout.payment === (try registry.resolve((any PaymentService).self)))
    }

    @Test func aMissingDependencyIsReportedAsItself() throws {
        let registry = ServiceRegistry()
        try registry.register(Checkout.self) { resolver in
            Checkout(payment: try resolver.resolve((any PaymentService).self, named: "stripe"))
        }

        #expect(throws: ServiceError.notRegistered(service: "PaymentService", name: "stripe")) {
            try registry.resolve(Checkout.self)
        }
    }

    @Test func aFactoryThatThrowsIsReportedWithTheServiceAndTheReason() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, named: "stripe", lifetime: .shared) {
            () throws -> any PaymentService in
            throw PaymentGatewayDown()
        }

        let expected = ServiceError.factoryFailed(
            service: "PaymentService", name: "stripe", reason: "the payment gateway is down")
        #expect(throws: expected) { try registry.resolve((any PaymentService).self, named: "stripe") }
        #expect(
            expected.description
                == "The factory for PaymentService named \"stripe\" failed: the payment gateway is down")
    }

    @Test func aFailedSharedFactoryIsTriedAgainNextTime() throws {
        let registry = ServiceRegistry()
        let calls = CallCounter()
        try registry.register((any PaymentService).self, lifetime: .shared) {
            () throws -> any PaymentService in
            calls.increment()
            if calls.value == 1 { throw PaymentGatewayDown() }
            return StripePayment()
        }

        #expect(throws: ServiceError.self) { try registry.resolve((any PaymentService).self) }
        let instance = try registry.resolve((any PaymentService).self)

        #expect(try registry.resolve((any PaymentService).self) === instance)
        #expect(calls.value == 2)
    }

    @Test func twoRegistriesAreIndependent() throws {
        let first = ServiceRegistry()
        let second = ServiceRegistry()
        try first.register((any PaymentService).self, lifetime: .shared) { StripePayment() }
        try second.register((any PaymentService).self, lifetime: .shared) { StripePayment() }

        #expect(try first.resolve((any PaymentService).self) !== second.resolve((any PaymentService).self))
        #expect(first.unregister((any PaymentService).self))
        #expect(second.isRegistered((any PaymentService).self))
    }
}
