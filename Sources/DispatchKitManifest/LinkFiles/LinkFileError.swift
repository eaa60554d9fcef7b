import DispatchKit

/// A mistake in what a universal-link file is generated for: an app ID, a domain or a host that is
/// not one, a value given twice, or none given.
///
/// ``AppSiteAssociation/init(for:appIDs:domains:)`` and
/// ``AndroidIntentFilter/init(for:hosts:syntax:)`` throw it before generating anything: a file
/// for `not an app id` or `https://test.com` would be served, verify nothing and open nothing,
/// and nobody would learn why.
///
/// ```swift
/// func serve(_ manifest: RouteManifest) {
///     do {
///         let association = try AppSiteAssociation(
///             for: manifest, appIDs: ["ABCDE12345.com.example.app"], domains: ["https://test.com"])
///         print(association.jsonString())
///     } catch {
///         print(error)  // domain "https://test.com": a URL, not a host name (write test.com)
///     }
/// }
/// ```
public enum LinkFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An app ID that is not a team ID (10 uppercase letters or digits), a dot and a bundle ID
    /// (letters, digits and hyphens, in parts separated by dots). `problem` says what is wrong.
    case invalidAppID(String, problem: String)
    /// A domain of an `apple-app-site-association` file that is not a host name, or `*.` and a
    /// host name for every subdomain: a URL, a port, a path, an entitlement prefix, an empty
    /// label, a misplaced `*`. `problem` says what is wrong.
    case invalidDomain(String, problem: String)
    /// A host of Android's filters that is not one, as ``invalidDomain(_:problem:)`` says of a
    /// domain.
    case invalidHost(String, problem: String)
    /// The same app ID given twice.
    case repeatedAppID(String)
    /// The same domain given twice, as written or once normalized (`Test.com` is `test.com`).
    case repeatedDomain(String)
    /// The same host given twice, as written or once normalized.
    case repeatedHost(String)
    /// No app ID: the file would name no app.
    case noAppID
    /// No domain: the file would be for no host.
    case noDomain
    /// No host: the filters would be for no host.
    case noHost

    /// What is wrong, in one line: `domain "https://test.com": a URL, not a host name (write test.com)`.
    public var description: String {
        switch self {
        case .invalidAppID(let value, let problem): return "app ID \"\(value)\": \(problem)"
        case .invalidDomain(let value, let problem): return "domain \"\(value)\": \(problem)"
        case .invalidHost(let value, let problem): return "host \"\(value)\": \(problem)"
        case .repeatedAppID(let value): return "app ID \"\(value)\" is given twice"
        case .repeatedDomain(let value): return "domain \"\(value)\" is given twice"
        case .repeatedHost(let value): return "host \"\(value)\" is given twice"
        case .noAppID: return "no app ID: the file must name the apps that open its links"
        case .noDomain: return "no domain: the file must name the hosts whose links it describes"
        case .noHost: return "no host: the filters must name the hosts whose links they open"
        }
    }
}
