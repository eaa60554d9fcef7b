/// The schemes and web hosts whose links are the app's own: what a URL from outside the app must
/// name to reach an activity.
///
/// An app's path-only patterns (`/product/:id<int>`) match a URL of any scheme and host, which is
/// right for the app's own buttons and wrong for a link from outside: `https://evil.example/product/42`
/// or `javascript:/product/42` in a notification would reach the product page, and a web fallback
/// would show an outside party's page in the app's own chrome. Declare the app's origins once:
///
/// ```swift
/// @MainActor func declareOrigins(center: DispatchCenter) {
///     center.linkOrigins = LinkOrigins(
///         schemes: ["shop"], webHosts: ["shop.example.com", "*.shop.example.com"])
/// }
/// ```
///
/// Then a URL from outside the app (another app, a universal link, a notification) reaches an
/// activity only if its origin is declared:
/// - an `http` or `https` URL, by its host: one of ``webHosts``, or of the center's
///   ``DispatchCenter/associatedDomains`` (whose universal links are the app's by definition);
/// - a URL of any other scheme, by its scheme: one of ``schemes``;
/// - a relative URL (`/product/42`, from a notification's payload) names no origin and is the app's.
///
/// A URL of another origin is refused before any activity is asked, with
/// ``DispatchFailure/rejected(reason:)`` naming the scheme or host
/// (``DispatchRejection/Rule/undeclaredScheme(_:)``, ``DispatchRejection/Rule/undeclaredHost(_:)``)
/// — unless a pattern names it: a pattern with that scheme (`partner://…`) or, for a web URL, that
/// host (`//partner.example.com/…`) still claims exactly what it names, and only a redirect rule
/// whose pattern names it redirects it. The
/// ``DispatchCenter/fallback`` receives such a URL only if its class opts in with
/// ``DispatchActivity/acceptsAnyOrigin``.
///
/// `javascript:`, `data:` and `file:` URLs from outside never reach an activity unless a pattern
/// names their scheme, whether origins are declared or not. With nothing else declared (``none``,
/// the default), every other URL reaches the activities as it always did, and
/// `DispatchCenter.validate()` warns that outside links of any scheme and host reach the path-only
/// patterns.
///
/// URLs the app dispatches itself (``DispatchOrigin/app``) are not checked, unless
/// ``checksAppDispatches`` is `true`.
///
/// Web hosts are written as ``AssociatedDomains`` entries are: `shop.example.com`, `*.example.com`
/// for every subdomain (not `example.com` itself), `localhost:8443` for a port other than the
/// scheme's default. Hosts compare in their lowercase ASCII form (an international host as
/// `xn--…`), whole labels only; a trailing dot (`shop.example.com.`) is another spelling of the host,
/// which is not declared. Schemes compare case-insensitively. An invalid entry is left out; assigned
/// to a center, it is reported as ``DispatchConfigurationError/invalidLinkOrigin(_:problem:)``.
public struct LinkOrigins: Sendable, Hashable, CustomStringConvertible {
    /// The app's URL schemes, lowercased: `shop` for `shop://…` links.
    public let schemes: Set<String>
    /// The app's web hosts, as associated-domain entries.
    public let webHosts: [AssociatedDomains.Entry]
    /// Whether URLs the app dispatches itself are checked too. Default: `false`.
    public let checksAppDispatches: Bool
    /// The entries left out, with what is wrong with each: the center they are assigned to reports
    /// them. Not part of the value's equality.
    let invalidEntries: [(entry: String, problem: String)]

    /// Nothing declared: URLs of every scheme and host reach the activities, except `javascript:`,
    /// `data:` and `file:` URLs from outside. The default of a center.
    public static let none = LinkOrigins(schemes: [])

    /// Declares the app's link origins.
    ///
    /// - Parameters:
    ///   - schemes: The app's URL schemes (`"shop"`; a trailing `:` or `://` is allowed). `http` and
    ///     `https` are not schemes of their own here: their links are declared by host.
    ///   - webHosts: The hosts of the app's web links, as associated-domain entries (`"shop.example.com"`,
    ///     `"*.example.com"`, `"localhost:8443"`).
    ///   - checksAppDispatches: Whether URLs the app dispatches itself are checked as well.
    public init(schemes: [String], webHosts: [String] = [], checksAppDispatches: Bool = false) {
        var parsedSchemes: Set<String> = []
        var invalid: [(String, String)] = []
        for scheme in schemes {
            switch Self.scheme(scheme) {
            case .success(let name): parsedSchemes.insert(name)
            case .failure(let problem): invalid.appendOffThePath((scheme, problem.message))
            }
        }
        var hosts: [AssociatedDomains.Entry] = []
        for host in webHosts {
            let isService = host.lowercased().hasPrefix("applinks:")
            do throws(AssociatedDomains.InvalidEntry) {
                guard !isService, !host.contains("?") else {
                    throw AssociatedDomains.InvalidEntry(
                        entry: host, problem: "a web host is written without service or mode")
                }
                hosts.appendOffThePath(try AssociatedDomains.entry(host))
            } catch {
                invalid.appendOffThePath((host, error.problem))
            }
        }
        self.schemes = parsedSchemes
        self.webHosts = hosts
        self.checksAppDispatches = checksAppDispatches
        self.invalidEntries = invalid
    }

