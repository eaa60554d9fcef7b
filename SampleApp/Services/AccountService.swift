import DispatchKit
import DispatchKitServices

/// What other modules may know about the account: who is signed in.
///
/// The contract lives here, outside every module. The account module registers its
/// implementation in the center's ``DispatchKitServices/ServiceRegistry`` (``AccountModule``); the product
/// and orders modules resolve it by this protocol, and never name a type of the account module —
/// in an app split into frameworks, they would not import it.
@MainActor
protocol AccountService: AnyObject, Sendable {
    /// The signed-in user's name, or `nil` if nobody is signed in.
    var user: String? { get }
}

extension DispatchActivity {
    /// The account service of the center dispatching this activity, or `nil` if no account module
    /// is registered (an app may ship without one).
    ///
    /// - Throws: The ``DispatchKitServices/ServiceError`` of a registered service that cannot be made: a
    ///   wiring mistake, which the dispatch reports instead of reading it as "nobody signed in".
    var accountService: (any AccountService)? {
        get throws {
            guard let services = center?.services, services.isRegistered((any AccountService).self) else {
                return nil
            }
            return try services.resolve((any AccountService).self)
        }
    }
}
