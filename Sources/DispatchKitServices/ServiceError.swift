import Foundation

/// Why a ``ServiceRegistry`` could not register or resolve a service.
///
/// Services are named by their type's name (`String(describing:)`, so `PaymentService`, not
/// `MyApp.PaymentService`), and by the implementation's name when it has one. The associated
/// values are strings so that the error stays `Equatable` and `Sendable` whatever the services
/// and their factories' errors are.
///
/// ```swift
/// protocol PaymentService: Sendable {}
///
/// func pay(with registry: ServiceRegistry) {
///     do {
///         _ = try registry.resolve((any PaymentService).self)
///     } catch {
///         print(error)
///         // PaymentService has several implementations ("stripe", "paypal") and none is the
///         // default: resolve one by name.
///     }
/// }
/// ```
public enum ServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing is registered for the service under this name (`nil`: the default, unnamed one).
    case notRegistered(service: String, name: String?)
    /// An implementation of the service is already registered under this name (`nil`: the
    /// default one). Registering does not replace; unregister first.
    case alreadyRegistered(service: String, name: String?)
    /// The factory returned a value of type `produced`, which is not the service.
    ///
    /// The generic `register` methods cannot cause this: their factory's result type is the
    /// service, and the compiler checks it. Only
    /// ``ServiceRegistry/registerUnchecked(_:named:lifetime:factory:)``, which takes a metatype
    /// and a factory returning `Any`, can; the registry checks the value when it is made.
    case wrongType(service: String, name: String?, produced: String)
    /// Making a service needs, directly or through other services, the service itself. `chain` is
    /// every service being resolved, outermost first, ending with the one asked for again:
    /// `["Checkout", "PaymentService", "Checkout"]`.
    case cycle(chain: [String])
    /// No name was given, several implementations of the service are registered under names
    /// (listed in registration order), and none is the default.
    case ambiguous(service: String, names: [String])
    /// The service's factory threw; `reason` is the thrown error's description. Errors a
    /// ``ServiceRegistry`` throws while the factory resolves its dependencies are not wrapped:
    /// they reach the caller as they are.
    case factoryFailed(service: String, name: String?, reason: String)

    /// What went wrong, in one sentence naming the services involved.
    public var description: String {
        switch self {
        case .notRegistered(let service, let name):
            return "No implementation of \(Self.label(service, name)) is registered."
        case .alreadyRegistered(let service, let name):
            return
                "An implementation of \(Self.label(service, name)) is already registered; unregister it before registering another."
        case .wrongType(let service, let name, let produced):
            return
                "The factory for \(Self.label(service, name)) made a \(produced), which is not a \(service)."
        case .cycle(let chain):
            return
                "The services need each other in a cycle, so none of them can be made: \(chain.joined(separator: " -> "))."
        case .ambiguous(let service, let names):
            let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
            return
                "\(service) has several implementations (\(list)) and none is the default: resolve one by name."
        case .factoryFailed(let service, let name, let reason):
            return "The factory for \(Self.label(service, name)) failed: \(reason)"
        }
    }

    /// `PaymentService`, or `PaymentService named "stripe"`: how messages and cycle chains name
    /// one registration.
    static func label(_ service: String, _ name: String?) -> String {
        guard let name else { return service }
        return "\(service) named \"\(name)\""
    }
}

extension ServiceError: LocalizedError {
    /// The ``description``.
    public var errorDescription: String? { description }
}
