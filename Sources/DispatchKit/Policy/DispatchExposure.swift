/// Who may reach an activity: the app's own code only, or also URLs from outside.
///
/// Declared by each activity class (``DispatchActivity/exposure``); the default is
/// ``internalOnly``, so a new page is safe until someone decides otherwise. A URL from outside
/// that claims an activity it may not reach is rejected with
/// ``DispatchFailure/rejected(reason:)``: it does not fall through to the next claimant or to the
/// fallback.
///
/// ```swift
/// final class ProductActivity: DispatchActivity {
///     override class var exposure: DispatchExposure { .external }  // any source
/// }
/// final class WalletLinkActivity: DispatchActivity {  // our own wallet app only
///     override class var exposure: DispatchExposure { .external(applications: ["com.example.wallet"]) }
/// }
/// final class LogoutActivity: DispatchActivity {}  // .internalOnly, the default
/// ```
public struct DispatchExposure: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case internalOnly
        case external(applications: Set<String>?)
    }

    private let kind: Kind

    /// Only the app's own code (``DispatchOrigin/app``) may reach the activity. The default.
    public static let internalOnly = DispatchExposure(kind: .internalOnly)

    /// Every source may reach the activity: other apps, universal links, notifications.
    public static let external = DispatchExposure(kind: .external(applications: nil))

    /// Universal links, notifications, and the other apps whose bundle identifiers are in
    /// `applications` may reach the activity. Another app that the system does not identify is
    /// refused.
    ///
    /// iOS identifies the sending app (`sourceApplication`) only when it belongs to the same
    /// developer team as the receiving app; for any other app it gives `nil`. So this list can
    /// only admit the vendor's own apps: an app of another company is always unidentified, and
    /// refused. To accept links from a partner, use ``external`` and validate what the link asks.
    public static func external(applications: Set<String>) -> DispatchExposure {
        DispatchExposure(kind: .external(applications: applications))
    }

    /// The exposure in plain words.
    public var description: String {
        switch kind {
        case .internalOnly: return "internal only"
        case .external(nil): return "external"
        case .external(let applications?):
            return "external to \(sortedTexts(Array(applications)).joined(separator: ", "))"
        }
    }

    /// The apps an ``external(applications:)`` exposure admits; `nil` for the other two.
    package var admittedApplications: Set<String>? {
        if case .external(let applications) = kind { return applications }
        return nil
    }

    /// Why `source` may not reach an activity of this exposure (`nil` if it may), as the rule
    /// that refuses it.
    func refusal(of source: DispatchOrigin) -> DispatchRejection.Rule? {
        switch (kind, source) {
        case (_, .app):
            return nil
        case (.internalOnly, _):
            return .internalOnly
        case (.external(let applications?), .external(let application)):
            guard let application, applications.contains(application) else { return .applicationNotAllowed }
            return nil
        case (.external, _):
            return nil
        }
    }
}
