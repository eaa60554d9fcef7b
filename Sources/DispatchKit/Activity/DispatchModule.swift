/// A business module's list of activities, registered together.
///
/// ```swift
/// final class LoginActivity: DispatchActivity {}
/// final class LogoutActivity: DispatchActivity {}
///
/// enum AccountModule: DispatchModule {
///     static let activities: [DispatchActivity.Type] = [LoginActivity.self, LogoutActivity.self]
/// }
///
/// @MainActor func registerAccount() {
///     DispatchCenter.shared.register(AccountModule.self)
/// }
/// ```
///
/// A module is a namespace (usually a caseless `enum`), and `Sendable`: so its type can travel
/// in a ``DispatchConfigurationError`` that names it. A module that also provides services to
/// other modules adopts `ServiceModule` of DispatchKitServices, which registers them with its
/// activities.
public protocol DispatchModule: Sendable {
    /// The module's activities, in the order they should be registered.
    static var activities: [DispatchActivity.Type] { get }
}

/// A module that does more when it is first registered with a center than list its activities:
/// the hook that `ServiceModule` of DispatchKitServices builds on. Adopt `ServiceModule`, not this.
public protocol _DispatchModuleRegistration: DispatchModule {
    /// Called once per center, by ``DispatchCenter/register(_:)-(DispatchModule.Type)``, after
    /// the module's activities are registered.
    ///
    /// - Throws: Any error; the center reports it as
    ///   ``DispatchConfigurationError/servicesNotRegistered(module:error:)`` and goes on.
    @MainActor static func _registered(with center: DispatchCenter) throws
}
