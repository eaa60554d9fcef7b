import DispatchKit
import DispatchKitServices
import Testing

// Fixtures: services whose factories need each other.
private final class Alpha: Sendable {}
private final class Beta: Sendable {}
private final class Gamma: Sendable {}

/// A factory that needs, directly or through others, the service it makes: a typed error naming
/// the whole chain, never unbounded recursion.
@Suite struct ServiceRegistryCycleTests {
    @Test func aFactoryResolvingItsOwnServiceIsACycle() throws {
        let registry = ServiceRegistry()
        try registry.register(Alpha.self) { resolver in
            _ = try resolver.resolve(Alpha.self)
            return Alpha()
        }

        let expected = ServiceError.cycle(chain: ["Alpha", "Alpha"])
        #expect(throws: expected) { try registry.resolve(Alpha.self) }
        #expect(
            expected.description
                == "The services need each other in a cycle, so none of them can be made: Alpha -> Alpha.")
    }

    @Test(arguments: [ServiceLifetime.perResolve, .shared])
    func aCycleThroughOtherServicesNamesEveryServiceInOrder(_ lifetime: ServiceLifetime) throws {
        let registry = ServiceRegistry()
        try registry.register(Alpha.self, lifetime: lifetime) { resolver in
            _ = try resolver.resolve(Beta.self)
            return Alpha()
        }
        try registry.register(Beta.self, lifetime: lifetime) { resolver in
            _ = try resolver.resolve(Gamma.self, named: "g")
            return Beta()
        }
        try registry.register(Gamma.self, named: "g", lifetime: lifetime) { resolver in
            _ = try resolver.resolve(Alpha.self)
            return Gamma()
        }

        #expect(throws: ServiceError.cycle(chain: ["Alpha", "Beta", "Gamma named \"g\"", "Alpha"])) {
            try registry.resolve(Alpha.self)
        }
        // Entered elsewhere, the same cycle is named from there.
        #expect(throws: ServiceError.cycle(chain: ["Beta", "Gamma named \"g\"", "Alpha", "Beta"])) {
            try registry.resolve(Beta.self)
        }
    }

    @Test func theChainIncludesTheServicesThatLedIntoTheCycle() throws {
        let registry = ServiceRegistry()
        try registry.register(Gamma.self) { resolver in
            _ = try resolver.resolve(Alpha.self)
            return Gamma()
        }
        try registry.register(Alpha.self) { resolver in
            _ = try resolver.resolve(Beta.self)
            return Alpha()
        }
        try registry.register(Beta.self) { resolver in
            _ = try resolver.resolve(Alpha.self)
            return Beta()
        }

        #expect(throws: ServiceError.cycle(chain: ["Gamma", "Alpha", "Beta", "Alpha"])) {
            try registry.resolve(Gamma.self)
        }
    }

    @Test func anotherImplementationOfTheSameServiceIsNotACycle() throws {
        // A decorator: the default payment service wraps the one named "stripe".
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, named: "stripe") { StripePayment() }
        try registry.register(Checkout.self, named: "inner") { resolver in
            Checkout(payment: try resolver.resolve((any PaymentService).self, named: "stripe"))
        }
        try registry.register(Checkout.self) { resolver in
            try resolver.resolve(Checkout.self, named: "inner")
        }

        #expect(try registry.resolve(Checkout.self).payment.provider == "stripe")
    }

    @Test func theSameServiceTwiceInOneGraphIsNotACycle() throws {
        // Alpha needs Beta and Gamma, and both need the shared API client: a diamond, not a cycle.
        let registry = ServiceRegistry()
        try registry.register((any APIClient).self, lifetime: .shared) { StubAPIClient() }
        try registry.register(Beta.self) { resolver in
            _ = try resolver.resolve((any APIClient).self)
            return Beta()
        }
        try registry.register(Gamma.self) { resolver in
            _ = try resolver.resolve((any APIClient).self)
            return Gamma()
        }
        try registry.register(Alpha.self) { resolver in
            _ = try resolver.resolve(Beta.self)
            _ = try resolver.resolve(Gamma.self)
            return Alpha()
        }

        _ = try registry.resolve(Alpha.self)
    }

    @Test func aServiceFromAnotherRegistryIsNotACycle() throws {
        let inner = ServiceRegistry()
        try inner.register(Alpha.self) { Alpha() }
        let outer = ServiceRegistry()
        try outer.register(Alpha.self) { _ in try inner.resolve(Alpha.self) }

        _ = try outer.resolve(Alpha.self)
    }

    @Test func afterACycleTheRegistryResolvesNormally() throws {
        let registry = ServiceRegistry()
        try registry.register(Alpha.self) { resolver in
            _ = try resolver.resolve(Alpha.self)
            return Alpha()
        }
        try registry.register(Beta.self) { Beta() }

        #expect(throws: ServiceError.self) { try registry.resolve(Alpha.self) }
        // The chain unwound with the error: Beta is resolved on its own, not inside Alpha's chain.
        _ = try registry.resolve(Beta.self)
        registry.unregister(Alpha.self)
        try registry.register(Alpha.self) { Alpha() }
        _ = try registry.resolve(Alpha.self)
    }
}