    /// Whether nothing is declared (``none``, or declarations that were all invalid).
    public var isEmpty: Bool { schemes.isEmpty && webHosts.isEmpty }

    /// `shop:, shop.example.com, *.shop.example.com`.
    public var description: String {
        if isEmpty { return "(none)" }
        return (sortedTexts(Array(schemes)).map { $0 + ":" } + webHosts.map(\.description))
            .joined(separator: ", ")
    }

    /// Whether both declare the same origins: the order of the web hosts, and an entry written
    /// twice, make no difference, as they admit the same links.
    public static func == (lhs: LinkOrigins, rhs: LinkOrigins) -> Bool {
        lhs.schemes == rhs.schemes && lhs.checksAppDispatches == rhs.checksAppDispatches
            && lhs.webHosts.allSatisfy(rhs.webHosts.contains)
            && rhs.webHosts.allSatisfy(lhs.webHosts.contains)
    }

    /// Hashes the declared origins, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(schemes)
        hasher.combine(webHostsHash)
        hasher.combine(checksAppDispatches)
    }

    /// The web hosts hashed as a set would hash them: each distinct entry once, in no order.
    /// Compared and hashed in place rather than as a `Set` of entries, which would cost every app
    /// its own copy of the set code for a comparison of a few hosts.
    private var webHostsHash: Int {
        var combined = 0
        for (index, entry) in webHosts.enumerated() where webHosts.firstIndex(of: entry) == index {
            combined ^= entry.hashValue
        }
        return combined
    }

    // MARK: - Checking a URL

    /// What a URL from outside must have a pattern name to reach an activity, or `nil` when its
    /// origin is the app's.
    package enum Undeclared: Equatable {
        /// A web URL on a host (and port, if the URL names one) the app did not declare: only a
        /// pattern naming the host claims it.
        case host(String, port: Int?)
        /// A URL of a scheme the app did not declare: only a pattern naming the scheme claims it.
        case scheme(String)
    }

    /// The schemes that never reach an activity from outside unless a pattern names them.
    static let unsafeSchemes: Set<String> = ["javascript", "data", "file"]

    /// Whether `url` is of a declared origin: a declared scheme, a web URL on a declared host (and
    /// port), or a relative URL. The center's ``DispatchCenter/associatedDomains`` are not
    /// consulted here; for a URL from outside, the center counts them too.
    ///
    /// A web fallback that opens only the app's own pages checks it for the URLs the app
    /// dispatches itself (URLs from outside of another origin never reach it):
    ///
    /// ```swift
    /// final class WebPageActivity: DispatchActivity {
    ///     override class var exposure: DispatchExposure { .external }
    ///
    ///     override func execute() throws {
    ///         guard center?.linkOrigins.contains(url) == true else { return }  // not one of our sites
    ///         print("open \(url) in the app's web view")
    ///     }
    /// }
    /// ```
    public func contains(_ url: DispatchURL) -> Bool {
        guard let scheme = url.scheme else { return true }
        guard scheme == "http" || scheme == "https" else { return schemes.contains(scheme) }
        guard let host = url.host else { return false }
        let defaultPort = scheme == "http" ? 80 : 443
        return webHosts.contains {
            $0.covers(host: host, port: url.port ?? defaultPort, defaultPort: defaultPort)
        }
    }

    /// Whether `url`, from outside, comes from an origin that is not declared; `nil` if it is the
    /// app's.
    ///
    /// - Parameter domains: The center's associated domains, whose hosts count as declared for
    ///   `https` URLs.
    func undeclaredOrigin(of url: DispatchURL, domains: AssociatedDomains) -> Undeclared? {
        guard let scheme = url.scheme else { return nil }
        if Self.unsafeSchemes.contains(scheme) { return .scheme(scheme) }
        if isEmpty || contains(url) { return nil }
        guard scheme == "http" || scheme == "https" else { return .scheme(scheme) }
        guard let host = url.host else { return .scheme(scheme) }
        return scheme == "https" && domains.contains(url) ? nil : .host(host, port: url.port)
    }

    // MARK: - Reading entries

    private struct Problem: Error {
        let message: String
    }

    /// A scheme as an entry writes it (`shop`, `shop:`, `shop://`), lowercased.
    private static func scheme(_ text: String) -> Result<String, Problem> {
        var name = Substring(text)
        if name.hasSuffix("://") {
            name = name.dropLast(3)
        } else if name.hasSuffix(":") {
            name = name.dropLast()
        }
        let lowered = name.lowercased()
        guard let first = lowered.unicodeScalars.first, ("a"..."z").contains(first),
            lowered.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
            })
        else {
            return .failure(
                Problem(message: "a scheme is a letter, then letters, digits, \"+\", \"-\" or \".\""))
        }
        guard lowered != "http", lowered != "https" else {
            return .failure(Problem(message: "web links are declared by host, in webHosts"))
        }
        guard !unsafeSchemes.contains(lowered) else {
            return .failure(
                Problem(message: "\(lowered): URLs from outside reach only a pattern that names the scheme"))
        }
        return .success(lowered)
    }
}
