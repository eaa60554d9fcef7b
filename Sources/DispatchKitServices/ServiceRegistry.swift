/// Implementations of services, registered by the protocol (or type) they provide and resolved
/// by it, so that a module uses a service without knowing which class provides it.
///
/// ```swift
/// protocol APIClient: Sendable {}
/// protocol PaymentService: Sendable { func pay(_ cents: Int) async throws }
///
/// struct URLSessionAPIClient: APIClient {}
/// struct StripePayment: PaymentService {
///     var api: (any APIClient)? = nil
///     func pay(_ cents: Int) async throws {}
/// }
///
/// func registerServices() throws {
///     try ServiceRegistry.shared.register((any APIClient).self, lifetime: .shared) { URLSessionAPIClient() }
///     try ServiceRegistry.shared.register((any PaymentService).self) { resolver in
///         StripePayment(api: try resolver.resolve((any APIClient).self))
///     }
///
///     let payment = try ServiceRegistry.shared.resolve((any PaymentService).self)
///     print(payment)
/// }
/// ```
///
/// A protocol's metatype is written `(any PaymentService).self`, as the `ExistentialAny` upcoming
/// feature requires; without it, `PaymentService.self` is the same type, and the same service.
///
/// A service may have several implementations, each under a name; one registered without a name
/// is the default (see ``resolve(_:named:)``). Nothing here traps: every misuse is a
/// ``ServiceError`` naming the services involved.
///
/// The registry is safe to use from any thread or task. Factories run with no lock
/// held, on the resolving thread, so they may resolve (or even register) other services;
/// a factory that needs, directly or through others, the service it is making is reported as
/// ``ServiceError/cycle(chain:)`` instead of recursing forever.
public final class ServiceRegistry: Sendable {
    /// The registry an app uses unless it has a reason to keep several. Tests should make their
    /// own with ``init()``.
    public static let shared = ServiceRegistry()

    /// Each service's registrations, in registration order.
    let table = Locked<[ObjectIdentifier: [ServiceRegistration]]>([:])

    /// Creates an empty registry.
    public init() {}

    /// Registers an implementation of a service, made by a factory that needs nothing else.
    ///
    /// ```swift
    /// struct PayPal: PaymentService { func pay(_ cents: Int) async throws {} }
    ///
    /// func registerPayments(in registry: ServiceRegistry) throws {
    ///     try registry.register((any PaymentService).self) { StripePayment() }
    ///     try registry.register((any PaymentService).self, named: "paypal", lifetime: .shared) { PayPal() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service, usually a protocol.
    ///   - name: The implementation's name, when the service has several; `nil` (the default)
    ///     registers the default implementation.
    ///   - lifetime: Whether every resolve makes a new instance or all share one.
    ///   - factory: Makes an instance. It runs on the resolving thread, with no lock
    ///     held; an error it throws is reported as ``ServiceError/factoryFailed(service:name:reason:)``.
    /// - Throws: ``ServiceError/alreadyRegistered(service:name:)`` if an implementation of `type` is
    ///   already registered under `name`.
    public func register<Service>(
        _ type: Service.Type, named name: String? = nil, lifetime: ServiceLifetime = .perResolve,
        factory: @escaping @Sendable () throws -> Service
    ) throws(ServiceError) {
        try register(type, named: name, lifetime: lifetime) { (_: ServiceRegistry) in try factory() }
    }

    /// Registers an implementation of a service, made by a factory that resolves what it needs
    /// from the registry it is given.
    ///
    /// Resolve dependencies from the factory's argument rather than from a registry the closure
    /// captures: the registry keeps its factories, so a factory capturing it would keep the
    /// registry alive forever.
    ///
    /// ```swift
    /// func registerStripe(in registry: ServiceRegistry) throws {
    ///     try registry.register((any PaymentService).self) { resolver in
    ///         StripePayment(api: try resolver.resolve((any APIClient).self))
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service, usually a protocol.
    ///   - name: The implementation's name, when the service has several; `nil` (the default)
    ///     registers the default implementation.
    ///   - lifetime: Whether every resolve makes a new instance or all share one.
    ///   - factory: Makes an instance, given the registry that resolves it. It runs on the
    ///     resolving thread, with no lock held. A ``ServiceError`` it throws
    ///     (from resolving a dependency) reaches the caller unchanged; any other error is
    ///     reported as ``ServiceError/factoryFailed(service:name:reason:)``.
    /// - Throws: ``ServiceError/alreadyRegistered(service:name:)`` if an implementation of `type` is
    ///   already registered under `name`.
    public func register<Service>(
        _ type: Service.Type, named name: String? = nil, lifetime: ServiceLifetime = .perResolve,
        factory: @escaping @Sendable (_ resolver: ServiceRegistry) throws -> Service
    ) throws(ServiceError) {
        // The compiler has checked that the factory makes a `Service`.
        try add(
            ServiceRegistration(
                service: type, name: name, lifetime: lifetime, factory: factory, accepts: { _ in true }))
    }

    func add(_ registration: ServiceRegistration) throws(ServiceError) {
        try table.withLock { (table) throws(ServiceError) in
            let existing = table[registration.service, default: []]
            guard !existing.contains(where: { $0.name == registration.name }) else {
                throw .alreadyRegistered(service: registration.serviceName, name: registration.name)
            }
            table[registration.service] = existing + [registration]
        }
    }

    /// Removes one implementation of a service, and with it its shared instance, if it has one.
    ///
    /// Callers that resolved the shared instance keep it, and so does a resolve already under
    /// way; the next resolve uses whatever is registered then.
    ///
    /// - Parameters:
    ///   - type: The service.
    ///   - name: The implementation's name; `nil` (the default) removes the default one only.
    /// - Returns: Whether there was such an implementation.
    @discardableResult
    public func unregister<Service>(_ type: Service.Type, named name: String? = nil) -> Bool {
        let service = ObjectIdentifier(type)
        return table.withLock { table in
            guard var registrations = table[service],
                let index = registrations.firstIndex(where: { $0.name == name })
            else { return false }
            registrations.remove(at: index)
            table[service] = registrations.isEmpty ? nil : registrations
            return true
        }
    }

    /// Whether an implementation of a service is registered under exactly this name.
    ///
    /// - Parameters:
    ///   - type: The service.
    ///   - name: The implementation's name; `nil` (the default) asks about the default one only.
    ///     ``registeredNames(for:)`` lists the named ones.
    public func isRegistered<Service>(_ type: Service.Type, named name: String? = nil) -> Bool {
        registrations(of: type).contains { $0.name == name }
    }

    /// The names of a service's named implementations, in registration order: the choices to
    /// offer in a configuration screen, or to log. The default (unnamed) implementation is not
    /// listed; ``isRegistered(_:named:)`` tells whether there is one.
    public func registeredNames<Service>(for type: Service.Type) -> [String] {
        registrations(of: type).compactMap(\.name)
    }

    /// A service's registrations, in registration order (a copy: the lock is released on return).
    func registrations(of type: Any.Type) -> [ServiceRegistration] {
        let service = ObjectIdentifier(type)
        return table.withLock { $0[service] ?? [] }
    }
}
