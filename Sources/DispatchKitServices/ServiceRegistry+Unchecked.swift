extension ServiceRegistry {
    /// Registers an implementation of a service given as a metatype value, with a factory that
    /// returns `Any`: for registrations driven by data, such as a module's list of services.
    ///
    /// The compiler cannot check that the factory makes the service, so the registry checks each
    /// value the factory makes, and a value of another type is reported by
    /// ``resolve(_:named:)`` as ``ServiceError/wrongType(service:name:produced:)`` (and is never
    /// kept as a shared instance). Prefer the generic `register` methods whenever the service type
    /// is known at compile time: there the compiler checks the factory.
    ///
    /// ```swift
    /// protocol PaymentService: Sendable {}
    /// protocol Analytics: Sendable {}
    /// struct StripePayment: PaymentService {}
    /// struct ConsoleAnalytics: Analytics {}
    ///
    /// func registerAll(in registry: ServiceRegistry) throws {
    ///     let services: [(Any.Type, @Sendable (ServiceRegistry) throws -> Any)] = [
    ///         ((any PaymentService).self, { _ in StripePayment() }),
    ///         ((any Analytics).self, { _ in ConsoleAnalytics() }),
    ///     ]
    ///     for (type, factory) in services {
    ///         try registry.registerUnchecked(type, factory: factory)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service, usually a protocol's metatype (`PaymentService.self`).
    ///   - name: The implementation's name; `nil` (the default) registers the default one.
    ///   - lifetime: Whether every resolve makes a new instance or all share one.
    ///   - factory: Makes an instance of `type`, given the registry that resolves it.
    /// - Throws: ``ServiceError/alreadyRegistered(service:name:)`` if an implementation of `type` is
    ///   already registered under `name`.
    public func registerUnchecked(
        _ type: Any.Type, named name: String? = nil, lifetime: ServiceLifetime = .perResolve,
        factory: @escaping @Sendable (_ resolver: ServiceRegistry) throws -> Any
    ) throws(ServiceError) {
        try add(
            ServiceRegistration(
                service: type, name: name, lifetime: lifetime, factory: factory,
                accepts: { value in isInstance(value, of: type) }))
    }
}

/// Whether `value` is a `T`. Called with an `Any.Type`, Swift opens the existential metatype, so
/// `T` is the type it holds (`any PaymentService` for `PaymentService.self`), and `is` checks
/// the value against that type, protocol conformance included.
private func isInstance<T>(_ value: Any, of _: T.Type) -> Bool {
    value is T
}
