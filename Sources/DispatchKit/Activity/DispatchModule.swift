/// A business module's list of activities, registered together.
///
/// ```swift
/// enum AccountModule: DispatchModule {
///     static let activities: [DispatchActivity.Type] = [LoginActivity.self, LogoutActivity.self]
/// }
///
/// DispatchCenter.shared.register(AccountModule.self)
/// ```
public protocol DispatchModule {
    /// The module's activities, in the order they should be registered.
    static var activities: [DispatchActivity.Type] { get }
}
