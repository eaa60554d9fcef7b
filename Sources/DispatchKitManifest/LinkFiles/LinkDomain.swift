import DispatchKit
import Foundation

/// A host a universal-link file is for: a host name (`test.com`), or `*.` and a host name for every
/// subdomain of it (`*.test.com`, not `test.com` itself), as both the Associated Domains
/// entitlement and Android's `android:host` write it. For Android's filters of a custom scheme,
/// also a host that a route of the scheme names (``named(_:)``), and every other host
/// (``otherHosts``).
package struct LinkDomain: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        /// As the user wrote it, read as the entitlement's parser reads it (without a port).
        case entry(AssociatedDomains.Entry)
        /// A host a route's pattern names, lowercased as the pattern holds it.
        case named(String)
        /// Every host that no route names: `android:host="*"`.
        case otherHosts
    }

    private let kind: Kind

    /// The host name, lowercased and in ASCII (punycode), without `*.`; `nil` for ``otherHosts``.
    var host: String? {
        switch kind {
        case .entry(let entry): return entry.domain
        case .named(let host): return host
        case .otherHosts: return nil
        }
    }

    /// Whether the entry is `*.host`: every subdomain of `host`, at any depth, and not `host`.
    var coversSubdomains: Bool {
        if case .entry(let entry) = kind { return entry.coversSubdomains }
        return false
    }

    /// Whether this is a host a custom scheme's route names (``named(_:)``).
    var isNamedByRoute: Bool {
        if case .named = kind { return true }
        return false
    }

    /// `*.test.com`, as the files write it; `*` for ``otherHosts``.
    package var description: String {
        switch kind {
        case .entry(let entry): return (entry.coversSubdomains ? "*." : "") + entry.domain
        case .named(let host): return host
        case .otherHosts: return "*"
        }
    }

    /// Every host that no route of a custom scheme names: what a path-only route, a `:name` host
    /// and a `*` host match on, besides the named ones. It covers no named host (``covers(_:)``
    /// is `false`): the hosts the routes name are domains of their own.
    static let otherHosts = LinkDomain(kind: .otherHosts)

    /// A host that a route of a custom scheme names (`cono://test.com/…`), as its pattern holds it.
    static func named(_ host: String) -> LinkDomain {
        LinkDomain(kind: .named(host))
    }

    private init(kind: Kind) {
        self.kind = kind
    }

    /// What the file calls the hosts it is for, which its errors say: an
    /// `apple-app-site-association` file's domains, an Android filter's hosts.
    package enum Role: Sendable {
        case domain
        case host
    }

    /// Reads a domain as a user writes it, with the host rules of `AssociatedDomains` (which also
    /// turn a Unicode name into its punycode form), and refuses what those rules would take but a
    /// file cannot: an `applinks:` prefix, a port, a `?mode=`.
    ///
    /// - Throws: ``LinkFileError/invalidDomain(_:problem:)``, or for a `role` of `.host`,
    ///   ``LinkFileError/invalidHost(_:problem:)``.
    init(_ text: String, as role: Role) throws(LinkFileError) {
        func invalid(_ problem: String) -> LinkFileError {
            role == .domain ? .invalidDomain(text, problem: problem) : .invalidHost(text, problem: problem)
        }
        guard !text.isEmpty else { throw invalid("empty, where a host name is needed (test.com)") }
        if text.contains("://") {
            let suggestion = (try? DispatchURL(string: text))?.host.map { " (write \($0))" } ?? ""
            throw invalid("a URL, not a host name\(suggestion)")
        }
        if text.unicodeScalars.contains(where: {
            $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
        }) {
            throw invalid("a host name has no spaces or control characters")
        }
        if text.lowercased().hasPrefix("applinks:") {
            throw invalid(
                "an entitlement entry, not a host name (write \(text.dropFirst("applinks:".count)))")
        }
        if text.contains(":") { throw invalid("a host name has no port or other prefix") }
        if text.contains("?") { throw invalid("a host name has no mode or query") }
        let parsed: AssociatedDomains
        do throws(AssociatedDomains.InvalidEntry) {
            parsed = try AssociatedDomains([text])
        } catch {
            throw invalid(error.problem)
        }
        guard let entry = parsed.entries.first else { throw invalid("not a host name") }
        self.kind = .entry(entry)
    }

    /// Whether links to `host` (lowercased, ASCII) are on this domain: the entitlement's rule; for a
    /// host a route names, that host alone; for ``otherHosts``, none of the hosts routes name.
    func covers(_ host: String) -> Bool {
        switch kind {
        case .entry(let entry): return entry.covers(host: host, port: nil)
        case .named(let named): return named == host
        case .otherHosts: return false
        }
    }

    /// Reads `texts`, refusing an invalid one, a repeated one and none at all: what the
    /// generators check before they generate anything, for a caller (the command-line tool) that
    /// checks its options before it reads the manifest. The errors name them as `role` says.
    package static func domains(_ texts: [String], as role: Role) throws(LinkFileError) -> [LinkDomain] {
        guard !texts.isEmpty else { throw role == .domain ? .noDomain : .noHost }
        var domains: [LinkDomain] = []
        for text in texts {
            let domain = try LinkDomain(text, as: role)
            guard !domains.contains(domain) else {
                throw role == .domain ? .repeatedDomain(text) : .repeatedHost(text)
            }
            domains.append(domain)
        }
        return domains
    }
}
