/// A business module's list of activities, and its services, registered together.
///
/// ```swift
/// protocol AccountService: Sendable { var userName: String? { get } }
/// struct AccountStore: AccountService { var userName: String? { nil } }
///
/// final class LoginActivity: DispatchActivity {}
/// final class LogoutActivity: DispatchActivity {}
///
/// enum AccountModule: DispatchModule {
///     static let activities: [DispatchActivity.Type] = [LoginActivity.self, LogoutActivity.self]
///
///     static func registerServices(in registry: ServiceRegistry) throws {
///         // Other modules use the account through this protocol, without importing this module.
///         try registry.register((any AccountService).self, lifetime: .shared) { AccountStore() }
///     }
/// }
///
/// @MainActor func registerAccount() throws {
///     DispatchCenter.shared.register(AccountModule.self)
///     let account = try DispatchCenter.shared.services.resolve((any AccountService).self)
///     print(account.userName ?? "signed out")
/// }
/// ```
///
/// A module is a namespace (usually a caseless `enum`), and `Sendable`: so its type can travel
/// in a ``DispatchConfigurationError`` that names it.
public protocol DispatchModule: Sendable {
    /// The module's activities, in the order they should be registered.
    static var activities: [DispatchActivity.Type] { get }

    /// Registers the module's services; called once per center, by
    /// ``DispatchCenter/register(_:)-(DispatchModule.Type)``, with the center's
    /// ``DispatchCenter/services``. The default registers none.
    ///
    /// Registration cannot fail here but for a conflict (another module registered the same
    /// service under the same name: ``ServiceError/alreadyRegistered(service:name:)``), a wiring
    /// mistake. Let the error out rather than swallow it: the center reports it as
    /// ``DispatchConfigurationError/servicesNotRegistered(module:error:)`` through its
    /// ``DispatchCenter/configurationErrorHandler``, which stops a debug build.
    ///
    /// - Throws: Any error; the center reports it and goes on.
    static func registerServices(in registry: ServiceRegistry) throws
}

extension DispatchModule {
    /// Registers no services.
    public static func registerServices(in registry: ServiceRegistry) {}
}
