import DispatchKit
import DispatchKitServices
import Foundation
import Testing

// Fixtures for the concurrent tests.
private final class Token: Sendable {}
private final class SlowService: Sendable {}

/// The registry from many threads at once: no crash, no data race (run under TSan), one shared
/// instance, and no cycle reported between unrelated resolves.
@Suite struct ServiceRegistryConcurrencyTests {
    @Test func everyThreadGetsTheSameSharedInstance() throws {
        let registry = ServiceRegistry()
        let calls = CallCounter()
        try registry.register((any PaymentService).self, lifetime: .shared) {
            // Slow enough that several threads find no instance yet and make one each: only
            // the first one installed may be handed out.
            calls.increment()
            Thread.sleep(forTimeInterval: 0.005)
            return StripePayment()
        }
        let seen = Collector<ObjectIdentifier>()

        DispatchQueue.concurrentPerform(iterations: 500) { _ in
            if let payment = try? registry.resolve((any PaymentService).self) {
                seen.append(ObjectIdentifier(payment))
            }
        }

        #expect(seen.values.count == 500)
        #expect(Set(seen.values).count == 1)
        #expect(seen.values.first == ObjectIdentifier(try registry.resolve((any PaymentService).self)))
    }

    @Test func concurrentRegistrationsAndResolvesAllTakeEffect() throws {
        let registry = ServiceRegistry()
        try registry.register((any PaymentService).self, lifetime: .shared) { StripePayment() }
        let shared = Collector<ObjectIdentifier>()
        let fresh = Collector<Token>()
        let failures = Collector<ServiceError>()

        DispatchQueue.concurrentPerform(iterations: 600) { index in
            do throws(ServiceError) {
                switch index % 3 {
                case 0:
                    try registry.register(Token.self, named: "token-\(index)") { Token() }
                case 1:
                    shared.append(ObjectIdentifier(try registry.resolve((any PaymentService).self)))
                default:
                    // Kept alive in `fresh`, so that no object identifier is reused.
                    for token in try registry.resolveAll(Token.self) { fresh.append(token) }
                }
            } catch {
                failures.append(error)
            }
        }

        #expect(failures.values.isEmpty)
        #expect(Set(shared.values).count == 1)
        #expect(
            Set(fresh.values.map(ObjectIdentifier.init)).count == fresh.values.count, "per-resolve: all new")
        let expectedNames = stride(from: 0, to: 600, by: 3).map { "token-\($0)" }
        #expect(Set(registry.registeredNames(for: Token.self)) == Set(expectedNames))
        #expect(try registry.resolveAll(Token.self).count == 200)
    }

    @Test func tasksResolvingTheSameServiceAtOnceAreNotACycle() async throws {
        // The chain of services being resolved belongs to each task or thread: if it were one
        // chain for the whole registry, overlapping resolves of the same service would look like
        // a service needing itself.
        let registry = ServiceRegistry()
        try registry.register(SlowService.self) {
            Thread.sleep(forTimeInterval: 0.001)
            return SlowService()
        }
        try registry.register(Checkout.self) { resolver in
            _ = try resolver.resolve(SlowService.self)
            return Checkout(payment: StripePayment())
        }

        let errors = await withTaskGroup(of: ServiceError?.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    do throws(ServiceError) {
                        _ = try registry.resolve(Checkout.self)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            return await group.reduce(into: [ServiceError]()) { if let error = $1 { $0.append(error) } }
        }

        #expect(errors.isEmpty)
    }

    @Test func aSharedRegistrationHandsOutOneInstanceEvenWhileUnregistered() throws {
        // Registrations come and go while other threads resolve. Each registration (its
        // generation) may call its factory more than once in a race, and a resolve may finish
        // after its registration is gone, but every resolve of one registration returns the same
        // instance.
        let registry = ServiceRegistry()
        let resolved = Collector<Generation>()

        DispatchQueue.concurrentPerform(iterations: 400) { index in
            if index.isMultiple(of: 4) {
                registry.unregister((any PaymentService).self)
                try? registry.register((any PaymentService).self, lifetime: .shared) {
                    Thread.sleep(forTimeInterval: 0.001)
                    return Generation(index)
                }
            } else if let payment = try? registry.resolve((any PaymentService).self) as? Generation {
                resolved.append(payment)
            }
        }

        let byGeneration = Dictionary(grouping: resolved.values, by: \.number)
        #expect(!byGeneration.isEmpty)
        for (number, instances) in byGeneration {
            #expect(Set(instances.map(ObjectIdentifier.init)).count == 1, "generation \(number)")
        }
    }
}

/// A payment service that remembers which registration made it.
private final class Generation: PaymentService {
    let provider = "generation"
    let number: Int

    init(_ number: Int) {
        self.number = number
    }
}
