import DispatchKit

/// A business module that provides services to other modules, registered with its activities.
///
/// ```swift
/// protocol AccountService: Sendable { var userName: String? { get } }
/// struct AccountStore: AccountService { var userName: String? { nil } }
///
/// final class LoginActivity: DispatchActivity {}
/// final class LogoutActivity: DispatchActivity {}
///
/// enum AccountModule: ServiceModule {
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
public protocol ServiceModule: _DispatchModuleRegistration {
    /// Registers the module's services; called once per center, by the center's
    /// `register(_:)` of a module, with the center's ``DispatchKit/DispatchCenter/services``.
    ///
    /// Registration cannot fail here but for a conflict (another module registered the same
    /// service under the same name: ``ServiceError/alreadyRegistered(service:name:)``), a wiring
    /// mistake. Let the error out rather than swallow it: the center reports it as
    /// `DispatchConfigurationError.servicesNotRegistered(module:error:)` through its
    /// `configurationErrorHandler`, which stops a debug build.
    ///
    /// - Throws: Any error; the center reports it and goes on.
    static func registerServices(in registry: ServiceRegistry) throws
}

extension ServiceModule {
    /// Registers the module's services in the center's ``DispatchKit/DispatchCenter/services``.
    @MainActor public static func _registered(with center: DispatchCenter) throws {
        try registerServices(in: center.services)
    }
}
