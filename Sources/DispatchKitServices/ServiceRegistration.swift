/// One registered implementation: the service it provides, its name, and how to make it.
///
/// A class because a ``ServiceLifetime/shared`` instance belongs to its registration, not to the
/// registry's table: a resolve that started before an `unregister` finishes with the instance of
/// the registration it started with, and a registration made later under the same type and name
/// starts without one.
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
    /// The instance every resolve of a ``ServiceLifetime/shared`` registration returns, once made.
    let sharedInstance = Locked<Any?>(nil)

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
