import DispatchKit

/// A mistake in what a universal-link file is generated for: an app ID, a domain, a host, a URL
/// scheme, a package name or a certificate fingerprint that is not one, a value given twice, or
/// none given.
///
/// ``AppSiteAssociation/init(for:appIDs:domains:)``,
/// ``AndroidIntentFilter/init(for:hosts:schemes:syntax:)`` and
/// ``AssetLinks/init(packageName:fingerprints:)`` throw it before generating anything: a file
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
    /// A URL scheme of Android's filters that is not one of an app's own: not a letter followed by
    /// letters, digits, `+`, `-` or `.`, written with `:` or `://`, or `http`, `https`,
    /// `javascript`, `data` or `file`. `problem` says what is wrong.
    case invalidScheme(String, problem: String)
    /// An Android package name (application ID) that is not one: at least two segments separated
    /// by dots, each a letter followed by letters, digits or underscores. `problem` says what is
    /// wrong.
    case invalidPackageName(String, problem: String)
    /// A signing certificate fingerprint that is not a SHA-256 one: 32 bytes, each two hexadecimal
    /// digits, separated by colons. `problem` says what is wrong.
    case invalidFingerprint(String, problem: String)
    /// The same app ID given twice.
    case repeatedAppID(String)
    /// The same domain given twice, as written or once normalized (`Test.com` is `test.com`).
    case repeatedDomain(String)
    /// The same host given twice, as written or once normalized.
    case repeatedHost(String)
    /// The same scheme given twice, as written or once lowercased.
    case repeatedScheme(String)
    /// The same package name given twice: an app has one statement, which lists all its
    /// fingerprints.
    case repeatedPackageName(String)
    /// The same fingerprint given twice for one app, as written or once uppercased.
    case repeatedFingerprint(String, packageName: String)
    /// No app ID: the file would name no app.
    case noAppID
    /// No domain: the file would be for no host.
    case noDomain
    /// No host: the filters would be for no host.
    case noHost
    /// Neither a host nor a scheme: the filters would open no link.
    case noHostOrScheme
    /// No package name: the file would name no app.
    case noPackageName
    /// No fingerprint for the app `packageName`: no build of it would be verified.
    case noFingerprint(packageName: String)

    /// What is wrong, in one line: `domain "https://test.com": a URL, not a host name (write test.com)`.
    public var description: String {
        switch self {
        case .invalidAppID(let value, let problem): return "app ID \"\(value)\": \(problem)"
        case .invalidDomain(let value, let problem): return "domain \"\(value)\": \(problem)"
        case .invalidHost(let value, let problem): return "host \"\(value)\": \(problem)"
        case .invalidScheme(let value, let problem): return "scheme \"\(value)\": \(problem)"
        case .invalidPackageName(let value, let problem): return "package name \"\(value)\": \(problem)"
        case .invalidFingerprint(let value, let problem): return "fingerprint \"\(value)\": \(problem)"
        case .repeatedAppID(let value): return "app ID \"\(value)\" is given twice"
        case .repeatedDomain(let value): return "domain \"\(value)\" is given twice"
        case .repeatedHost(let value): return "host \"\(value)\" is given twice"
        case .repeatedScheme(let value): return "scheme \"\(value)\" is given twice"
        case .repeatedPackageName(let value): return "package name \"\(value)\" is given twice"
        case .repeatedFingerprint(let value, let packageName):
            return "fingerprint \"\(value)\" is given twice for \(packageName)"
        case .noAppID: return "no app ID: the file must name the apps that open its links"
        case .noDomain: return "no domain: the file must name the hosts whose links it describes"
        case .noHost: return "no host: the filters must name the hosts whose links they open"
        case .noHostOrScheme:
            return "no host or scheme: the filters must name the hosts of their App Links or the app's "
                + "URL schemes"
        case .noPackageName: return "no package name: the file must name the apps that open the site's links"
        case .noFingerprint(let packageName):
            return "no fingerprint for \(packageName): the file must name the certificates the app is "
                + "signed with"
        }
    }
}
