/// One registered implementation: the service it provides, its name, and how to make it.
///
/// A class so that a registry can tell a registration from a later one with the same type and
/// name (by identity), when a shared instance built outside the lock is about to be installed.
final class ServiceRegistration: Sendable {
    /// Which service: the metatype's identity, the dictionary key of a registry's table.
    let service: ObjectIdentifier
    /// The service type's name, for errors.
    let serviceName: String
    /// The implementation's name; `nil` for the default one.
    let name: String?
    let lifetime: ServiceLifetime
    let factory: @Sendable (ServiceRegistry) throws -> Any
    /// Whether a value the factory made is an instance of the service. The generic `register`
    /// methods know at compile time; ``ServiceRegistry/registerUnchecked(_:named:lifetime:factory:)``
    /// checks at run time.
    let accepts: @Sendable (Any) -> Bool

    init(
        service: Any.Type, name: String?, lifetime: ServiceLifetime,
        factory: @escaping @Sendable (ServiceRegistry) throws -> Any,
        accepts: @escaping @Sendable (Any) -> Bool
    ) {
        self.service = ObjectIdentifier(service)
        self.serviceName = String(describing: service)
        self.name = name
        self.lifetime = lifetime
        self.factory = factory
        self.accepts = accepts
    }

    /// `PaymentService`, or `PaymentService named "stripe"`.
    var label: String { ServiceError.label(serviceName, name) }
}
