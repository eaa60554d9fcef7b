import DispatchKit
import DispatchKitServices

// The code block of the doc comment in Activity/DispatchModule.swift.
enum DispatchModuleDoc {
    // snippet: doc-module
    final class LoginActivity: DispatchActivity {}
    final class LogoutActivity: DispatchActivity {}

    enum AccountModule: DispatchModule {
        static let activities: [DispatchActivity.Type] = [LoginActivity.self, LogoutActivity.self]
    }

    @MainActor func registerAccount() {
        DispatchCenter.shared.register(AccountModule.self)
    }
    // snippet: end
}

// The code block of the doc comment in DispatchKitServices/ServiceModule.swift.
enum ServiceModuleDoc {
    // snippet: doc-service-module
    protocol AccountService: Sendable { var userName: String? { get } }
    struct AccountStore: AccountService { var userName: String? { nil } }

    final class LoginActivity: DispatchActivity {}
    final class LogoutActivity: DispatchActivity {}

    enum AccountModule: ServiceModule {
        static let activities: [DispatchActivity.Type] = [LoginActivity.self, LogoutActivity.self]

        static func registerServices(in registry: ServiceRegistry) throws {
            // Other modules use the account through this protocol, without importing this module.
            try registry.register((any AccountService).self, lifetime: .shared) { AccountStore() }
        }
    }

    @MainActor func registerAccount() throws {
        DispatchCenter.shared.register(AccountModule.self)
        let account = try DispatchCenter.shared.services.resolve((any AccountService).self)
        print(account.userName ?? "signed out")
    }
    // snippet: end
}
