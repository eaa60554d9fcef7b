/// How many instances of a registered service a ``ServiceRegistry`` makes.
public enum ServiceLifetime: Sendable, Hashable {
    /// Every ``ServiceRegistry/resolve(_:named:)`` calls the factory and returns a new instance.
    case perResolve
    /// The first resolve calls the factory; every later one returns that same instance, on any
    /// thread, until the service is unregistered.
    ///
    /// The instance is handed to every thread that resolves it, so give shared services a type
    /// that is safe to share: an actor, a `@MainActor` class, or a `Sendable` class.
    case shared
}
