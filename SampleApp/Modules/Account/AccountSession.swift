/// Who is signed in. Owned by the app; changed only by the account module's activities.
@MainActor
final class AccountSession {
    private(set) var user: String?

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
