import DispatchKit
import DispatchKitServices
import Testing

// A module registers its services with its activities; another module's activity uses them
// through the center, by protocol, without knowing the class.

protocol GreetingService: Sendable {
    func greeting(for name: String) -> String
}

private final class PoliteGreeter: GreetingService {
    func greeting(for name: String) -> String { "Good day, \(name)" }
}

private final class GreetingActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/greet/:name"] }
    override func makeDestination() throws -> Any? {
        guard let services = center?.services else { return nil }
        return try services.resolve((any GreetingService).self).greeting(for: parameters["name"] ?? "")
    }
}

/// Counts how often its services were registered.
private enum GreetingModule: ServiceModule {
    static let activities: [DispatchActivity.Type] = [GreetingActivity.self]
    nonisolated(unsafe) static var registrations = 0

    static func registerServices(in registry: ServiceRegistry) {
        registrations += 1
        try? registry.register((any GreetingService).self, lifetime: .shared) { PoliteGreeter() }
    }
}

private enum ActivitiesOnlyModule: DispatchModule {
    static let activities: [DispatchActivity.Type] = []
}

/// A service only the shared center's test registers, so that no other test sees it.
private protocol SharedCenterService: Sendable {}
private struct SharedCenterServiceImplementation: SharedCenterService {}

/// A module of no activities whose one service lands in the registry of the center it is
/// registered with.
private enum SharedCenterModule: ServiceModule {
    static let activities: [DispatchActivity.Type] = []

    static func registerServices(in registry: ServiceRegistry) throws {
        try registry.register((any SharedCenterService).self) { SharedCenterServiceImplementation() }
    }
}

/// A plain module with a method of the services' name: it is not a ``ServiceModule``, so the
/// center never calls it.
private enum NotAServiceModule: DispatchModule {
    static let activities: [DispatchActivity.Type] = [GreetingActivity.self]
    nonisolated(unsafe) static var calls = 0

    static func registerServices(in registry: ServiceRegistry) {
        calls += 1
        try? registry.register((any GreetingService).self) { PoliteGreeter() }
    }
}

@MainActor
@Suite("Module services", .serialized)
struct ModuleServicesTests {
    @Test func aModulesServicesAreRegisteredOncePerCenterInTheCentersRegistry() throws {
        GreetingModule.registrations = 0
        let center = DispatchCenter()
        center.register(GreetingModule.self)
        center.register(GreetingModule.self)
        #expect(GreetingModule.registrations == 1)
        #expect(center.services.isRegistered((any GreetingService).self))
        #expect(center.registeredActivities.count == 1)

        let other = DispatchCenter()
        #expect(!other.services.isRegistered((any GreetingService).self))
        other.register(GreetingModule.self)
        #expect(GreetingModule.registrations == 2)
    }

    @Test func anActivityResolvesAServiceThroughItsCenter() throws {
        let center = DispatchCenter()
        center.register(GreetingModule.self)
        #expect(try center.destination(for: "/greet/Ada", as: String.self) == "Good day, Ada")
    }

    @Test func centersMayShareOneRegistry() throws {
        let first = DispatchCenter()
        let second = DispatchCenter()
        second.services = first.services
        first.register(GreetingModule.self)
        second.register(ActivitiesOnlyModule.self)
        second.register(GreetingActivity.self)
        #expect(try second.destination(for: "/greet/Bo", as: String.self) == "Good day, Bo")
    }

    @Test func theSharedCenterUsesTheSharedRegistry() {
        #expect(DispatchCenter.shared.services === ServiceRegistry.shared)
        #expect(DispatchCenter().services !== ServiceRegistry.shared)
    }

    @Test func aModuleRegisteredWithTheSharedCenterPutsItsServicesInTheSharedRegistry() {
        defer { ServiceRegistry.shared.unregister((any SharedCenterService).self) }
        DispatchCenter.shared.register(SharedCenterModule.self)
        #expect(ServiceRegistry.shared.isRegistered((any SharedCenterService).self))
        #expect(!DispatchCenter().services.isRegistered((any SharedCenterService).self))
    }

    @Test func aCenterKeepsTheRegistryItFirstMade() {
        let center = DispatchCenter()
        let registry = center.services
        #expect(center.services === registry)
        let replacement = ServiceRegistry()
        center.services = replacement
        #expect(center.services === replacement)
    }

    @Test func onlyAServiceModuleRegistersServices() {
        NotAServiceModule.calls = 0
        let center = DispatchCenter()
        center.register(NotAServiceModule.self)
        #expect(center.registeredActivities.count == 1)
        #expect(NotAServiceModule.calls == 0)
        #expect(!center.services.isRegistered((any GreetingService).self))
    }
}
