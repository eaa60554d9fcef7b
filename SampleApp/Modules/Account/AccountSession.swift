/// Who is signed in: the account module's implementation of ``AccountService``, which it
/// registers as a shared service. Changed only by the account module's activities.
@MainActor
final class AccountSession: AccountService {
    private(set) var user: String?

    // Nonisolated: the service registry makes it from a factory that may run on any thread.
    nonisolated init() {}

    var isSignedIn: Bool { user != nil }

    func signIn(_ user: String) { self.user = user }
    func signOut() { user = nil }
}

/// Why an account action could not run.
enum AccountError: Error, CustomStringConvertible {
    case notSignedIn
    case missingUser

    var description: String {
        switch self {
        case .notSignedIn: return "nobody is signed in"
        case .missingUser: return "the login link has an empty \"user\""
        }
    }
}
