extension ServiceRegistry {
    /// Returns an implementation of a service: a new instance, or the shared one, as registered.
    ///
    /// With a `name`, the implementation registered under that name. Without one, the default
    /// (unnamed) implementation; if there is none, the only implementation when there is exactly
    /// one, and otherwise ``ServiceError/ambiguous(service:names:)``.
    ///
    /// ```swift
    /// protocol PaymentService: Sendable {}
    ///
    /// func payments(from registry: ServiceRegistry) throws {
    ///     let payment = try registry.resolve((any PaymentService).self)  // the default
    ///     let paypal = try registry.resolve((any PaymentService).self, named: "paypal")
    ///     print(payment, paypal)
    /// }
    /// ```
    ///
    /// For a ``ServiceLifetime/shared`` implementation, threads that resolve it at the same time,
    /// before it exists, may each call its factory; the first instance installed wins, and
    /// every caller gets that one. The others are discarded.
    ///
    /// - Parameters:
    ///   - type: The service.
    ///   - name: Which implementation; `nil` (the default) picks as described above.
    /// - Returns: The instance.
    /// - Throws: ``ServiceError/notRegistered(service:name:)``,
    ///   ``ServiceError/ambiguous(service:names:)``, ``ServiceError/cycle(chain:)`` when the
    ///   factory needs, directly or through others, this same service,
    ///   ``ServiceError/factoryFailed(service:name:reason:)``,
    ///   ``ServiceError/wrongType(service:name:produced:)`` (only for
    ///   ``registerUnchecked(_:named:lifetime:factory:)``), or any of these from a dependency the
    ///   factory resolves.
    /// - Complexity: O(*n* + *d*) besides the factory, for *n* implementations of the service and
    ///   *d* services being resolved on this thread.
    public func resolve<Service>(_ type: Service.Type, named name: String? = nil) throws(ServiceError)
        -> Service
    {
        try cast(instance(of: registration(of: type, named: name)), to: type)
    }

    /// Returns every implementation of a service, in registration order: one instance of each
    /// (a new one, or the shared one, as registered). An empty array if none is registered.
    ///
    /// ```swift
    /// protocol Exporter: Sendable { func export(_ report: String) throws }
    ///
    /// func export(_ report: String, with registry: ServiceRegistry) throws {
    ///     for exporter in try registry.resolveAll((any Exporter).self) { try exporter.export(report) }
    /// }
    /// ```
    ///
    /// - Throws: The first error resolving one of them throws; see ``resolve(_:named:)``.
    public func resolveAll<Service>(_ type: Service.Type) throws(ServiceError) -> [Service] {
        var services: [Service] = []
        for registration in registrations(of: type) {
            services.append(try cast(instance(of: registration), to: type))
        }
        return services
    }

    /// The registration ``resolve(_:named:)`` uses.
    func registration(of type: Any.Type, named name: String?) throws(ServiceError) -> ServiceRegistration {
        let candidates = registrations(of: type)
        if let chosen = candidates.first(where: { $0.name == name }) { return chosen }
        if name == nil, candidates.count == 1 { return candidates[0] }
        let serviceName = String(describing: type)
        if name == nil, candidates.count > 1 {
            throw .ambiguous(service: serviceName, names: candidates.compactMap(\.name))
        }
        throw .notRegistered(service: serviceName, name: name)
    }

    /// The registration's instance: the shared one if it exists, else a new one from its
    /// factory (installed, when shared, unless another thread installed one first: then that one
    /// is returned, so a shared registration never hands out two instances).
    func instance(of registration: ServiceRegistration) throws(ServiceError) -> Any {
        let link = ServiceResolutionChain.Link(
            registry: ObjectIdentifier(self), service: registration.service, name: registration.name,
            label: registration.label)
        let chain = ServiceResolutionChain.links
        // Checked before the shared instance: a factory needing its own service is a fault in
        // the graph whether or not another thread has already made an instance.
        if chain.contains(link) {
            throw .cycle(chain: (chain + [link]).map(\.label))
        }
        if registration.lifetime == .shared, let existing = registration.sharedInstance.withLock({ $0 }) {
            return existing
        }

        // Never under the lock: the factory may resolve other services from this registry.
        let made = ServiceResolutionChain.$links.withValue(chain + [link]) {
            () -> Result<Any, ServiceError> in
            do {
                return .success(try registration.factory(self))
            } catch let error as ServiceError {
                return .failure(error)
            } catch {
                return .failure(
                    .factoryFailed(
                        service: registration.serviceName, name: registration.name,
                        reason: String(describing: error)))
            }
        }
        let value = try made.get()
        guard registration.accepts(value) else {
            throw .wrongType(
                service: registration.serviceName, name: registration.name,
                produced: String(describing: Swift.type(of: value)))
        }
        guard registration.lifetime == .shared else { return value }

        return registration.sharedInstance.withLock { instance in
            if let winner = instance { return winner }
            instance = value
            return value
        }
    }

    func cast<Service>(_ value: Any, to type: Service.Type) throws(ServiceError) -> Service {
        // `instance(of:)` has already checked the value with the registration's `accepts`, and the
        // registration was looked up by this very type, so this cast succeeds; it is written as
        // a throwing check rather than `as!` so that no path here can trap.
        guard let service = value as? Service else {
            throw .wrongType(
                service: String(describing: type), name: nil,
                produced: String(describing: Swift.type(of: value)))
        }
        return service
    }
}
