import DispatchKit
import Foundation

/// A host a universal-link file is for: a host name (`test.com`), or `*.` and a host name for every
/// subdomain of it (`*.test.com`, not `test.com` itself), as both the Associated Domains
/// entitlement and Android's `android:host` write it.
package struct LinkDomain: Sendable, Hashable, CustomStringConvertible {
    /// The domain as the entitlement's parser reads it (without a port).
    private let entry: AssociatedDomains.Entry

    /// The host name, lowercased and in ASCII (punycode), without `*.`.
    var host: String { entry.domain }
    /// Whether the entry is `*.host`: every subdomain of `host`, at any depth, and not `host`.
    var coversSubdomains: Bool { entry.coversSubdomains }

    /// `*.test.com`, as the files write it.
    package var description: String { (coversSubdomains ? "*." : "") + host }

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
        self.entry = entry
    }

    /// Whether links to `host` (lowercased, ASCII) are on this domain: the entitlement's rule.
    func covers(_ host: String) -> Bool {
        entry.covers(host: host, port: nil)
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
